#!/usr/bin/env python3
"""Writes the UFC case files of spec-fixtures/datadog/ (and, through spec-fixtures/eppo/generate.py,
those of spec-fixtures/eppo/): Universal Flag Configuration documents evaluated as Datadog's SDK
(libdd-ffe, in ddtrace) and as Eppo's SDK (eppo_core, in eppo-server-sdk) evaluate them. See
README.md in both folders.

The cases are written here by hand from the two SDKs' semantics; the generator fills in what
follows from the document (the served value, the allocation's doLog, the split's serialId and
extraLogging, the reason libdd-ffe's rule gives). Every shard is computed here with `hashlib`'s
MD5, independently of any SDK, after asserting the published vectors; each key of a bucket case was
searched for by this script so that its shard lands where the case needs it, and the case's
`description` gives the hash input and the shard.

    python3 generate.py            # rewrites the *.json case files next to this script
    python3 generate.py --check    # exits 1 if any case file differs from what it would write
    python3 generate.py --verify   # evaluates every case with ddtrace's evaluator through
                                   # scripts/difftest/oracles/ufc.py and exits 1 on any difference

Writing and --check need only the Python standard library; --verify needs the SDKs installed by
scripts/difftest/setup.sh (run it with .build/difftest-venv/bin/python).
"""

import copy
import hashlib
import importlib.util
import json
import math
import os
import sys

SPEC = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, SPEC)
import casefiles  # noqa: E402 - spec-fixtures/casefiles.py, shared by the generators

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(SPEC)
DIALECTS = ("datadog", "eppo")
CREATED_AT = "2025-05-01T00:00:00Z"
NOW = "2025-06-01T12:00:00Z"

# ---------------------------------------------------------------------------------------------
# The shard


def md5_prefix(salt, key):
    return hashlib.md5((salt + "-" + key).encode("utf-8")).digest()[:4]


def shard_hash(salt, key):
    """The first four bytes of MD5(UTF-8(salt "-" key)), big-endian."""
    return int.from_bytes(md5_prefix(salt, key), "big")


def shard_of(salt, key, total):
    return shard_hash(salt, key) % total


# The vectors of docs: salt, key, md5[0..4], uint32, totalShards, shard.
VECTORS = [
    ("some-salt", "alice", "b44ee808", 3025070088, 10000, 88),
    ("some-salt", "bob", "d9087b5d", 3641211741, 10000, 1741),
    ("some-salt", "", "dd757688", 3715462792, 10000, 2792),
    ("some-salt", "\u00fcber", "44713543", 1148269891, 10000, 9891),
    ("", "alice", "18d1296b", 416360811, 100, 11),
    ("split-json-flag", "alice", "7ce80ef9", 2095582969, 10000, 2969),
]
for _salt, _key, _hex, _hash, _total, _shard in VECTORS:
    assert md5_prefix(_salt, _key).hex() == _hex, (_salt, _key)
    assert shard_hash(_salt, _key) == _hash, (_salt, _key)
    assert shard_of(_salt, _key, _total) == _shard, (_salt, _key)

_FOUND = {}


def find_key(prefix, salt, total, test):
    """The first prefix + n (n = 0, 1, ...) whose shard satisfies `test` (an int: equality)."""
    if isinstance(test, int):
        want = test
        test = lambda s: s == want  # noqa: E731
    n = 0
    while True:
        key = prefix + str(n)
        if test(shard_of(salt, key, total)):
            return key
        n += 1


def key_at(prefix, salt, total, want):
    memo = (prefix, salt, total, want)
    if memo not in _FOUND:
        _FOUND[memo] = find_key(prefix, salt, total, want)
    return _FOUND[memo]


def shard_note(salt, key, total):
    text = salt + "-" + key
    return "shard of %s: md5 %s, %d %% %d = %d" % (json.dumps(text, ensure_ascii=False), md5_prefix(salt, key).hex(),
                                                    shard_hash(salt, key), total, shard_of(salt, key, total))


# ---------------------------------------------------------------------------------------------
# Building documents


def variations(*pairs):
    """(name, value) pairs -> {name: {"key": name, "value": value}}; (map key, inner key, value)
    triples give a variation whose map key is not its key."""
    out = {}
    for p in pairs:
        if len(p) == 3:
            out[p[0]] = {"key": p[1], "value": p[2]}
        else:
            out[p[0]] = {"key": p[0], "value": p[1]}
    return out


def shard(salt, ranges, total=10000):
    return {"salt": salt, "totalShards": total, "ranges": [{"start": a, "end": b} for a, b in ranges]}


def split(variation, *shards, serial=None, extra=None):
    s = {"variationKey": variation, "shards": list(shards)}
    if serial is not None:
        s["serialId"] = serial
    if extra is not None:
        s["extraLogging"] = extra
    return s


ABSENT = object()


def alloc(key, splits, rules=ABSENT, start=None, end=None, do_log=True):
    """An allocation; do_log=ABSENT leaves doLog out (true); rules=ABSENT leaves rules out."""
    a = {"key": key}
    if rules is not ABSENT:
        a["rules"] = rules
    if start is not None:
        a["startAt"] = start
    if end is not None:
        a["endAt"] = end
    a["splits"] = list(splits)
    if do_log is not ABSENT:
        a["doLog"] = do_log
    return a


def rule(*conditions):
    return {"conditions": list(conditions)}


def cond(attribute, operator, value):
    return {"attribute": attribute, "operator": operator, "value": value}


def static(key, variation, rules=ABSENT, **kw):
    """An allocation of one split without shards."""
    return alloc(key, [split(variation)], rules, **kw)


def ctx(key="alice", **attributes):
    return {"targetingKey": key, "attributes": attributes}


def actx(attributes, key="alice"):
    """A context whose attribute names are not Python identifiers; key ABSENT leaves it out."""
    c = {}
    if key is not ABSENT:
        c["targetingKey"] = key
    c["attributes"] = attributes
    return c


def compact(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


# ---------------------------------------------------------------------------------------------
# Expectations

BURGEE_TYPE = {"STRING": "string", "BOOLEAN": "boolean", "INTEGER": "int", "NUMERIC": "double", "JSON": "json"}
DEFAULTS = {"string": "default", "boolean": False, "int": -1, "double": -1.5, "json": {"default": True}}
EPPO_CODES = {"TYPE_MISMATCH": "TYPE_MISMATCH", "PARSE_ERROR": "UNEXPECTED_CONFIGURATION_ERROR",
              "TARGETING_KEY_MISSING": None, "INVALID_CONTEXT": None, "FLAG_NOT_FOUND": "FLAG_UNRECOGNIZED_OR_DISABLED"}
AUTO = object()
UNTYPED = object()
NO_DEFAULT = object()


def significant(s, total):
    return not any(r["start"] == 0 and r["end"] == total for r in s["ranges"])


class File:
    def __init__(self, dialect, name, description, now=None, envelope=False):
        assert dialect in DIALECTS
        self.dialect = dialect
        self.name = name
        self.description = description
        self.now = now
        self.envelope = envelope
        self.flags = {}
        self.top = {}  # extra top-level members (unknown fields)
        self.environment = {"name": "conformance"}
        self.cases = []

    # -- the document

    def flag(self, key, vtype, variation_pairs, allocations, enabled=True, style=None, total=None,
             extra=None, raw_values=False):
        """Adds a flag written in `style` (the file's dialect by default): "datadog" puts totalShards on
        each shard only, "eppo" on the flag only (`total`, else the shards' common one, else 10000),
        "both" in both places. Eppo-style JSON values are written as strings holding JSON unless
        `raw_values`."""
        style = style or self.dialect
        allocations = copy.deepcopy(allocations)
        totals = {s["totalShards"] for a in allocations if isinstance(a, dict)
                  for sp in a.get("splits", []) for s in sp.get("shards", []) if "totalShards" in s}
        if style in ("eppo", "both") and total is None:
            assert len(totals) <= 1, (key, totals)
            total = totals.pop() if totals else 10000
        if style == "eppo":
            for a in allocations:
                for sp in a.get("splits", []):
                    for s in sp.get("shards", []):
                        s.pop("totalShards", None)
        vs = variations(*variation_pairs) if isinstance(variation_pairs, (list, tuple)) else variation_pairs
        if style == "eppo" and vtype == "JSON" and not raw_values:
            for v in vs.values():
                v["value"] = compact(v["value"])
        f = {"key": key, "enabled": enabled, "variationType": vtype}
        if style in ("eppo", "both"):
            f["totalShards"] = total
        f["variations"] = vs
        f["allocations"] = allocations
        if extra:
            f.update(extra)
        assert key not in self.flags, key
        self.flags[key] = f
        return f

    def raw(self, key, body):
        assert key not in self.flags, key
        self.flags[key] = body

    def definitions(self):
        ufc = {"createdAt": CREATED_AT, "format": "SERVER", "environment": self.environment}
        ufc.update(self.top)
        ufc["flags"] = self.flags
        if self.envelope:
            return {"data": {"id": "1", "type": "universal-flag-configuration", "attributes": ufc}}
        return ufc

    def document(self):
        d = {"name": self.name, "description": self.description}
        if self.now is not None:
            d["now"] = self.now
        d["definitions"] = self.definitions()
        d["cases"] = self.cases
        return d

    # -- cases

    def _type(self, flag_key, type_):
        if type_ is UNTYPED:
            return None
        if type_ is AUTO:
            f = self.flags.get(flag_key)
            vt = f.get("variationType") if isinstance(f, dict) else None
            return BURGEE_TYPE.get(vt, "string")
        return type_

    def _case(self, name, flag_key, context, expect, type_, default, description):
        assert all(c["name"] != name for c in self.cases), (self.name, name)
        t = self._type(flag_key, type_)
        if default is AUTO:
            default = DEFAULTS[t or self._type(flag_key, AUTO)]
        c = {"name": name}
        if description:
            c["description"] = description
        c["flag"] = flag_key
        c["context"] = context
        if t is not None:
            c["type"] = t
        if default is not NO_DEFAULT:
            c["default"] = default
        exp = {"value": default if expect["value"] is AUTO else expect["value"]}
        if default is NO_DEFAULT and expect["value"] is AUTO:
            exp["value"] = None
        exp["variation"] = expect["variation"]
        exp["reason"] = expect["reason"]
        if self.dialect == "datadog":
            exp["datadog"] = {"allocationKey": expect.get("allocationKey"), "doLog": expect.get("doLog", False),
                              "serialId": expect.get("serialId")}
        else:
            exp["eppo"] = {"flagEvaluationCode": expect["code"], "allocationKey": expect.get("allocationKey"),
                           "doLog": expect.get("doLog", False), "extraLogging": expect.get("extraLogging", {})}
        c["expect"] = exp
        self.cases.append(c)

    def served(self, name, flag_key, context, allocation, split_index=0, type=AUTO, default=AUTO,
               description=None):
        """The flag serves split `split_index` of allocation `allocation` (its key)."""
        f = self.flags[flag_key]
        assert f["enabled"] is True
        t = self._type(flag_key, type)
        assert t is None or t == BURGEE_TYPE[f["variationType"]], (self.name, name, "type mismatch")
        allocs = [a for a in f["allocations"] if a["key"] == allocation]
        assert len(allocs) == 1, (self.name, name, allocation)
        a = allocs[0]
        sp = a["splits"][split_index]
        matching = [v for v in f["variations"].values() if v["key"] == sp["variationKey"]]
        assert len(matching) == 1, (self.name, name)
        value = matching[0]["value"]
        eppo_total = f.get("totalShards")
        key = context.get("targetingKey") if isinstance(context, dict) else None
        for s in sp["shards"]:  # a self-check of the hand-written expectation
            total = s["totalShards"] if self.dialect == "datadog" else eppo_total
            if significant(s, total):
                assert isinstance(key, str), (self.name, name)
                h = shard_of(s["salt"], key, total)
                assert any(r["start"] <= h < r["end"] for r in s["ranges"]), (self.name, name, h)
        if self.dialect == "eppo":
            if f["variationType"] == "JSON":
                value = json.loads(value)
            elif f["variationType"] == "INTEGER":
                assert float(value) == math.floor(float(value))
                value = int(float(value))
        reason = self.reason_rule(f, a, sp)
        do_log = a.get("doLog", True)
        exp = {"value": value, "variation": sp["variationKey"], "reason": {"kind": reason},
               "allocationKey": a["key"], "doLog": do_log}
        if self.dialect == "datadog":
            exp["serialId"] = sp.get("serialId")
        else:
            exp["code"] = "MATCH"
            exp["extraLogging"] = dict(sp.get("extraLogging", {})) if do_log else {}
        self._case(name, flag_key, context, exp, type, default, description)

    def reason_rule(self, f, a, sp):
        """libdd-ffe's reason for a value served by allocation `a`, split `sp`."""
        if a.get("rules"):
            return "TARGETING_MATCH"
        splits = a["splits"]
        if self.dialect == "datadog":
            sig = [s for s in sp["shards"] if significant(s, s["totalShards"])]
        else:
            sig = [s for s in sp["shards"] if significant(s, f["totalShards"])]
        if ("startAt" in a or "endAt" in a) and len(splits) == 1 and not sig:
            return "DEFAULT"
        if len(splits) == 1 and not splits[0]["shards"]:
            return "STATIC"
        return "SPLIT"

    def nothing(self, name, flag_key, context, type=AUTO, default=AUTO, description=None):
        """No allocation serves: the default, reason DEFAULT."""
        f = self.flags.get(flag_key)
        assert isinstance(f, dict) and f.get("enabled") is True, (self.name, name)
        self._case(name, flag_key, context, {"value": AUTO, "variation": None, "reason": {"kind": "DEFAULT"},
                                             "code": "DEFAULT_ALLOCATION_NULL"}, type, default, description)

    def rejected(self, name, flag_key, context, type=AUTO, default=AUTO, description=None):
        """Datadog: a flag libdd-ffe refuses as a whole answers as Datadog's fixtures say: the
        default, reason DEFAULT."""
        assert self.dialect == "datadog"
        self._case(name, flag_key, context, {"value": AUTO, "variation": None, "reason": {"kind": "DEFAULT"}},
                   type, default, description)

    def disabled(self, name, flag_key, context, type=AUTO, default=AUTO, description=None):
        assert self.flags[flag_key]["enabled"] is False
        self._case(name, flag_key, context, {"value": AUTO, "variation": None, "reason": {"kind": "DISABLED"},
                                             "code": "FLAG_UNRECOGNIZED_OR_DISABLED"}, type, default, description)

    def error(self, name, flag_key, context, kind, type=AUTO, default=AUTO, description=None, eppo_allocation=None):
        """`eppo_allocation`: the allocation whose split failed, which Eppo's details name."""
        if kind == "FLAG_NOT_FOUND":
            assert flag_key not in self.flags
        expect = {"value": AUTO, "variation": None, "reason": {"kind": "ERROR", "errorKind": kind},
                  "code": EPPO_CODES[kind]}
        if self.dialect == "eppo" and eppo_allocation is not None:
            expect["allocationKey"] = eppo_allocation
        self._case(name, flag_key, context, expect, type, default, description)

    def matched(self, name, flag_key, context, yes, description=None, type=AUTO):
        """A condition flag (cond_flag): served by its allocation "rule" when `yes`, else nothing."""
        if yes:
            self.served(name, flag_key, context, "rule", description=description, type=type)
        else:
            self.nothing(name, flag_key, context, description=description, type=type)


def cond_flag(f, key, *conditions):
    """A BOOLEAN flag serving `true` to contexts that satisfy all `conditions`."""
    f.flag(key, "BOOLEAN", [("on", True), ("off", False)], [static("rule", "on", [rule(*conditions)])])


def groups(f, rows):
    """rows: (flag key, condition, [(case name, context, matched)])."""
    for key, condition, cases in rows:
        cond_flag(f, key, condition)
        for name, context, yes in cases:
            f.matched(name, key, context, yes)


def attr_cases(prefix, attribute, rows, key="alice"):
    """(suffix, value or ABSENT, matched) -> (case name, context, matched)."""
    out = []
    for suffix, value, yes in rows:
        attributes = {} if value is ABSENT else {attribute: value}
        out.append(("%s: %s" % (prefix, suffix), actx(attributes, key), yes))
    return out


# ---------------------------------------------------------------------------------------------
# Files shared by both dialects (each built once per dialect; the dialects agree on these cases)


def membership(d):
    f = File(d, "operators-membership",
             "ONE_OF and NOT_ONE_OF: exact, case-sensitive string equality with the attribute's string form "
             "(numbers in shortest round-trip digits without exponent or trailing .0, booleans true/false); "
             "a missing or null attribute makes both false.")
    groups(f, [
        ("one-of-plan", cond("plan", "ONE_OF", ["pro", "team"]), attr_cases("ONE_OF", "plan", [
            ("the first listed value", "pro", True),
            ("another listed value", "team", True),
            ("an unlisted value", "free", False),
            ("case-sensitive", "Pro", False),
            ("no trimming", "pro ", False),
            ("the empty string", "", False),
            ("a missing attribute", ABSENT, False),
            ("a null attribute", None, False)])),
        ("not-one-of-plan", cond("plan", "NOT_ONE_OF", ["free", "trial"]), attr_cases("NOT_ONE_OF", "plan", [
            ("an unlisted value", "pro", True),
            ("a listed value", "trial", False),
            ("the empty string is unlisted", "", True),
            ("a number's string form is unlisted", 1, True),
            ("a missing attribute is false, not true", ABSENT, False),
            ("a null attribute is false, not true", None, False)])),
        ("one-of-none", cond("plan", "ONE_OF", []), attr_cases("ONE_OF []", "plan", [
            ("nothing is listed", "pro", False)])),
        ("not-one-of-none", cond("plan", "NOT_ONE_OF", []), attr_cases("NOT_ONE_OF []", "plan", [
            ("every present value", "pro", True),
            ("still false on a missing attribute", ABSENT, False)])),
        ("one-of-42", cond("n", "ONE_OF", ["42"]), attr_cases("number 42", "n", [
            ("the integer 42", 42, True),
            ("42.0 is \"42\"", 42.0, True),
            ("the string \"42\"", "42", True),
            ("the string \"42.0\" is not \"42\"", "42.0", False),
            ("42.5", 42.5, False)])),
        ("one-of-42-point-0", cond("n", "ONE_OF", ["42.0"]), attr_cases("\"42.0\" listed", "n", [
            ("the number 42.0 reads \"42\", not \"42.0\"", 42.0, False)])),
        ("one-of-3-5", cond("n", "ONE_OF", ["3.5"]), attr_cases("number 3.5", "n", [
            ("3.5", 3.5, True)])),
        ("one-of-1e21", cond("n", "ONE_OF", ["1000000000000000000000"]), attr_cases("number 1e21", "n", [
            ("1e21 is written without exponent", 1e21, True)])),
        ("one-of-1e21-exponent", cond("n", "ONE_OF", ["1e+21", "1e21"]), attr_cases("\"1e+21\" listed", "n", [
            ("1e21 never reads with an exponent", 1e21, False)])),
        ("one-of-1e-7", cond("n", "ONE_OF", ["0.0000001"]), attr_cases("number 1e-7", "n", [
            ("1e-7 is written without exponent", 1e-7, True)])),
        ("one-of-1e300", cond("n", "ONE_OF", ["1" + "0" * 300]), attr_cases("number 1e300", "n", [
            ("1e300 is 1 and 300 zeros", 1e300, True)])),
        ("one-of-minus-zero", cond("n", "ONE_OF", ["-0"]), attr_cases("number -0.0", "n", [
            ("-0.0 reads \"-0\"", -0.0, True),
            ("0 reads \"0\"", 0, False)])),
        ("one-of-2-53", cond("n", "ONE_OF", ["9007199254740992"]), attr_cases("number 2^53+1", "n", [
            ("9007199254740993 goes through a double", 9007199254740993, True)])),
        ("one-of-true", cond("b", "ONE_OF", ["true"]), attr_cases("boolean", "b", [
            ("true reads \"true\"", True, True),
            ("false reads \"false\"", False, False),
            ("the string \"true\"", "true", True),
            ("the number 1 is not true", 1, False)])),
        ("one-of-false", cond("b", "ONE_OF", ["false"]), attr_cases("boolean false", "b", [
            ("false reads \"false\"", False, True)])),
        ("one-of-montreal", cond("city", "ONE_OF", ["Montr\u00e9al"]), attr_cases("Unicode", "city", [
            ("precomposed, as listed", "Montr\u00e9al", True),
            ("decomposed is another string", "Montre\u0301al", False)])),
    ])
    return f


def regex(d):
    f = File(d, "operators-regex",
             "MATCHES and NOT_MATCHES: Rust regex syntax, unanchored search, on the attribute's string form; a "
             "missing or null attribute makes both false.")
    groups(f, [
        ("email", cond("email", "MATCHES", "^[a-z]+@example\\.com$"), attr_cases("MATCHES", "email", [
            ("anchored pattern, matching", "bob@example.com", True),
            ("anchored pattern, case-sensitive", "Bob@example.com", False),
            ("a missing attribute", ABSENT, False),
            ("a null attribute", None, False)])),
        ("contains-beta", cond("channel", "MATCHES", "beta"), attr_cases("MATCHES, unanchored", "channel", [
            ("found inside the string", "pre-beta-2", True),
            ("not found", "stable", False)])),
        ("case-insensitive", cond("role", "MATCHES", "(?i)^admin$"), attr_cases("MATCHES (?i)", "role", [
            ("an inline flag", "ADMIN", True)])),
        ("digits", cond("code", "MATCHES", "^\\d+$"), attr_cases("MATCHES \\d", "code", [
            ("ASCII digits", "123", True),
            ("\\d is Unicode-aware", "\u0661\u0662\u0663", True),
            ("letters", "12a", False)])),
        ("posix-alpha", cond("word", "MATCHES", "^[[:alpha:]]+$"), attr_cases("MATCHES [[:alpha:]]", "word", [
            ("a POSIX class", "abc", True),
            ("a POSIX class, a digit", "ab1", False)])),
        ("number-form", cond("n", "MATCHES", "^42$"), attr_cases("MATCHES on a number", "n", [
            ("42.0 is matched as \"42\"", 42.0, True)])),
        ("boolean-form", cond("b", "MATCHES", "^true$"), attr_cases("MATCHES on a boolean", "b", [
            ("true is matched as \"true\"", True, True)])),
        ("empty-pattern", cond("v", "MATCHES", ""), attr_cases("MATCHES \"\"", "v", [
            ("matches the empty string", "", True),
            ("still false on a missing attribute", ABSENT, False)])),
        ("word", cond("w", "MATCHES", "^\\w+$"), attr_cases("MATCHES \\w", "w", [
            ("\\w is Unicode-aware: letters", "\u00fcber", True),
            ("\\w is Unicode-aware: ideographs", "\u65e5\u672c", True),
            ("a hyphen is not a word character", "a-b", False)])),
        ("word-boundary", cond("w", "MATCHES", "\\bx"), attr_cases("MATCHES \\b", "w", [
            ("no boundary between \u00e9 and x: both word characters", "\u00e9x", False),
            ("a boundary after a space", "\u00e9 x", True)])),
        ("han", cond("name", "MATCHES", "^\\p{Han}+$"), attr_cases("MATCHES \\p{Han}", "name", [
            ("a Unicode script class", "\u65e5\u672c", True),
            ("kana is not Han", "\u3072\u3089\u304c\u306a", False)])),
        ("greek", cond("name", "MATCHES", "\\p{Greek}"), attr_cases("MATCHES \\p{Greek}", "name", [
            ("a Greek letter", "\u03b1", True),
            ("Latin only", "alpha", False)])),
        ("letters-class", cond("name", "MATCHES", "^\\pL+$"), attr_cases("MATCHES \\pL", "name", [
            ("a one-letter general category", "\u00fcber", True),
            ("a digit is not a letter", "a1", False)])),
        ("fold-kelvin", cond("unit", "MATCHES", "(?i)^k$"), attr_cases("MATCHES (?i)k", "unit", [
            ("simple case folding: the Kelvin sign", "\u212a", True),
            ("upper case", "K", True)])),
        ("not-example", cond("email", "NOT_MATCHES", "@example\\.com$"), attr_cases("NOT_MATCHES", "email", [
            ("not matching", "x@other.org", True),
            ("matching", "a@example.com", False),
            ("a missing attribute is false, not true", ABSENT, False),
            ("a null attribute is false, not true", None, False)])),
    ])
    return f


def numeric(d):
    f = File(d, "operators-numeric",
             "GTE, GT, LTE, LT: the attribute is a number, or a string that Rust's f64 parser reads (a sign, "
             "a trailing dot, an exponent, inf and Infinity; no spaces, no hex, not empty); NaN compares false; "
             "booleans are not numbers; a missing or null attribute is false.")
    groups(f, [
        ("gte-18", cond("age", "GTE", 18), attr_cases("GTE 18", "age", [
            ("18", 18, True),
            ("18.0", 18.0, True),
            ("17.999", 17.999, False),
            ("\"18\"", "18", True),
            ("\"18.\"", "18.", True),
            ("\"+18\"", "+18", True),
            ("\"1e2\"", "1e2", True),
            ("\"inf\"", "inf", True),
            ("\" 18\" (a space)", " 18", False),
            ("\"18 \" (a space)", "18 ", False),
            ("\"0x12\" (hex)", "0x12", False),
            ("the empty string", "", False),
            ("\"abc\"", "abc", False),
            ("\"NaN\"", "NaN", False),
            ("true is not a number", True, False),
            ("a missing attribute", ABSENT, False),
            ("a null attribute", None, False)])),
        ("gt-18", cond("age", "GT", 18), attr_cases("GT 18", "age", [
            ("18", 18, False),
            ("18.5", 18.5, True),
            ("\"Infinity\"", "Infinity", True)])),
        ("lte-18", cond("age", "LTE", 18), attr_cases("LTE 18", "age", [
            ("18", 18, True),
            ("19", 19, False),
            ("\"-Infinity\"", "-Infinity", True),
            ("\"NaN\"", "NaN", False),
            ("false is not a number", False, False)])),
        ("lt-minus-1-5", cond("t", "LT", -1.5), attr_cases("LT -1.5", "t", [
            ("-2", -2, True),
            ("-1.5", -1.5, False),
            ("\"-1.6\"", "-1.6", True)])),
        ("lt-zero", cond("t", "LT", 0), attr_cases("LT 0", "t", [
            ("-0.0 is not below 0", -0.0, False)])),
    ])
    return f


def conditions(d):
    f = File(d, "conditions",
             "IS_NULL; rules ORed and conditions ANDed; no rules, an empty rules list, a rule without "
             "conditions; the `id` attribute reading the targeting key unless the context sets it; allocation "
             "order.")
    groups(f, [
        ("is-null", cond("email", "IS_NULL", True), attr_cases("IS_NULL true", "email", [
            ("a missing attribute", ABSENT, True),
            ("a null attribute", None, True),
            ("the empty string", "", False),
            ("0", 0, False),
            ("false", False, False)])),
        ("is-not-null", cond("email", "IS_NULL", False), attr_cases("IS_NULL false", "email", [
            ("a missing attribute", ABSENT, False),
            ("a null attribute", None, False),
            ("the empty string", "", True),
            ("false", False, True)])),
        ("id-one-of", cond("id", "ONE_OF", ["alice"]), [
            ("id: no id attribute, the targeting key is read", ctx("alice"), True),
            ("id: no id attribute, another key", ctx("bob"), False),
            ("id: an id attribute wins over the key (matching)", ctx("bob", id="alice"), True),
            ("id: an id attribute wins over the key (not matching)", ctx("alice", id="bob"), False),
            ("id: the empty key is read as \"\"", ctx(""), False)]),
        ("id-is-null", cond("id", "IS_NULL", True), [
            ("id: the key makes id present", ctx("alice"), False),
            ("id: an explicit null id wins over the key", ctx("alice", id=None), True)]),
        ("attribute-case", cond("Country", "ONE_OF", ["US"]), [
            ("attribute names are case-sensitive", ctx("alice", country="US"), False),
            ("attribute names: the exact name", ctx("alice", Country="US"), True)]),
    ])
    f.flag("or-of-and", "STRING", [("adult-us", "adult-us"), ("other", "other")], [
        static("targeted", "adult-us", [rule(cond("country", "ONE_OF", ["US"]), cond("age", "GTE", 18)),
                                        rule(cond("vip", "ONE_OF", ["true"]))])])
    f.served("rules: every condition of the first rule", "or-of-and", ctx("alice", country="US", age=21), "targeted")
    f.nothing("rules: one condition of the first rule fails", "or-of-and", ctx("alice", country="US", age=16))
    f.nothing("rules: the other condition fails", "or-of-and", ctx("alice", country="FR", age=21))
    f.served("rules: the second rule alone", "or-of-and", ctx("alice", vip=True), "targeted")
    f.served("rules: the second rule when the first fails", "or-of-and", ctx("alice", country="US", age=16, vip=True),
             "targeted")
    f.nothing("rules: no attributes", "or-of-and", ctx("alice"))
    f.flag("rules-shapes", "STRING", [("a", "a"), ("b", "b"), ("c", "c")], [
        static("empty-rule", "a", [rule()]),
        static("never", "b", [rule(cond("x", "ONE_OF", ["never"]))])])
    f.served("a rule without conditions matches everyone (TARGETING_MATCH)", "rules-shapes", ctx("alice"),
             "empty-rule")
    f.flag("no-rules", "STRING", [("a", "a")], [static("everyone", "a")])
    f.served("an allocation without rules matches everyone (STATIC)", "no-rules", ctx("alice"), "everyone")
    f.flag("empty-rules", "STRING", [("a", "a")], [static("everyone", "a", [])])
    f.served("an empty rules list is no rules (STATIC, not TARGETING_MATCH)", "empty-rules", ctx("alice"), "everyone")
    f.flag("allocation-order", "STRING", [("first", "first"), ("second", "second"), ("third", "third")], [
        static("pro-only", "first", [rule(cond("plan", "ONE_OF", ["pro"]))]),
        static("pro-or-team", "second", [rule(cond("plan", "ONE_OF", ["pro", "team"]))]),
        static("everyone", "third")])
    f.served("allocations in order: the first that matches", "allocation-order", ctx("alice", plan="pro"), "pro-only")
    f.served("allocations in order: the second", "allocation-order", ctx("alice", plan="team"), "pro-or-team")
    f.served("allocations in order: the last, without rules", "allocation-order", ctx("alice", plan="free"),
             "everyone")
    return f


def shards(d):
    f = File(d, "shards",
             "Splits and shards: shard = MD5(salt \"-\" key)[0..4] big-endian mod totalShards; a shard matches when "
             "start <= shard < end for one of its ranges; a split matches when all its shards do; the first "
             "matching split serves; no split matching passes to the next allocation.")
    # range edges: [2500, 5000) of 10000, then a fallback allocation
    f.flag("edges", "STRING", [("in", "in"), ("out", "out")], [
        alloc("bucket", [split("in", shard("edges", [(2500, 5000)]))]),
        static("fallback", "out")])
    for want, yes, what in [(2500, True, "the range's start is in"), (4999, True, "the range's end - 1 is in"),
                            (5000, False, "the range's end is out"), (2499, False, "start - 1 is out")]:
        k = key_at("e-", "edges", 10000, want)
        if yes:
            f.served("edges: shard %d: %s" % (want, what), "edges", ctx(k), "bucket",
                     description=shard_note("edges", k, 10000))
        else:
            f.served("edges: shard %d: %s (next allocation)" % (want, what), "edges", ctx(k), "fallback",
                     description=shard_note("edges", k, 10000))

    # several ranges in one shard
    f.flag("two-ranges", "STRING", [("in", "in"), ("out", "out")], [
        alloc("bucket", [split("in", shard("ends", [(0, 100), (9900, 10000)]))]),
        static("fallback", "out")])
    for want, alloc_key in [(99, "bucket"), (100, "fallback"), (9900, "bucket"), (9999, "bucket"), (5000, "fallback")]:
        k = key_at("r-", "ends", 10000, want)
        f.served("two ranges: shard %d" % want, "two-ranges", ctx(k), alloc_key,
                 description=shard_note("ends", k, 10000))

    # several shards in one split: all must match
    f.flag("two-shards", "STRING", [("both", "both"), ("else", "else")], [
        alloc("layered", [split("both", shard("layer-a", [(0, 5000)]), shard("layer-b", [(0, 5000)]))]),
        static("fallback", "else")])
    rows = [("in both shards", True, True), ("in the first shard only", True, False),
            ("in the second shard only", False, True)]
    for what, in_a, in_b in rows:
        n = 0
        while True:
            k = "l-%d" % n
            if (shard_of("layer-a", k, 10000) < 5000) == in_a and (shard_of("layer-b", k, 10000) < 5000) == in_b:
                break
            n += 1
        note = shard_note("layer-a", k, 10000) + "; " + shard_note("layer-b", k, 10000)
        f.served("two shards: %s" % what, "two-shards", ctx(k), "layered" if in_a and in_b else "fallback",
                 description=note)

    # several splits: the first that matches
    f.flag("overlapping-splits", "STRING", [("a", "a"), ("b", "b")], [
        alloc("ab", [split("a", shard("ov", [(0, 6000)])), split("b", shard("ov", [(4000, 10000)]))])])
    for want, index in [(5000, 0), (7000, 1), (100, 0)]:
        k = key_at("o-", "ov", 10000, want)
        f.served("several splits: shard %d, split %d" % (want, index), "overlapping-splits", ctx(k), "ab", index,
                 description=shard_note("ov", k, 10000))

    # a gap: no split of the only allocation matches
    f.flag("gap", "STRING", [("low", "low"), ("high", "high")], [
        alloc("gapped", [split("low", shard("gap", [(0, 3000)])), split("high", shard("gap", [(7000, 10000)]))])])
    k = key_at("g-", "gap", 10000, 5000)
    f.nothing("no split matches and no allocation follows", "gap", ctx(k), description=shard_note("gap", k, 10000))

    # a full-range shard, and everything covered by two ranges
    f.flag("full-range", "STRING", [("all", "all")], [alloc("everyone", [split("all", shard("full", [(0, 10000)]))])])
    f.served("a single full-range shard serves everyone (SPLIT)", "full-range", ctx("alice"), "everyone")
    f.flag("covered-twice", "STRING", [("all", "all")], [
        alloc("everyone", [split("all", shard("halves", [(0, 5000), (5000, 10000)]))])])
    f.served("two ranges covering everything serve everyone (SPLIT)", "covered-twice", ctx("alice"), "everyone",
             description=shard_note("halves", "alice", 10000))

    # the vectors' salts and totals
    f.flag("empty-key", "STRING", [("hit", "hit")],
           [alloc("exact", [split("hit", shard("some-salt", [(2792, 2793)]))])])
    f.served("the empty key is hashed as \"some-salt-\"", "empty-key", ctx(""), "exact",
             description=shard_note("some-salt", "", 10000))
    f.nothing("another key misses the one-shard range", "empty-key", ctx("alice"),
              description=shard_note("some-salt", "alice", 10000))
    f.flag("non-ascii-key", "STRING", [("hit", "hit")], [
        alloc("exact", [split("hit", shard("some-salt", [(9891, 9892)]))])])
    f.served("a non-ASCII key is hashed as UTF-8", "non-ascii-key", ctx("\u00fcber"), "exact",
             description=shard_note("some-salt", "\u00fcber", 10000))
    f.flag("empty-salt", "STRING", [("hit", "hit")], [alloc("exact", [split("hit", shard("", [(11, 12)], 100))])])
    f.served("an empty salt, 100 shards", "empty-salt", ctx("alice"), "exact", description=shard_note("", "alice", 100))
    k = key_at("s-", "seven", 7, 3)
    f.flag("seven", "STRING", [("three", "three"), ("else", "else")], [
        alloc("third", [split("three", shard("seven", [(3, 4)], 7))]), static("fallback", "else")])
    f.served("7 shards: shard 3", "seven", ctx(k), "third", description=shard_note("seven", k, 7))
    k2 = key_at("s-", "seven", 7, 4)
    f.served("7 shards: shard 4", "seven", ctx(k2), "fallback", description=shard_note("seven", k2, 7))
    f.flag("one-shard", "STRING", [("all", "all")], [alloc("everyone", [split("all", shard("one", [(0, 1)], 1))])])
    f.served("totalShards 1: the full range", "one-shard", ctx("alice"), "everyone")
    return f


def dates(d):
    f = File(d, "dates",
             "startAt and endAt against the clock `now` (2025-06-01T12:00:00Z): both bounds include the instant "
             "itself; offsets and sub-second digits; the reason of a date-bounded allocation.", now=NOW)

    def windowed(key, start=None, end=None, splits=None, rules=ABSENT):
        f.flag(key, "STRING", [("in", "in"), ("out", "out")], [
            alloc("window", splits or [split("in")], rules, start=start, end=end), static("fallback", "out")])

    rows = [
        ("starts-now", "2025-06-01T12:00:00Z", None, True, "startAt equal to now"),
        ("starts-later", "2025-06-01T12:00:00.000001Z", None, False, "startAt one microsecond after now"),
        ("starts-earlier", "2025-06-01T11:59:59.999999Z", None, True, "startAt one microsecond before now"),
        ("ends-now", None, "2025-06-01T12:00:00Z", True, "endAt equal to now"),
        ("ended", None, "2025-06-01T11:59:59.999999Z", False, "endAt one microsecond before now"),
        ("ends-later", None, "2025-06-01T12:00:00.000001Z", True, "endAt one microsecond after now"),
        ("starts-now-millis", "2025-06-01T12:00:00.000Z", None, True, "startAt equal to now, with milliseconds"),
        ("starts-now-offset", "2025-06-01T14:00:00+02:00", None, True, "startAt equal to now at +02:00"),
        ("starts-later-offset", "2025-06-01T13:00:00.000001+01:00", None, False,
         "startAt one microsecond after now at +01:00"),
        ("ended-offset", None, "2025-06-01T07:59:59.999999-04:00", False, "endAt one microsecond before now at -04:00"),
        ("ends-now-offset", None, "2025-06-01T08:00:00-04:00", True, "endAt equal to now at -04:00"),
        ("inside", "2025-06-01T00:00:00Z", "2025-06-02T00:00:00Z", True, "inside a day-long window"),
        ("instant", "2025-06-01T12:00:00Z", "2025-06-01T12:00:00Z", True, "a window of one instant, now"),
        ("future", "2025-07-01T00:00:00Z", "2025-08-01T00:00:00Z", False, "a future window"),
        ("past", "2025-04-01T00:00:00Z", "2025-05-01T00:00:00Z", False, "a past window"),
    ]
    for key, start, end, yes, what in rows:
        windowed(key, start, end)
        if yes:
            f.served("%s: served by the window (DEFAULT, a value served)" % what, key, ctx("alice"), "window")
        else:
            f.served("%s: the next allocation" % what, key, ctx("alice"), "fallback")

    windowed("window-rules", start="2025-06-01T00:00:00Z", rules=[rule(cond("plan", "ONE_OF", ["pro"]))])
    f.served("a window with rules: TARGETING_MATCH", "window-rules", ctx("alice", plan="pro"), "window")
    f.served("a window with rules, not matching: the next allocation", "window-rules", ctx("alice", plan="free"),
             "fallback")
    k = key_at("w-", "win", 10000, 1000)
    windowed("window-split", start="2025-06-01T00:00:00Z", splits=[split("in", shard("win", [(0, 5000)]))])
    f.served("a window with a hashed shard: SPLIT", "window-split", ctx(k), "window",
             description=shard_note("win", k, 10000))
    windowed("window-full-range", end="2025-07-01T00:00:00Z", splits=[split("in", shard("win", [(0, 10000)]))])
    f.served("a window with a full-range shard only: DEFAULT", "window-full-range", ctx("alice"), "window")
    windowed("window-two-splits", start="2025-06-01T00:00:00Z", splits=[split("in"), split("out")])
    f.served("a window with two splits: SPLIT", "window-two-splits", ctx("alice"), "window")
    return f


def reasons_and_logging(d):
    dd = d == "datadog"
    f = File(d, "reasons-and-logging",
             "The reason of a served value (rules: TARGETING_MATCH; one split without shards: STATIC; else SPLIT), "
             "the allocation's doLog (absent: true), the split's %s." %
             ("serialId (extraLogging, Eppo's, is ignored)" if dd
              else "extraLogging (serialId, Datadog's, is ignored)"))
    tags = {"campaign": "summer", "owner": "growth"}
    f.flag("static", "STRING", [("a", "A")], [alloc("all", [split("a", serial=7, extra=tags)])])
    f.served("one split without shards: STATIC", "static", ctx("alice"), "all")
    f.flag("no-log", "STRING", [("a", "A")], [alloc("quiet", [split("a", serial=8, extra=tags)], do_log=False)])
    f.served("doLog false: served, nothing logged", "no-log", ctx("alice"), "quiet")
    f.flag("log-absent", "STRING", [("a", "A")], [alloc("default-log", [split("a", serial=9)], do_log=ABSENT)])
    f.served("doLog absent means true", "log-absent", ctx("alice"), "default-log")
    f.flag("two-static-splits", "STRING", [("a", "A"), ("b", "B")], [
        alloc("first-wins", [split("a", serial=10), split("b", serial=11)])])
    f.served("two splits without shards: the first serves, SPLIT", "two-static-splits", ctx("alice"), "first-wins")
    k = key_at("x-", "exp", 10000, 6000)
    f.flag("experiment", "STRING", [("control", "control"), ("treatment", "treatment")], [
        alloc("exp-1", [split("control", shard("exp", [(0, 5000)]), serial=1, extra={"arm": "control"}),
                        split("treatment", shard("exp", [(5000, 10000)]), serial=2,
                              extra={"arm": "treatment", "holdout": "no"})])])
    f.served("an experiment's second arm: SPLIT, its serialId and extraLogging", "experiment", ctx(k), "exp-1", 1,
             description=shard_note("exp", k, 10000))
    k0 = key_at("x-", "exp", 10000, 10)
    f.served("an experiment's first arm", "experiment", ctx(k0), "exp-1", 0, description=shard_note("exp", k0, 10000))
    f.flag("targeted-quiet", "STRING", [("a", "A")], [
        alloc("beta", [split("a", serial=3)], [rule(cond("beta", "ONE_OF", ["true"]))], do_log=False)])
    f.served("rules: TARGETING_MATCH, doLog false", "targeted-quiet", ctx("alice", beta=True), "beta")
    f.nothing("rules not matching: nothing served, nothing logged", "targeted-quiet", ctx("alice", beta=False))
    return f


def types(d):
    dd = d == "datadog"
    f = File(d, "types",
             "Every variationType and its values; typed requests (boolean, string, int, double, json) must name "
             "the flag's own type, else TYPE_MISMATCH; a disabled flag is DISABLED, an unknown one FLAG_NOT_FOUND; "
             "variations are found by their inner key.")
    f.flag("string", "STRING", [("greeting", "hello")], [static("all", "greeting")])
    f.served("STRING", "string", ctx(), "all")
    f.served("STRING, untyped", "string", ctx(), "all", type=UNTYPED, default=NO_DEFAULT)
    f.flag("empty-string", "STRING", [("empty", "")], [static("all", "empty")])
    f.served("STRING: the empty string is served", "empty-string", ctx(), "all")
    f.flag("boolean-false", "BOOLEAN", [("no", False), ("yes", True)], [static("all", "no")])
    f.served("BOOLEAN false is served", "boolean-false", ctx(), "all", default=True)
    f.flag("integer", "INTEGER", [("answer", 42), ("negative", -7)], [
        static("neg", "negative", [rule(cond("sign", "ONE_OF", ["-"]))]), static("all", "answer")])
    f.served("INTEGER", "integer", ctx(), "all")
    f.served("INTEGER negative", "integer", ctx(sign="-"), "neg")
    f.flag("integer-zero", "INTEGER", [("zero", 0)], [static("all", "zero")])
    f.served("INTEGER 0 is served", "integer-zero", ctx(), "all")
    f.flag("integer-2-53", "INTEGER", [("big", 9007199254740992)], [static("all", "big")])
    f.served("INTEGER 2^53", "integer-2-53", ctx(), "all")
    if dd:
        # 64-bit integers are served exactly, beyond a double's 2^53.
        for name, value in [("2-53-plus-1", 2 ** 53 + 1), ("2-62", 2 ** 62), ("max", 2 ** 63 - 1), ("min", -2 ** 63)]:
            f.flag("integer-" + name, "INTEGER", [("big", value)], [static("all", "big")])
            f.served("INTEGER %d, exact" % value, "integer-" + name, ctx(), "all")
        f.flag("json-big", "JSON", [("big", {"i64": 2 ** 63 - 1, "u64": 2 ** 64 - 1, "neg": -2 ** 63})],
               [static("all", "big")])
        f.served("JSON: integers up to 2^64 - 1 exact", "json-big", ctx(), "all")
    f.flag("numeric", "NUMERIC", [("pi", 3.1415926), ("two", 2)], [
        static("two", "two", [rule(cond("n", "ONE_OF", ["2"]))]), static("all", "pi")])
    f.served("NUMERIC", "numeric", ctx(), "all")
    f.served("NUMERIC written as an integer", "numeric", ctx(n=2), "two")
    json_values = [("object", {"color": "red", "size": [1, 2]}), ("array", [1, "two", None]), ("string", "text"),
                   ("number", 3.5), ("boolean", True), ("null", None), ("empty-object", {})]
    f.flag("json", "JSON", json_values,
           [static("by-" + name, name, [rule(cond("kind", "ONE_OF", [name]))]) for name, _ in json_values])
    for name, _ in json_values:
        f.served("JSON: %s%s" % (name, "" if dd else " (from a string holding JSON)"), "json", ctx(kind=name),
                 "by-" + name)
    f.nothing("JSON: nothing served, the default", "json", ctx(kind="none"))

    # variations by inner key
    f.flag("inner-keys", "STRING", [("first-entry", "alpha", "A"), ("second-entry", "beta", "B")], [
        static("all", "beta")])
    f.served("a split names the variation's inner key, not its map key", "inner-keys", ctx(), "all")

    # type mismatches
    f.error("INTEGER requested as double", "integer", ctx(), "TYPE_MISMATCH", type="double")
    f.error("NUMERIC requested as int", "numeric", ctx(), "TYPE_MISMATCH", type="int")
    f.error("STRING requested as boolean", "string", ctx(), "TYPE_MISMATCH", type="boolean")
    f.error("JSON requested as string", "json", ctx(kind="string"), "TYPE_MISMATCH", type="string")
    f.error("BOOLEAN requested as json", "boolean-false", ctx(), "TYPE_MISMATCH", type="json")
    f.flag("integer-unmatched", "INTEGER", [("one", 1)], [static("never", "one", [rule(cond("x", "ONE_OF", ["x"]))])])
    f.nothing("INTEGER, no allocation matching", "integer-unmatched", ctx())
    f.error("a mismatch is reported even when no allocation would match", "integer-unmatched", ctx(),
            "TYPE_MISMATCH", type="double")

    # disabled and unknown
    f.flag("disabled", "INTEGER", [("one", 1)], [static("all", "one")], enabled=False)
    f.disabled("enabled false: DISABLED, the default", "disabled", ctx())
    f.disabled("disabled wins over a type mismatch", "disabled", ctx(), type="double")
    f.error("an unknown flag", "missing", ctx(), "FLAG_NOT_FOUND")
    f.error("flag keys are case-sensitive", "String", ctx(), "FLAG_NOT_FOUND")
    f.error("the empty flag key", "", ctx(), "FLAG_NOT_FOUND")
    f.error("an unknown flag, untyped, no default", "missing", ctx(), "FLAG_NOT_FOUND", type=UNTYPED,
            default=NO_DEFAULT)
    return f


def envelope(d):
    f = File(d, "envelope",
             "The JSON:API envelope {\"data\":{\"type\":\"universal-flag-configuration\",\"attributes\":UFC}} that "
             "Datadog's CDN serves is unwrapped first.", envelope=True)
    f.flag("wrapped", "BOOLEAN", [("on", True), ("off", False)], [
        static("beta", "on", [rule(cond("beta", "ONE_OF", ["true"]))]), static("rest", "off")])
    f.served("a flag inside the envelope (rules)", "wrapped", ctx(beta=True), "beta")
    f.served("a flag inside the envelope (no rules)", "wrapped", ctx(), "rest")
    f.error("an unknown flag inside the envelope", "unwrapped", ctx(), "FLAG_NOT_FOUND")
    return f


def unknown_fields(d):
    f = File(d, "unknown-fields",
             "Members neither SDK knows are ignored everywhere: at the top, in the environment, flags, "
             "variations, allocations, rules, conditions, splits, shards and ranges.")
    f.top = {"futureTopLevel": {"nested": [1, 2]}, "id": "cfg-1"}
    f.environment = {"name": "conformance", "futureEnvironmentField": "e"}
    fl = f.flag("tolerant", "STRING", [("a", "A"), ("b", "B")], [
        alloc("targeted", [split("a")], [rule(cond("plan", "ONE_OF", ["pro"]))]),
        alloc("hashed", [split("b", shard("tol", [(0, 10000)]))])])
    fl["futureFlagField"] = "x"
    fl["variations"]["a"]["futureVariationField"] = 1
    a0, a1 = fl["allocations"]
    a0["futureAllocationField"] = {"k": "v"}
    a0["rules"][0]["futureRuleField"] = True
    a0["rules"][0]["conditions"][0]["futureConditionField"] = None
    a0["splits"][0]["futureSplitField"] = []
    a1["splits"][0]["shards"][0]["futureShardField"] = "s"
    a1["splits"][0]["shards"][0]["ranges"][0]["futureRangeField"] = 0
    f.served("unknown members everywhere: rules still match", "tolerant", ctx(plan="pro"), "targeted")
    f.served("unknown members everywhere: shards still hash", "tolerant", ctx(plan="free"), "hashed")
    return f




def struct_arrays(d):
    dd = d == "datadog"
    f = File(d, "struct-arrays",
             "A flag's structs may be written as JSON arrays of their fields, in the order the SDKs' Rust models "
             "declare them (serde reads a struct from either form): flag [key, enabled, variationType, variations, "
             "allocations%s], variation [key, value], allocation [key, rules, startAt, endAt, splits, doLog], rule "
             "[conditions], condition [attribute, operator, value], split [shards, variationKey, %s], shard %s, "
             "range [start, end]. Trailing fields with a default (doLog, %s) may be left out; an array too short or "
             "too long fails the flag." % (", totalShards" if not dd else "", "serialId" if dd else "extraLogging",
                                          "[salt, totalShards, ranges]" if dd else "[salt, ranges]",
                                          "serialId" if dd else "extraLogging"))
    two = [("a", "A"), ("b", "B")]
    shard_fields = ["salt", "totalShards", "ranges"] if dd else ["salt", "ranges"]

    def fields(obj, names):
        return [obj[name] for name in names]

    two_rules = [static("pro", "a", [rule(cond("plan", "ONE_OF", ["pro"]))]),
                 alloc("hashed", [split("b", shard("arr", [(0, 10000)]))])]
    f.flag("array-forms", "STRING", two, two_rules)
    f.served("arrays: a condition matches", "array-forms", ctx(plan="pro"), "pro")
    f.served("arrays: a shard still hashes", "array-forms", ctx(plan="free"), "hashed")
    fl = f.flags["array-forms"]
    fl["variations"]["a"] = fields(fl["variations"]["a"], ["key", "value"])
    pro, hashed = fl["allocations"]
    pro["rules"][0]["conditions"][0] = fields(pro["rules"][0]["conditions"][0], ["attribute", "operator", "value"])
    pro["rules"][0] = [pro["rules"][0]["conditions"]]
    sh = hashed["splits"][0]["shards"][0]
    sh["ranges"][0] = fields(sh["ranges"][0], ["start", "end"])
    hashed["splits"][0]["shards"][0] = fields(sh, shard_fields)
    hashed["splits"][0] = fields(hashed["splits"][0], ["shards", "variationKey"])
    # Datadog's rules are optional (null is none); Eppo's default to [] but may not be null.
    fl["allocations"][1] = [hashed["key"], None if dd else [], None, None, hashed["splits"]]

    f.flag("array-flag", "STRING", two, [static("all", "b")])
    f.served("a whole flag as an array", "array-flag", ctx(), "all")
    fl = f.flags["array-flag"]
    f.flags["array-flag"] = fields(fl, ["key", "enabled", "variationType", "variations", "allocations"]
                                   + ([] if dd else ["totalShards"]))

    def broken(key, what, mutate):
        f.flag(key, "STRING", two, [alloc("all", [split("b", shard("arr", [(0, 10000)]))])])
        mutate(f.flags[key])
        if dd:
            f.rejected(what, key, ctx())
        else:
            f.error(what, key, ctx(), "PARSE_ERROR")

    def shard_of_flag(fl):
        return fl["allocations"][0]["splits"][0]["shards"][0]

    broken("range-too-short", "a range of one element fails the flag",
           lambda fl: shard_of_flag(fl).update(ranges=[[0]]))
    broken("range-too-long", "a range of three elements fails the flag",
           lambda fl: shard_of_flag(fl).update(ranges=[[0, 10000, 1]]))
    broken("variation-too-short", "a variation without its value fails the flag",
           lambda fl: fl["variations"].update(b=["b"]))
    broken("allocation-without-splits", "an allocation array without splits fails the flag",
           lambda fl: fl["allocations"].__setitem__(0, ["all", None, None, None]))
    return f


# ---------------------------------------------------------------------------------------------
# Datadog only


def dd_semver(d):
    assert d == "datadog"
    f = File(d, "operators-semver",
             "SEMVER_EQ, SEMVER_NEQ, SEMVER_LT, SEMVER_LTE, SEMVER_GT, SEMVER_GTE: the attribute must be a string "
             "that parses as a version (else false, even for SEMVER_NEQ): one or more numeric parts (without leading "
             "zeros, each up to 2^64 - 1; missing parts are 0, so 1.2 equals 1.2.0.0), then a semver pre-release and "
             "build; compared by precedence: build metadata ignored, pre-releases below their release, numeric "
             "identifiers numerically.")
    groups(f, [
        ("semver-eq", cond("v", "SEMVER_EQ", "1.2.3"), attr_cases("SEMVER_EQ 1.2.3", "v", [
            ("equal", "1.2.3", True),
            ("build metadata is ignored", "1.2.3+build.5", True),
            ("a higher patch", "1.2.4", False),
            ("a pre-release is not the release", "1.2.3-rc.1", False),
            ("a leading v is not semver", "v1.2.3", False),
            ("a leading space is not semver", " 1.2.3", False),
            ("leading zeros are not semver", "01.2.3", False),
            ("a number is not a string", 1.2, False),
            ("a missing attribute", ABSENT, False)])),
        ("semver-eq-build", cond("v", "SEMVER_EQ", "1.2.3+meta"), attr_cases("SEMVER_EQ 1.2.3+meta", "v", [
            ("the comparand's build metadata is ignored too", "1.2.3", True)])),
        ("semver-neq", cond("v", "SEMVER_NEQ", "1.2.3"), attr_cases("SEMVER_NEQ 1.2.3", "v", [
            ("another version", "1.2.4", True),
            ("equal but for build metadata", "1.2.3+x", False),
            ("not a version: false, not true", "garbage", False),
            ("a missing attribute: false", ABSENT, False)])),
        ("semver-lt", cond("v", "SEMVER_LT", "2.0.0"), attr_cases("SEMVER_LT 2.0.0", "v", [
            ("lower", "1.9.9", True),
            ("a pre-release of it", "2.0.0-rc.1", True),
            ("equal", "2.0.0", False)])),
        ("semver-lte", cond("v", "SEMVER_LTE", "2.0.0"), attr_cases("SEMVER_LTE 2.0.0", "v", [
            ("equal", "2.0.0", True),
            ("equal but for build metadata", "2.0.0+b", True),
            ("higher", "2.0.1", False)])),
        ("semver-gt", cond("v", "SEMVER_GT", "1.0.0-alpha"), attr_cases("SEMVER_GT 1.0.0-alpha", "v", [
            ("a longer pre-release", "1.0.0-alpha.1", True),
            ("a later pre-release", "1.0.0-beta", True),
            ("the release", "1.0.0", True),
            ("equal", "1.0.0-alpha", False)])),
        ("semver-gt-build", cond("v", "SEMVER_GT", "2.0.0"), attr_cases("SEMVER_GT 2.0.0", "v", [
            ("build metadata does not count", "2.0.0+b", False)])),
        ("semver-gte", cond("v", "SEMVER_GTE", "1.10.0"), attr_cases("SEMVER_GTE 1.10.0", "v", [
            ("numeric, not textual: 1.9.0 is lower", "1.9.0", False),
            ("equal", "1.10.0", True),
            ("numeric identifiers of pre-releases", "1.10.0-rc.10", False)])),
        ("semver-gt-rc", cond("v", "SEMVER_GT", "1.0.0-rc.9"), attr_cases("SEMVER_GT 1.0.0-rc.9", "v", [
            ("rc.10 is above rc.9", "1.0.0-rc.10", True)])),
        # Versions of other than three numeric parts: missing parts are 0.
        ("semver-eq-partial", cond("v", "SEMVER_EQ", "1.2"), attr_cases("SEMVER_EQ 1.2", "v", [
            ("two parts", "1.2", True),
            ("three parts, the third 0", "1.2.0", True),
            ("four parts, zeros", "1.2.0.0", True),
            ("four parts, the fourth not 0", "1.2.0.1", False),
            ("one part", "1", False),
            ("build metadata ignored", "1.2+b", True),
            ("a pre-release of it", "1.2-rc.1", False),
            ("a trailing dot", "1.2.", False),
            ("a leading zero", "1.02", False)])),
        ("semver-neq-partial", cond("v", "SEMVER_NEQ", "1.2"), attr_cases("SEMVER_NEQ 1.2", "v", [
            ("one part", "1", True),
            ("a part of 2^64 - 1", "18446744073709551615", True),
            ("a part beyond 2^64 - 1: not a version, false", "18446744073709551616", False),
            ("an empty part: not a version, false", "1..2", False)])),
        ("semver-gt-four", cond("v", "SEMVER_GT", "1.2.3"), attr_cases("SEMVER_GT 1.2.3", "v", [
            ("a fourth part above 0", "1.2.3.4", True),
            ("a fourth part of 0", "1.2.3.0", False),
            ("many parts", "1.2.3.0.0.0.1", True),
            ("two parts, lower", "1.2", False)])),
        ("semver-lt-four", cond("v", "SEMVER_LT", "1.2.3.4-rc.1"), attr_cases("SEMVER_LT 1.2.3.4-rc.1", "v", [
            ("three parts: below", "1.2.3", True),
            ("the release is above its pre-release", "1.2.3.4", False),
            ("an earlier pre-release", "1.2.3.4-rc.0", True)])),
    ])
    return f


def dd_flag_errors(d):
    assert d == "datadog"
    f = File(d, "flag-errors",
             "Flags libdd-ffe refuses as a whole: evaluating one gives the default with reason DEFAULT, variation "
             "null, nothing logged (as Datadog's shared fixtures expect; ddtrace itself answers ERROR/PARSE_ERROR), "
             "whatever the context and the requested type; the other flags of the document are unaffected.")
    good = [static("pro", "a", [rule(cond("plan", "ONE_OF", ["pro"]))]), static("all", "b")]
    two = [("a", "A"), ("b", "B")]
    f.flag("healthy", "STRING", two, copy.deepcopy(good))

    def bad_condition(key, condition, what):
        f.flag(key, "STRING", two, [static("bad", "a", [rule(condition)]), static("all", "b")])
        f.rejected(what, key, ctx(plan="pro", age=30, v="1.0.0"))

    f.flag("wrong-typed-unserved", "BOOLEAN", [("on", True), ("maybe", "yes")], [static("all", "on")])
    f.rejected("a variation value of the wrong type, never served", "wrong-typed-unserved", ctx())
    f.flag("unknown-variation", "STRING", two, [static("all", "a"), static("later", "nope")])
    f.rejected("a split naming an unknown variation (in a later allocation)", "unknown-variation", ctx())
    f.flag("map-key-variation", "STRING", [("entry", "inner", "A")], [static("all", "entry")])
    f.rejected("a split naming a variation's map key, not its inner key", "map-key-variation", ctx())
    bad_condition("unknown-operator", cond("plan", "STARTS_WITH", "p"), "an unknown operator")
    bad_condition("invalid-regex", cond("plan", "MATCHES", "("), "an invalid regex")
    bad_condition("regex-two-elements", cond("plan", "MATCHES", ["^p", "^q"]), "MATCHES with a two-element array")
    bad_condition("gte-string", cond("age", "GTE", "18"), "GTE with a numeric string comparand")
    bad_condition("lt-boolean", cond("age", "LT", True), "LT with a boolean comparand")
    bad_condition("semver-invalid", cond("v", "SEMVER_GT", "v1.2.0"), "SEMVER_GT with an invalid version")
    bad_condition("semver-number", cond("v", "SEMVER_EQ", 1), "SEMVER_EQ with a number")
    bad_condition("is-null-string", cond("plan", "IS_NULL", "true"), "IS_NULL with a string")
    bad_condition("one-of-string", cond("plan", "ONE_OF", "pro"), "ONE_OF with a string, not an array")
    bad_condition("one-of-numbers", cond("age", "ONE_OF", [30, 31]), "ONE_OF with numbers in the array")
    f.flag("shard-without-total", "STRING", two, [static("all", "a")])
    f.flags["shard-without-total"]["allocations"].append(
        alloc("hashed", [split("b", {"salt": "s", "ranges": [{"start": 0, "end": 10}]})]))
    f.rejected("a shard without totalShards", "shard-without-total", ctx())
    f.flag("shard-zero-total", "STRING", two,
           [static("all", "a"), alloc("hashed", [split("b", shard("s", [(0, 0)], 0))])])
    f.rejected("a shard with totalShards 0", "shard-zero-total", ctx())
    f.flag("allocations-string", "STRING", two, [])
    f.flags["allocations-string"]["allocations"] = "all"
    f.rejected("allocations that are not an array", "allocations-string", ctx())
    f.flag("rules-string", "STRING", two, [static("all", "a")])
    f.flags["rules-string"]["allocations"][0]["rules"] = "none"
    f.rejected("rules that are not an array", "rules-string", ctx())
    f.flag("unknown-type", "STRING", two, [static("all", "a")])
    f.flags["unknown-type"]["variationType"] = "DATE"
    f.rejected("an unknown variationType", "unknown-type", ctx(), type="string")
    f.flag("integer-overflow", "INTEGER", [("big", 9223372036854775808), ("one", 1)], [static("all", "one")])
    f.rejected("an INTEGER value beyond the signed 64-bit range", "integer-overflow", ctx())
    f.flag("no-variations", "STRING", two, [static("all", "a")])
    del f.flags["no-variations"]["variations"]
    f.rejected("no variations member", "no-variations", ctx())

    f.rejected("a refused flag requested with another type", "wrong-typed-unserved", ctx(), type="string")
    f.rejected("a refused flag, untyped, no default", "unknown-operator", ctx(plan="pro"), type=UNTYPED,
               default=NO_DEFAULT)
    f.flag("disabled-wrong-typed", "BOOLEAN", [("on", True), ("maybe", "yes")], [static("all", "on")], enabled=False)
    f.disabled("a disabled flag is DISABLED even with a wrong-typed value", "disabled-wrong-typed", ctx())
    f.flag("disabled-unknown-variation", "STRING", two, [static("all", "nope")], enabled=False)
    f.disabled("a disabled flag is DISABLED even with a split naming an unknown variation",
               "disabled-unknown-variation", ctx())
    f.flag("disabled-invalid-regex", "STRING", two, [static("bad", "a", [rule(cond("plan", "MATCHES", "("))])],
           enabled=False)
    f.rejected("a disabled flag with an invalid regex is refused as a whole: DEFAULT, not DISABLED",
               "disabled-invalid-regex", ctx(plan="pro"))
    f.served("the healthy flag of the same document (rules)", "healthy", ctx(plan="pro"), "pro")
    f.served("the healthy flag of the same document", "healthy", ctx(plan="free"), "all")
    return f


def dd_contexts(d):
    assert d == "datadog"
    f = File(d, "contexts",
             "The targeting key is optional: it is needed only when a split with a hashed shard is reached "
             "(TARGETING_KEY_MISSING); a key that is not a string, or a list or object attribute, is "
             "INVALID_CONTEXT, before the flag is even looked up.")
    no_key = lambda **a: actx(a, ABSENT)  # noqa: E731
    null_key = lambda **a: actx(a, None)  # noqa: E731
    f.flag("static", "STRING", [("a", "A")], [static("all", "a")])
    f.served("no key: a static flag serves", "static", no_key(), "all")
    f.served("a null key: a static flag serves", "static", null_key(), "all")
    f.served("the empty key", "static", ctx(""), "all")
    f.flag("full-range", "STRING", [("a", "A")], [alloc("all", [split("a", shard("f", [(0, 10000)]))])])
    f.served("no key: a full-range shard needs none", "full-range", no_key(), "all")
    f.flag("covered-twice", "STRING", [("a", "A")],
           [alloc("all", [split("a", shard("f", [(0, 5000), (5000, 10000)]))])])
    f.error("no key: a shard covering everything with two ranges is still hashed", "covered-twice", no_key(),
            "TARGETING_KEY_MISSING")
    f.flag("hashed", "STRING", [("a", "A"), ("b", "B")], [
        alloc("us", [split("a", shard("h", [(0, 5000)])), split("b")], [rule(cond("country", "ONE_OF", ["US"]))]),
        static("rest", "b")])
    f.error("no key: a hashed shard is reached", "hashed", no_key(country="US"), "TARGETING_KEY_MISSING")
    f.error("a null key: a hashed shard is reached", "hashed", null_key(country="US"), "TARGETING_KEY_MISSING")
    f.error("no key and the wrong type: the type is checked first", "hashed", no_key(country="US"), "TYPE_MISMATCH",
            type="boolean")
    f.served("no key: the hashed allocation's rules fail first, the next serves", "hashed", no_key(country="FR"),
             "rest")
    f.flag("static-first", "STRING", [("a", "A"), ("b", "B")], [
        alloc("all", [split("a"), split("b", shard("h", [(0, 5000)]))])])
    f.served("no key: a static split before a hashed one serves", "static-first", no_key(), "all")
    f.flag("hashed-first", "STRING", [("a", "A"), ("b", "B")], [
        alloc("all", [split("a", shard("h", [(0, 5000)])), split("b")]), static("rest", "b")])
    f.error("no key: a hashed split before a static one is an error, not a miss", "hashed-first", no_key(),
            "TARGETING_KEY_MISSING")
    cond_flag(f, "id-is-null", cond("id", "IS_NULL", True))
    f.matched("no key and no id attribute: id is null", "id-is-null", no_key(), True)
    cond_flag(f, "id-alice", cond("id", "ONE_OF", ["alice"]))
    f.matched("no key, an id attribute", "id-alice", no_key(id="alice"), True)
    cond_flag(f, "plan-pro", cond("plan", "ONE_OF", ["pro"]))
    f.matched("a flat context: members beside targetingKey are attributes", "plan-pro",
              {"targetingKey": "alice", "plan": "pro"}, True)
    f.error("a numeric key", "static", actx({}, 42), "INVALID_CONTEXT")
    f.error("a list attribute", "plan-pro", ctx(plan=["pro"]), "INVALID_CONTEXT")
    f.error("an object attribute", "plan-pro", ctx(plan={"name": "pro"}), "INVALID_CONTEXT")
    f.error("an invalid context comes before an unknown flag", "missing", ctx(plan=["pro"]), "INVALID_CONTEXT")
    return f


# ---------------------------------------------------------------------------------------------
# Eppo only


def eppo_semver(d):
    assert d == "eppo"
    f = File(d, "operators-semver",
             "GTE, GT, LTE, LT with a string comparand: a strict semantic version (1.5.0; not 1.5, not v1.5.0) "
             "makes the comparison a semver one, the attribute then being a string that parses as semver, ordered "
             "with build metadata counted; any other numeric string is a number.")
    groups(f, [
        ("gte-1-5-0", cond("v", "GTE", "1.5.0"), attr_cases("GTE 1.5.0", "v", [
            ("equal", "1.5.0", True),
            ("numeric, not textual: 1.10.0", "1.10.0", True),
            ("lower", "1.4.9", False),
            ("a pre-release is lower", "1.5.0-rc.1", False),
            ("a leading v is not semver", "v1.5.0", False),
            ("two parts are not semver", "1.5", False),
            ("a number is not a version", 2, False),
            ("a missing attribute", ABSENT, False)])),
        ("gt-2-0-0", cond("v", "GT", "2.0.0"), attr_cases("GT 2.0.0", "v", [
            ("build metadata counts: 2.0.0+b is above 2.0.0", "2.0.0+b", True),
            ("equal", "2.0.0", False)])),
        ("lte-2-0-0", cond("v", "LTE", "2.0.0"), attr_cases("LTE 2.0.0", "v", [
            ("equal", "2.0.0", True),
            ("build metadata counts: 2.0.0+b is above", "2.0.0+b", False)])),
        ("lt-rc", cond("v", "LT", "1.0.0-rc.10"), attr_cases("LT 1.0.0-rc.10", "v", [
            ("rc.9 is below rc.10", "1.0.0-rc.9", True),
            ("alpha is below rc", "1.0.0-alpha", True),
            ("the release is above", "1.0.0", False)])),
        ("gte-1-5", cond("v", "GTE", "1.5"), attr_cases("GTE \"1.5\" (a number)", "v", [
            ("the numeric string 1.6", "1.6", True),
            ("the number 1.5", 1.5, True),
            ("a version is not a number", "1.5.1", False)])),
        ("gte-18-string", cond("age", "GTE", "18"), attr_cases("GTE \"18\" (a number)", "age", [
            ("21", 21, True),
            ("17", 17, False)])),
    ])
    return f


def eppo_flag_errors(d):
    assert d == "eppo"
    f = File(d, "flag-errors",
             "Eppo's isolation of errors: a structural error (field types, the flag's totalShards missing, an "
             "unknown variationType, rules null) fails the flag (UNEXPECTED_CONFIGURATION_ERROR, ERROR/PARSE_ERROR); "
             "a condition that does not parse is false; a bad value or an unknown variation fails only when its "
             "split is served.")
    two = [("a", "A"), ("b", "B")]
    f.flag("healthy", "STRING", two, [static("pro", "a", [rule(cond("plan", "ONE_OF", ["pro"]))]), static("all", "b")])

    def bad_condition(key, condition, what, **attributes):
        f.flag(key, "STRING", two, [static("bad", "a", [rule(condition)]), static("all", "b")])
        f.served(what, key, ctx(**attributes), "all")

    f.flag("wrong-typed", "BOOLEAN", [("on", True), ("maybe", "yes")], [
        static("maybe", "maybe", [rule(cond("plan", "ONE_OF", ["maybe"]))]), static("all", "on")])
    f.served("a wrong-typed value never served: the flag works", "wrong-typed", ctx(plan="pro"), "all")
    f.error("a wrong-typed value served: PARSE_ERROR", "wrong-typed", ctx(plan="maybe"), "PARSE_ERROR",
            eppo_allocation="maybe")
    f.flag("unknown-variation", "STRING", two, [
        static("nope", "nope", [rule(cond("plan", "ONE_OF", ["nope"]))]), static("all", "a")])
    f.served("an unknown variation not reached: the flag works", "unknown-variation", ctx(plan="pro"), "all")
    f.error("an unknown variation reached: PARSE_ERROR", "unknown-variation", ctx(plan="nope"), "PARSE_ERROR",
            eppo_allocation="nope")
    f.flag("map-key-variation", "STRING", [("entry", "inner", "A"), ("b", "B")], [
        static("entry", "entry", [rule(cond("plan", "ONE_OF", ["entry"]))]), static("all", "b")])
    f.error("a split naming a variation's map key, not its inner key", "map-key-variation", ctx(plan="entry"),
            "PARSE_ERROR", eppo_allocation="entry")
    f.flag("json-invalid", "JSON", [("bad", "{oops"), ("good", '{"ok":true}')], [
        static("bad", "bad", [rule(cond("plan", "ONE_OF", ["bad"]))]), static("all", "good")], raw_values=True)
    f.served("a JSON string that does not parse, not served", "json-invalid", ctx(plan="pro"), "all")
    f.error("a JSON string that does not parse, served: PARSE_ERROR", "json-invalid", ctx(plan="bad"), "PARSE_ERROR",
            eppo_allocation="bad")
    f.flag("integer-fraction", "INTEGER", [("half", 2.5), ("two", 2)], [
        static("half", "half", [rule(cond("plan", "ONE_OF", ["half"]))]), static("all", "two")])
    f.served("an INTEGER value with a fraction, not served", "integer-fraction", ctx(plan="pro"), "all")
    f.error("an INTEGER value with a fraction, served: PARSE_ERROR", "integer-fraction", ctx(plan="half"),
            "PARSE_ERROR", eppo_allocation="half")
    bad_condition("unknown-operator", cond("plan", "STARTS_WITH", "p"), "an unknown operator is a false condition",
                  plan="pro")
    bad_condition("invalid-regex", cond("plan", "MATCHES", "("), "an invalid regex is a false condition", plan="(")
    bad_condition("is-null-string", cond("plan", "IS_NULL", "true"), "IS_NULL with a string is a false condition")
    bad_condition("one-of-string", cond("plan", "ONE_OF", "pro"), "ONE_OF with a string is a false condition",
                  plan="pro")
    bad_condition("not-one-of-string", cond("plan", "NOT_ONE_OF", "free"),
                  "NOT_ONE_OF with a string is a false condition, not a true one", plan="pro")
    bad_condition("gte-word", cond("age", "GTE", "abc"), "GTE with a comparand neither number nor version is false",
                  age=30)

    def broken(key, what, mutate, type=AUTO):
        f.flag(key, "STRING", two, [static("all", "a")])
        mutate(f.flags[key])
        f.error(what, key, ctx(), "PARSE_ERROR", type=type)

    broken("no-total-shards", "no totalShards on the flag", lambda fl: fl.pop("totalShards"))
    broken("allocations-string", "allocations that are not an array", lambda fl: fl.update(allocations="all"))
    broken("rules-string", "rules that are not an array",
           lambda fl: fl["allocations"][0].update(rules="none"))
    broken("unknown-type", "an unknown variationType", lambda fl: fl.update(variationType="DATE"), type="string")
    broken("no-variations", "no variations member", lambda fl: fl.pop("variations"))
    f.error("a failed flag is PARSE_ERROR before any type check", "allocations-string", ctx(), "PARSE_ERROR",
            type="boolean")
    f.error("the type is checked before the split naming an unknown variation is served", "unknown-variation",
            ctx(plan="nope"), "TYPE_MISMATCH", type="boolean")
    f.flag("null-value", "STRING", [("a", "A"), ("n", None)], [static("all", "a")])
    f.error("a null variation value fails the flag, served or not", "null-value", ctx(), "PARSE_ERROR")
    f.flag("object-value", "STRING", [("a", "A"), ("o", {"x": 1})], [static("all", "a")])
    f.error("an object variation value fails the flag, served or not", "object-value", ctx(), "PARSE_ERROR")
    f.flag("disabled-broken-value", "BOOLEAN", [("on", True), ("maybe", "yes")], [static("all", "maybe")],
           enabled=False)
    f.disabled("a disabled flag is DISABLED even with a wrong-typed value", "disabled-broken-value", ctx())
    f.flag("disabled-unparsable", "STRING", two, [], enabled=False)
    f.flags["disabled-unparsable"]["allocations"] = "all"
    f.error("a disabled flag that does not parse is PARSE_ERROR", "disabled-unparsable", ctx(), "PARSE_ERROR")
    f.served("the healthy flag of the same document (rules)", "healthy", ctx(plan="pro"), "pro")
    f.served("the healthy flag of the same document", "healthy", ctx(plan="free"), "all")
    return f


def eppo_contexts(d):
    assert d == "eppo"
    f = File(d, "contexts",
             "The subject key is a required string: absent, null or not a string is ERROR/TARGETING_KEY_MISSING "
             "(flagEvaluationCode null), even for a flag that hashes nothing or does not exist; a list or object "
             "attribute is ERROR/INVALID_CONTEXT.")
    f.flag("static", "STRING", [("a", "A")], [static("all", "a")])
    f.served("the empty key is a key", "static", ctx(""), "all")
    f.error("no key", "static", actx({}, ABSENT), "TARGETING_KEY_MISSING")
    f.error("a null key", "static", actx({}, None), "TARGETING_KEY_MISSING")
    f.error("a numeric key", "static", actx({}, 42), "TARGETING_KEY_MISSING")
    f.error("a boolean key", "static", actx({}, True), "TARGETING_KEY_MISSING")
    f.error("no key, an unknown flag", "missing", actx({}, ABSENT), "TARGETING_KEY_MISSING")
    cond_flag(f, "plan-pro", cond("plan", "ONE_OF", ["pro"]))
    f.matched("a flat context: members beside targetingKey are attributes", "plan-pro",
              {"targetingKey": "alice", "plan": "pro"}, True)
    f.matched("scalar attributes of every kind", "plan-pro",
              ctx(plan="pro", n=1, x=1.5, b=False, z=None), True)
    f.error("a list attribute", "plan-pro", ctx(plan=["pro"]), "INVALID_CONTEXT")
    f.error("an object attribute", "plan-pro", ctx(plan={"name": "pro"}), "INVALID_CONTEXT")
    return f


# ---------------------------------------------------------------------------------------------
# Where the dialects disagree: one document, evaluated by each


def dialects(d):
    dd = d == "datadog"
    f = File(d, "dialects",
             "Where Datadog's and Eppo's SDKs disagree, numbered as in the notes: one document (the same in "
             "spec-fixtures/datadog/dialects.json and spec-fixtures/eppo/dialects.json), flags written in "
             "Datadog's style (totalShards on each shard), Eppo's (on the flag, JSON values as strings) or both.",
             now=NOW)
    two = [("a", "A"), ("b", "B")]

    # 1. totalShards
    k = key_at("t-", "ts", 10000, 1234)
    note = shard_note("ts", k, 10000)
    for style in ("datadog", "eppo", "both"):
        f.flag("1-shards-%s-style" % style, "STRING", two,
               [alloc("hashed", [split("a", shard("ts", [(0, 5000)]))]), static("rest", "b")], style=style)
    f.flag("1-no-shards-datadog-style", "STRING", two, [static("all", "a")], style="datadog")
    k2 = find_key("t-", "diverge", 10000, lambda s: s >= 50 and s % 100 < 50)
    f.flag("1-both-totals-differ", "STRING", two,
           [alloc("hashed", [split("a", shard("diverge", [(0, 50)], 10000))]), static("rest", "b")],
           style="both", total=100)
    note2 = shard_note("diverge", k2, 10000) + "; " + shard_note("diverge", k2, 100)
    if dd:
        f.served("1. totalShards on each shard (Datadog's style)", "1-shards-datadog-style", ctx(k), "hashed",
                 description=note)
        f.rejected("1. totalShards on the flag only (Eppo's style): refused", "1-shards-eppo-style", ctx(k),
                   description=note)
        f.served("1. totalShards in both places", "1-shards-both-style", ctx(k), "hashed", description=note)
        f.served("1. no shards and no totalShards at all", "1-no-shards-datadog-style", ctx(k), "all")
        f.served("1. both places, different totals: the shard's is read", "1-both-totals-differ", ctx(k2), "rest",
                 description=note2)
    else:
        f.error("1. totalShards on each shard (Datadog's style): the flag's is missing", "1-shards-datadog-style",
                ctx(k), "PARSE_ERROR", description=note)
        f.served("1. totalShards on the flag (Eppo's style)", "1-shards-eppo-style", ctx(k), "hashed",
                 description=note)
        f.served("1. totalShards in both places", "1-shards-both-style", ctx(k), "hashed", description=note)
        f.error("1. no shards and no totalShards at all: the flag's is missing", "1-no-shards-datadog-style", ctx(k),
                "PARSE_ERROR")
        f.served("1. both places, different totals: the flag's is read", "1-both-totals-differ", ctx(k2), "hashed",
                 description=note2)

    # 2. JSON values
    f.flag("2-json-inline", "JSON", [("obj", {"k": "v"})], [static("all", "obj")], style="both", raw_values=True)
    f.flag("2-json-string", "JSON", [("obj", '{"k":"v"}')], [static("all", "obj")], style="both", raw_values=True)
    if dd:
        f.served("2. an inline JSON value is served", "2-json-inline", ctx(), "all")
        f.served("2. a string holding JSON is served as that string", "2-json-string", ctx(), "all")
    else:
        f.error("2. an inline JSON value: the flag fails", "2-json-inline", ctx(), "PARSE_ERROR")
        f.served("2. a string holding JSON is parsed", "2-json-string", ctx(), "all")

    # 3. comparands
    for key, condition, attrs in [("3-gte-numeric-string", cond("age", "GTE", "18"), {"age": 21}),
                                  ("3-gte-semver", cond("v", "GTE", "1.5.0"), {"v": "1.10.0"}),
                                  ("3-semver-gte", cond("v", "SEMVER_GTE", "1.5.0"), {"v": "1.10.0"})]:
        f.flag(key, "STRING", two, [static("match", "a", [rule(condition)]), static("rest", "b")], style="both")
    if dd:
        f.rejected("3. GTE with a numeric string: refused", "3-gte-numeric-string", ctx(age=21))
        f.rejected("3. GTE with a version: refused", "3-gte-semver", ctx(v="1.10.0"))
        f.served("3. SEMVER_GTE", "3-semver-gte", ctx(v="1.10.0"), "match")
    else:
        f.served("3. GTE with a numeric string", "3-gte-numeric-string", ctx(age=21), "match")
        f.served("3. GTE with a version", "3-gte-semver", ctx(v="1.10.0"), "match")
        f.served("3. SEMVER_GTE is not an operator: a false condition", "3-semver-gte", ctx(v="1.10.0"), "rest")

    # 4. build metadata
    f.flag("4-gt-build", "STRING", two, [static("match", "a", [rule(cond("v", "GT", "2.0.0"))]), static("rest", "b")],
           style="both")
    f.flag("4-semver-gt-build", "STRING", two,
           [static("match", "a", [rule(cond("v", "SEMVER_GT", "2.0.0"))]), static("rest", "b")], style="both")
    if dd:
        f.rejected("4. GT with a version: refused", "4-gt-build", ctx(v="2.0.0+b"))
        f.served("4. SEMVER_GT: 2.0.0+b is not above 2.0.0", "4-semver-gt-build", ctx(v="2.0.0+b"), "rest")
    else:
        f.served("4. GT: 2.0.0+b is above 2.0.0", "4-gt-build", ctx(v="2.0.0+b"), "match")
        f.served("4. SEMVER_GT is not an operator", "4-semver-gt-build", ctx(v="2.0.0+b"), "rest")
    f.flag("4-semver-eq", "STRING", two,
           [static("match", "a", [rule(cond("v", "SEMVER_EQ", "1.2.3"))]), static("rest", "b")], style="both")
    if dd:
        f.served("4. SEMVER_EQ: an equal version", "4-semver-eq", ctx(v="1.2.3"), "match")
    else:
        f.served("4. SEMVER_EQ is not an operator either: false even for an equal version", "4-semver-eq",
                 ctx(v="1.2.3"), "rest")

    # 5. isolation
    f.flag("5-bad-later-condition", "STRING", two, [
        static("pro", "a", [rule(cond("plan", "ONE_OF", ["pro"]))]),
        static("bad", "b", [rule(cond("plan", "CONTAINS", "p"))])], style="both")
    f.flag("5-bad-unserved-value", "STRING", [("a", "A"), ("b", 2)], [static("all", "a")], style="both")
    f.flag("5-rules-null", "STRING", two, [static("all", "a", None)], style="both")
    if dd:
        f.rejected("5. an unknown operator in a later allocation refuses the flag", "5-bad-later-condition",
                   ctx(plan="pro"))
        f.rejected("5. a wrong-typed value never served refuses the flag", "5-bad-unserved-value", ctx())
        f.served("5. rules null is no rules", "5-rules-null", ctx(), "all")
    else:
        f.served("5. an unknown operator in a later allocation is not reached", "5-bad-later-condition",
                 ctx(plan="pro"), "pro")
        f.served("5. a wrong-typed value never served does not matter", "5-bad-unserved-value", ctx(), "all")
        f.error("5. rules null fails the flag", "5-rules-null", ctx(), "PARSE_ERROR")

    # 6. MATCHES with a one-element array
    f.flag("6-matches-array", "STRING", two,
           [static("match", "a", [rule(cond("email", "MATCHES", ["@example\\.com$"]))]), static("rest", "b")],
           style="both")
    if dd:
        f.served("6. MATCHES with a one-element array reads its string", "6-matches-array", ctx(email="a@example.com"),
                 "match")
    else:
        f.served("6. MATCHES with an array is a false condition", "6-matches-array", ctx(email="a@example.com"), "rest")

    # 7. INTEGER values
    f.flag("7-integer-3-0", "INTEGER", [("three", 3.0)], [static("all", "three")], style="both")
    f.flag("7-integer-2-62-plus-1", "INTEGER", [("big", 4611686018427387905)], [static("all", "big")], style="both")
    if dd:
        f.rejected("7. INTEGER written 3.0 refuses the flag (JSON integers only)", "7-integer-3-0", ctx())
        f.served("7. INTEGER 2^62+1 is exact", "7-integer-2-62-plus-1", ctx(), "all")
    else:
        f.served("7. INTEGER 3.0 is 3", "7-integer-3-0", ctx(), "all")
        f.served("7. INTEGER 2^62+1 goes through a double: 2^62", "7-integer-2-62-plus-1", ctx(), "all")

    # 8. disabled and unknown
    f.flag("8-disabled", "STRING", two, [static("all", "a")], style="both", enabled=False)
    f.disabled("8. a disabled flag", "8-disabled", ctx())
    f.error("8. an unknown flag", "8-unknown", ctx(), "FLAG_NOT_FOUND")

    # 9. the targeting key
    f.flag("9-static", "STRING", two, [static("all", "a")], style="both")
    if dd:
        f.served("9. no key: a static flag serves", "9-static", actx({}, ABSENT), "all")
    else:
        f.error("9. no key: an error even for a static flag", "9-static", actx({}, ABSENT), "TARGETING_KEY_MISSING")

    # 10. reasons
    f.flag("10-window", "STRING", two, [static("window", "a", end="2999-01-01T00:00:00Z"), static("rest", "b")],
           style="both")
    f.served("10. a date-bounded static allocation: DEFAULT with a value", "10-window", ctx(), "window")

    # 11. events
    f.flag("11-logged", "STRING", two, [alloc("all", [split("a", serial=5, extra={"team": "growth"})])], style="both")
    f.served("11. %s" % ("serialId reported, extraLogging ignored" if dd else "extraLogging logged, serialId ignored"),
             "11-logged", ctx(), "all")

    # 12. Datadog's fixtures against ddtrace
    f.flag("12-allocations-not-array", "STRING", two, [], style="both")
    f.flags["12-allocations-not-array"]["allocations"] = {"key": "all"}
    f.flag("12-unknown-operator", "STRING", two, [
        static("bad", "a", [rule(cond("plan", "ENDS_WITH", "o"))]), static("rest", "b")], style="both")
    if dd:
        f.rejected("12. allocations not an array: DEFAULT (the fixtures), not PARSE_ERROR (ddtrace)",
                   "12-allocations-not-array", ctx())
        f.rejected("12. an unknown operator: DEFAULT (the fixtures), not PARSE_ERROR (ddtrace)",
                   "12-unknown-operator", ctx(plan="pro"))
    else:
        f.error("12. allocations not an array: the flag fails", "12-allocations-not-array", ctx(), "PARSE_ERROR")
        f.served("12. an unknown operator: a false condition", "12-unknown-operator", ctx(plan="pro"), "rest")
    return f


# ---------------------------------------------------------------------------------------------

SHARED = [membership, regex, numeric, conditions, shards, dates, reasons_and_logging, types, envelope, unknown_fields,
          struct_arrays]
FILES = {
    "datadog": SHARED + [dd_semver, dd_flag_errors, dd_contexts, dialects],
    "eppo": SHARED + [eppo_semver, eppo_flag_errors, eppo_contexts, dialects],
}


def builders(dialect):
    return [lambda build=build: build(dialect) for build in FILES[dialect]]


# ---------------------------------------------------------------------------------------------
# Verification against the vendors' SDKs


def same(a, b):
    """JSON equality: numbers by value (1 == 1.0), booleans never numbers, objects by members."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
            return True
        return a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


def load_oracle():
    path = os.path.join(ROOT, "scripts", "difftest", "oracles", "ufc.py")
    spec = importlib.util.spec_from_file_location("ufc_oracle", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def verifier(dialect):
    member = dialect

    def verify(documents):
        oracle = load_oracle()
        failures = 0
        for doc in documents:
            requests = []
            for case in doc["cases"]:
                r = {"flag": case["flag"], "context": case["context"]}
                for name in ("type", "default"):
                    if name in case:
                        r[name] = case[name]
                requests.append(r)
            answers = oracle.evaluate(dialect, doc["definitions"], requests, now=doc.get("now"))
            for case, got in zip(doc["cases"], answers):
                expect = case["expect"]
                want = {"value": expect["value"], "variation": expect["variation"], "reason": expect["reason"]}
                want.update({k: v for k, v in expect[member].items() if k != "serialId" or "serialId" in got})
                have = {k: got.get(k) for k in want}
                if not same(want, have):
                    failures += 1
                    print("%s / %s:\n  expected %s\n  SDK      %s" % (doc["name"], case["name"], json.dumps(want),
                                                                    json.dumps(have)))
        return failures

    return verify


ORACLES = {"datadog": "Datadog's evaluator (ddtrace, libdd-ffe)", "eppo": "Eppo's SDK (eppo-server-sdk)"}


def run(dialect, here):
    casefiles.main(here, builders(dialect), verify=verifier(dialect), oracle=ORACLES[dialect], width=24,
                   extra_files_are_stale=True)


if __name__ == "__main__":
    run("datadog", HERE)
