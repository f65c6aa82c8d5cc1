"""Mutations of what Burgee sent, for the events difftest's mutation check (events.py --mutate).

Each function takes one side's captured posts (`{"path": …, "body": …}`, the path relative to the
side's base URL, as eventnorm.py takes them; for Eppo, the assignment events `eval --events` wrote)
and returns `(mutated copy, description)`, or None when there is nothing of the kind to alter.
The input is never changed. Each mutation is one error Burgee could make, applied to the raw
posts before normalisation, so that the check passes only if the normalisers and the comparison
keep it visible:

- `counter`: one count changed by one: a LaunchDarkly summary counter's `count`; a Split
  impressions count (`/api/testImpressions/count`), or where there is none an impression sent
  twice; an Unleash toggle's `yes` (or `no`); and for the formats whose counted unit is the event
  itself, one Eppo assignment, Datadog exposure or Kameleoon tracking line sent twice.
- `drop`: the first event left out: a LaunchDarkly index, feature or custom event; a Split
  impression, or where there is none a tracked event; an Unleash toggle's entry in the bucket;
  an Eppo assignment; a Datadog exposure; a Kameleoon tracking line.
- `redaction` (LaunchDarkly): the first attribute named in a context's
  `_meta.redactedAttributes` put back into the context (the value `REDACTION_VALUE`) and its name
  taken out of the list.
"""
import copy
import urllib.parse

import eventnorm

KINDS = ("counter", "drop", "redaction")
FORMATS_OF_KIND = {
    "counter": ("split", "unleash", "eppo", "launchdarkly", "kameleoon", "datadog"),
    "drop": ("split", "unleash", "eppo", "launchdarkly", "kameleoon", "datadog"),
    "redaction": ("launchdarkly",),
}
REDACTION_VALUE = "mutation: restored"

# Where the formats post what is mutated (eventnorm.py reads the same paths).
LAUNCHDARKLY_BULK = "/bulk"
SPLIT_IMPRESSIONS = "/api/testImpressions/bulk"
SPLIT_COUNTS = "/api/testImpressions/count"
SPLIT_EVENTS = "/api/events/bulk"
UNLEASH_METRICS = "/api/client/metrics"
KAMELEOON_TRACKING = "/visit/events"
DATADOG_EXPOSURE_PATHS = eventnorm.DATADOG_EXPOSURE_PATHS


def mutate(fmt, kind, posts):
    """`kind`'s mutation of the Burgee side of format `fmt`: (mutated copy, description) or None."""
    if fmt not in FORMATS_OF_KIND.get(kind, ()):
        raise ValueError(f"mutation {kind!r} does not apply to {fmt}")
    if fmt == "launchdarkly":
        return {"counter": launchdarkly_counter, "drop": launchdarkly_drop,
                "redaction": launchdarkly_redaction}[kind](posts)
    if fmt == "split":
        return (split_counter if kind == "counter" else split_drop)(posts)
    if fmt == "unleash":
        return (unleash_counter if kind == "counter" else unleash_drop)(posts)
    if fmt == "eppo":
        return (eppo_counter if kind == "counter" else eppo_drop)(posts)
    if fmt == "datadog":
        return (datadog_counter if kind == "counter" else datadog_drop)(posts)
    return (kameleoon_counter if kind == "counter" else kameleoon_drop)(posts)


def _list_items(posts, path):
    """(post index, item index, item) of each item of the list bodies posted to `path`."""
    for p, post in enumerate(posts):
        if post["path"] == path and isinstance(post["body"], list):
            for i, item in enumerate(post["body"]):
                yield p, i, item


# --- LaunchDarkly -----------------------------------------------------------------------------

def launchdarkly_counter(posts):
    for p, i, event in _list_items(posts, LAUNCHDARKLY_BULK):
        if not isinstance(event, dict) or event.get("kind") != "summary":
            continue
        for flag, f in (event.get("features") or {}).items():
            for c, counter in enumerate(f.get("counters") or []):
                if not isinstance(counter, dict):
                    continue
                out = copy.deepcopy(posts)
                target = out[p]["body"][i]["features"][flag]["counters"][c]
                before = counter.get("count") or 0
                target["count"] = before + 1
                return out, f"summary counter {c} of flag {flag!r}: count {before} -> {before + 1}"
    return None


def launchdarkly_drop(posts):
    for p, i, event in _list_items(posts, LAUNCHDARKLY_BULK):
        if isinstance(event, dict) and event.get("kind") in ("feature", "index", "custom"):
            out = copy.deepcopy(posts)
            del out[p]["body"][i]
            key = f" of {event['key']!r}" if "key" in event else ""
            return out, f"{event['kind']} event{key} dropped"
    return None


def _redacted_contexts(context):
    """Where an inlined context names redacted attributes: () for a single context, (kind,) for
    each such kind of a multi-context."""
    def redacted(c):
        meta = c.get("_meta") if isinstance(c, dict) else None
        return isinstance(meta, dict) and isinstance(meta.get("redactedAttributes"), list) \
            and bool(meta["redactedAttributes"])
    if not isinstance(context, dict):
        return
    if context.get("kind") == "multi":
        for kind, single in context.items():
            if kind != "kind" and redacted(single):
                yield (kind,)
    elif redacted(context):
        yield ()


def attribute_path(reference):
    """An attribute reference's path: `/a/b` (with `~1` for `/` and `~0` for `~`) or a plain name."""
    if reference.startswith("/") and len(reference) > 1:
        return [part.replace("~1", "/").replace("~0", "~") for part in reference[1:].split("/")]
    return [reference]


def launchdarkly_redaction(posts):
    for p, i, event in _list_items(posts, LAUNCHDARKLY_BULK):
        if not isinstance(event, dict) or not isinstance(event.get("context"), dict):
            continue
        for path in _redacted_contexts(event["context"]):
            out = copy.deepcopy(posts)
            context = out[p]["body"][i]["context"]
            for kind in path:
                context = context[kind]
            meta = context["_meta"]
            name = meta["redactedAttributes"][0]
            meta["redactedAttributes"] = meta["redactedAttributes"][1:]
            if not meta["redactedAttributes"]:
                del meta["redactedAttributes"]
            if not meta:
                del context["_meta"]
            parts = attribute_path(str(name))
            into = context
            for part in parts[:-1]:
                if not isinstance(into.get(part), dict):
                    into[part] = {}
                into = into[part]
            into[parts[-1]] = REDACTION_VALUE
            where = f"{path[0]} context" if path else "context"
            return out, f"{event.get('kind')} event's {where}: redacted attribute {name!r} restored"
    return None


# --- Split ------------------------------------------------------------------------------------

def _split_impressions(posts):
    """(post index, test index, impression index) of each impression of /api/testImpressions/bulk."""
    for p, t, test in _list_items(posts, SPLIT_IMPRESSIONS):
        if isinstance(test, dict) and isinstance(test.get("i"), list):
            for i in range(len(test["i"])):
                yield p, t, i


def split_counter(posts):
    for p, post in enumerate(posts):
        if post["path"] != SPLIT_COUNTS or not isinstance(post["body"], dict):
            continue
        for c, pf in enumerate(post["body"].get("pf") or []):
            if isinstance(pf, dict) and pf.get("rc"):
                out = copy.deepcopy(posts)
                out[p]["body"]["pf"][c]["rc"] = pf["rc"] + 1
                return out, f"impressions count of {pf.get('f')!r}: {pf['rc']} -> {pf['rc'] + 1}"
    for p, t, i in _split_impressions(posts):
        out = copy.deepcopy(posts)
        impressions = out[p]["body"][t]["i"]
        impressions.insert(i + 1, copy.deepcopy(impressions[i]))
        return out, f"impression of {out[p]['body'][t].get('f')!r} sent twice"
    return None


def split_drop(posts):
    for p, t, i in _split_impressions(posts):
        out = copy.deepcopy(posts)
        del out[p]["body"][t]["i"][i]
        return out, f"impression of {out[p]['body'][t].get('f')!r} dropped"
    for p, i, event in _list_items(posts, SPLIT_EVENTS):
        out = copy.deepcopy(posts)
        del out[p]["body"][i]
        return out, f"event {event.get('eventTypeId') if isinstance(event, dict) else event!r} dropped"
    return None


# --- Unleash ----------------------------------------------------------------------------------

def _unleash_toggles(posts):
    """(post index, toggle name, entry) of each toggle entry of /api/client/metrics that counts
    something (an entry of zeros is no event: eventnorm.unleash_toggles leaves it out)."""
    for p, post in enumerate(posts):
        if post["path"] != UNLEASH_METRICS or not isinstance(post["body"], dict):
            continue
        toggles = (post["body"].get("bucket") or {}).get("toggles") or {}
        for name, t in toggles.items():
            if isinstance(t, dict) and (t.get("yes") or t.get("no") or any((t.get("variants") or {}).values())):
                yield p, name, t


def unleash_counter(posts):
    for p, name, t in _unleash_toggles(posts):
        member = "yes" if t.get("yes") or not t.get("no") else "no"
        out = copy.deepcopy(posts)
        before = t.get(member) or 0
        out[p]["body"]["bucket"]["toggles"][name][member] = before + 1
        return out, f"toggle {name!r}: {member} {before} -> {before + 1}"
    return None


def unleash_drop(posts):
    for p, name, _ in _unleash_toggles(posts):
        out = copy.deepcopy(posts)
        del out[p]["body"]["bucket"]["toggles"][name]
        return out, f"toggle {name!r} dropped from the bucket"
    return None


# --- Eppo -------------------------------------------------------------------------------------

def eppo_counter(events):
    if not events:
        return None
    out = copy.deepcopy(events)
    out.insert(1, copy.deepcopy(events[0]))
    return out, f"assignment of {events[0].get('featureFlag')!r} logged twice"


def eppo_drop(events):
    if not events:
        return None
    return copy.deepcopy(events[1:]), f"assignment of {events[0].get('featureFlag')!r} dropped"


# --- Datadog ----------------------------------------------------------------------------------

def _datadog_exposures(posts):
    for p, post in enumerate(posts):
        body = post["body"]
        if post["path"] in DATADOG_EXPOSURE_PATHS and isinstance(body, dict) \
                and isinstance(body.get("exposures"), list) and body["exposures"]:
            yield p, body["exposures"]


def _datadog_flag(exposure):
    return (exposure.get("flag") or {}).get("key") if isinstance(exposure, dict) else None


def datadog_counter(posts):
    for p, exposures in _datadog_exposures(posts):
        out = copy.deepcopy(posts)
        out[p]["body"]["exposures"].insert(1, copy.deepcopy(exposures[0]))
        return out, f"exposure of {_datadog_flag(exposures[0])!r} sent twice"
    return None


def datadog_drop(posts):
    for p, exposures in _datadog_exposures(posts):
        out = copy.deepcopy(posts)
        del out[p]["body"]["exposures"][0]
        return out, f"exposure of {_datadog_flag(exposures[0])!r} dropped"
    return None


# --- Kameleoon --------------------------------------------------------------------------------

def _kameleoon_lines(posts):
    """(post index, line index, lines, event type) of each tracking line of /visit/events."""
    for p, post in enumerate(posts):
        if post["path"] != KAMELEOON_TRACKING or not isinstance(post["body"], str):
            continue
        lines = post["body"].split("\n")
        for i, text in enumerate(lines):
            if not text.strip():
                continue
            kind = dict(urllib.parse.parse_qsl(text, keep_blank_values=True)).get("eventType")
            yield p, i, lines, kind


def kameleoon_counter(posts):
    for p, i, lines, kind in _kameleoon_lines(posts):
        out = copy.deepcopy(posts)
        out[p]["body"] = "\n".join(lines[:i + 1] + [lines[i]] + lines[i + 1:])
        return out, f"tracking line ({kind}) sent twice"
    return None


def kameleoon_drop(posts):
    for p, i, lines, kind in _kameleoon_lines(posts):
        out = copy.deepcopy(posts)
        out[p]["body"] = "\n".join(lines[:i] + lines[i + 1:])
        return out, f"tracking line ({kind}) dropped"
    return None
