"""Datadog Feature Flags (UFC, Datadog's dialect): random documents, evaluated by burgee and by ddtrace.

The oracle is ddtrace's OpenFeature provider with libdatadog's evaluator, offline, through
oracles/ufc.py (which says how it runs and how its clock is fixed), with `fixtures_rule` on: a flag
libdd-ffe rejects as a whole answers DEFAULT with the request's default, as Datadog's fixtures and
Burgee do. The generator here is shared with formats/eppo.py: `document(rng, dialect)` and
`requests(rng, document, hints, n, dialect)` write either dialect.

Each document's clock is its `createdAt`, passed to burgee as `--now` and to the oracle as `now`;
startAt/endAt bounds sit on it, a nanosecond, microsecond, millisecond, second or more away, in
other offsets and with other fraction digits (never more than nine, the SDKs' precision).

Compared: value (JSON equality, numbers as doubles: -0.0 equals 0, integers beyond 2^53 compare
rounded), variation, reason kind and error kind, and the `datadog` member's allocationKey and doLog,
and its serialId when a variation was served.

Kept out: empty variation and allocation keys (ddtrace's Python layer treats "" as none: it
answers the default for a served "" variant and logs no exposure for a "" allocation), regexes
outside a portable subset, fraction digits beyond nanoseconds, duplicate allocation keys.
"""
import copy
import json
import re
import math
from decimal import Decimal

NAME = "datadog"

SECONDS_PER_DAY = 86400

# ---------------------------------------------------------------------------------------------
# Pools

KEYS = ["alice", "bob", "carol", "dave", "eve", "u-1", "u-2", "42", "7", "ü-key", "日本語", "user 7", "x"]
SALTS = ["salt", "", "über-salt", "layer-1", "exp-2024", "f-a-s"]
TOTALS = [10000, 10000, 100, 100, 10, 7, 3, 1]
COUNTRIES = ["US", "CA", "FR", "us", "", "Ü", "United States", "DE"]
EMAILS = ["alice@example.com", "bob@test.org", "carol@EXAMPLE.com", "dave@example.com.evil", "", "ü@例え.jp"]
PLANS = ["free", "pro", "enterprise", "Pro", "pro ", "", "über", "42", "true", "alice"]
WORDS = ["alice", "ALICE", "bob", "pro", "free", "x", "", "ü", "über", "a b", "abc", "12", "123", "-1.5", "bub",
         "foo.org", "naïve", "日本", "US", "CA", "abc\n", " 18", "a.c", "aXc", "Alice Smith", "1", "10x"]
REGEXES = ["^a", "e$", "[0-9]+", "^[a-z]+@example\\.com$", "b.b", "(pro|free)", "ü", "^$", "o+", "\\d{2}",
           "^\\w+$", "\\s", "x*", "^al(ice)?$", "\\.org$", "[A-Z]", "(?i)^ALICE", "(?i)pro", "^(US|CA)$",
           "[^a-z]", "a.c", "^1\\d*$", "^-?\\d+(\\.\\d+)?$", "^.{3}$", "^[[:alpha:]]+$", "\\w", "^\\S+$",
           "b+|c+", "^(a|b)c?"]
BAD_REGEXES = ["(", "[a-", "a{2,1}", "(?<=a)b", "\\1", "*a"]
# Numbers whose string form (Rust's f64 Display: no exponent, no trailing .0) is worth testing.
NUMBERS = [0, 1, 18, 21, 42, 65, 100, -5, 3.5, 18.5, 0.1, 1e21, 1e-7, -0.0, 2 ** 53 + 1, 1e300, 123456789.125,
           1000000, 0.000001]
NUMERIC_STRINGS = ["18", "18.", "+5", "1e2", "inf", "-Infinity", "NaN", " 18", "0x10", "", "21.0", "-5", "1_000",
                   ".5", "1e400", "18 "]
VALID_VERSIONS = ["1.0.0", "1.2.3", "1.2.3-alpha", "1.2.3-alpha.1", "1.2.3-rc.1", "1.2.3+build", "2.0.0", "2.0.0+b",
                  "10.0.0", "1.10.0", "0.0.1", "1.2.3-1", "1.2.3-11", "1.2.3-alpha.beta", "1.5.0", "1.2.3-rc.1+b.2"]
INVALID_VERSIONS = ["v1.2.3", "01.2.3", "", " 1.2.3", "1.2.3-01", "1.2.3-", "1..2", "1.2.", "1.02.3", "1.2.x"]
# Not semver. libdd-ffe as ddtrace 4.16.0 embeds it reads them in SEMVER_* (any number of numeric
# parts, missing ones 0); libdatadog's main branch and docs/datadog.md read strict semver, which Burgee
# follows, so they are generated only where both engines agree (as attributes of Eppo's comparisons).
EXTENDED_VERSIONS = ["18", "18.0", "1.2", "1", "1.2.3.4", "1.2.3.0", "18.0.0.0.1", "1.2.3.4-rc.1", "1.2+b", "1-rc",
                     "2.0"]
ATTRIBUTES = ["country", "email", "plan", "age", "score", "version", "beta", "id", "tier", "missing"]

SEMVER_OPERATORS = ["SEMVER_EQ", "SEMVER_NEQ", "SEMVER_LT", "SEMVER_LTE", "SEMVER_GT", "SEMVER_GTE"]
COMPARISONS = ["GTE", "GT", "LTE", "LT"]

VARIATION_TYPES = ["STRING", "BOOLEAN", "INTEGER", "NUMERIC", "JSON"]
REQUEST_TYPES = {"STRING": ["string", "string", "STRING"], "BOOLEAN": ["boolean", "boolean", "BOOLEAN"],
                 "INTEGER": ["int", "int", "integer", "INTEGER"], "NUMERIC": ["double", "double", "float", "NUMERIC"],
                 "JSON": ["json", "json", "object", "JSON"]}
STRING_VALUES = ["on", "off", "red", "blue", "", "ü", "control", "treatment", "a\"b", "日本", "  "]
INTEGER_VALUES = [0, 1, -1, 42, 7, 1000, -2 ** 31, 2 ** 53 + 1, 2 ** 62 + 1, 2 ** 63 - 1, -2 ** 63]
NUMERIC_VALUES = [0, 0.5, 3.1415926, -2.5, 1e21, 1e-7, -0.0, 42, 1e300, 2 ** 53 + 1]
JSON_VALUES = [{"a": 1}, [1, 2, 3], {"nested": {"x": [1, {"y": None}]}}, "text", 3.5, True, None, {}, [], 0,
               {"ü": "ß", "k": [True, False]}]


def rust_display(number):
    """A number as libdd-ffe turns it into a string: Rust's f64 Display (shortest round-trip digits,
    never an exponent, no trailing `.0`)."""
    f = float(number)
    if math.isnan(f):
        return "NaN"
    if math.isinf(f):
        return "inf" if f > 0 else "-inf"
    if f == 0:
        return "-0" if math.copysign(1, f) < 0 else "0"
    text = format(Decimal(repr(f)), "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


# ---------------------------------------------------------------------------------------------
# Instants

NOWS = [(1772366400, 0), (1772366400, 123456789), (1772409599, 999999999), (1772323200, 0), (1772366400, 500000000)]
OFFSETS = [0, 0, 0, 90, -480, 330, -60]
DELTAS_NS = [0, 0, 0, 1, -1, 1000, -1000, 1000000, -1000000, 10 ** 9, -10 ** 9, 3600 * 10 ** 9, -3600 * 10 ** 9,
             SECONDS_PER_DAY * 10 ** 9, -SECONDS_PER_DAY * 10 ** 9, 10 * 365 * SECONDS_PER_DAY * 10 ** 9,
             -10 * 365 * SECONDS_PER_DAY * 10 ** 9]


def format_instant(seconds, nanos, offset_minutes=0, digits=None):
    """RFC 3339 text of an instant, in the given offset, with `digits` fraction digits at least as
    many as it needs (None: as few as it needs)."""
    import time
    needed = len(("%09d" % nanos).rstrip("0"))
    digits = needed if digits is None or digits < needed else digits
    local = time.gmtime(seconds + offset_minutes * 60)
    text = time.strftime("%Y-%m-%dT%H:%M:%S", local)
    if digits:
        text += "." + ("%09d" % nanos)[:digits]
    if offset_minutes == 0:
        return text + "Z"
    sign = "+" if offset_minutes > 0 else "-"
    return text + "%s%02d:%02d" % (sign, abs(offset_minutes) // 60, abs(offset_minutes) % 60)


def instant_near(rng, now, bias=0):
    """An instant near `now` (seconds, nanos), in a random form; `bias` -1 / +1 keeps it before / after."""
    delta = rng.choice(DELTAS_NS)
    if bias:
        delta = bias * abs(delta)
    total = now[0] * 10 ** 9 + now[1] + delta
    seconds, nanos = divmod(total, 10 ** 9)
    return format_instant(seconds, nanos, rng.choice(OFFSETS), rng.choice([None, None, 3, 6, 9, 0]))


# ---------------------------------------------------------------------------------------------
# Documents


class Hints:
    """Attribute values that make the document's conditions interesting, for the requests."""

    def __init__(self):
        self.values = {}

    def add(self, attribute, values):
        self.values.setdefault(attribute, []).extend(values)


def number_hints(comparand):
    out = [comparand, comparand + 1, comparand - 1, comparand + 0.5, comparand - 0.5, rust_display(comparand),
           "+" + rust_display(comparand), " " + rust_display(comparand), rust_display(comparand) + "."]
    if float(comparand).is_integer() and abs(comparand) < 2 ** 53:
        out.append(float(comparand))
    return out


def version_hints(version, dialect):
    core = version.split("+")[0].split("-")[0]
    parts = core.split(".")
    out = [version, core, core + "+x", core + "-0", core + "-alpha", core + "-rc.1"]
    if len(parts) == 3 and all(p.isdigit() for p in parts):
        a, b, c = (int(p) for p in parts)
        out += ["%d.%d.%d" % (a, b, c + 1), "%d.%d.%d" % (a, b + 1, 0), "%d.%d.%d" % (a, b, max(c - 1, 0)), "v" + core]
        if dialect == "eppo":
            # Versions of other than three parts: see EXTENDED_VERSIONS.
            out += ["%d.%d" % (a, b), "%d" % a, core + ".0", core + ".1"]
    return out


def condition(rng, dialect, hints, malformed):
    """One condition; `malformed` asks for one the dialect treats as an error (dd: the flag is
    rejected; eppo: the condition is false)."""
    attribute = rng.choice(["country", "email", "plan", "age", "score", "version", "beta", "id", "id", "tier",
                            "missing"])
    if malformed:
        choice = rng.choice(["op", "regex", "comparand", "semver", "isnull", "oneof"])
        if choice == "op":
            if dialect == "eppo" and rng.random() < 0.5:
                # Datadog's semver operators, which Eppo does not know.
                return {"attribute": "version", "operator": rng.choice(SEMVER_OPERATORS),
                        "value": rng.choice(VALID_VERSIONS)}
            return {"attribute": attribute, "operator": rng.choice(["EQUALS", "one_of", "CONTAINS", ""]),
                    "value": ["US"]}
        if choice == "regex":
            return {"attribute": attribute, "operator": rng.choice(["MATCHES", "NOT_MATCHES"]),
                    "value": rng.choice(BAD_REGEXES)}
        if choice == "comparand":
            return {"attribute": "age", "operator": rng.choice(COMPARISONS),
                    "value": rng.choice(["abc", None, True, ["18"]] + (["18", "1.5.0"] if dialect == "datadog" else []))}
        if choice == "semver":
            return {"attribute": "version", "operator": rng.choice(SEMVER_OPERATORS),
                    "value": rng.choice(INVALID_VERSIONS + [1, None])}
        if choice == "isnull":
            return {"attribute": attribute, "operator": "IS_NULL", "value": rng.choice(["true", 1, None, "false"])}
        return {"attribute": attribute, "operator": rng.choice(["ONE_OF", "NOT_ONE_OF"]),
                "value": rng.choice(["US", 42, None, {"a": 1}])}
    operators = (["ONE_OF"] * 4 + ["NOT_ONE_OF"] * 2 + ["MATCHES"] * 3 + ["NOT_MATCHES"] * 2 + ["IS_NULL"] * 2
                 + COMPARISONS * 2)
    operators += SEMVER_OPERATORS if dialect == "datadog" else []
    operator = rng.choice(operators)
    if operator in ("ONE_OF", "NOT_ONE_OF"):
        if attribute == "id":
            pool = KEYS
        elif attribute in ("age", "score"):
            pool = [rust_display(n) for n in NUMBERS] + ["18.0", "1e21", "-0.0"]
        elif attribute == "beta":
            pool = ["true", "false", "True", "1"]
        else:
            pool = COUNTRIES + PLANS + EMAILS
        values = rng.sample(pool, rng.randint(1, min(4, len(pool))))
        if rng.random() < 0.05:
            values = []
        hints.add(attribute, values)
        if attribute in ("age", "score"):
            hints.add(attribute, [n for n in NUMBERS if rust_display(n) in values])
        if attribute == "beta":
            hints.add(attribute, [True, False])
        return {"attribute": attribute, "operator": operator, "value": values}
    if operator in ("MATCHES", "NOT_MATCHES"):
        regex = rng.choice(REGEXES)
        value = [regex] if rng.random() < 0.06 else regex
        import re
        try:
            pattern = re.compile(regex.replace("[[:alpha:]]", "[^\\W\\d_]"))
            hints.add(attribute, [w for w in WORDS + COUNTRIES + EMAILS if pattern.search(w)])
        except re.error:
            pass
        if attribute in ("age", "score"):
            hints.add(attribute, rng.sample(NUMBERS, 4))
        return {"attribute": attribute, "operator": operator, "value": value}
    if operator == "IS_NULL":
        return {"attribute": attribute, "operator": operator, "value": rng.random() < 0.5}
    if operator in COMPARISONS:
        r = rng.random()
        if attribute not in ("age", "score", "version") and rng.random() < 0.7:
            attribute = rng.choice(["age", "score"])
        if dialect == "datadog" and attribute == "version":
            # Numeric hints ("12") on `version` would meet SEMVER_* conditions there: see EXTENDED_VERSIONS.
            attribute = rng.choice(["age", "score"])
        if dialect == "eppo" and r < 0.25:
            comparand = rng.choice(["18", "21.5", "-5", "1e2", " 18", "+5"])
            hints.add(attribute, number_hints(float(comparand.strip())))
        elif dialect == "eppo" and r < 0.45:
            attribute = "version"
            comparand = rng.choice(VALID_VERSIONS + ["1.5", "v1.5.0"])
            hints.add(attribute, version_hints(comparand, dialect))
        else:
            comparand = rng.choice(NUMBERS[:12])
            hints.add(attribute, number_hints(comparand))
        return {"attribute": attribute, "operator": operator, "value": comparand}
    # SEMVER_*: on `version` only, whose values avoid what ddtrace 4.16.0 reads as a version and
    # strict semver does not (EXTENDED_VERSIONS; other attributes hold strings such as "12").
    attribute = "version"
    comparand = rng.choice(VALID_VERSIONS)
    hints.add(attribute, version_hints(comparand, dialect))
    return {"attribute": attribute, "operator": operator, "value": comparand}


def variation_value(rng, kind, dialect):
    if kind == "STRING":
        return rng.choice(STRING_VALUES)
    if kind == "BOOLEAN":
        return rng.choice([True, False])
    if kind == "INTEGER":
        # Burgee reads JSON numbers as doubles: 2^63 - 1 reads as 2^63, out of Datadog's i64
        # (docs/datadog.md, "Known differences"); Eppo reads it through a double too.
        value = rng.choice([v for v in INTEGER_VALUES if dialect == "eppo" or v != 2 ** 63 - 1])
        if dialect == "eppo" and rng.random() < 0.15:
            return float(rng.choice([3, -7, 0, 1000]))
        return value
    if kind == "NUMERIC":
        return rng.choice(NUMERIC_VALUES)
    value = rng.choice(JSON_VALUES)
    return json.dumps(value) if dialect == "eppo" else value


def wrong_value(rng, kind, dialect):
    """A variation value that does not fit `kind`."""
    pool = {"STRING": [5, True, None, {"a": 1}], "BOOLEAN": ["true", 1, None], "INTEGER": [1.5, "3", True, 2 ** 64],
            "NUMERIC": ["3.5", True, None], "JSON": ["{not json", "[1,"] if dialect == "eppo" else []}[kind]
    if dialect == "datadog" and kind == "INTEGER":
        # Not 1.0: a double keeps no trace of how the number was written (docs/datadog.md).
        pool = pool + [2 ** 63]
    if dialect == "eppo":
        pool = pool + ([{"a": 1}] if kind == "JSON" else [])
    return rng.choice(pool) if pool else None


def shard(rng, dialect, total):
    """A shard over `total` shards (its own totalShards in Datadog's dialect, the flag's in Eppo's)."""
    s = {"salt": rng.choice(SALTS)}
    r = rng.random()
    if r < 0.15:
        ranges = [{"start": 0, "end": total}]  # full range: not hashed
    elif r < 0.22:
        half = rng.randint(0, total)
        ranges = [{"start": 0, "end": half}, {"start": half, "end": total}]  # covers everything, still hashed
    elif r < 0.26:
        ranges = [{"start": 0, "end": total}, {"start": 0, "end": 1}]
    else:
        ranges = []
        for _ in range(rng.choice([1, 1, 1, 2, 3])):
            start = rng.randint(0, total)
            end = rng.randint(start, total)
            if rng.random() < 0.05:
                end = total + rng.randint(1, 5)
            ranges.append({"start": start, "end": end})
        if rng.random() < 0.03:
            ranges = []
    s["ranges"] = ranges
    if dialect == "datadog":
        s["totalShards"] = total
    elif rng.random() < 0.1:
        s["totalShards"] = rng.choice(TOTALS)  # ignored by Eppo
    return s


def split(rng, dialect, variation_keys, total, malformed):
    key = rng.choice(variation_keys) if variation_keys else "missing"
    if malformed:
        key = rng.choice(["missing", "ON", key + " "])
    s = {"variationKey": key}
    n = rng.choice([0, 0, 1, 1, 1, 2])
    if dialect == "datadog":
        shards = [shard(rng, dialect, rng.choice(TOTALS)) for _ in range(n)]
    else:
        shards = [shard(rng, dialect, total) for _ in range(n)]
    s["shards"] = shards
    if dialect == "datadog" and rng.random() < 0.4:
        s["serialId"] = rng.choice([0, 1, 7, 42, 2 ** 31 - 1, -3])
    if dialect == "eppo" and rng.random() < 0.35:
        s["extraLogging"] = {rng.choice(["holdoutKey", "x", "ü", "cohort"]): rng.choice(["h1", "", "ü", "status quo"])
                             for _ in range(rng.randint(0, 2))}
    return s


def allocation(rng, dialect, index, variation_keys, total, now, hints, bad):
    a = {"key": rng.choice(["a%d" % index, "alloc-%d" % index, "ü-%d" % index])}
    r = rng.random()
    if r < 0.5:
        rules = []
        for _ in range(rng.choice([1, 1, 2, 3])):
            conditions = [condition(rng, dialect, hints, bad == "condition" and rng.random() < 0.5)
                          for _ in range(rng.choice([1, 1, 2, 3]))]
            if rng.random() < 0.03:
                conditions = []
            rules.append({"conditions": conditions})
        if bad == "condition" and not any("EQUALS" in json.dumps(c) for c in rules):
            rules[0]["conditions"].append(condition(rng, dialect, hints, True))
        a["rules"] = rules
    elif r < 0.57:
        a["rules"] = []
    elif r < 0.6 and (dialect == "datadog" or bad == "condition"):
        a["rules"] = None
    if rng.random() < 0.3:
        which = rng.choice(["start", "end", "both", "both"])
        if which in ("start", "both"):
            a["startAt"] = instant_near(rng, now, -1 if which == "both" and rng.random() < 0.5 else 0)
        if which in ("end", "both"):
            a["endAt"] = instant_near(rng, now, 1 if which == "both" and rng.random() < 0.5 else 0)
    elif rng.random() < 0.03:
        a["startAt"] = None
    n = rng.choice([1, 1, 1, 2, 2, 3])
    if rng.random() < 0.03:
        n = 0
    a["splits"] = [split(rng, dialect, variation_keys, total, bad == "variation" and i == n - 1) for i in range(n)]
    r = rng.random()
    if r < 0.4:
        a["doLog"] = True
    elif r < 0.75:
        a["doLog"] = False
    return a


def flag(rng, dialect, key, now, hints):
    kind = rng.choice(VARIATION_TYPES)
    total = rng.choice(TOTALS)
    bad = None
    if rng.random() < 0.08:
        bad = rng.choice(["value", "variation", "condition", "condition", "total"])
    variations = {}
    for i in range(rng.choice([1, 2, 2, 3, 4])):
        name = "v%d" % i
        inner = name if rng.random() < 0.9 else "var-%d" % i
        variations[name] = {"key": inner, "value": variation_value(rng, kind, dialect)}
    if bad == "value":
        value = wrong_value(rng, kind, dialect)
        target = rng.choice(list(variations))
        variations[target]["value"] = value
    variation_keys = [v["key"] for v in variations.values()]
    allocations = [allocation(rng, dialect, i, variation_keys, total, now, hints, bad)
                   for i in range(rng.choice([0, 1, 1, 2, 2, 3, 4]))]
    f = {"key": key, "enabled": rng.random() < 0.9, "variationType": kind, "variations": variations,
         "allocations": allocations}
    if dialect == "eppo":
        if bad == "total":
            if rng.random() < 0.5:
                pass  # no flag-level totalShards
            else:
                f["totalShards"] = rng.choice(["100", None, -1])
        else:
            f["totalShards"] = total
    else:
        if rng.random() < 0.15:
            f["totalShards"] = rng.choice(TOTALS)  # ignored by Datadog
        if bad == "total":
            shards = [s for a in allocations for sp in a["splits"] for s in sp["shards"]]
            if shards:
                victim = rng.choice(shards)
                if rng.random() < 0.5:
                    del victim["totalShards"]
                else:
                    victim["totalShards"] = 0
    if rng.random() < 0.01:
        f["allocations"] = {"not": "a list"}
    return f


def document(rng, dialect):
    now = rng.choice(NOWS)
    hints = Hints()
    keys = ["f%d" % i for i in range(rng.randint(3, 8))]
    if rng.random() < 0.2:
        keys.append(rng.choice(["flag with space", "ü-flag", "F0", "kill-switch"]))
    flags = {key: flag(rng, dialect, key, now, hints) for key in keys}
    doc = {"createdAt": format_instant(now[0], now[1], rng.choice(OFFSETS), rng.choice([None, 3, 9])),
           "format": "SERVER", "environment": {"name": rng.choice(["Test", "prod", "staging"])}, "flags": flags}
    if rng.random() < 0.1:
        doc["unknownTopLevelField"] = {"ignored": True}
    if dialect == "datadog" and rng.random() < 0.2:
        doc["observeFullEvaluationData"] = rng.choice([True, False, "true"])
    if rng.random() < 0.15:
        doc = {"data": {"type": "universal-flag-configuration", "id": "1", "attributes": doc}}
    return doc, hints


def ufc(document):
    if isinstance(document.get("data"), dict) and "attributes" in document["data"]:
        return document["data"]["attributes"]
    return document


def now_of(document):
    return ufc(document)["createdAt"]


# ---------------------------------------------------------------------------------------------
# Requests


def lenient_version(value):
    """Whether `value` is a string ddtrace 4.16.0's SEMVER_* read as a version and strict semver does
    not: numeric parts other than three (see EXTENDED_VERSIONS)."""
    if not isinstance(value, str):
        return False
    core = re.split(r"[-+]", value, maxsplit=1)[0]
    parts = core.split(".")
    return all(p.isdigit() for p in parts) and len(parts) != 3


def attribute_value(rng, name, hints, dialect):
    if hints.values.get(name) and rng.random() < 0.55:
        value = rng.choice(hints.values[name])
        if not (dialect == "datadog" and name == "version" and lenient_version(value)):
            return value
    r = rng.random()
    if r < 0.08:
        return None
    if r < 0.16:
        return rng.choice([True, False, 42, 1.5, "pro", "1.2.3", "", -0.0, 1e21])
    if name in ("age", "score"):
        return rng.choice(NUMBERS + NUMERIC_STRINGS)
    if name == "version":
        return rng.choice(VALID_VERSIONS + INVALID_VERSIONS + (EXTENDED_VERSIONS if dialect == "eppo" else []))
    if name == "beta":
        return rng.choice([True, False, "true", 1, 0])
    if name == "id":
        return rng.choice(KEYS + [42, 7.0])
    if name == "country":
        return rng.choice(COUNTRIES)
    if name == "email":
        return rng.choice(EMAILS)
    return rng.choice(WORDS + PLANS)


def request_default(rng, kind):
    r = rng.random()
    if r < 0.2:
        return "absent"
    if r < 0.3:
        return rng.choice([None, "d", 0, True, {"d": 1}])
    return {"STRING": "default", "BOOLEAN": rng.choice([True, False]), "INTEGER": rng.choice([0, -1, 99]),
            "NUMERIC": rng.choice([0.0, 2.5, -1]), "JSON": rng.choice([{"default": True}, [], None])}.get(kind, "d")


def requests(rng, doc, hints, n, dialect):
    flags = ufc(doc)["flags"]
    names = list(flags)
    out = []
    for _ in range(n):
        r = rng.random()
        if r < 0.92:
            key = rng.choice(names)
        else:
            key = rng.choice(["nope", "F9", "f0 ", ""])
        flag = flags.get(key) or {}
        own = flag.get("variationType") if flag.get("variationType") in VARIATION_TYPES else "STRING"
        request = {"flag": key}
        r = rng.random()
        if r < 0.45:
            kind = own
        elif r < 0.85:
            kind = own
            request["type"] = rng.choice(REQUEST_TYPES[own])
        else:
            kind = rng.choice(VARIATION_TYPES)
            request["type"] = rng.choice(REQUEST_TYPES[kind])
        default = request_default(rng, kind)
        if default != "absent":
            request["default"] = default
        context = {}
        r = rng.random()
        if dialect == "datadog":
            if r < 0.85:
                context["targetingKey"] = rng.choice(KEYS)
            elif r < 0.9:
                context["targetingKey"] = None
            elif r < 0.95:
                context["targetingKey"] = ""
        else:
            if r < 0.94:
                context["targetingKey"] = rng.choice(KEYS)
            elif r < 0.96:
                context["targetingKey"] = ""
            else:
                context["targetingKey"] = rng.choice([None, 5, True, "absent"])
                if context["targetingKey"] == "absent":
                    del context["targetingKey"]
        attributes = {}
        for name in ATTRIBUTES:
            if name == "missing":
                continue
            if name == "id" and rng.random() < 0.7:
                continue  # falls back to the targeting key
            if rng.random() < 0.7:
                attributes[name] = attribute_value(rng, name, hints, dialect)
        if rng.random() < 0.02:
            attributes[rng.choice(["tags", "country"])] = rng.choice([["a", "b"], {"a": 1}])
        context["attributes"] = attributes
        request["context"] = context
        out.append(request)
    return out


def generate(rng, n):
    doc, hints = document(rng, NAME)
    return doc, requests(rng, doc, hints, n, NAME)


def burgee_args(document):
    return ["--now", now_of(document)]


def oracle(document, reqs):
    from oracles import ufc as engines
    return engines.evaluate(NAME, document, reqs, now=now_of(document))


# ---------------------------------------------------------------------------------------------
# Comparing


def number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def same(a, b):
    """JSON equality, numbers compared as doubles (so -0.0 equals 0)."""
    if number(a) and number(b):
        return float(a) == float(b)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


def compare_common(burgee, answer, member, fields):
    differences = []
    if "documentRejected" in answer:
        return "the SDK refused the document"
    if not same(burgee.get("value"), answer["value"]):
        differences.append("value %s vs %s" % (json.dumps(burgee.get("value"), ensure_ascii=False),
                                               json.dumps(answer["value"], ensure_ascii=False)))
    if burgee.get("variation") != answer["variation"]:
        differences.append("variation %r vs %r" % (burgee.get("variation"), answer["variation"]))
    reason = burgee.get("reason") or {}
    want = answer["reason"]
    if reason.get("kind") != want.get("kind") or reason.get("errorKind") != want.get("errorKind"):
        differences.append("reason %s/%s vs %s/%s" % (reason.get("kind"), reason.get("errorKind"),
                                                      want.get("kind"), want.get("errorKind")))
    vendor = burgee.get(member)
    if not isinstance(vendor, dict):
        differences.append("no %r member" % member)
    else:
        for field in fields:
            if field not in answer:
                continue
            if not same(vendor.get(field), answer[field]):
                differences.append("%s %s vs %s" % (field, json.dumps(vendor.get(field), ensure_ascii=False),
                                                   json.dumps(answer[field], ensure_ascii=False)))
    return "; ".join(differences) or None


def compare(request, burgee, answer):
    fields = ["allocationKey", "doLog"] + (["serialId"] if answer.get("variation") is not None else [])
    return compare_common(burgee, answer, "datadog", fields)


def reduce(document, flag):
    reduced = copy.deepcopy(document)
    inner = ufc(reduced)
    inner["flags"] = {k: v for k, v in inner["flags"].items() if k == flag}
    return reduced
