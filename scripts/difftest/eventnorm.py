"""Normalisers of the events difftest (events.py): a vendor's event posts, as a capture server
recorded them, reduced to what must be equal between Burgee and the vendor's SDK (no timestamps,
no ids, no batching), so that two runs of the same calls compare with `==`.

Every function takes a list of posts, each `{"path": …, "body": decoded JSON}`, already cut down
to one side (the path relative to the side's base URL, e.g. `/api/testImpressions/bulk`).
"""
import json


def canonical(value):
    """A value's JSON text with sorted keys, numbers as Python reads them (5 and 5.0 are equal)."""
    def fix(v):
        if isinstance(v, bool) or v is None or isinstance(v, str):
            return v
        if isinstance(v, (int, float)):
            if v == 0:
                return 0.0  # -0.0 too
            return float(v) if v == v and abs(v) < 2 ** 53 else repr(v)
        if isinstance(v, list):
            return [fix(x) for x in v]
        if isinstance(v, dict):
            return {k: fix(x) for k, x in v.items()}
        return repr(v)
    return json.dumps(fix(value), sort_keys=True, ensure_ascii=False)


def bodies(posts, path):
    return [p["body"] for p in posts if p["path"] == path]


def multiset(items):
    """{canonical item: count}."""
    counts = {}
    for item in items:
        text = canonical(item)
        counts[text] = counts.get(text, 0) + 1
    return counts


# --- Split ------------------------------------------------------------------------------------

def split_impressions(posts):
    """POST /api/testImpressions/bulk: the multiset of (feature, key, treatment, label, change number,
    bucketing key, whether a previous time was given). The time (`m`) and the previous time (`pt`)
    themselves are dropped."""
    items = []
    for body in bodies(posts, "/api/testImpressions/bulk"):
        for test in body or []:
            for i in test.get("i") or []:
                items.append([test.get("f"), i.get("k"), i.get("t"), i.get("r"), i.get("c"), i.get("b"),
                              i.get("pt") not in (None, 0)])
    return multiset(items)


def split_counts(posts):
    """POST /api/testImpressions/count: {feature: count} summed over posts and hours (the hour
    `m` must be a whole hour in milliseconds; one that is not is kept apart as `feature@m`)."""
    counts = {}
    for body in bodies(posts, "/api/testImpressions/count"):
        for pf in (body or {}).get("pf") or []:
            name = pf.get("f")
            m = pf.get("m")
            if not isinstance(m, int) or m % 3600000:
                name = f"{name}@{m}"
            counts[name] = counts.get(name, 0) + (pf.get("rc") or 0)
    return {k: v for k, v in counts.items() if v}


def split_unique_keys(posts):
    """POST /api/v1/keys/ss: {feature: sorted keys}, the union over posts."""
    keys = {}
    for body in bodies(posts, "/api/v1/keys/ss"):
        for entry in (body or {}).get("keys") or []:
            keys.setdefault(entry.get("f"), set()).update(entry.get("ks") or [])
    return {f: sorted(ks) for f, ks in keys.items()}


def split_events(posts):
    """POST /api/events/bulk: the multiset of (eventTypeId, trafficTypeName, key, value,
    properties); the timestamp is dropped."""
    items = []
    for body in bodies(posts, "/api/events/bulk"):
        for e in body or []:
            items.append([e.get("eventTypeId"), e.get("trafficTypeName"), e.get("key"), e.get("value"),
                          e.get("properties")])
    return multiset(items)


def split_summary(posts):
    return {"impressions": split_impressions(posts), "counts": split_counts(posts),
            "uniqueKeys": split_unique_keys(posts), "events": split_events(posts)}


def split_redis_posts(url, prefix):
    """What a Split SDK in consumer mode pushed into Redis behind `prefix` ("" or "user."), as the
    posts the Synchronizer makes of it (so that split_summary reads them), each with the shapes of
    what was pushed and whether each key has a time to live: `{"path": "/redis", "body": {…}}`."""
    import redis
    r = redis.Redis.from_url(url)
    try:
        impressions = [json.loads(x) for x in r.lrange(prefix + "SPLITIO.impressions", 0, -1)]
        events = [json.loads(x) for x in r.lrange(prefix + "SPLITIO.events", 0, -1)]
        keys = [json.loads(x) for x in r.lrange(prefix + "SPLITIO.uniquekeys", 0, -1)]
        counts = {k.decode(): int(v) for k, v in r.hgetall(prefix + "SPLITIO.impressions.count").items()}
        ttls = {name: r.ttl(prefix + "SPLITIO." + name) > 0 for name in ("impressions", "events", "uniquekeys", "impressions.count")
                if r.exists(prefix + "SPLITIO." + name)}
    finally:
        r.close()
    posts = [{"path": "/api/testImpressions/bulk",
              "body": [{"f": i.get("i", {}).get("f"), "i": [i.get("i") or {}]} for i in impressions]},
             {"path": "/api/events/bulk", "body": [e.get("e") or {} for e in events]},
             {"path": "/api/v1/keys/ss", "body": {"keys": keys}},
             {"path": "/api/testImpressions/count",
              "body": {"pf": [{"f": field.rsplit("::", 1)[0], "m": int(field.rsplit("::", 1)[1]), "rc": n}
                              for field, n in counts.items()]}}]
    shapes = sorted({canonical({"m": sorted((x.get("m") or {}).keys()), "i": sorted((x.get("i") or {}).keys())})
                     for x in impressions}
                    | {canonical({"m": sorted((x.get("m") or {}).keys()), "e": sorted((x.get("e") or {}).keys())})
                       for x in events})
    posts.append({"path": "/redis", "body": {"shapes": shapes, "ttls": ttls}})
    return posts


def split_redis_summary(posts):
    """split_summary of split_redis_posts, with the shapes pushed and the keys' times to live."""
    summary = split_summary(posts)
    for body in bodies(posts, "/redis"):
        summary.update(body)
    return summary


# --- Unleash ----------------------------------------------------------------------------------

def unleash_toggles(posts):
    """POST /api/client/metrics: {toggle: {"yes", "no", "variants": {name: count}}} summed over
    posts; zero counts are dropped (an SDK may or may not list a toggle it never counted)."""
    toggles = {}
    for body in bodies(posts, "/api/client/metrics"):
        for name, t in (((body or {}).get("bucket") or {}).get("toggles") or {}).items():
            into = toggles.setdefault(name, {"yes": 0, "no": 0, "variants": {}})
            into["yes"] += t.get("yes") or 0
            into["no"] += t.get("no") or 0
            for variant, n in (t.get("variants") or {}).items():
                into["variants"][variant] = into["variants"].get(variant, 0) + (n or 0)
    cleaned = {}
    for name, t in toggles.items():
        variants = {v: n for v, n in t["variants"].items() if n}
        if t["yes"] or t["no"] or variants:
            cleaned[name] = {"yes": t["yes"], "no": t["no"], "variants": variants}
    return cleaned


def unleash_as_burgee_counts(toggles, variants_of_is_enabled):
    """The vendor's toggles counted as Burgee documents its Unleash metrics (docs/unleash.md,
    "Metrics sent"): every evaluation counts the variant it gave, `isEnabled` calls too
    (`variants_of_is_enabled`: {toggle: {variant: count}}, what those calls gave), and the
    `disabled` variant (none picked) is not counted. Unleash's SDKs count variants on `getVariant`
    only, `disabled` included."""
    out = {}
    for name in set(toggles) | set(variants_of_is_enabled):
        t = toggles.get(name) or {"yes": 0, "no": 0, "variants": {}}
        variants = {v: n for v, n in t["variants"].items() if v != "disabled"}
        for v, n in (variants_of_is_enabled.get(name) or {}).items():
            if v != "disabled":
                variants[v] = variants.get(v, 0) + n
        if t["yes"] or t["no"] or variants:
            out[name] = {"yes": t["yes"], "no": t["no"], "variants": variants}
    return out


# --- Eppo -------------------------------------------------------------------------------------

# Members of an assignment event that differ by nature: when it was made, which SDK made it, and
# the evaluation details the Python SDK adds when it was asked for details.
EPPO_UNCOMPARED = ("timestamp", "metaData", "evaluationDetails")


def eppo_assignments(events):
    """Assignment events (dicts, as the logger got them): their multiset without EPPO_UNCOMPARED,
    numeric subject attributes as doubles (Eppo's SDKs log them as the double their core holds:
    9007199254740993 as 9007199254740992.0; Burgee logs the integer given)."""
    def event(e):
        e = {k: v for k, v in e.items() if k not in EPPO_UNCOMPARED}
        if isinstance(e.get("subjectAttributes"), dict):
            e["subjectAttributes"] = {k: float(v) if isinstance(v, int) and not isinstance(v, bool) else v
                                      for k, v in e["subjectAttributes"].items()}
        return e
    return multiset(event(e) for e in events)


# --- Datadog ----------------------------------------------------------------------------------

# Where Datadog's exposures are posted: the agentless intake (and Burgee's `.intake(base)`), and
# the Agent's EVP proxy (v2, which ddtrace uses with Remote Config; v4, which it may discover).
DATADOG_EXPOSURE_PATHS = ("/api/v2/exposures", "/evp_proxy/v2/api/v2/exposures", "/evp_proxy/v4/api/v2/exposures")


def datadog_exposures(posts):
    """POST …/api/v2/exposures, Datadog's exposures (`{"context": {…}, "exposures": [...]}`): the
    multiset of the exposures of all posts, each as sent without its `timestamp` (flag key,
    allocation key, variant key, subject id and, when sent, the subject's attributes, serial_id
    when sent, and any other member), so that the count of each is what deduplication let
    through. The batch's `context` (service, env, version: the process's, not the calls') is
    dropped."""
    items = []
    for post in posts:
        if post["path"] not in DATADOG_EXPOSURE_PATHS:
            continue
        body = post["body"]
        exposures = body.get("exposures") if isinstance(body, dict) else body
        for e in exposures if isinstance(exposures, list) else [exposures]:
            items.append({k: v for k, v in e.items() if k != "timestamp"} if isinstance(e, dict) else e)
    return multiset(items)


def differences(burgee, vendor, prefix=""):
    """Sentences naming where two normalised summaries (nested dicts) differ."""
    out = []
    if isinstance(burgee, dict) and isinstance(vendor, dict):
        for key in sorted(set(burgee) | set(vendor), key=str):
            if key not in vendor:
                out.append(f"{prefix}{key}: burgee {burgee[key]!r}, vendor none")
            elif key not in burgee:
                out.append(f"{prefix}{key}: burgee none, vendor {vendor[key]!r}")
            else:
                out.extend(differences(burgee[key], vendor[key], f"{prefix}{key}."))
    elif isinstance(burgee, list) and isinstance(vendor, list) and burgee != vendor \
            and all(isinstance(x, str) for x in burgee + vendor):
        # Sequences (LaunchDarkly's events in the order sent): only the items that differ, aligned.
        import difflib
        name = prefix.rstrip(".")
        for op, b1, b2, v1, v2 in difflib.SequenceMatcher(None, burgee, vendor, autojunk=False).get_opcodes():
            if op != "equal":
                out.append(f"{name}[{b1}:{b2}] vs [{v1}:{v2}]: burgee {burgee[b1:b2]!r}, vendor {vendor[v1:v2]!r}")
    elif burgee != vendor:
        out.append(f"{prefix.rstrip('.')}: burgee {burgee!r}, vendor {vendor!r}")
    return out


# --- LaunchDarkly -----------------------------------------------------------------------------

# Members that differ by nature: when an event or a summary was made.
LAUNCHDARKLY_UNCOMPARED = ("creationDate", "startDate", "endDate")


def launchdarkly_context_keys(context):
    """A context's `contextKeys` ({kind: key}) from its JSON as an event inlines it."""
    if not isinstance(context, dict):
        return context
    if context.get("kind") == "multi":
        return {kind: c.get("key") for kind, c in context.items() if kind != "kind" and isinstance(c, dict)}
    return {context.get("kind"): context.get("key")}


def launchdarkly_context(context):
    """An inlined context with `_meta.redactedAttributes` sorted (Go's order is a map's)."""
    if not isinstance(context, dict):
        return context
    out = {}
    for name, value in context.items():
        if name == "_meta" and isinstance(value, dict) and isinstance(value.get("redactedAttributes"), list):
            value = dict(value, redactedAttributes=sorted(value["redactedAttributes"], key=str))
        elif context.get("kind") == "multi" and name != "kind":
            value = launchdarkly_context(value)
        out[name] = value
    return out


def launchdarkly_reason_as_go(reason):
    """A reason as Go's ldreason writes it: `ruleId` left out when empty, `inExperiment` when false,
    no null members (LaunchDarkly's Python SDK writes them)."""
    if not isinstance(reason, dict):
        return reason
    r = {k: v for k, v in reason.items() if v is not None}
    if r.get("ruleId") == "":
        del r["ruleId"]
    if r.get("inExperiment") is False:
        del r["inExperiment"]
    return r


def launchdarkly_summary(posts, vendor=False):
    """POST /bulk, LaunchDarkly's analytics events: {"events": [canonical event]} in the order
    sent (index, feature and custom events, without creationDate), and {"summary": {flag:
    {"default", "contextKinds" (sorted), "counters" (multiset)}}}, the summaries of all posts merged
    (counts added), without their dates. Numbers are the float64 Go's ldvalue holds. `vendor`: the
    posts are the Python SDK's, normalised towards Go's ldevents, the reference: a custom event's
    inlined `context` becomes Go's `contextKeys`, and a reason is written as Go writes it."""
    import gofloat
    events, features = [], {}
    for body in bodies(posts, "/bulk"):
        for e in gofloat.as_float64(body) if isinstance(body, list) else [body]:
            if not isinstance(e, dict):
                events.append(e)
                continue
            if e.get("kind") == "summary":
                for key, f in (e.get("features") or {}).items():
                    into = features.setdefault(key, {"default": canonical(f.get("default")), "contextKinds": set(),
                                                     "counters": {}})
                    into["contextKinds"].update(f.get("contextKinds") or [])
                    for c in f.get("counters") or []:
                        name = canonical({k: v for k, v in c.items() if k != "count"})
                        into["counters"][name] = into["counters"].get(name, 0) + (c.get("count") or 0)
                continue
            e = {k: v for k, v in e.items() if k not in LAUNCHDARKLY_UNCOMPARED}
            if vendor and e.get("kind") == "custom" and "context" in e and "contextKeys" not in e:
                e["contextKeys"] = launchdarkly_context_keys(e.pop("context"))
            if vendor and "reason" in e:
                e["reason"] = launchdarkly_reason_as_go(e["reason"])
            if "context" in e:
                e["context"] = launchdarkly_context(e["context"])
            events.append(e)
    return {"events": [canonical(e) for e in events],
            "summary": {key: dict(f, contextKinds=sorted(f["contextKinds"], key=str)) for key, f in features.items()}}


# --- Kameleoon --------------------------------------------------------------------------------

# Parameters of a Kameleoon tracking line that differ by nature: a random nonce per line, and
# times (no line type of the SDK carries one today; dropped should one appear).
KAMELEOON_UNCOMPARED = ("nonce", "timestamp", "time")
# Parameters whose text is a number: compared as numbers (the Python SDK writes a revenue of 0 as
# `0.0`, Swift as `0`).
KAMELEOON_NUMBERS = ("id", "variationId", "goalId", "revenue", "index", "browserIndex", "browserVersion", "osIndex",
                     "latitude", "longitude", "visitNumber", "timeSincePreviousVisit")
# Parameters whose text is JSON: compared as the value it encodes (key order aside).
KAMELEOON_JSON = ("valuesCountMap", "metadata", "referrersIndices")


def kameleoon_line(text):
    """One tracking line (`nonce=…&eventType=…&…&visitorCode=…`) as a dict of its parameters, without
    KAMELEOON_UNCOMPARED, numbers as floats and JSON parameters decoded; `userAgent` is left in
    (kameleoon_tracking takes it out)."""
    import urllib.parse
    out = {}
    for name, value in urllib.parse.parse_qsl(text, keep_blank_values=True):
        if name in KAMELEOON_UNCOMPARED:
            continue
        if name in KAMELEOON_NUMBERS:
            try:
                value = float(value)
            except ValueError:
                pass
        elif name in KAMELEOON_JSON:
            try:
                value = json.loads(value)
            except ValueError:
                pass
        if name in out:  # a parameter given twice: both kept, in order
            value = (out[name] if isinstance(out[name], list) else [out[name]]) + [value]
        out[name] = value
    return out


def kameleoon_tracking(posts):
    """POST /visit/events, Kameleoon's tracking: the body's `\\n`-separated lines, each parsed by
    kameleoon_line, as {"lines": multiset of lines (without nonce and userAgent)} and {"userAgents":
    {visitor: sorted user agents}}: the SDK puts a visitor's user agent on whichever of its lines comes
    first in a post, so only which visitor sent which agent is compared. Batching and line order
    are not compared. `activity` lines (what the SDK sends for a tracked visitor with nothing else
    to send) are lines like the others."""
    lines, agents = [], {}
    for body in bodies(posts, "/visit/events"):
        if isinstance(body, dict) and "unreadable" in body:
            body = body["unreadable"]
        if not isinstance(body, str):
            lines.append({"unreadable": body})
            continue
        for text in body.split("\n"):
            if not text.strip():
                continue
            line = kameleoon_line(text)
            agent = line.pop("userAgent", None)
            if agent is not None:
                visitor = line.get("visitorCode", line.get("mappingValue"))
                agents.setdefault(str(visitor), set()).add(str(agent))
            lines.append(line)
    return {"lines": multiset(lines), "userAgents": {v: sorted(a) for v, a in agents.items()}}
