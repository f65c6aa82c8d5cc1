"""Datadog Feature Flags (UFC, Datadog's dialect): random documents, evaluated by burgee and by ddtrace.

The oracle is ddtrace's OpenFeature provider with libdatadog's evaluator, offline, through
oracles/ufc.py (which says how it runs and how its clock is fixed), with `fixtures_rule` on: a flag
libdd-ffe rejects as a whole answers DEFAULT with the request's default, as Datadog's fixtures and
Burgee do. The generator here is shared with formats/eppo.py: `document(rng, dialect)` and
`requests(rng, document, hints, n, dialect)` write either dialect. Where libdatadog's main branch
and ddtrace 4.16.0 read a document differently, ddtrace 4.16.0 (the engine Datadog's users run)
decides.

Each document's clock is its `createdAt`, passed to burgee as `--now` and to the oracle as `now`;
startAt/endAt bounds sit on it, a nanosecond, microsecond, millisecond, second or more away, in
other offsets and with other fraction digits (never more than nine, the SDKs' precision).

Compared: value, variation, reason kind and error kind, and the `datadog` member's allocationKey and
doLog, and its serialId when a variation was served. Values are compared as the SDK returns them
(burgee's line read with json.loads, which keeps integers exact): where the SDK gives a Python int
in an int evaluation (an INTEGER flag) or anywhere inside a JSON value, the user gets an integer,
and burgee must write an integer of exactly that value (4611686018427387904, not
4.611686018427388e+18); every other number compares exactly as a number, whatever its Python type
(a NUMERIC flag's 1.0 equals burgee's 1, -0.0 equals 0, a default passed through as -1 equals -1.0),
and 2^53 + 1 never equals the double 2^53.

Inputs the generator seeks out, counted by classes() per request (`classes: …` in the run's output):
- big-integers: INTEGER, NUMERIC and JSON values near and beyond 2^53 within i64 (2^53 - 1, 2^53,
  2^53 + 1, 2^62, 2^63 - 1, -2^63);
- beyond-int64: integers outside i64 (2^63, 2^64 - 1, -2^63 - 1, 10^20) as values of any type;
- integral-doubles: INTEGER values written as doubles (`1.0`, `42.0`, `1e+16`, and through RawNumber
  the texts `1e2`, `4.2E1`, `-0`, `5.00`): Datadog reads JSON integers only, Eppo any whole number;
- partial-versions: SEMVER_* comparands and `version` attributes of other than three numeric parts
  (EXTENDED_VERSIONS), which ddtrace 4.16.0 reads;
- disabled-rejected: disabled flags with a part an engine rejects (a value of the wrong type, a
  split naming no variation, an invalid regex, an unknown operator, a comparand of the wrong type,
  an invalid version, an unreadable member);
- type-mismatches: values of another JSON type than the variationType, unknown variationTypes, and
  requests of every type against flags of every type;
- unicode-regexes: MATCHES patterns with Unicode property classes (`\\p{Han}`), which Rust's regex
  runs;
- struct-arrays: a variation, split, shard range or condition written as the array of its members
  (serde reads a Rust struct from either form).

Regular expressions: a fixed list, Unicode property classes, and a third of the time a pattern
from regexgen.py in Rust's dialect (every construct, refused ones too).

Kept out: empty variation and allocation keys (ddtrace's Python layer treats "" as none: it
answers the default for a served "" variant and logs no exposure for a "" allocation), fraction
digits beyond nanoseconds, duplicate allocation keys.
"""
import copy
import json
import re
import math
from decimal import Decimal

import regexgen
from oracles.ufc import RawNumber, dumps

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
# Unicode property classes (a class of its own, "unicode-regexes", counted apart from the rest).
UNICODE_REGEXES = ["\\p{Han}", "^\\p{L}+$", "\\P{L}", "\\p{Greek}", "\\pL", "^\\p{Lu}", "\\p{N}"]
# Numbers whose string form (Rust's f64 Display: no exponent, no trailing .0) is worth testing.
NUMBERS = [0, 1, 18, 21, 42, 65, 100, -5, 3.5, 18.5, 0.1, 1e21, 1e-7, -0.0, 2 ** 53 + 1, 1e300, 123456789.125,
           1000000, 0.000001]
NUMERIC_STRINGS = ["18", "18.", "+5", "1e2", "inf", "-Infinity", "NaN", " 18", "0x10", "", "21.0", "-5", "1_000",
                   ".5", "1e400", "18 "]
VALID_VERSIONS = ["1.0.0", "1.2.3", "1.2.3-alpha", "1.2.3-alpha.1", "1.2.3-rc.1", "1.2.3+build", "2.0.0", "2.0.0+b",
                  "10.0.0", "1.10.0", "0.0.1", "1.2.3-1", "1.2.3-11", "1.2.3-alpha.beta", "1.5.0", "1.2.3-rc.1+b.2"]
# Not versions for any of the engines (as a SEMVER_* comparand they reject the flag).
INVALID_VERSIONS = ["v1.2.3", "01.2.3", "", " 1.2.3", "1.2.3-01", "1.2.3-", "1..2", "1.2.", "1.02.3", "1.2.x",
                    "1.2.3 ", "V1.2", "1.2.3+", "1.2.3+a+b", "1.2.3-rc..1", "-1.2.3", ".1.2", "1.2.3-rc.01",
                    "18446744073709551616", "1.2.3-α", "=1.2.3"]
# Not semver, but versions for ddtrace 4.16.0's SEMVER_* (libdd-ffe's ExtendedVersion): one or more
# numeric parts without leading zeros, each up to 2^64 - 1, missing ones 0, then semver's
# prerelease and build (build ignored), as comparands and as attributes. Eppo's comparisons read
# them only as attributes (strict semver comparands).
EXTENDED_VERSIONS = ["18", "18.0", "1.2", "1", "1.2.3.4", "1.2.3.0", "18.0.0.0.1", "1.2.3.4-rc.1", "1.2+b", "1-rc",
                     "2.0", "0", "1.2-rc.1", "1.10", "10", "1.2.3.0.0", "18.0.0.0.0.1", "18446744073709551615",
                     "1.2.4294967296", "1.2.3.4+b.5", "0.0"]
ATTRIBUTES = ["country", "email", "plan", "age", "score", "version", "beta", "id", "tier", "missing"]

SEMVER_OPERATORS = ["SEMVER_EQ", "SEMVER_NEQ", "SEMVER_LT", "SEMVER_LTE", "SEMVER_GT", "SEMVER_GTE"]
COMPARISONS = ["GTE", "GT", "LTE", "LT"]

VARIATION_TYPES = ["STRING", "BOOLEAN", "INTEGER", "NUMERIC", "JSON"]
REQUEST_TYPES = {"STRING": ["string", "string", "STRING"], "BOOLEAN": ["boolean", "boolean", "BOOLEAN"],
                 "INTEGER": ["int", "int", "integer", "INTEGER"], "NUMERIC": ["double", "double", "float", "NUMERIC"],
                 "JSON": ["json", "json", "object", "JSON"]}
STRING_VALUES = ["on", "off", "red", "blue", "", "ü", "control", "treatment", "a\"b", "日本", "  "]
INTEGER_VALUES = [0, 1, -1, 42, 7, 1000, -2 ** 31]
# Integers a double does not hold exactly (or only just): Datadog serves INTEGER values as i64 and
# Python ints, Eppo through a double (2^53 + 1 -> 2^53, 2^63 - 1 -> 2^63 -> i64::MAX).
BIG_INTEGERS = [2 ** 53 - 1, 2 ** 53, 2 ** 53 + 1, -(2 ** 53) - 1, 2 ** 62, 2 ** 62 + 1, 2 ** 63 - 1, -2 ** 63,
                -2 ** 63 + 1]
# Integers beyond i64: Datadog rejects them as INTEGER values; Eppo takes 2^63 (the double 2^63 saturates
# to i64::MAX) and refuses 2^64 - 1 when it serves it.
BEYOND_INT64 = [2 ** 63, 2 ** 64 - 1, -2 ** 63 - 1, 10 ** 20]
# Integral numbers written as doubles (Python writes 1.0 as `1.0`, 1e16 as `1e+16`): Datadog's INTEGER
# reads JSON integers only; Eppo reads any number without a fraction.
INTEGRAL_DOUBLES = [1.0, 42.0, -7.0, 0.0, -0.0, 1e16, RawNumber("1e2"), RawNumber("4.2E1"), RawNumber("1.0e0"),
                    RawNumber("100e-2"), RawNumber("-0"), RawNumber("5.00")]
NUMERIC_VALUES = [0, 0.5, 3.1415926, -2.5, 1e21, 1e-7, -0.0, 42, 1e300, RawNumber("1e2"), RawNumber("2.50")]
JSON_VALUES = [{"a": 1}, [1, 2, 3], {"nested": {"x": [1, {"y": None}]}}, "text", 3.5, True, None, {}, [], 0,
               {"ü": "ß", "k": [True, False]}, {"f": 1.0}, [0.5, -0.0]]
# JSON values with integers a double does not hold: Datadog's JSON keeps them exact.
BIG_JSON_VALUES = [{"big": 2 ** 63}, [2 ** 53 + 1, -2 ** 63], 2 ** 64 - 1, {"n": [2 ** 62 + 1]}, 2 ** 53 + 1]


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
    if all(p.isdigit() for p in parts):
        a, b, c = ([int(p) for p in parts] + [0, 0])[:3]
        out += ["%d.%d.%d" % (a, b, c + 1), "%d.%d.%d" % (a, b + 1, 0), "%d.%d.%d" % (a, b, max(c - 1, 0)), "v" + core]
        # The same version and its neighbours in other numbers of parts (EXTENDED_VERSIONS).
        out += ["%d.%d" % (a, b), "%d" % a, core + ".0", core + ".1", "%d.%d.%d" % (a, b, c), core + ".0.0.1",
                "%d.%d-rc.1" % (a, b)]
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
                    "value": rng.choice(BAD_REGEXES + [5, ["a", "b"]])}
        if choice == "comparand":
            return {"attribute": "age", "operator": rng.choice(COMPARISONS),
                    "value": rng.choice(["abc", None, True, ["18"]] + (["18", "1.5.0"] if dialect == "datadog" else []))}
        if choice == "semver":
            return {"attribute": "version", "operator": rng.choice(SEMVER_OPERATORS),
                    "value": rng.choice(INVALID_VERSIONS + [1, None])}
        if choice == "isnull":
            return {"attribute": attribute, "operator": "IS_NULL", "value": rng.choice(["true", 1, None, "false"])}
        return {"attribute": attribute, "operator": rng.choice(["ONE_OF", "NOT_ONE_OF"]),
                "value": rng.choice(["US", 42, None, {"a": 1}, [1, 2]])}
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
        r = rng.random()
        if r < 0.35:
            # Rust's whole regex syntax (regexgen.py), refused patterns among them.
            regex = regexgen.pattern(rng, "rust")
            hints.add(attribute, regexgen.texts(rng, 6))
        else:
            regex = rng.choice(UNICODE_REGEXES if r < 0.39 else REGEXES)
            try:
                pattern = re.compile(regex.replace("[[:alpha:]]", "[^\\W\\d_]"))
                hints.add(attribute, [w for w in WORDS + COUNTRIES + EMAILS if pattern.search(w)])
            except re.error:
                pass
        value = [regex] if rng.random() < 0.06 else regex
        if attribute in ("age", "score"):
            hints.add(attribute, rng.sample(NUMBERS, 4))
        return {"attribute": attribute, "operator": operator, "value": value}
    if operator == "IS_NULL":
        return {"attribute": attribute, "operator": operator, "value": rng.random() < 0.5}
    if operator in COMPARISONS:
        r = rng.random()
        if attribute not in ("age", "score", "version") and rng.random() < 0.7:
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
    # SEMVER_*: mostly on `version`; comparands of three parts or of others (EXTENDED_VERSIONS).
    attribute = "version" if rng.random() < 0.85 else attribute
    comparand = rng.choice(EXTENDED_VERSIONS if rng.random() < 0.3 else VALID_VERSIONS)
    hints.add(attribute, version_hints(comparand, dialect))
    return {"attribute": attribute, "operator": operator, "value": comparand}


def variation_value(rng, kind, dialect):
    if kind == "STRING":
        return rng.choice(STRING_VALUES)
    if kind == "BOOLEAN":
        return rng.choice([True, False])
    if kind == "INTEGER":
        r = rng.random()
        if r < 0.12:
            return rng.choice(BIG_INTEGERS)
        if r < 0.16:
            return rng.choice(INTEGRAL_DOUBLES)  # Datadog rejects the flag, Eppo serves the integer
        if r < 0.185:
            return rng.choice(BEYOND_INT64)
        return rng.choice(INTEGER_VALUES)
    if kind == "NUMERIC":
        return rng.choice(BIG_INTEGERS + BEYOND_INT64 if rng.random() < 0.15 else NUMERIC_VALUES)
    value = rng.choice(BIG_JSON_VALUES if rng.random() < 0.12 else JSON_VALUES)
    return json.dumps(value) if dialect == "eppo" else value


# Variation values that do not fit a variationType (Datadog's JSON takes any value inline; Eppo's
# wants a string holding JSON).
WRONG_VALUES = {"STRING": [5, 1.5, True, None, {"a": 1}, ["x"]],
                "BOOLEAN": ["true", 1, 0, None, [], 1.0],
                "INTEGER": [1.5, "3", True, None, [1], {"a": 1}, RawNumber("1.5e0"), "1"],
                "NUMERIC": ["3.5", True, None, [1.5], {}, "1e2"],
                "JSON": []}
EPPO_WRONG_JSON = ["{not json", "[1,", "", {"a": 1}, [1], 5, True, None]


def wrong_value(rng, kind, dialect):
    """A variation value that does not fit `kind`."""
    pool = EPPO_WRONG_JSON if dialect == "eppo" and kind == "JSON" else WRONG_VALUES[kind]
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


class Flag(dict):
    """A generated flag (a dict, as the document holds it); `defects` names what the generator made
    invalid on purpose, for classes()."""

    defects = ()
    disabled = False


UNKNOWN_VARIATION_TYPES = ["FLOAT", "NUMBER", "integer", "OBJECT", "", None]


def unreadable_member(rng, f, dialect):
    """Makes one member of flag `f` unreadable (of a type or a value no engine reads); returns its name."""
    allocations = f["allocations"] if isinstance(f["allocations"], list) else []
    splits = [sp for a in allocations for sp in a["splits"]]
    shards = [sh for sp in splits for sh in sp["shards"]]
    conditions = [c for a in allocations for r in a.get("rules") or [] for c in r["conditions"]]
    choices = ["variationType", "variationType", "enabled", "key", "variations", "variation", "allocations"]
    if allocations:
        choices += ["allocation", "allocation"]
    if splits:
        choices += ["split", "split"]
    if shards:
        choices += ["shard"]
    if conditions:
        choices += ["condition"]
    member = rng.choice(choices)
    if member == "variationType":
        if rng.random() < 0.8:
            f["variationType"] = rng.choice(UNKNOWN_VARIATION_TYPES)
        else:
            del f["variationType"]
    elif member == "enabled":
        if rng.random() < 0.8:
            f["enabled"] = rng.choice(["false", "true", None, 0, 1])
        else:
            del f["enabled"]
    elif member == "key":
        f["key"] = rng.choice([5, None, ["k"]])
    elif member == "variations":
        f["variations"] = rng.choice([list(f["variations"].values()), None, "v0"])
    elif member == "variation":
        variation = rng.choice(list(f["variations"].values()))
        field = rng.choice(["key", "value"])
        if rng.random() < 0.5 or field == "value":
            del variation[field]
        else:
            variation[field] = rng.choice([5, None])
    elif member == "allocations":
        f["allocations"] = rng.choice([{"not": "a list"}, None, "a0"])
    elif member == "allocation":
        a = rng.choice(allocations)
        field = rng.choice(["key", "doLog", "startAt", "endAt", "rules", "splits"])
        a[field] = {"key": rng.choice([5, None]), "doLog": rng.choice(["true", None, 1]),
                    "startAt": rng.choice(["yesterday", 5, "2026-13-01T00:00:00Z", "2026-03-01"]),
                    "endAt": rng.choice(["tomorrow", True, "2026-03-01T25:00:00Z"]),
                    "rules": rng.choice([{"conditions": []}, "r", [{"conditions": None}], [None]]),
                    "splits": rng.choice([None, {}, "s"])}[field]
    elif member == "split":
        sp = rng.choice(splits)
        field = rng.choice(["variationKey", "shards", "serialId"])
        if field == "variationKey" and rng.random() < 0.5:
            del sp["variationKey"]
        else:
            sp[field] = {"variationKey": rng.choice([5, None, ["v0"]]), "shards": rng.choice([None, {}, "s"]),
                         "serialId": rng.choice(["7", 2 ** 31, 1.5, -2 ** 31 - 1])}[field]
    elif member == "shard":
        sh = rng.choice(shards)
        field = rng.choice(["salt", "ranges", "range"])
        if field == "range" and sh["ranges"]:
            r = rng.choice(sh["ranges"])
            r[rng.choice(["start", "end"])] = rng.choice([-1, 0.5, "0", None, 2 ** 32])
        else:
            sh[field if field != "range" else "ranges"] = {"salt": rng.choice([5, None]),
                                                           "ranges": rng.choice([None, {}, ["0-1"], [{"start": 0}]]),
                                                           "range": None}[field]
    else:
        c = rng.choice(conditions)
        field = rng.choice(["attribute", "operator", "value"])
        if rng.random() < 0.4:
            del c[field]
        else:
            c[field] = {"attribute": rng.choice([5, None]), "operator": rng.choice([5, None, "Gte"]),
                        "value": {"a": 1}}[field]
    return member


def sequence_form(rng, f, dialect):
    """Writes one object of flag `f` as the array of its members in the order the vendors' Rust
    structs declare them (serde reads a struct from either): a shard range as [start, end], a
    variation as [key, value], a split as [shards, variationKey, serialId or extraLogging], a
    condition as [attribute, operator, value]."""
    allocations = f["allocations"] if isinstance(f["allocations"], list) else []
    splits = [(a["splits"], i) for a in allocations for i in range(len(a["splits"]))]
    ranges = [(sh["ranges"], i) for a in allocations for sp in a["splits"] for sh in sp["shards"]
              for i in range(len(sh["ranges"]))]
    conditions = [(r["conditions"], i) for a in allocations for r in a.get("rules") or []
                  for i in range(len(r["conditions"]))]
    choices = ["variation"] + (["split"] if splits else []) + (["range"] * 2 if ranges else []) \
        + (["condition"] if conditions else [])
    which = rng.choice(choices)
    if which == "variation":
        name = rng.choice(list(f["variations"]))
        v = f["variations"][name]
        f["variations"][name] = [v["key"], v["value"]]
    elif which == "range":
        holder, i = rng.choice(ranges)
        holder[i] = [holder[i]["start"], holder[i]["end"]]
    elif which == "split":
        holder, i = rng.choice(splits)
        sp = holder[i]
        extra = [sp[k] for k in ("serialId", "extraLogging") if k in sp]
        holder[i] = [sp["shards"], sp["variationKey"]] + extra
    else:
        holder, i = rng.choice(conditions)
        c = holder[i]
        holder[i] = [c["attribute"], c["operator"], c["value"]]


def flag(rng, dialect, key, now, hints):
    kind = rng.choice(VARIATION_TYPES)
    total = rng.choice(TOTALS)
    bad = None
    if rng.random() < 0.12:
        bad = rng.choice(["value", "variation", "condition", "condition", "total", "member", "member"])
    # A flag with a defect is disabled half the time: Datadog checks `enabled` before the variation
    # values and the splits' variations, after everything else ("disabled-rejected").
    enabled = rng.random() < (0.5 if bad else 0.9)
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
    f = Flag(key=key, enabled=enabled, variationType=kind, variations=variations, allocations=allocations)
    f.disabled = not enabled
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
            else:
                bad = "member"
    if bad == "variation" and not any(a["splits"] for a in allocations):
        bad = "member"
    if bad == "condition" and not any(a.get("rules") for a in allocations):
        bad = "member"
    if not bad and rng.random() < 0.04:
        sequence_form(rng, f, dialect)
    if bad == "member":
        bad = "member:" + unreadable_member(rng, f, dialect)
    elif rng.random() < 0.01:
        f["allocations"] = {"not": "a list"}
        bad = "member:allocations"
    f.defects = (bad,) if bad else ()
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
    """Whether `value` is a version of other than three numeric parts (see EXTENDED_VERSIONS): one
    ddtrace 4.16.0's SEMVER_* read and strict semver does not."""
    if not isinstance(value, str):
        return False
    core = re.split(r"[-+]", value, maxsplit=1)[0]
    parts = core.split(".")
    return all(p.isdigit() for p in parts) and len(parts) != 3


def attribute_value(rng, name, hints, dialect):
    if hints.values.get(name) and rng.random() < 0.55:
        return rng.choice(hints.values[name])
    r = rng.random()
    if r < 0.08:
        return None
    if r < 0.16:
        return rng.choice([True, False, 42, 1.5, "pro", "1.2.3", "", -0.0, 1e21])
    if name in ("age", "score"):
        return rng.choice(NUMBERS + NUMERIC_STRINGS)
    if name == "version":
        return rng.choice(VALID_VERSIONS + INVALID_VERSIONS + EXTENDED_VERSIONS)
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
        elif r < 0.8:
            kind = own
            request["type"] = rng.choice(REQUEST_TYPES[own])
        else:
            # Any type, most often another than the flag's ("type-mismatches").
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


def encode(document):
    """The document's JSON text, RawNumber values as written."""
    return dumps(document)


def oracle(document, reqs):
    from oracles import ufc as engines
    return engines.evaluate(NAME, document, reqs, now=now_of(document))


def oracle_now(document, reqs):
    """The oracle on the wall clock, as a server that evaluates requests as they come."""
    from oracles import ufc as engines
    return engines.evaluate(NAME, document, reqs, now=None)


def classes(document, reqs):
    return count_classes(document, reqs, NAME)


# ---------------------------------------------------------------------------------------------
# Classes of inputs: how many requests meet each kind of value the engines read differently

CLASSES = ["big-integers", "beyond-int64", "integral-doubles", "partial-versions", "disabled-rejected",
           "type-mismatches", "unicode-regexes", "struct-arrays"]
UFC_TYPES = {"STRING": "string", "BOOLEAN": "boolean", "INTEGER": "int", "NUMERIC": "double", "JSON": "json"}


def numbers_in(value):
    """The numbers in a variation value."""
    if isinstance(value, RawNumber):
        yield value.value
    elif number(value):
        yield value
    elif isinstance(value, list):
        for v in value:
            yield from numbers_in(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from numbers_in(v)


def fits(kind, value, dialect):
    """Whether a variation value has the JSON type its variationType wants (integral doubles count
    as INTEGER: they are a class of their own)."""
    if kind == "STRING":
        return isinstance(value, str)
    if kind == "BOOLEAN":
        return isinstance(value, bool)
    if kind == "INTEGER":
        return isinstance(value, RawNumber) or number(value) and float(value).is_integer()
    if kind == "NUMERIC":
        return isinstance(value, RawNumber) or number(value)
    if kind == "JSON":
        return dialect == "datadog" or isinstance(value, str)
    return False


def sequence_forms(f):
    """Whether flag `f` writes a variation, split, shard range or condition as an array."""
    variations = f.get("variations") if isinstance(f.get("variations"), dict) else {}
    if any(isinstance(v, list) for v in variations.values()):
        return True
    allocations = f.get("allocations") if isinstance(f.get("allocations"), list) else []
    for a in (a for a in allocations if isinstance(a, dict)):
        splits = a.get("splits") if isinstance(a.get("splits"), list) else []
        if any(isinstance(sp, list) for sp in splits):
            return True
        for sp in (sp for sp in splits if isinstance(sp, dict) and isinstance(sp.get("shards"), list)):
            for sh in (sh for sh in sp["shards"] if isinstance(sh, dict) and isinstance(sh.get("ranges"), list)):
                if any(isinstance(r, list) for r in sh["ranges"]):
                    return True
        for rule in a.get("rules") if isinstance(a.get("rules"), list) else []:
            if isinstance(rule, dict) and isinstance(rule.get("conditions"), list) \
                    and any(isinstance(c, list) for c in rule["conditions"]):
                return True
    return False


def variation_values(f):
    variations = f.get("variations") if isinstance(f.get("variations"), dict) else {}
    for v in variations.values():
        if isinstance(v, dict) and "value" in v:
            yield v["value"]
        elif isinstance(v, list) and len(v) == 2:
            yield v[1]


def flag_classes(f, dialect):
    out = set()
    values = list(variation_values(f))
    kind = f.get("variationType")
    json_values = values
    if dialect == "eppo" and kind == "JSON":
        json_values = []
        for v in values:
            try:
                json_values.append(json.loads(v))  # Eppo's JSON values are strings holding JSON
            except (TypeError, ValueError):
                pass
    for n in (x for v in json_values for x in numbers_in(v)):
        if isinstance(n, int) and not -2 ** 63 <= n < 2 ** 63:
            out.add("beyond-int64")
        elif isinstance(n, int) and abs(n) >= 2 ** 53 - 1:
            out.add("big-integers")
    if kind == "INTEGER" and any(isinstance(v, (float, RawNumber)) and fits(kind, v, dialect) for v in values):
        out.add("integral-doubles")
    if kind not in UFC_TYPES or not all(fits(kind, v, dialect) for v in values):
        out.add("type-mismatches")
    if getattr(f, "disabled", False) and getattr(f, "defects", ()):
        out.add("disabled-rejected")
    allocations = f.get("allocations") if isinstance(f.get("allocations"), list) else []
    for a in allocations:
        rules = a.get("rules") if isinstance(a, dict) and isinstance(a.get("rules"), list) else []
        for rule in rules:
            for c in (rule.get("conditions") or []) if isinstance(rule, dict) else []:
                if not isinstance(c, dict):
                    continue
                patterns = c.get("value") if isinstance(c.get("value"), list) else [c.get("value")]
                if c.get("operator") in ("MATCHES", "NOT_MATCHES") \
                        and any(isinstance(p, str) and re.search(r"\\[pP]", p) for p in patterns):
                    out.add("unicode-regexes")
    if sequence_forms(f):
        out.add("struct-arrays")
    return out


def version_conditions(f):
    """(attribute, comparand) of the flag's SEMVER_* conditions and comparisons with a version."""
    allocations = f.get("allocations") if isinstance(f.get("allocations"), list) else []
    for a in allocations:
        rules = a.get("rules") if isinstance(a, dict) and isinstance(a.get("rules"), list) else []
        for rule in rules:
            for c in (rule.get("conditions") or []) if isinstance(rule, dict) else []:
                if not isinstance(c, dict):
                    continue
                if c.get("operator") in SEMVER_OPERATORS or c.get("operator") in COMPARISONS \
                        and isinstance(c.get("value"), str) and "." in c.get("value"):
                    yield c.get("attribute"), c.get("value")


def request_classes(document, request, dialect):
    flags = ufc(document).get("flags") or {}
    f = flags.get(request.get("flag"))
    if not isinstance(f, dict):
        return set()
    out = flag_classes(f, dialect)
    own = UFC_TYPES.get(f.get("variationType"))
    from oracles.ufc import TYPES
    if "type" in request and TYPES.get(request["type"]) != own:
        out.add("type-mismatches")
    attributes = (request.get("context") or {}).get("attributes") or {}
    for attribute, comparand in version_conditions(f):
        if lenient_version(comparand) or lenient_version(attributes.get(attribute)):
            out.add("partial-versions")
    return out


def count_classes(document, reqs, dialect):
    counts = dict.fromkeys(CLASSES, 0)
    for request in reqs:
        for name in request_classes(document, request, dialect):
            counts[name] += 1
    return counts


# ---------------------------------------------------------------------------------------------
# Comparing


def number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def same(burgee, sdk, ints=True):
    """Burgee's JSON value (read by json.loads, which keeps integers exact) against the SDK's Python
    value. Where the SDK gives an int and `ints` holds, the user gets an integer: Burgee must write
    an integer of exactly that value (4611686018427387904, not 4.611686018427388e+18). Other numbers
    compare exactly as numbers (Python compares an int with a float exactly), so 1 equals 1.0 and 0
    equals -0.0 but 2^53 + 1 is not 2.0^53. Inside lists and objects `ints` always holds."""
    if number(burgee) and number(sdk):
        if ints and isinstance(sdk, int):
            return isinstance(burgee, int) and burgee == sdk
        return burgee == sdk
    if isinstance(burgee, list) and isinstance(sdk, list):
        return len(burgee) == len(sdk) and all(same(x, y) for x, y in zip(burgee, sdk))
    if isinstance(burgee, dict) and isinstance(sdk, dict):
        return burgee.keys() == sdk.keys() and all(same(burgee[k], sdk[k]) for k in burgee)
    return type(burgee) is type(sdk) and burgee == sdk


def compare_common(burgee, answer, member, fields):
    differences = []
    if "documentRejected" in answer:
        return "the SDK refused the document"
    # The SDK's int is the user's integer in an int or JSON evaluation; a double evaluation's value is
    # a number whatever Python type carries it (a default passed through, 1 for 1.0).
    if not same(burgee.get("value"), answer["value"], ints=answer.get("type") in ("int", "json")):
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
