"""Unleash toggles against Yggdrasil (PyPI `yggdrasil-engine`), the engine inside Unleash's Java,
.NET, Python, Ruby and PHP SDKs.

The generator writes a client API document (`{"version":2,"features":[…],"segments":[…]}`) that
uses every strategy, operator, segment, variant and dependency shape, valid and invalid, and
requests whose contexts are in Unleash's JSON shape. The clock is fixed: burgee gets `--now`,
Yggdrasil the same instant as the context's `currentTime` when the request has none.

Custom strategies come from a fixed catalogue (CUSTOM_STRATEGIES below), registered with burgee
by `--custom-strategies test-catalogue` (Sources/burgee/Vendors/Unleash/UnleashTestStrategies.swift)
and with Yggdrasil by the engine's `register_custom_strategies`; `myCustomStrategy` is registered
with neither. yggdrasil-engine's Python wrapper numbers `applicationHostname` among the custom
strategies, where Yggdrasil (Rust) and its other wrappers do not: the oracle corrects its list, so
that the numbering compared is Yggdrasil's.

Random draws (random stickiness, `gradualRolloutRandom`, and default stickiness with neither
userId nor sessionId) are not reproducible: where the answer depends on one, that part of the
answer is not compared (the oracle marks it), unless the percentage makes it certain.
"""
import inputclasses
import regexgen
import json
import logging
import re

NAME = "unleash"
NOW = "2026-06-01T12:00:00.000Z"

logging.getLogger("yggdrasil_engine").setLevel(logging.CRITICAL)

# Context values: ids, numbers, versions, dates, addresses, non-ASCII and empty text.
IDS = ["u1", "u2", "u3", "u4", "u17", "42", "007", "", "ünï", "用户-9", "U1", "user@example.com"]
SESSIONS = ["s1", "s2", "s-99", "", "0"]
ADDRESSES = ["10.0.0.1", "10.1.2.3", "192.168.1.20", "172.16.0.5", "::1", "2001:db8::1", "not-an-ip", ""]
ENVIRONMENTS = ["production", "staging", "Production", ""]
APPS = ["web", "api", "Web", "ünï-app", ""]
# Integers near and beyond 2^53, where a double loses them, and integral doubles: Yggdrasil reads
# both sides of a NUM_* constraint as f64.
BIG_NUMBERS = ["9007199254740993", "9007199254740992", "9007199254740991", "-9007199254740993", "9223372036854775807",
               "-9223372036854775808", "18446744073709551616", "4611686018427387904", "5.0", "1e20", "9.007199254740993e15"]
NUMBERS = ["5", "-3", "2.5", "1e3", "1E2", ".5", "5.", "+4", "0", "-0", "10", "100", "abc", "", "NaN", "inf", " 5", "0x1A",
           "1.2.3", "١٢", "1.5\u2003"] + BIG_NUMBERS
VERSIONS = ["1.2.3", "1.2.3-beta.1", "1.2.3-alpha", "2.0.0", "10.1.0", "1.2", "v1.2.3", "01.2.3", "1.2.3+build.5", "0.0.1",
            "1.10.0", "x"]
DATES = ["2024-01-01T00:00:00Z", "2026-06-01T12:00:00.000Z", "2030-01-01T00:00:00.000Z", "2026-06-01T11:59:59+00:00",
         "2026-06-01T14:00:00+02:00", "2026-06-01", "yesterday", "", "1717243200000"]
WORDS = ["free", "pro", "Pro", "enterprise", "PRO-plus", "ünïcode", "straße", "ÉCOLE", "", "a b", "42", "foo.bar", "x-1",
         'say "hi"', "back\\", "a\u00a0b", "a\u2003b"]
PROPERTY_VALUES = {
    "plan": WORDS,
    "count": NUMBERS,
    "version": VERSIONS,
    "date": DATES,
    "email": ["a@example.com", "B@EXAMPLE.COM", "c@test.org", "", "ünï@example.com"],
    "ip": ADDRESSES,
    "ünï": WORDS,
    "text": regexgen.TEXTS,
}
FIELDS = ["userId", "sessionId", "remoteAddress", "environment", "appName"] + list(PROPERTY_VALUES)


def field_values(name):
    return {"userId": IDS, "sessionId": SESSIONS, "remoteAddress": ADDRESSES, "environment": ENVIRONMENTS,
            "appName": APPS, "currentTime": DATES}.get(name) or PROPERTY_VALUES.get(name) or WORDS


# Operator values: mostly valid, some not (the invalid ones exercise Yggdrasil's whole-toggle failures).
NUM_VALUES = ["5", "0", "-3", "2.5", "1e3", "10", "100", "abc", "1.2.3", "2024-01-01T00:00:00Z", "", "5.", "+4", ".5"] \
    + BIG_NUMBERS
SEMVER_VALUES = ["1.2.3", "2.0.0", "1.2.3-beta.1", "1.10.0", "0.0.1", "1.2", "1", "v1.2.3", "01.2.3", "1.2.3.4", "x",
                 "1.2.3+build.5"]
DATE_VALUES = ["2024-01-01T00:00:00Z", "2026-06-01T12:00:00.000Z", "2030-01-01T00:00:00.000Z", "2026-06-01T13:00:00+02:00",
               "2026-06-01", "2026-13-01T00:00:00Z", "2026-06-01T12:00:00.123456Z", "soon", "5", ""]
REGEXES = ["^u[0-9]+$", "pro", "(?i)PRO", "^$", "[", "a|b", "^\\d+$", ".*@example\\.com$", "ü", "^[[:alpha:]]+$",
           "x{2,}", "\\bfree\\b", "a\\sb", "^\\D+$", "^[\\d.]+$", "^\\S+$"]
CIDRS = ["10.0.0.0/8", "192.168.1.20", "172.16.0.0/12", "::1", "2001:db8::/32", "bad", "10.0.0.1/33", "192.168.1.0/24"]

OPERATORS = ["IN", "NOT_IN", "STR_STARTS_WITH", "STR_ENDS_WITH", "STR_CONTAINS", "NUM_EQ", "NUM_GT", "NUM_GTE", "NUM_LT",
             "NUM_LTE", "DATE_AFTER", "DATE_BEFORE", "SEMVER_EQ", "SEMVER_GT", "SEMVER_LT", "REGEX", "IN_CIDR"]


def constraint(rng):
    op = rng.choice(OPERATORS + ["NUM_EQ", "IN", "IN", "SEMVER_GT", "DATE_AFTER", "REGEX", "REGEX", "NUM_GT"])
    if rng.random() < 0.02:
        op = rng.choice(["STR_MATCHES", "NUM_NE", "in"])
    c = {"operator": op, "inverted": rng.random() < 0.25}
    if op.startswith("NUM_"):
        c["contextName"] = rng.choice(["count", "count", "userId", "version"])
        c["value"] = rng.choice(NUM_VALUES[:8]) if rng.random() < 0.75 else rng.choice(NUM_VALUES)
    elif op.startswith("SEMVER_"):
        c["contextName"] = rng.choice(["version", "version", "count"])
        c["value"] = rng.choice(SEMVER_VALUES[:5]) if rng.random() < 0.8 else rng.choice(SEMVER_VALUES)
    elif op.startswith("DATE_"):
        c["contextName"] = rng.choice(["currentTime", "currentTime", "date"])
        c["value"] = rng.choice(DATE_VALUES[:4]) if rng.random() < 0.85 else rng.choice(DATE_VALUES)
    elif op == "REGEX":
        c["contextName"] = rng.choice(FIELDS + ["text", "text"])
        # Rust's whole regex syntax (regexgen.py) as often as the fixed list.
        c["value"] = rng.choice(REGEXES) if rng.random() < 0.3 else regexgen.pattern(rng, "rust")
        c["caseInsensitive"] = rng.random() < 0.3
    elif op == "IN_CIDR":
        c["contextName"] = rng.choice(["remoteAddress", "remoteAddress", "ip"])
        c["values"] = rng.sample(CIDRS, rng.randint(1, 3))
    else:
        c["contextName"] = rng.choice(FIELDS)
        pool = field_values(c["contextName"])
        c["values"] = rng.sample(pool, rng.randint(0, min(4, len(pool))))
        if op.startswith("STR_"):
            c["caseInsensitive"] = rng.random() < 0.4
            if rng.random() < 0.3:
                c["values"] = [v[:2] if op != "STR_ENDS_WITH" else v[-2:] for v in c["values"]]
    if "value" in c and rng.random() < 0.05:
        c["values"] = [c.pop("value")]          # a single-value operator given a list only
    if "values" in c and op not in ("IN", "NOT_IN") and rng.random() < 0.03:
        del c["values"]
    if rng.random() < 0.1 and "caseInsensitive" not in c:
        c["caseInsensitive"] = True
    return c


def payload(rng):
    return rng.choice([
        {"type": "string", "value": rng.choice(["blue", "", "ünï"])},
        {"type": "json", "value": json.dumps({"a": rng.randint(0, 9), "b": [1, "x"]})},
        {"type": "csv", "value": "a,b,c"},
        {"type": "number", "value": rng.choice(["42", "-1.5"])},
    ])


def stickiness(rng):
    return rng.choice(["default", "default", "default", "userId", "sessionId", "plan", "plan", "random", "remoteAddress",
                       "appName", "environment", "ünï"])


def variants(rng, with_overrides):
    count = rng.choice([0, 0, 1, 2, 2, 3, 4])
    result = []
    for i in range(count):
        v = {"name": rng.choice(["v", "w", "x", "y", "z", "disabled", "ünï"]) + str(i),
             "weight": rng.choice([0, 1, 33, 50, 100, 333, 500, 1000]),
             "weightType": rng.choice(["variable", "fix"])}
        if rng.random() < 0.7:
            v["payload"] = payload(rng)
        if rng.random() < 0.5:
            v["stickiness"] = stickiness(rng)
        if with_overrides and rng.random() < 0.25:
            name = rng.choice(["userId", "sessionId", "plan", "environment", "remoteAddress"])
            v["overrides"] = [{"contextName": name, "values": rng.sample(field_values(name), 2)}]
        result.append(v)
    if result and sum(v["weight"] for v in result) == 0:
        result[0]["weight"] = 100        # all weights 0 makes Yggdrasil 0.21.5 panic; not a semantic
    return result


def percent(rng, fixed_only=False):
    if fixed_only:
        return rng.choice(["0", "100", "100", "150"])
    return rng.choice(["0", "100", "50", "33", "75", "10", "99", "1", "007", "150", "abc", "", "50.5", "-5"])


# The custom strategies both sides register: the context as burgee hands it to a strategy reads a
# standard field, else the property of that name (as Unleash's constraints read a context field).
def _field(ctx, name):
    value = ctx.get(name)
    return value if value is not None else (ctx.get("properties") or {}).get(name)


def _user_in(parameters, ctx):
    ids, user = parameters.get("userIds"), _field(ctx, "userId")
    return ids is not None and user is not None and user in [i.strip(" ") for i in ids.split(",")]


def _property(parameters, ctx):
    name, value = parameters.get("property"), parameters.get("value")
    props = ctx.get("properties") or {}
    return name is not None and value is not None and name in props and props[name] == value


def _prefix(parameters, ctx):
    prefix = parameters.get("prefix")
    return prefix is not None and (_field(ctx, "userId") or "").startswith(prefix)


CUSTOM_STRATEGIES = {
    "burgee-test-on": lambda parameters, ctx: True,
    "burgee-test-off": lambda parameters, ctx: False,
    "burgee-test-user-in": _user_in,
    "burgee-test-property": _property,
    "burgee-test-prefix": _prefix,
}
CUSTOM_PROPERTIES = ["plan", "email", "ünï", "count", "missing"]


def custom_parameters(rng, kind, p):
    if kind == "burgee-test-user-in" and rng.random() < 0.9:
        p["userIds"] = rng.choice(["u1,u2", "u1, u3 ,42", "ünï", "", "U1", "用户-9,u4"])
    elif kind == "burgee-test-property":
        if rng.random() < 0.9:
            p["property"] = rng.choice(CUSTOM_PROPERTIES)
        if rng.random() < 0.9:
            p["value"] = rng.choice(PROPERTY_VALUES.get(p.get("property"), WORDS))
    elif kind == "burgee-test-prefix" and rng.random() < 0.9:
        p["prefix"] = rng.choice(["u", "u1", "", "用", "U", "4"])
    elif kind in ("burgee-test-on", "burgee-test-off") and rng.random() < 0.3:
        p["ignored"] = rng.choice(WORDS)


def strategy(rng, name, segment_ids):
    kind = rng.choice(["default", "default", "default", "userWithId", "flexibleRollout", "flexibleRollout", "gradualRolloutUserId",
                       "gradualRolloutSessionId", "gradualRolloutRandom", "remoteAddress", "applicationHostname",
                       "myCustomStrategy", "custom", "custom", "custom"])
    if kind == "custom":
        kind = rng.choice(list(CUSTOM_STRATEGIES))
    s = {"name": kind, "parameters": {}}
    p = s["parameters"]
    if kind in CUSTOM_STRATEGIES:
        custom_parameters(rng, kind, p)
    elif kind == "userWithId":
        if rng.random() < 0.95:
            p["userIds"] = rng.choice(["u1,u2", "u1, u3 ,42", "ünï", "u2,,u4", "", "U1", "u1 , ,"])
    elif kind == "flexibleRollout":
        p["rollout"] = percent(rng)
        st = rng.choice(["default", "userId", "sessionId", "plan", "random", "appName", "environment", "remoteAddress", None])
        if st is not None:
            p["stickiness"] = st
        if rng.random() < 0.6:
            p["groupId"] = rng.choice([name, "group-a", "ünï-group", "", name, 'q"uote'])
    elif kind in ("gradualRolloutUserId", "gradualRolloutSessionId"):
        p["percentage"] = percent(rng)
        if rng.random() < 0.8:
            p["groupId"] = rng.choice([name, "group-a"])
    elif kind == "gradualRolloutRandom":
        p["percentage"] = percent(rng, fixed_only=True)
    elif kind == "remoteAddress":
        if rng.random() < 0.95:
            p["IPs"] = ", ".join(rng.sample(CIDRS, rng.randint(1, 3)))
    elif kind == "applicationHostname":
        # yggdrasil-engine 2.0.0 is built without Yggdrasil's `hostname` feature, so there
        # applicationHostname never passes; Burgee compares with the machine's host name, as that
        # feature and Unleash's other SDKs do. So the lists never name this machine.
        p["hostNames"] = rng.choice(["other", "Other, nowhere", "nowhere,", "", "localhost.invalid"])
    if rng.random() < 0.4:
        s["constraints"] = [constraint(rng) for _ in range(rng.randint(1, 2))]
    if segment_ids and rng.random() < 0.3:
        s["segments"] = rng.sample(segment_ids, rng.randint(1, min(2, len(segment_ids))))
        if rng.random() < 0.15:
            s["segments"].append(99)      # a segment that does not exist
    if rng.random() < 0.3:
        s["variants"] = variants(rng, with_overrides=True)
        if s["variants"] and rng.random() < 0.5:
            p["stickiness"] = p.get("stickiness") or stickiness(rng)
    return s


def generate(rng, n):
    segments = [{"id": i, "name": f"segment-{i}", "constraints": [constraint(rng) for _ in range(rng.randint(0, 2))]}
                for i in range(1, rng.randint(1, 4))]
    segment_ids = [s["id"] for s in segments]
    names = [f"toggle-{i}" for i in range(rng.randint(6, 14))]
    features = []
    for name in names:
        f = {"name": name, "type": "release", "project": "default", "enabled": rng.random() < 0.85,
             "stale": False, "impressionData": rng.random() < 0.2,
             "strategies": [strategy(rng, name, segment_ids) for _ in range(rng.choice([0, 1, 1, 2, 2, 3]))]}
        if rng.random() < 0.5:
            f["variants"] = variants(rng, with_overrides=True)
        features.append(f)
    for f in features:
        if rng.random() < 0.25:
            deps = []
            for _ in range(rng.randint(1, 2)):
                parent = rng.choice(names + ["ghost"])
                if parent == f["name"]:
                    continue
                d = {"feature": parent}
                if rng.random() < 0.4:
                    d["enabled"] = rng.random() < 0.6
                if rng.random() < 0.4:
                    parent_variants = [v["name"] for v in next((g.get("variants") or [] for g in features
                                                                if g["name"] == parent), [])]
                    d["variants"] = rng.sample(parent_variants + ["disabled", "v0", "nope"], rng.randint(0, 2))
                deps.append(d)
            f["dependencies"] = deps
    document = {"version": 2, "features": features, "segments": segments}
    requests = []
    for _ in range(n):
        requests.append({"flag": rng.choice(names + ["unknown-toggle"]) if rng.random() < 0.97 else "unknown-toggle",
                         "context": context(rng)})
    return document, requests


def context(rng):
    c = {}
    for name, pool, p in [("userId", IDS, 0.8), ("sessionId", SESSIONS, 0.5), ("remoteAddress", ADDRESSES, 0.5),
                          ("environment", ENVIRONMENTS, 0.4), ("appName", APPS, 0.3), ("currentTime", DATES[:5], 0.15)]:
        if rng.random() < p:
            c[name] = rng.choice(pool)
    properties = {}
    for name, pool in PROPERTY_VALUES.items():
        if rng.random() < 0.7:
            properties[name] = rng.choice(pool)
    if rng.random() < 0.05:
        # A property named like a standard field stands in for it when the context lacks it.
        name = rng.choice(["userId", "sessionId", "remoteAddress", "environment"])
        properties[name] = rng.choice(field_values(name))
    if properties or rng.random() < 0.5:
        c["properties"] = properties
    return c


def burgee_args(document):
    return ["--now", NOW, "--custom-strategies", "test-catalogue"]


# --- the oracle ---------------------------------------------------------------------------------

def _seed(stickiness, ctx):
    """Yggdrasil's variant seed (lib.rs get_seed): None means a random draw."""
    props = ctx.get("properties") or {}
    if stickiness in (None, "default"):
        return ctx.get("userId", ctx.get("sessionId"))
    if stickiness in ("userId", "sessionId", "environment", "appName", "remoteAddress"):
        return ctx.get(stickiness)
    return props.get(stickiness)


def _pct(text):
    try:
        return int(text) if text is not None and text.isdigit() else None
    except ValueError:
        return None


def _strategy_random(s, ctx):
    p = s.get("parameters") or {}
    if s["name"] == "flexibleRollout":
        pct = _pct(p.get("rollout"))
        if pct in (None, 0) or pct >= 100:
            return False
        st = p.get("stickiness")
        if st == "random":
            return True
        return st in (None, "default") and ctx.get("userId") is None and ctx.get("sessionId") is None
    return False


def _variants_random(variants, stickiness, ctx):
    live = [v for v in variants or [] if v.get("weight", 0) > 0]
    return len(live) > 1 and _seed(stickiness, ctx) is None


def _toggle_random(feature, ctx, features, depth=0):
    """(on-ness may be random, variant may be random) for this context."""
    on = any(_strategy_random(s, ctx) for s in feature.get("strategies") or [])
    variant = _variants_random(feature.get("variants"), (feature.get("variants") or [{}])[0].get("stickiness"), ctx)
    for s in feature.get("strategies") or []:
        variant = variant or _variants_random(s.get("variants"), (s.get("parameters") or {}).get("stickiness", "default"), ctx)
    if depth == 0:
        for d in feature.get("dependencies") or []:
            parent = features.get(d["feature"])
            if parent is not None:
                p_on, p_variant = _toggle_random(parent, ctx, features, 1)
                if p_on or p_variant:
                    on = variant = True
    return on, on or variant


class _Strategy:
    def __init__(self, function):
        self.function = function

    def apply(self, parameters, context):
        return self.function(parameters, context)


def oracle(document, requests, custom=True):
    """Yggdrasil's answers; with `custom`, the catalogue's strategies registered (burgee eval's
    --custom-strategies), else none (a client that registers none)."""
    from yggdrasil_engine import custom_strategy
    from yggdrasil_engine.engine import UnleashEngine
    if "applicationHostname" not in custom_strategy._STANDARD_STRATEGIES:
        custom_strategy._STANDARD_STRATEGIES.append("applicationHostname")
    engine = UnleashEngine()
    if custom:
        engine.register_custom_strategies({name: _Strategy(f) for name, f in CUSTOM_STRATEGIES.items()})
    engine.take_state(json.dumps(document))
    features = {f["name"]: f for f in document["features"]}
    answers = []
    for request in requests:
        ctx = dict(request["context"])
        ctx.setdefault("currentTime", NOW)
        enabled = engine.check_enabled(request["flag"], ctx).is_enabled
        v = engine.check_variant(request["flag"], ctx).variant
        random_on, random_variant = (False, False)
        if request["flag"] in features:
            random_on, random_variant = _toggle_random(features[request["flag"]], request["context"], features)
            # A toggle that is surely off gives the disabled variant, whatever its lists would draw.
            random_variant = random_variant and (random_on or v.feature_enabled)
        answers.append({"enabled": enabled,
                        "variant": {"name": v.name, "enabled": v.enabled, "feature_enabled": v.feature_enabled,
                                    "payload": v.payload},
                        "random": {"enabled": random_on, "variant": random_variant}})
    return answers


def compare(request, burgee, answer):
    differences = []
    if not answer["random"]["enabled"] and burgee.get("value") != answer["enabled"]:
        differences.append(f"isEnabled {burgee.get('value')} vs {answer['enabled']}")
    got = (burgee.get("unleash") or {}).get("variant") or {}
    want = answer["variant"]
    if not answer["random"]["enabled"] and got.get("feature_enabled") != want["feature_enabled"]:
        differences.append(f"feature_enabled {got.get('feature_enabled')} vs {want['feature_enabled']}")
    if not answer["random"]["variant"]:
        for key in ("name", "enabled", "payload"):
            if got.get(key) != want.get(key):
                differences.append(f"variant {key} {json.dumps(got.get(key))} vs {json.dumps(want.get(key))}")
    return "; ".join(differences) or None


SEMVER = re.compile(r"^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$")


def mismatches(document, request):
    """Whether a NUM_*, SEMVER_* or DATE_* constraint of the flag reads a context value that is not of
    its type (Yggdrasil: the constraint is false, inverted or not)."""
    ctx = request.get("context") or {}
    properties = ctx.get("properties") or {}
    reduced = reduce(document, request.get("flag"))
    constraints = [c for f in reduced["features"] for st in f.get("strategies") or [] for c in st.get("constraints") or []]
    constraints += [c for seg in reduced["segments"] for c in seg.get("constraints") or []]
    for c in constraints:
        value = ctx.get(c.get("contextName"), properties.get(c.get("contextName")))
        if value is None:
            continue
        op = c.get("operator", "")
        if op.startswith("NUM_"):
            try:
                float(value)
            except ValueError:
                return True
        elif op.startswith("SEMVER_") and not SEMVER.match(value):
            return True
        elif op.startswith("DATE_") and not re.match(r"^\d{4}-\d\d-\d\dT", value):
            return True
    return False


def custom(document, request):
    """Whether the request's toggle, or a parent of it, has a strategy of the catalogue."""
    features = {f["name"]: f for f in document["features"]}
    feature = features.get(request.get("flag"))
    if feature is None:
        return False
    toggles = [feature] + [features[d["feature"]] for d in feature.get("dependencies") or [] if d["feature"] in features]
    return any(s["name"] in CUSTOM_STRATEGIES for t in toggles for s in t.get("strategies") or [])


def classes(document, requests):
    return inputclasses.total(reduce, document, requests, numeric_texts=True,
                              own=lambda r: (["type-mismatches"] if mismatches(document, r) else [])
                              + (["custom-strategies"] if custom(document, r) else []),
                              own_names=["type-mismatches", "custom-strategies"])


def reduce(document, flag):
    features = {f["name"]: f for f in document["features"]}
    keep = [flag] if flag in features else []
    for d in (features.get(flag) or {}).get("dependencies") or []:
        if d["feature"] in features and d["feature"] not in keep:
            keep.append(d["feature"])
    used = {i for name in keep for s in features[name].get("strategies") or [] for i in s.get("segments") or []}
    return {"version": 2, "features": [features[name] for name in keep],
            "segments": [s for s in document["segments"] if s["id"] in used]}
