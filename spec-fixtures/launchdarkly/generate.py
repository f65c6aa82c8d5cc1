#!/usr/bin/env python3
"""Writes the LaunchDarkly case files of spec-fixtures/launchdarkly/ (see README.md there).

The cases are written here by hand from LaunchDarkly's server-side evaluation semantics (its Go
evaluator, go-server-sdk-evaluation v3, which the Relay Proxy runs); every expectation that
depends on a bucket is computed here, independently of any SDK: SHA-1 from Python's `hashlib`,
32-bit float arithmetic by exact rational rounding (cross-checked with `numpy.float32` when numpy
is installed). Each rollout case's description gives the hash input and the bucket as a figure.

    python3 generate.py            # rewrites the *.json case files next to this script
    python3 generate.py --check    # exits 1 if any case file differs from what it would write
"""

import hashlib
import json
import os
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import casefiles  # noqa: E402 - spec-fixtures/casefiles.py, shared by the generators

HERE = os.path.dirname(os.path.abspath(__file__))
SCALE = 0xFFFFFFFFFFFFFFF  # 15 hex digits

# ---------------------------------------------------------------------------------------------
# 32-bit floats and LaunchDarkly's bucketing (dialects section 4)


def f32(q):
    """The float32 nearest to the non-negative rational q (ties to even), as a Fraction."""
    q = Fraction(q)
    assert q >= 0
    if q == 0:
        return Fraction(0)
    e = q.numerator.bit_length() - q.denominator.bit_length()
    if Fraction(2) ** e > q:
        e -= 1
    ulp = Fraction(2) ** (max(e, -126) - 23)
    m = q / ulp
    n = m.numerator // m.denominator
    rest = m - n
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and n % 2 == 1):
        n += 1
    return n * ulp


def f32_text(x):
    """The shortest decimal that reads back as the float32 x."""
    for digits in range(1, 10):
        text = "%.*g" % (digits, float(x))
        if f32(Fraction(text)) == x:
            return text
    raise AssertionError(x)


def value_text(value):
    """A string as is, an integer in decimal; None for values LaunchDarkly does not bucket."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else None
    if isinstance(value, str):
        return value
    return None


def ld_bucket(flag_key, salt, seed, value):
    """(hash input, bucket): bucket = Float(first 15 hex digits of sha1) / Float(0xFFFFFFFFFFFFFFF)."""
    text = value_text(value)
    if text is None:
        return None, Fraction(0)
    source = (str(seed) if seed is not None else flag_key + "." + salt) + "." + text
    h = int(hashlib.sha1(source.encode("utf-8")).hexdigest()[:15], 16)
    bucket = f32(f32(h) / f32(SCALE))
    try:
        import numpy as np
        assert float(np.float32(float(f32(h))) / np.float32(float(f32(SCALE)))) == float(bucket)
    except ImportError:
        pass
    return source, bucket


def running_sums(weights):
    total = Fraction(0)
    sums = []
    for w in weights:
        total = f32(total + f32(Fraction(w, 100000)))
        sums.append(total)
    return sums


def pick(bucket, weights):
    """The index of the first running sum > bucket; none: the last."""
    for i, s in enumerate(running_sums(weights)):
        if s > bucket:
            return i
    return len(weights) - 1


def bucket_note(source, bucket):
    if source is None:
        return "no bucketable value: bucket 0"
    return 'bucket of "%s" = %s' % (source, f32_text(bucket))


# ---------------------------------------------------------------------------------------------
# Building blocks

USER = {"kind": "user", "key": "user-key"}


def flag(key, variations, **members):
    f = {"key": key, "version": members.pop("version", 1), "on": members.pop("on", True),
         "variations": variations, "salt": members.pop("salt", key + "-salt")}
    f.update(members)
    return f


def boolean(key, **members):
    """A boolean flag serving false (variation 1) by default; offVariation 1."""
    members.setdefault("offVariation", 1)
    members.setdefault("fallthrough", {"variation": 1})
    return flag(key, [True, False], **members)


def rule(clauses, variation=0, rule_id=None, **members):
    r = {"clauses": clauses, "variation": variation}
    if rule_id is not None:
        r["id"] = rule_id
    r.update(members)
    return r


def clause(attribute, op, values, negate=False, kind=None):
    c = {"attribute": attribute, "op": op, "values": values, "negate": negate}
    if kind is not None:
        c["contextKind"] = kind
    return c


def reason(kind, **fields):
    r = {"kind": kind}
    r.update(fields)
    return r


FALLTHROUGH = reason("FALLTHROUGH")
MATCH0 = reason("RULE_MATCH", ruleIndex=0, ruleId="r")


def expect(value, index, why):
    return {"value": value, "variationIndex": index, "reason": why}


def error(kind, default=None):
    return expect(default, None, reason("ERROR", errorKind=kind))


class File:
    def __init__(self, name, description, definitions):
        self.name = name
        self.description = description
        self.definitions = definitions
        self.cases = []
        self.problems = None

    def case(self, name, flag_key, context, expected, default=None, description=None):
        assert all(c["name"] != name for c in self.cases), name
        c = {"name": name}
        if description:
            c["description"] = description
        c.update({"flag": flag_key, "context": context, "default": default, "expect": expected})
        self.cases.append(c)

    def document(self):
        d = {"name": self.name, "description": self.description, "definitions": self.definitions}
        if self.problems is not None:
            d["problems"] = self.problems
        d["cases"] = self.cases
        return d


def bool_match(f, name, flag_key, context, matched, description=None, why=MATCH0):
    """A boolean flag of `boolean(…)` with one rule `r` serving true."""
    f.case(name, flag_key, context, expect(True, 0, why) if matched else expect(False, 1, FALLTHROUGH),
           default=None, description=description)


def user(**attributes):
    c = {"kind": "user", "key": "user-key"}
    c.update(attributes)
    return c


# ---------------------------------------------------------------------------------------------
# Operators


def operator_file(name, description, op, rows, kind=None):
    """One flag per row-group: rows are (case name, clause values, attribute value or MISSING, matched, negate)."""
    flags = {}
    f = File(name, description, {"flags": flags, "segments": {}})
    for i, (case_name, values, attribute, matched, negate) in enumerate(rows):
        key = "%s-%d" % (op, i)
        flags[key] = boolean(key, rules=[rule([clause("attr", op, values, negate=negate)], rule_id="r")])
        context = user() if attribute is MISSING else user(attr=attribute)
        bool_match(f, case_name, key, context, matched,
                   description="%s%s %s against %s" % ("not " if negate else "", op, json.dumps(values),
                                                        "no attribute" if attribute is MISSING else json.dumps(attribute)))
    return f


MISSING = object()


def operators_in():
    rows = [
        ("string equal", ["a", "b"], "b", True, False),
        ("string differs", ["a", "b"], "c", False, False),
        ("case matters", ["Abc"], "abc", False, False),
        ("integer equals integer", [42], 42, True, False),
        ("1 equals 1.0", [1.0], 1, True, False),
        ("number is not its text", ["1"], 1, False, False),
        ("text is not a number", [1], "1", False, False),
        ("true equals true", [True], True, True, False),
        ("true is not the text true", ["true"], True, False, False),
        ("true is not 1", [1], True, False, False),
        ("mixed values: the string matches", [1, "x", False], "x", True, False),
        ("mixed values: the boolean matches", [1, "x", False], False, True, False),
        ("array attribute: any element", ["b"], ["a", "b"], True, False),
        ("array attribute: no element", ["c"], ["a", "b"], False, False),
        ("array attribute: numbers", [2], [1, 2, 3], True, False),
        ("empty array attribute", ["a"], [], False, False),
        ("an array element that is an array never matches", [["a"]], [["a"]], False, False),
        ("an object attribute never matches", [{"a": 1}], {"a": 1}, False, False),
        ("a null clause value never matches a null element", [None], [None, "x"], False, False),
        ("no values", [], "a", False, False),
        ("negated: no match is true", ["a"], "b", True, True),
        ("negated: a match is false", ["a"], "a", False, True),
        ("negated: absent attribute stays false", ["a"], MISSING, False, True),
        ("negated empty array is true", ["a"], [], True, True),
        ("unicode scalars, not normalised", ["\u00e9"], "e\u0301", False, False),
        ("the same scalars", ["\u00e9"], "\u00e9", True, False),
    ]
    return operator_file("operators-in", "`in`: equality with any value; booleans, numbers (1 equals 1.0) and strings only: "
                         "arrays, objects and null never equal anything; an array attribute matches when any element does; "
                         "an absent attribute is false whatever `negate` says.", "in", rows)


def operators_string():
    rows = []
    for op, yes, no in [("startsWith", ("abcdef", "abc"), ("abcdef", "bcd")),
                        ("endsWith", ("abcdef", "def"), ("abcdef", "cde")),
                        ("contains", ("abcdef", "cde"), ("abcdef", "xyz"))]:
        rows += [
            (op + ": matches", [yes[1]], yes[0], True, False),
            (op + ": does not match", [no[1]], no[0], False, False),
            (op + ": any value", [no[1], yes[1]], yes[0], True, False),
            (op + ": the empty string always matches", [""], "abc", True, False),
            (op + ": a number attribute never matches", ["1"], 123, False, False),
            (op + ": a number value never matches", [1], "123", False, False),
            (op + ": case matters", [yes[1].upper()], yes[0], False, False),
            (op + ": negated", [no[1]], no[0], True, True),
            (op + ": array attribute", [yes[1]], ["zzz", yes[0]], True, False),
        ]
    rows.append(("contains: scalars, not bytes of a different scalar", ["\u0301"], "e\u0301", True, False))
    return _string_file(rows)


def _string_file(rows):
    flags = {}
    f = File("operators-string", "`startsWith`, `endsWith`, `contains`: both sides strings, compared by Unicode scalars; "
             "anything else never matches (then `negate` applies).", {"flags": flags, "segments": {}})
    for i, (case_name, values, attribute, matched, negate) in enumerate(rows):
        op = case_name.split(":")[0]
        key = "%s-%d" % (op, i)
        flags[key] = boolean(key, rules=[rule([clause("attr", op, values, negate=negate)], rule_id="r")])
        bool_match(f, case_name, key, user(attr=attribute), matched,
                   description="%s%s %s against %s" % ("not " if negate else "", op, json.dumps(values), json.dumps(attribute)))
    return f


def operators_matches():
    rows = [
        ("a search, not a whole match", ["b"], "abc", True, False),
        ("anchored whole match", ["^abc$"], "abc", True, False),
        ("anchored, longer text", ["^abc$"], "abcd", False, False),
        ("character class and repetition", ["^[a-z]+-\\d{3}$"], "item-123", True, False),
        ("digits are ASCII", ["^\\d+$"], "\u0661\u0662", False, False),
        ("dot does not match a line feed", ["^a.b$"], "a\nb", False, False),
        ("alternation", ["^(cat|dog)s?$"], "dogs", True, False),
        ("RE2's leading (?i) makes it case-insensitive", ["(?i)^hello$"], "HeLLo", True, False),
        ("without (?i), case matters", ["^hello$"], "HeLLo", False, False),
        ("any of the patterns", ["^x", "y$"], "aay", True, False),
        ("a pattern that is not valid never matches", ["(unclosed"], "(unclosed", False, False),
        ("an invalid pattern, negated, is true", ["(unclosed"], "anything", True, True),
        ("a number attribute never matches", ["1"], 1, False, False),
        ("a number pattern never matches", [1], "1", False, False),
        ("the empty pattern matches everything", [""], "abc", True, False),
        ("negated match", ["^a"], "abc", False, True),
        ("Unicode general categories: \\p{L}", ["^\\p{L}+$"], "\u00e9lan", True, False),
        ("Unicode scripts: \\p{Greek}", ["\\p{Greek}"], "\u03b1", True, False),
        ("\\P{L} is the complement", ["^\\P{L}$"], "1", True, False),
        ("\\w is ASCII in RE2", ["^\\w+$"], "stra\u00dfe", False, False),
        ("\\b is ASCII in RE2: no boundary inside \u00e9x", ["\\bx"], "\u00e9x", True, False),
        ("a scoped flag (?i:...)", ["^(?i:ab)c$"], "ABc", True, False),
        ("a scoped flag ends with its group", ["^(?i:ab)c$"], "ABC", False, False),
        ("(?i) folds by Unicode simple folding: the Kelvin sign", ["(?i)^k$"], "\u212a", True, False),
        ("\\x{...} escapes", ["^\\x{e9}$"], "\u00e9", True, False),
        ("\\A and \\z", ["\\Aab\\z"], "ab", True, False),
        ("POSIX classes", ["^[[:alpha:]]+$"], "abc", True, False),
        ("named groups", ["^(?P<word>[a-z]+)$"], "abc", True, False),
        ("a backreference is not RE2: the pattern is invalid", ["(a)\\1"], "aa", False, False),
        ("lookahead is not RE2: the pattern is invalid", ["a(?=b)"], "ab", False, False),
    ]
    return operator_file("operators-matches", "`matches`: a regular-expression search in RE2's syntax, as LaunchDarkly's Go "
                         "evaluator reads it (Unicode classes and scripts, ASCII \\w \\d \\s \\b, inline and scoped "
                         "flags, simple case folding); an invalid pattern never matches; non-strings never match.", "matches", rows)


def operators_numeric():
    rows = []
    for op, yes, no in [("lessThan", (1, 2), (2, 2)), ("lessThanOrEqual", (2, 2), (3, 2)),
                        ("greaterThan", (3, 2), (2, 2)), ("greaterThanOrEqual", (2, 2), (1, 2))]:
        rows += [
            (op + ": true", [yes[1]], yes[0], True, False),
            (op + ": false", [no[1]], no[0], False, False),
            (op + ": a numeric string never compares", [no[1]], str(yes[0]), False, False),
            (op + ": a string value never compares", [str(yes[1])], yes[0], False, False),
            (op + ": any of the values", [-100, yes[1]], yes[0], True, False),
        ]
    rows += [
        ("lessThan: fractions", [2.5], 2.25, True, False),
        ("lessThan: negated type mismatch is true", [5], "3", True, True),
        ("greaterThan: array attribute, any element", [10], [1, 20], True, False),
        ("lessThan: 1.0 is not less than 1", [1], 1.0, False, False),
        ("greaterThanOrEqual: -0 and 0", [0], -0.0, True, False),
        ("lessThan: boolean never compares", [1], False, False, False),
    ]
    flags = {}
    f = File("operators-numeric", "`lessThan`, `lessThanOrEqual`, `greaterThan`, `greaterThanOrEqual`: "
             "numbers only, attribute ⟨op⟩ value.", {"flags": flags, "segments": {}})
    for i, (case_name, values, attribute, matched, negate) in enumerate(rows):
        op = case_name.split(":")[0]
        key = "%s-%d" % (op, i)
        flags[key] = boolean(key, rules=[rule([clause("attr", op, values, negate=negate)], rule_id="r")])
        bool_match(f, case_name, key, user(attr=attribute), matched,
                   description="%s%s %s against %s" % ("not " if negate else "", op, json.dumps(values), json.dumps(attribute)))
    return f


def operators_dates():
    rows = [
        # (name, op, values, attribute, matched)
        ("before: millisecond numbers", "before", [1000], 999, True),
        ("before: equal instants are not before", "before", [1000], 1000, False),
        ("after: millisecond numbers", "after", [1000], 1001, True),
        ("fractional milliseconds are truncated: 1000.9 is 1000", "after", [1000], 1000.9, False),
        ("fractional clause value truncated too", "before", [1000.9], 1000, False),
        ("negative milliseconds truncate toward zero", "before", [0], -0.5, False),
        ("RFC 3339 with Z", "after", ["2020-01-01T00:00:00Z"], "2020-01-01T00:00:01Z", True),
        ("RFC 3339 with an offset", "before", ["2020-01-01T00:00:00Z"], "2020-01-01T00:30:00+01:00", True),
        ("a string and a number compared", "after", ["2020-01-01T00:00:00Z"], 1577836800001, True),
        ("the same instant written two ways", "before", [1577836800000], "2020-01-01T00:00:00Z", False),
        ("nanoseconds compare", "before", ["2020-01-01T00:00:00.000000002Z"], "2020-01-01T00:00:00.000000001Z", True),
        ("ten fraction digits are not a date", "before", ["2030-01-01T00:00:00Z"], "2020-01-01T00:00:00.0000000001Z", False),
        ("lowercase t and z", "before", ["2030-01-01T00:00:00Z"], "2020-01-01t00:00:00z", True),
        ("a one-digit hour", "after", ["2020-01-01T08:00:00Z"], "2020-01-01T9:00:00Z", True),
        ("February 30 rolls over to March 1 in a leap year", "after", ["2020-02-29T23:00:00Z"], "2020-02-30T00:00:00Z", True),
        ("second 60 is the next minute", "before", ["2020-01-01T00:01:00Z"], "2020-01-01T00:00:60Z", False),
        ("offset hours up to 99", "before", ["2020-01-01T00:00:00Z"], "2020-01-02T00:00:00+25:00", True),
        ("no offset: not a date", "before", ["2030-01-01T00:00:00Z"], "2020-01-01T00:00:00", False),
        ("a date alone: not a date", "before", ["2030-01-01T00:00:00Z"], "2020-01-01", False),
        ("a number in a string: not a date", "before", [2000], "1000", False),
        ("month 13: not a date", "before", ["2030-01-01T00:00:00Z"], "2020-13-01T00:00:00Z", False),
        ("a boolean: not a date", "before", [1000], True, False),
        ("an invalid clause value never matches; the others still do", "before", ["soon", 2000], 1000, True),
        ("after: any of the values", "after", [5000, 500], 1000, True),
        # Go computes int64(ms) * int64(time.Millisecond): beyond the year 2262 the nanoseconds wrap.
        ("the last millisecond before nanoseconds wrap", "after", [0], 9223372036854, True),
        ("a millisecond later the nanoseconds wrap negative: before 1970", "before", [0], 9223372036855, True),
        ("2^53 ms wraps to a time after 2024", "after", [1714557600000], 9007199254740992, True),
        ("1e16 ms wraps to 2029-02-02", "before", ["2029-02-03T00:00:00Z"], 1e16, True),
        ("1e16 ms wraps to 2029-02-02, not before 2029-02-02", "before", ["2029-02-02T00:00:00Z"], 1e16, False),
        ("beyond 64 bits (1e20 ms) is int64's minimum times 10^6, which wraps to 1970", "before", [1], 1e20, True),
        ("beyond 64 bits (1e20 ms): not after 0", "after", [0], 1e20, False),
        ("a clause value beyond the wrap wraps too", "after", [9223372036855], 0, True),
    ]
    flags = {}
    f = File("operators-dates", "`before`, `after`: Unix milliseconds (truncated to whole milliseconds, then "
             "nanoseconds in a signed 64-bit integer that wraps around past the year 2262, as Go computes them) or RFC 3339 "
             "text as LaunchDarkly's Go evaluator reads it (one-digit hours, 1 to 9 fraction digits, offset hours up to "
             "99, days 1-31 and second 60 rolling over); equal instants match neither.", {"flags": flags, "segments": {}})
    for i, (case_name, op, values, attribute, matched) in enumerate(rows):
        key = "%s-%d" % (op, i)
        flags[key] = boolean(key, rules=[rule([clause("when", op, values)], rule_id="r")])
        bool_match(f, case_name, key, user(when=attribute), matched,
                   description="%s %s against %s" % (op, json.dumps(values), json.dumps(attribute)))
    return f


def operators_semver():
    rows = [
        ("equal", "semVerEqual", ["2.0.1"], "2.0.1", True),
        ("not equal", "semVerEqual", ["2.0.1"], "2.0.2", False),
        ("missing minor and patch are 0", "semVerEqual", ["2"], "2.0.0", True),
        ("missing patch is 0", "semVerEqual", ["2.1"], "2.1.0", True),
        ("missing patch with a prerelease", "semVerEqual", ["2.1-beta"], "2.1.0-beta", True),
        ("build metadata is ignored", "semVerEqual", ["2.0.0+build.1"], "2.0.0+build.2", True),
        ("a leading v is not a version", "semVerEqual", ["2.0.0"], "v2.0.0", False),
        ("leading zeros are not a version", "semVerEqual", ["1.0.0"], "01.0.0", False),
        ("four parts are not a version", "semVerEqual", ["1.2.3"], "1.2.3.4", False),
        ("a number is not a version", "semVerEqual", ["1.0.0"], 1, False),
        ("less: patch", "semVerLessThan", ["1.0.1"], "1.0.0", True),
        ("less: numbers compare numerically", "semVerLessThan", ["1.10.0"], "1.9.0", True),
        ("less: a prerelease is lower", "semVerLessThan", ["1.0.0"], "1.0.0-rc.1", True),
        ("less: prerelease identifiers numerically", "semVerLessThan", ["1.0.0-alpha.10"], "1.0.0-alpha.2", True),
        ("less: a numeric identifier is lower than alphanumeric", "semVerLessThan", ["1.0.0-alpha.beta"], "1.0.0-alpha.1", True),
        ("less: equal is not less", "semVerLessThan", ["1.0.0"], "1.0.0", False),
        ("greater: minor", "semVerGreaterThan", ["2.0.0"], "2.1.0", True),
        ("greater: shorter prerelease is lower", "semVerGreaterThan", ["1.0.0-alpha"], "1.0.0-alpha.1", True),
        ("greater: missing parts", "semVerGreaterThan", ["2"], "2.0.1", True),
        ("greater: not when lower", "semVerGreaterThan", ["2.0.0"], "1.99.99", False),
        ("an invalid clause value never matches", "semVerLessThan", ["x.y.z"], "1.0.0", False),
        ("semVerLessThanOrEqual is not a LaunchDarkly operator: never matches", "semVerLessThanOrEqual", ["2.0.0"], "1.0.0", False),
    ]
    flags = {}
    f = File("operators-semver", "`semVerEqual`, `semVerLessThan`, `semVerGreaterThan`: semantic versions 2.0.0, "
             "minor and patch optional (0), no leading `v`, build metadata ignored.", {"flags": flags, "segments": {}})
    for i, (case_name, op, values, attribute, matched) in enumerate(rows):
        key = "semver-%d" % i
        flags[key] = boolean(key, rules=[rule([clause("version", op, values)], rule_id="r")])
        bool_match(f, case_name, key, user(version=attribute), matched,
                   description="%s %s against %s" % (op, json.dumps(values), json.dumps(attribute)))
    return f


# ---------------------------------------------------------------------------------------------
# Clauses, contexts, targets, rules


def clauses():
    flags = {
        "old-style": boolean("old-style", rules=[rule([clause("/plan", "in", ["pro"])], rule_id="r")]),
        "reference": boolean("reference", rules=[rule([clause("/address/city", "in", ["Paris"], kind="user")], rule_id="r")]),
        "literal-name": boolean("literal-name", rules=[rule([clause("address", "in", ["x"])], rule_id="r")]),
        "escaped": boolean("escaped", rules=[rule([clause("/a~1b", "in", [1], kind="user")], rule_id="r")]),
        "org": boolean("org", rules=[rule([clause("tier", "greaterThan", [1], kind="org")], rule_id="r")]),
        "kind": boolean("kind", rules=[rule([clause("kind", "in", ["org"])], rule_id="r")]),
        "kind-negated": boolean("kind-negated", rules=[rule([clause("kind", "in", ["user"], negate=True)], rule_id="r")]),
        "key": boolean("key", rules=[rule([clause("key", "startsWith", ["adm-"])], rule_id="r")]),
        "name": boolean("name", rules=[rule([clause("name", "in", ["Ada"])], rule_id="r")]),
        "anonymous": boolean("anonymous", rules=[rule([clause("anonymous", "in", [False])], rule_id="r")]),
        "and": boolean("and", rules=[rule([clause("a", "in", [1]), clause("b", "in", [2])], rule_id="r")]),
        "no-clauses": boolean("no-clauses", rules=[rule([], rule_id="r")]),
        "unknown-op": boolean("unknown-op", rules=[rule([clause("a", "isOneOf", [1])], rule_id="r")]),
        "unknown-op-negated": boolean("unknown-op-negated", rules=[rule([clause("a", "isOneOf", [1], negate=True)], rule_id="r")]),
        "negated-kind-absent": boolean("negated-kind-absent", rules=[rule([clause("tier", "in", [1], negate=True, kind="org")], rule_id="r")]),
    }
    f = File("clauses", "Clauses: without `contextKind` the attribute is a plain name of the user kind (a leading "
             "`/` is part of the name); with it, an attribute reference; clauses on `kind` see every kind; "
             "`anonymous` is false when unset; clauses are ANDed; unknown operators never match but `negate` "
             "applies; an absent context kind is false whatever `negate` says.", {"flags": flags, "segments": {}})
    bool_match(f, "old-style name with a slash is a plain name", "old-style", user(**{"/plan": "pro"}), True)
    bool_match(f, "old-style name is not a path", "old-style", user(plan="pro"), False)
    bool_match(f, "old-style clause reads a pre-2022 user's custom attribute", "old-style",
               {"key": "u", "custom": {"/plan": "pro"}}, True)
    bool_match(f, "a reference reads a nested member", "reference", user(address={"city": "Paris"}), True)
    bool_match(f, "a reference to a missing member is absent", "reference", user(address={"zip": "75001"}), False)
    bool_match(f, "a reference never reads a dotted name", "reference", user(**{"address.city": "Paris"}), False)
    bool_match(f, "an object attribute is not its members", "literal-name", user(address={"x": 1}), False)
    bool_match(f, "~1 is a slash in a reference", "escaped", user(**{"a/b": 1}), True)
    bool_match(f, "another kind's attribute", "org", {"kind": "org", "key": "o", "tier": 2}, True)
    bool_match(f, "another kind in a multi-context", "org", {"kind": "multi", "user": {"key": "u", "tier": 9},
                                                             "org": {"key": "o", "tier": 2}}, True)
    bool_match(f, "the user's attribute is not the org's", "org", {"kind": "user", "key": "u", "tier": 9}, False)
    bool_match(f, "kind of a single context", "kind", {"kind": "org", "key": "o"}, True)
    bool_match(f, "kind: any kind of a multi-context", "kind", {"kind": "multi", "user": {"key": "u"}, "org": {"key": "o"}}, True)
    bool_match(f, "kind of a pre-2022 user object is user", "kind", {"key": "u"}, False)
    bool_match(f, "negated kind: a multi-context holding a user", "kind-negated",
               {"kind": "multi", "user": {"key": "u"}, "org": {"key": "o"}}, False)
    bool_match(f, "negated kind: an org", "kind-negated", {"kind": "org", "key": "o"}, True)
    bool_match(f, "the key attribute", "key", user(key="adm-1"), True)
    bool_match(f, "the name attribute", "name", {"kind": "user", "key": "u", "name": "Ada"}, True)
    bool_match(f, "name of a pre-2022 user", "name", {"key": "u", "name": "Ada"}, True)
    bool_match(f, "anonymous is false when unset", "anonymous", user(), True)
    bool_match(f, "anonymous true", "anonymous", user(anonymous=True), False)
    bool_match(f, "clauses are ANDed: both", "and", user(a=1, b=2), True)
    bool_match(f, "clauses are ANDed: one", "and", user(a=1, b=3), False)
    bool_match(f, "a rule without clauses matches", "no-clauses", {"kind": "device", "key": "d"}, True)
    bool_match(f, "an unknown operator never matches", "unknown-op", user(a=1), False)
    bool_match(f, "an unknown operator, negated, matches", "unknown-op-negated", user(a=1), True)
    bool_match(f, "an unknown operator, negated, absent attribute: false", "unknown-op-negated", user(), False)
    bool_match(f, "negated clause of an absent kind is false", "negated-kind-absent", user(), False)
    bool_match(f, "negated clause of a present kind", "negated-kind-absent", {"kind": "org", "key": "o", "tier": 2}, True)
    return f


def contexts():
    flags = {
        "email": boolean("email", rules=[rule([clause("email", "endsWith", ["@example.com"])], rule_id="r")]),
        "plan": boolean("plan", rules=[rule([clause("plan", "in", ["pro"])], rule_id="r")]),
        "groups": boolean("groups", rules=[rule([clause("groups", "in", ["beta"])], rule_id="r")]),
        "ip": boolean("ip", rules=[rule([clause("ip", "startsWith", ["10."])], rule_id="r")]),
        "names": boolean("names", rules=[rule([clause("firstName", "in", ["Ada"]), clause("lastName", "in", ["Lovelace"]),
                                                clause("country", "in", ["GB"]), clause("avatar", "contains", ["png"])], rule_id="r")]),
        "secondary": boolean("secondary", rules=[rule([clause("secondary", "in", ["s"])], rule_id="r")]),
        "custom-key": boolean("custom-key", rules=[rule([clause("key", "in", ["from-custom"])], rule_id="r")]),
        "target": boolean("target", targets=[{"values": [""], "variation": 0}]),
        "any": boolean("any", fallthrough={"variation": 0}),
    }
    f = File("contexts", "Contexts: LaunchDarkly's context JSON, and pre-2022 user objects (no `kind`): `key` (a string, "
             "possibly empty), the built-ins `name`, `email`, `firstName`, `lastName`, `country`, `avatar`, `ip` (strings) "
             "and `anonymous` (a boolean), `custom` attributes (not `kind`, `key`, `name`, `anonymous`); `secondary` and "
             "other top-level members are not attributes; a built-in of the wrong type is INVALID_CONTEXT.",
             {"flags": flags, "segments": {}})
    bool_match(f, "user object: built-in email", "email", {"key": "u", "email": "a@example.com"}, True)
    bool_match(f, "user object: custom attribute", "plan", {"key": "u", "custom": {"plan": "pro"}}, True)
    bool_match(f, "user object: unknown top-level member is not an attribute", "plan", {"key": "u", "plan": "pro"}, False)
    bool_match(f, "user object: custom array attribute", "groups", {"key": "u", "custom": {"groups": ["alpha", "beta"]}}, True)
    bool_match(f, "user object: built-in ip", "ip", {"key": "u", "ip": "10.1.2.3"}, True)
    bool_match(f, "user object: every built-in string", "names", {"key": "u", "firstName": "Ada", "lastName": "Lovelace",
                                                                   "country": "GB", "avatar": "https://x/a.png"}, True)
    bool_match(f, "user object: secondary is not an attribute", "secondary", {"key": "u", "secondary": "s"}, False)
    bool_match(f, "user object: custom key does not replace the key", "custom-key", {"key": "u", "custom": {"key": "from-custom"}}, False)
    bool_match(f, "user object: null members are absent", "email", {"key": "u", "email": None, "name": None, "anonymous": None}, False)
    bool_match(f, "context: attributes at the top level", "plan", {"kind": "user", "key": "u", "plan": "pro"}, True)
    bool_match(f, "context: custom is an ordinary attribute there", "plan", {"kind": "user", "key": "u", "custom": {"plan": "pro"}}, False)
    f.case("user object: an empty key is valid", "target", {"key": ""}, expect(True, 0, reason("TARGET_MATCH")))
    f.case("context: an empty key is invalid", "any", {"kind": "user", "key": ""}, error("INVALID_CONTEXT", False), default=False)
    for name, ctx in [
        ("user object without key", {"name": "Ada"}),
        ("user object with a numeric key", {"key": 1}),
        ("user object with a null key", {"key": None}),
        ("user object with a numeric email", {"key": "u", "email": 1}),
        ("user object with a boolean name", {"key": "u", "name": True}),
        ("user object with a string anonymous", {"key": "u", "anonymous": "true"}),
        ("user object with custom not an object", {"key": "u", "custom": ["plan"]}),
        ("context with kind multi and nothing in it", {"kind": "multi"}),
        ("context with an invalid kind", {"kind": "us er", "key": "u"}),
        ("context with kind kind", {"kind": "kind", "key": "u"}),
        ("not an object", "user-key"),
    ]:
        f.case(name + " is invalid", "any", ctx, error("INVALID_CONTEXT", "d"), default="d")
    f.case("an invalid context and an unknown flag: the context is reported", "no-such-flag", {"kind": "user", "key": ""},
           error("INVALID_CONTEXT", "d"), default="d",
           description="LaunchDarkly's SDKs check the context before they look the flag up")
    f.case("an invalid user object and an unknown flag: the context is reported", "no-such-flag", {"name": "Ada"},
           error("INVALID_CONTEXT", "d"), default="d")
    f.case("a valid context and an unknown flag", "no-such-flag", USER, error("FLAG_NOT_FOUND", "d"), default="d")
    f.case("a multi-context is valid", "any", {"kind": "multi", "user": {"key": "u"}, "org": {"key": "o"}}, expect(True, 0, FALLTHROUGH))
    f.case("a single context of any kind is valid", "any", {"kind": "device", "key": "d"}, expect(True, 0, FALLTHROUGH))
    return f


def targets():
    flags = {
        "user-targets": flag("user-targets", ["a", "b", "c"], offVariation=0, fallthrough={"variation": 0},
                             targets=[{"values": ["u1", "u2"], "variation": 1}, {"values": ["u2", "u3"], "variation": 2}]),
        "context-targets": flag("context-targets", ["a", "b", "c"], offVariation=0, fallthrough={"variation": 0},
                                targets=[{"values": ["u1"], "variation": 1}, {"values": ["u2"], "variation": 2}],
                                contextTargets=[{"contextKind": "org", "values": ["o1"], "variation": 2},
                                                {"contextKind": "user", "values": [], "variation": 1},
                                                {"contextKind": "device", "values": ["d1"], "variation": 1}]),
        "no-placeholder": flag("no-placeholder", ["a", "b", "c"], offVariation=0, fallthrough={"variation": 0},
                               targets=[{"values": ["u1"], "variation": 1}],
                               contextTargets=[{"contextKind": "org", "values": ["o1"], "variation": 2}]),
        "placeholder-without-list": flag("placeholder-without-list", ["a", "b"], offVariation=0, fallthrough={"variation": 0},
                                         targets=[{"values": ["u1"], "variation": 1}],
                                         contextTargets=[{"contextKind": "user", "values": [], "variation": 0},
                                                         {"contextKind": "org", "values": ["o1"], "variation": 1}]),
        "targets-before-rules": flag("targets-before-rules", ["a", "b"], offVariation=0, fallthrough={"variation": 0},
                                     targets=[{"values": ["u1"], "variation": 0}],
                                     rules=[rule([clause("key", "in", ["u1"])], variation=1, rule_id="r")]),
        "off-with-targets": flag("off-with-targets", ["a", "b"], on=False, offVariation=0, fallthrough={"variation": 0},
                                 targets=[{"values": ["u1"], "variation": 1}]),
    }
    f = File("targets", "Individual targets: without `contextTargets`, `targets` (user kind) in order; with them, "
             "`contextTargets` in order, where a user-kind entry without values stands for the `targets` entry of the "
             "same variation (other `targets` entries are not consulted); targets come before rules.",
             {"flags": flags, "segments": {}})
    tm = reason("TARGET_MATCH")
    f.case("first user target", "user-targets", {"key": "u1"}, expect("b", 1, tm))
    f.case("a key in two targets: the first", "user-targets", {"key": "u2"}, expect("b", 1, tm))
    f.case("second user target", "user-targets", {"key": "u3"}, expect("c", 2, tm))
    f.case("not targeted", "user-targets", {"key": "u4"}, expect("a", 0, FALLTHROUGH))
    f.case("targets are the user kind", "user-targets", {"kind": "org", "key": "u1"}, expect("a", 0, FALLTHROUGH))
    f.case("the user in a multi-context", "user-targets", {"kind": "multi", "user": {"key": "u3"}, "org": {"key": "u1"}}, expect("c", 2, tm))
    f.case("contextTargets: an org", "context-targets", {"kind": "org", "key": "o1"}, expect("c", 2, tm))
    f.case("contextTargets: the placeholder's user list", "context-targets", {"key": "u1"}, expect("b", 1, tm))
    f.case("contextTargets: targets entries without a placeholder are not consulted", "context-targets", {"key": "u2"},
           expect("a", 0, FALLTHROUGH))
    f.case("contextTargets: order decides for a multi-context", "context-targets",
           {"kind": "multi", "user": {"key": "u1"}, "org": {"key": "o1"}}, expect("c", 2, tm))
    f.case("contextTargets: a later entry", "context-targets", {"kind": "device", "key": "d1"}, expect("b", 1, tm))
    f.case("contextTargets without a placeholder ignore targets", "no-placeholder", {"key": "u1"}, expect("a", 0, FALLTHROUGH))
    f.case("a placeholder with no targets entry of its variation", "placeholder-without-list", {"key": "u1"},
           expect("a", 0, FALLTHROUGH))
    f.case("after the empty placeholder", "placeholder-without-list", {"kind": "org", "key": "o1"}, expect("b", 1, tm))
    f.case("targets before rules", "targets-before-rules", {"key": "u1"}, expect("a", 0, tm))
    f.case("off: targets are not consulted", "off-with-targets", {"key": "u1"}, expect("a", 0, reason("OFF")))
    return f


def rules_and_off():
    flags = {
        "rules": flag("rules", ["none", "first", "second", "third"], offVariation=0, fallthrough={"variation": 0},
                      rules=[rule([clause("n", "greaterThan", [10])], variation=1, rule_id="big"),
                             rule([clause("n", "greaterThan", [5])], variation=2),
                             rule([clause("n", "greaterThan", [0])], variation=3, rule_id="")]),
        "off": flag("off", ["a", "b"], on=False, offVariation=1, fallthrough={"variation": 0}),
        "off-without-variation": flag("off-without-variation", ["a", "b"], on=False, fallthrough={"variation": 0}),
        "off-without-fallthrough": {"key": "off-without-fallthrough", "version": 1, "on": False, "variations": ["a"], "offVariation": 0},
        "on-by-default-false": {"key": "on-by-default-false", "version": 1, "variations": ["a", "b"], "offVariation": 1,
                                "fallthrough": {"variation": 0}},
        "big-numbers": flag("big-numbers", [9007199254740993, 9223372036854775807], fallthrough={"variation": 0},
                            rules=[rule([clause("v", "in", [1])], variation=1, rule_id="max")]),
        "json": flag("json", [{"a": [1, 2]}, None, "s", 1.5], fallthrough={"variation": 0},
                     rules=[rule([clause("v", "in", [1])], variation=1, rule_id="null"),
                            rule([clause("v", "in", [2])], variation=2, rule_id="s"),
                            rule([clause("v", "in", [3])], variation=3, rule_id="n")]),
    }
    f = File("rules-and-off", "Rules in order (`ruleIndex`, `ruleId` when not empty), `OFF` with and without an off "
             "variation, `on` false when absent, any JSON values as variations, numbers as Go's float64 holds them.", {"flags": flags, "segments": {}})
    f.case("the first matching rule wins", "rules", user(n=20), expect("first", 1, reason("RULE_MATCH", ruleIndex=0, ruleId="big")))
    f.case("a rule without id", "rules", user(n=7), expect("second", 2, reason("RULE_MATCH", ruleIndex=1)))
    f.case("an empty id is left out", "rules", user(n=1), expect("third", 3, reason("RULE_MATCH", ruleIndex=2)))
    f.case("no rule matches", "rules", user(n=0), expect("none", 0, FALLTHROUGH))
    f.case("off serves the off variation", "off", USER, expect("b", 1, reason("OFF")))
    f.case("off without an off variation serves the default", "off-without-variation", USER, expect("dflt", None, reason("OFF")),
           default="dflt")
    f.case("off without a fallthrough is fine", "off-without-fallthrough", USER, expect("a", 0, reason("OFF")))
    f.case("absent on is off", "on-by-default-false", USER, expect("b", 1, reason("OFF")))
    f.case("an object variation", "json", USER, expect({"a": [1, 2]}, 0, FALLTHROUGH))
    f.case("a null variation is served as null", "json", user(v=1), expect(None, 1, reason("RULE_MATCH", ruleIndex=0, ruleId="null")),
           default="dflt")
    f.case("a string variation", "json", user(v=2), expect("s", 2, reason("RULE_MATCH", ruleIndex=1, ruleId="s")))
    f.case("a number variation", "json", user(v=3), expect(1.5, 3, reason("RULE_MATCH", ruleIndex=2, ruleId="n")))
    f.case("2^53 + 1 is served as Go's float64 holds it: 2^53", "big-numbers", USER,
           expect(9007199254740992, 0, FALLTHROUGH))
    f.case("2^63 - 1 is served as Go's float64 holds it: 2^63", "big-numbers", user(v=1),
           expect(9223372036854775808, 1, reason("RULE_MATCH", ruleIndex=0, ruleId="max")))
    f.case("an unknown flag", "nope", USER, error("FLAG_NOT_FOUND", "d"), default="d")
    f.case("flag keys are case-sensitive", "OFF", USER, error("FLAG_NOT_FOUND", "d"), default="d")
    return f


def prerequisites():
    on_if_ok = rule([clause("ok", "in", [True])], variation=0, rule_id="ok")
    flags = {
        "base": boolean("base", rules=[on_if_ok]),
        "base-off": boolean("base-off", on=False, offVariation=0),
        "needs-base": boolean("needs-base", prerequisites=[{"key": "base", "variation": 0}], fallthrough={"variation": 0}),
        "needs-base-false": boolean("needs-base-false", prerequisites=[{"key": "base", "variation": 1}], fallthrough={"variation": 0}),
        "needs-off": boolean("needs-off", prerequisites=[{"key": "base-off", "variation": 0}], fallthrough={"variation": 0}),
        "needs-missing": boolean("needs-missing", prerequisites=[{"key": "no-such-flag", "variation": 0}], fallthrough={"variation": 0}),
        "needs-deleted": boolean("needs-deleted", prerequisites=[{"key": "deleted", "variation": 0}], fallthrough={"variation": 0}),
        "deleted": {"key": "deleted", "version": 9, "deleted": True},
        "needs-two": boolean("needs-two", prerequisites=[{"key": "base", "variation": 0}, {"key": "needs-base", "variation": 0}],
                             fallthrough={"variation": 0}),
        "chain": boolean("chain", prerequisites=[{"key": "needs-base", "variation": 0}], fallthrough={"variation": 0}),
        "no-off-variation": flag("no-off-variation", [True, False], prerequisites=[{"key": "base", "variation": 0}],
                                 fallthrough={"variation": 0}),
        "out-of-range": boolean("out-of-range", prerequisites=[{"key": "base", "variation": 5}], fallthrough={"variation": 0}),
        "off-with-prereq": boolean("off-with-prereq", on=False, prerequisites=[{"key": "no-such-flag", "variation": 0}]),
        "cycle-a": boolean("cycle-a", prerequisites=[{"key": "cycle-b", "variation": 0}], fallthrough={"variation": 0}),
        "cycle-b": boolean("cycle-b", prerequisites=[{"key": "cycle-a", "variation": 0}], fallthrough={"variation": 0}),
        "into-cycle": boolean("into-cycle", prerequisites=[{"key": "cycle-a", "variation": 0}], fallthrough={"variation": 0}),
        "cycle-c": boolean("cycle-c", prerequisites=[{"key": "cycle-d", "variation": 0}], fallthrough={"variation": 0}),
        "cycle-d": boolean("cycle-d", on=False, prerequisites=[{"key": "cycle-c", "variation": 0}], fallthrough={"variation": 0}),
        "malformed": {"key": "malformed", "version": 1, "on": "yes", "variations": [True]},
        "needs-malformed": boolean("needs-malformed", prerequisites=[{"key": "malformed", "variation": 0}], fallthrough={"variation": 0}),
        "needs-base-then-rule": boolean("needs-base-then-rule", prerequisites=[{"key": "base", "variation": 0}],
                                        rules=[rule([clause("plan", "in", ["pro"])], variation=0, rule_id="pro")]),
        "bad-clause": boolean("bad-clause", rules=[rule([clause("/a//b", "in", [1], kind="user")], variation=0, rule_id="bad")]),
        "needs-bad-clause": boolean("needs-bad-clause", prerequisites=[{"key": "bad-clause", "variation": 1}],
                                    fallthrough={"variation": 0}),
        "needs-needs-bad-clause": boolean("needs-needs-bad-clause", prerequisites=[{"key": "needs-bad-clause", "variation": 0}],
                                          fallthrough={"variation": 0}),
        "bad-rollout": boolean("bad-rollout", fallthrough={"rollout": {"contextKind": "user", "bucketBy": "/",
                                                                      "variations": [{"variation": 0, "weight": 100000}]}}),
        "needs-bad-rollout": boolean("needs-bad-rollout", prerequisites=[{"key": "bad-rollout", "variation": 0}],
                                     fallthrough={"variation": 0}),
        "bad-fallthrough": boolean("bad-fallthrough", fallthrough={"variation": 5}),
        "needs-bad-fallthrough": boolean("needs-bad-fallthrough", prerequisites=[{"key": "bad-fallthrough", "variation": 0}],
                                         fallthrough={"variation": 0}),
        "bad-off": boolean("bad-off", on=False, offVariation=5),
        "needs-bad-off": boolean("needs-bad-off", prerequisites=[{"key": "bad-off", "variation": 0}], fallthrough={"variation": 0}),
    }
    f = File("prerequisites", "Prerequisites by variation index: each prerequisite flag must exist, be on, and serve that "
             "index; the first that does not gives PREREQUISITE_FAILED and the off variation. A cycle met while "
             "evaluating makes the whole evaluation MALFORMED_FLAG; a cycle never entered (a flag on it is off) does not. A "
             "prerequisite whose rules cannot be decided (an invalid attribute reference, a segment cycle) makes the whole "
             "evaluation MALFORMED_FLAG too; one that serves nothing (a variation out of range, an invalid bucketBy in its "
             "rollout) just fails.",
             {"flags": flags, "segments": {}})
    failed = lambda key: reason("PREREQUISITE_FAILED", prerequisiteKey=key)
    f.case("prerequisite serves the variation", "needs-base", user(ok=True), expect(True, 0, FALLTHROUGH))
    f.case("prerequisite serves another variation", "needs-base", user(ok=False), expect(False, 1, failed("base")))
    f.case("the required variation is the other one", "needs-base-false", user(ok=False), expect(True, 0, FALLTHROUGH))
    f.case("an off prerequisite fails even when its off variation is the one required", "needs-off", USER,
           expect(False, 1, failed("base-off")))
    f.case("a missing prerequisite fails", "needs-missing", USER, expect(False, 1, failed("no-such-flag")))
    f.case("a deleted prerequisite fails", "needs-deleted", USER, expect(False, 1, failed("deleted")))
    f.case("two prerequisites pass", "needs-two", user(ok=True), expect(True, 0, FALLTHROUGH))
    f.case("the first failing prerequisite is named", "needs-two", user(ok=False), expect(False, 1, failed("base")))
    f.case("a chain passes", "chain", user(ok=True), expect(True, 0, FALLTHROUGH))
    f.case("a chain fails at the direct prerequisite's name", "chain", user(ok=False), expect(False, 1, failed("needs-base")))
    f.case("without an off variation: the default", "no-off-variation", user(ok=False), expect("d", None, failed("base")), default="d")
    f.case("a variation index the prerequisite does not have fails", "out-of-range", user(ok=True), expect(False, 1, failed("base")))
    f.case("an off flag does not check its prerequisites", "off-with-prereq", USER, expect(False, 1, reason("OFF")))
    f.case("a prerequisite cycle: MALFORMED_FLAG", "cycle-a", USER, error("MALFORMED_FLAG", "d"), default="d")
    f.case("a flag that leads into a cycle: MALFORMED_FLAG", "into-cycle", USER, error("MALFORMED_FLAG", "d"), default="d")
    f.case("a cycle through an off flag is never entered", "cycle-c", USER, expect(False, 1, failed("cycle-d")))
    f.case("the off flag on that cycle", "cycle-d", USER, expect(False, 1, reason("OFF")))
    f.case("a malformed prerequisite fails", "needs-malformed", USER, expect(False, 1, failed("malformed")))
    f.case("after the prerequisites, rules", "needs-base-then-rule", user(ok=True, plan="pro"),
           expect(True, 0, reason("RULE_MATCH", ruleIndex=0, ruleId="pro")))
    f.case("a prerequisite whose rules cannot be decided: MALFORMED_FLAG", "needs-bad-clause", USER,
           error("MALFORMED_FLAG", "d"), default="d",
           description="an invalid attribute reference in the prerequisite's rule ends the whole evaluation, as in Go's evaluator")
    f.case("that error spreads up a chain", "needs-needs-bad-clause", USER, error("MALFORMED_FLAG", "d"), default="d")
    f.case("a prerequisite whose rollout has an invalid bucketBy fails", "needs-bad-rollout", USER,
           expect(False, 1, failed("bad-rollout")), default="d",
           description="the rollout's error is the prerequisite's result, not the evaluation's")
    f.case("that rollout, evaluated itself", "bad-rollout", USER, error("MALFORMED_FLAG", "d"), default="d")
    f.case("a prerequisite serving a variation out of range fails", "needs-bad-fallthrough", USER,
           expect(False, 1, failed("bad-fallthrough")), default="d")
    f.case("a prerequisite that is off with an off variation out of range fails", "needs-bad-off", USER,
           expect(False, 1, failed("bad-off")), default="d")
    return f


# ---------------------------------------------------------------------------------------------
# Segments


def segments():
    flags = {}
    segs = {
        "lists": {"key": "lists", "version": 1, "salt": "lists-salt", "included": ["in-1", "both"], "excluded": ["out-1", "both"],
                  "includedContexts": [{"contextKind": "org", "values": ["acme"]}, {"contextKind": "user", "values": ["in-ctx"]}],
                  "excludedContexts": [{"contextKind": "org", "values": ["globex"]}],
                  "rules": [{"id": "staff", "clauses": [clause("email", "endsWith", ["@example.com"])]}]},
        "nested": {"key": "nested", "version": 1, "salt": "nested-salt",
                   "rules": [{"clauses": [clause("", "segmentMatch", ["lists"])]}]},
        "org-rule": {"key": "org-rule", "version": 1, "salt": "s",
                     "rules": [{"clauses": [clause("tier", "in", ["gold"], kind="org")]}]},
        "deleted-seg": {"key": "deleted-seg", "version": 4, "deleted": True, "included": ["in-1"]},
        "cycle-a": {"key": "cycle-a", "version": 1, "salt": "s", "included": ["in-cycle"],
                    "rules": [{"clauses": [clause("", "segmentMatch", ["cycle-b"])]}]},
        "cycle-b": {"key": "cycle-b", "version": 1, "salt": "s",
                    "rules": [{"clauses": [clause("plan", "in", ["pro"]), clause("", "segmentMatch", ["cycle-a"])]}]},
        "self": {"key": "self", "version": 1, "salt": "s", "rules": [{"clauses": [clause("", "segmentMatch", ["self"])]}]},
        "user-lists": {"key": "user-lists", "version": 1, "salt": "s",
                       "includedContexts": [{"contextKind": "user", "values": ["in-ctx"]}],
                       "excludedContexts": [{"contextKind": "user", "values": ["out-ctx"]}],
                       "rules": [{"clauses": [clause("plan", "in", ["pro"])]}]},
    }

    def seg_flag(key, values, negate=False):
        flags[key] = boolean(key, rules=[rule([{"attribute": "", "op": "segmentMatch", "values": values, "negate": negate}],
                                              rule_id="r")])

    seg_flag("in-lists", ["lists"])
    seg_flag("in-nested", ["nested"])
    seg_flag("not-in-lists", ["lists"], negate=True)
    seg_flag("any-of", ["org-rule", "lists"])
    seg_flag("missing", ["no-such-segment"])
    seg_flag("missing-negated", ["no-such-segment"], negate=True)
    seg_flag("deleted", ["deleted-seg"])
    seg_flag("non-string", [1, None, "lists"])
    seg_flag("in-user-lists", ["user-lists"])
    seg_flag("cycle", ["cycle-a"])
    seg_flag("self-cycle", ["self"])
    flags["cycle-off"] = boolean("cycle-off", on=False, rules=[rule([clause("", "segmentMatch", ["cycle-a"])], rule_id="r")])
    flags["cycle-later"] = boolean("cycle-later", targets=[{"values": ["t"], "variation": 0}],
                                   rules=[rule([clause("plan", "in", ["gold"])], variation=0, rule_id="gold"),
                                          rule([clause("", "segmentMatch", ["cycle-a"])], rule_id="r")])
    f = File("segments", "Segment membership: `included` (user keys) and `includedContexts` win over `excluded` and "
             "`excludedContexts`, then rules; segments can match segments; a missing or deleted segment never matches "
             "(no error); `segmentMatch` values that are not strings are ignored. `includedContexts` and `excludedContexts` of the "
             "user kind are skipped for a context whose only kind is user (Go's evaluator). A segment cycle is MALFORMED_FLAG only when an "
             "evaluation goes round it: an off flag, a matching target or an earlier matching rule still serve normally.", {"flags": flags, "segments": segs})
    bool_match(f, "included user key", "in-lists", {"key": "in-1"}, True)
    bool_match(f, "excluded user key", "in-lists", {"key": "out-1", "email": "x@example.com"}, False)
    bool_match(f, "included wins over excluded", "in-lists", {"key": "both"}, True)
    bool_match(f, "included org", "in-lists", {"kind": "org", "key": "acme"}, True)
    bool_match(f, "includedContexts of the user kind, in a multi-context", "in-lists",
               {"kind": "multi", "user": {"key": "in-ctx"}, "org": {"key": "o"}}, True)
    bool_match(f, "excluded org, even when a rule would match", "in-lists",
               {"kind": "multi", "org": {"key": "globex"}, "user": {"key": "u", "email": "x@example.com"}}, False)
    bool_match(f, "an included org wins over an excluded user", "in-lists",
               {"kind": "multi", "org": {"key": "acme"}, "user": {"key": "out-1"}}, True)
    bool_match(f, "a rule lets in", "in-lists", {"key": "u", "email": "x@example.com"}, True)
    bool_match(f, "nothing lets in", "in-lists", {"key": "u", "email": "x@example.org"}, False)
    bool_match(f, "included user keys are of the user kind only", "in-lists", {"kind": "device", "key": "in-1"}, False)
    bool_match(f, "a segment within a segment", "in-nested", {"key": "in-1"}, True)
    bool_match(f, "a segment within a segment, out", "in-nested", {"key": "out-1"}, False)
    bool_match(f, "negated membership: in", "not-in-lists", {"key": "in-1"}, False)
    bool_match(f, "negated membership: out", "not-in-lists", {"key": "u"}, True)
    bool_match(f, "any of the segments: the second", "any-of", {"key": "in-1"}, True)
    bool_match(f, "any of the segments: the first, by an org rule", "any-of", {"kind": "org", "key": "o", "tier": "gold"}, True)
    bool_match(f, "a missing segment never matches", "missing", {"key": "in-1"}, False)
    bool_match(f, "a missing segment, negated, matches", "missing-negated", {"key": "in-1"}, True)
    bool_match(f, "a deleted segment never matches", "deleted", {"key": "in-1"}, False)
    bool_match(f, "values that are not strings are ignored", "non-string", {"key": "in-1"}, True)
    bool_match(f, "includedContexts of the user kind are skipped for a single user", "in-user-lists", {"key": "in-ctx"}, False,
               description="as Go's evaluator, which reads user keys from included and excluded only for such a context")
    bool_match(f, "includedContexts of the user kind count in a multi-context", "in-user-lists",
               {"kind": "multi", "user": {"key": "in-ctx"}, "org": {"key": "o"}}, True)
    bool_match(f, "excludedContexts of the user kind are skipped for a single user", "in-user-lists",
               {"kind": "user", "key": "out-ctx", "plan": "pro"}, True)
    bool_match(f, "excludedContexts of the user kind count in a multi-context", "in-user-lists",
               {"kind": "multi", "user": {"key": "out-ctx", "plan": "pro"}, "device": {"key": "d"}}, False)
    bool_match(f, "a multi-context holding only a user is a single user", "in-user-lists",
               {"kind": "multi", "user": {"key": "in-ctx"}}, False)
    mf = error("MALFORMED_FLAG", "d")
    f.case("a segment cycle, reached: MALFORMED_FLAG", "cycle", user(plan="pro"), mf, default="d",
           description="cycle-a's rule asks cycle-b, whose rule asks cycle-a again")
    f.case("a segment cycle, left before it closes", "cycle", user(plan="free"), expect(False, 1, FALLTHROUGH), default="d",
           description="cycle-b's first clause fails, so cycle-a is not asked again")
    f.case("a segment cycle, not entered: included first", "cycle", {"key": "in-cycle"}, expect(True, 0, MATCH0), default="d")
    f.case("a segment that matches itself, reached", "self-cycle", USER, mf, default="d")
    f.case("a segment cycle behind an off flag", "cycle-off", USER, expect(False, 1, reason("OFF")), default="d")
    f.case("a segment cycle behind a matching target", "cycle-later", {"key": "t"}, expect(True, 0, reason("TARGET_MATCH")),
           default="d")
    f.case("a segment cycle behind an earlier matching rule", "cycle-later", user(plan="gold"),
           expect(True, 0, reason("RULE_MATCH", ruleIndex=0, ruleId="gold")), default="d")
    f.case("a segment cycle after rules that do not match", "cycle-later", user(plan="pro"), mf, default="d")
    return f


def segment_rollouts():
    salt = "weights-salt"
    rules = [
        {"id": "half", "clauses": [clause("plan", "in", ["half"])], "weight": 50000},
        {"id": "none", "clauses": [clause("plan", "in", ["none"])], "weight": 0},
        {"id": "all", "clauses": [clause("plan", "in", ["all"])], "weight": 100000},
        {"id": "by-team", "clauses": [clause("plan", "in", ["team"])], "weight": 30000, "bucketBy": "team"},
        {"id": "org-half", "clauses": [clause("plan", "in", ["org"])], "weight": 50000, "rolloutContextKind": "org"},
        {"id": "nested-ref", "clauses": [clause("plan", "in", ["ref"])], "weight": 50000, "bucketBy": "/team/id",
         "rolloutContextKind": "user"},
        {"id": "no-weight", "clauses": [clause("plan", "in", ["everyone"])]},
    ]
    segs = {"weights": {"key": "weights", "version": 1, "salt": salt, "rules": rules}}
    flags = {"f": boolean("f", rules=[rule([clause("", "segmentMatch", ["weights"])], rule_id="r")])}
    f = File("segment-rollouts", "Segment rules with `weight`: the context is in when its bucket (the segment's key and "
             "salt, never a seed) is below weight / 100000 in 32-bit float; `bucketBy` (plain name without "
             "`rolloutContextKind`, a reference with it) and `rolloutContextKind` choose the value; a context without "
             "that kind is out; an absent or unbucketable value is bucket 0 (in for any weight above 0); no weight: in.",
             {"flags": flags, "segments": segs})

    def add(name, context, attribute_value, weight, kind_present=True):
        source, bucket = ld_bucket("weights", salt, None, attribute_value)
        inside = kind_present and bucket < f32(Fraction(weight, 100000))
        bool_match(f, name, "f", context, inside, description=bucket_note(source, bucket) + " (in iff < %d / 100000)" % weight)

    for i in range(8):
        key = "seg-user-%d" % i
        add("half: %s" % key, user(key=key, plan="half"), key, 50000)
    for key in ["seg-user-0", "seg-user-1"]:
        add("weight 0: %s" % key, user(key=key, plan="none"), key, 0)
        add("weight 100000: %s" % key, user(key=key, plan="all"), key, 100000)
    for team in ["red", "blue", "green", "gold"]:
        add("bucketBy team %s" % team, user(key="same-user", plan="team", team=team), team, 30000)
    add("bucketBy an integer", user(key="same-user", plan="team", team=7), 7, 30000)
    add("bucketBy a fraction: bucket 0", user(key="same-user", plan="team", team=7.5), None, 30000)
    add("bucketBy absent: bucket 0", user(key="same-user", plan="team"), None, 30000)
    for org in ["org-a", "org-b", "org-c"]:
        add("rolloutContextKind org %s" % org, {"kind": "multi", "user": {"key": "u", "plan": "org"}, "org": {"key": org}},
            org, 50000)
    add("rolloutContextKind org, no org context: out", user(key="u", plan="org"), None, 50000, kind_present=False)
    for team_id in ["t1", "t2", "t3"]:
        add("bucketBy a reference %s" % team_id, user(key="u", plan="ref", team={"id": team_id}), team_id, 50000)
    bool_match(f, "no weight: every matching context is in", "f", user(key="u", plan="everyone"), True)
    bool_match(f, "no rule matches", "f", user(key="u", plan="other"), False)
    bool_match(f, "a pre-2022 user's custom plan", "f", {"key": "u", "custom": {"plan": "everyone"}}, True)
    return f


def big_segments():
    segs = {
        "big": {"key": "big", "version": 1, "unbounded": True, "generation": 2, "included": ["u1"], "salt": "b"},
        "big-no-generation": {"key": "big-no-generation", "version": 1, "unbounded": True, "salt": "b"},
        "big-org": {"key": "big-org", "version": 1, "unbounded": True, "unboundedContextKind": "org", "generation": 1, "salt": "b"},
        "big-with-rule": {"key": "big-with-rule", "version": 1, "unbounded": True, "generation": 1, "salt": "b",
                          "rules": [{"clauses": [clause("beta", "in", [True])]}]},
        "small": {"key": "small", "version": 1, "included": ["u1"], "salt": "s"},
    }

    def seg_rule(values, variation=0, rule_id="r"):
        return rule([clause("", "segmentMatch", values)], variation=variation, rule_id=rule_id)

    flags = {
        "uses-big": boolean("uses-big", rules=[seg_rule(["big"])]),
        "uses-big-no-generation": boolean("uses-big-no-generation", rules=[seg_rule(["big-no-generation"])]),
        "uses-big-org": boolean("uses-big-org", rules=[seg_rule(["big-org"])]),
        "uses-big-with-rule": boolean("uses-big-with-rule", rules=[seg_rule(["big-with-rule"])]),
        "small-then-big": boolean("small-then-big", rules=[seg_rule(["small"]), seg_rule(["big"], rule_id="b")]),
        "big-then-other": boolean("big-then-other", rules=[seg_rule(["big"]), rule([clause("key", "in", ["u2"])], rule_id="k")]),
        "needs-uses-big": boolean("needs-uses-big", prerequisites=[{"key": "uses-big", "variation": 1}],
                                  fallthrough={"variation": 0}),
    }
    f = File("big-segments", "Unbounded (big) segments without a big segment store, as LaunchDarkly's SDKs without one: "
             "their members are never read; without a `generation` nothing is in them; for a context of their kind the "
             "reason carries `bigSegmentsStatus: NOT_CONFIGURED` and only their rules can let it in; a context without "
             "their kind is simply not in them.", {"flags": flags, "segments": segs})
    f.problems = [{"severity": "warning", "path": "/segments/%s/unbounded" % k} for k in sorted(segs) if segs[k].get("unbounded")]
    nc = "NOT_CONFIGURED"
    f.case("a listed member is not read", "uses-big", {"key": "u1"}, expect(False, 1, reason("FALLTHROUGH", bigSegmentsStatus=nc)))
    f.case("without a generation", "uses-big-no-generation", {"key": "u1"},
           expect(False, 1, reason("FALLTHROUGH", bigSegmentsStatus=nc)))
    f.case("without a generation, another kind", "uses-big-no-generation", {"kind": "org", "key": "o"},
           expect(False, 1, reason("FALLTHROUGH", bigSegmentsStatus=nc)))
    f.case("a context without the segment's kind: no status", "uses-big-org", {"key": "u1"}, expect(False, 1, FALLTHROUGH))
    f.case("a context of the segment's kind", "uses-big-org", {"kind": "org", "key": "o"},
           expect(False, 1, reason("FALLTHROUGH", bigSegmentsStatus=nc)))
    f.case("its rules still let in", "uses-big-with-rule", user(key="u", beta=True),
           expect(True, 0, reason("RULE_MATCH", ruleIndex=0, ruleId="r", bigSegmentsStatus=nc)))
    f.case("its rules, not matching", "uses-big-with-rule", user(key="u", beta=False),
           expect(False, 1, reason("FALLTHROUGH", bigSegmentsStatus=nc)))
    f.case("an earlier rule matches: the big segment is not consulted", "small-then-big", {"key": "u1"},
           expect(True, 0, reason("RULE_MATCH", ruleIndex=0, ruleId="r")))
    f.case("consulted, then another rule matches: the status stays", "big-then-other", {"key": "u2"},
           expect(True, 0, reason("RULE_MATCH", ruleIndex=1, ruleId="k", bigSegmentsStatus=nc)))
    f.case("consulted by a prerequisite", "needs-uses-big", {"key": "u1"}, expect(True, 0, reason("FALLTHROUGH", bigSegmentsStatus=nc)))
    return f


# ---------------------------------------------------------------------------------------------
# Rollouts and experiments


def rollouts():
    flags = {}
    f = File("rollouts", "Percentage rollouts: bucket = Float(first 15 hex digits of sha1(key \".\" salt \".\" value)) / "
             "Float(0xFFFFFFFFFFFFFFF) in 32-bit float, or sha1(seed \".\" value) with a `seed`; value = the `bucketBy` "
             "attribute (default `key`; a plain name without `contextKind`, a reference with it) of the rollout's "
             "`contextKind` (default user): a string, or an integer in decimal; anything else, or nothing, is bucket 0. "
             "The first variation whose running sum of weight / 100000 (32-bit float) is > bucket serves; none: the last. "
             "Each case's description gives the hash input and the bucket.", {"flags": flags, "segments": {}})

    def rollout_flag(key, weights, salt=None, **rollout):
        r = {"variations": [{"variation": i, "weight": w} for i, w in enumerate(weights)]}
        r.update(rollout)
        flags[key] = flag(key, ["v%d" % i for i in range(len(weights))], salt=salt if salt is not None else key + "-salt",
                          offVariation=0, fallthrough={"rollout": r})
        return flags[key]

    def add(name, key, context, value, rule_index=None):
        fl = flags[key]
        ro = fl["fallthrough"]["rollout"] if rule_index is None else fl["rules"][rule_index]["rollout"]
        weights = [v["weight"] for v in ro["variations"]]
        source, bucket = ld_bucket(key, fl["salt"], ro.get("seed"), value)
        i = ro["variations"][pick(bucket, weights)]["variation"]
        why = FALLTHROUGH if rule_index is None else reason("RULE_MATCH", ruleIndex=rule_index, ruleId="r")
        f.case(name, key, context, expect(fl["variations"][i], i, why),
               description=bucket_note(source, bucket) + "; running sums %s" % ", ".join(f32_text(s) for s in running_sums(weights)))

    rollout_flag("fifty-fifty", [50000, 50000])
    for i in range(12):
        add("50/50 user-%d" % i, "fifty-fifty", {"key": "user-%d" % i}, "user-%d" % i)
    rollout_flag("three-way", [20000, 30000, 50000], salt="c0ffee")
    for i in range(8):
        add("20/30/50 key-%d" % i, "three-way", {"key": "key-%d" % i}, "key-%d" % i)
    rollout_flag("zero-weight", [0, 100000, 0])
    for i in range(3):
        add("a zero weight is never picked, user-%d" % i, "zero-weight", {"key": "user-%d" % i}, "user-%d" % i)
    rollout_flag("short-weights", [10000, 10000])
    for i in range(6):
        add("weights below 100000: the rest goes to the last, user-%d" % i, "short-weights", {"key": "user-%d" % i}, "user-%d" % i)
    rollout_flag("by-email", [50000, 50000], bucketBy="email")
    for email in ["a@example.com", "b@example.com", "c@example.com", "d@example.com"]:
        add("bucketBy email %s" % email, "by-email", user(key="same", email=email), email)
    add("bucketBy email of a pre-2022 user", "by-email", {"key": "same", "email": "a@example.com"}, "a@example.com")
    add("bucketBy an absent attribute: bucket 0", "by-email", {"key": "same"}, None)
    rollout_flag("by-number", [50000, 50000], bucketBy="n")
    for n in [0, 7, 123456789, -5]:
        add("bucketBy the integer %d" % n, "by-number", user(key="same", n=n), n)
    add("bucketBy 12.0 is the integer 12", "by-number", user(key="same", n=12.0), 12)
    add("bucketBy a fraction: bucket 0", "by-number", user(key="same", n=1.5), None)
    add("bucketBy a boolean: bucket 0", "by-number", user(key="same", n=True), None)
    add("bucketBy a string of digits", "by-number", user(key="same", n="7"), "7")
    # Go reads every number as a float64 (ldvalue): an integer beyond 2^53 buckets as that double's
    # integer, and one that no int64 holds once a double (2^63 - 1 is 2^63) is not bucketable.
    add("bucketBy 2^53 + 3: Go's float64 holds 2^53 + 4", "by-number", user(key="same", n=2 ** 53 + 3), 2 ** 53 + 4)
    add("bucketBy Int64.max: the double 2^63 is no int64, bucket 0", "by-number", user(key="same", n=2 ** 63 - 1), None)
    add("bucketBy Int64.min is an int64", "by-number", user(key="same", n=-2 ** 63), -2 ** 63)
    rollout_flag("old-style-name", [50000, 50000], bucketBy="/team")
    for team in ["x", "y", "z"]:
        add("old-style bucketBy with a slash is a plain name, %s" % team, "old-style-name", user(key="same", **{"/team": team}), team)
    rollout_flag("org", [50000, 50000], contextKind="org")
    for org in ["org-1", "org-2", "org-3", "org-4"]:
        add("contextKind org %s" % org, "org", {"kind": "multi", "user": {"key": "same"}, "org": {"key": org}}, org)
    add("contextKind org, no org context: bucket 0", "org", {"key": "same"}, None)
    rollout_flag("reference", [50000, 50000], contextKind="user", bucketBy="/device/id")
    for device in ["d-1", "d-2", "d-3"]:
        add("bucketBy a reference %s" % device, "reference", {"kind": "user", "key": "same", "device": {"id": device}}, device)
    rollout_flag("seeded", [50000, 50000], seed=61)
    for i in range(6):
        add("with a seed, user-%d" % i, "seeded", {"key": "user-%d" % i}, "user-%d" % i)
    rollout_flag("seeded-negative", [50000, 50000], seed=-1234)
    for i in range(3):
        add("with a negative seed, user-%d" % i, "seeded-negative", {"key": "user-%d" % i}, "user-%d" % i)
    rollout_flag("no-salt", [50000, 50000], salt="")
    for i in range(3):
        add("an empty salt, user-%d" % i, "no-salt", {"key": "user-%d" % i}, "user-%d" % i)
    flags["rule-rollout"] = flag("rule-rollout", ["v0", "v1"], salt="rr", offVariation=0, fallthrough={"variation": 0},
                                 rules=[rule([clause("beta", "in", [True])], rule_id="r", variation=None)])
    del flags["rule-rollout"]["rules"][0]["variation"]
    flags["rule-rollout"]["rules"][0]["rollout"] = {"variations": [{"variation": 0, "weight": 40000}, {"variation": 1, "weight": 60000}]}
    for i in range(4):
        add("a rule's rollout, user-%d" % i, "rule-rollout", user(key="user-%d" % i, beta=True), "user-%d" % i, rule_index=0)
    return f


def experiments():
    flags = {}
    f = File("experiments", "Experiments (`kind: experiment`): bucketed like rollouts but always by `key`; the reason "
             "has `inExperiment: true` unless the picked variation is `untracked` or the context has no context of the "
             "rollout's kind. Each case's description gives the hash input and the bucket.", {"flags": flags, "segments": {}})

    def experiment_flag(key, weights, untracked=(), rule_clause=None, **rollout):
        r = {"kind": "experiment",
             "variations": [dict({"variation": i, "weight": w}, **({"untracked": True} if i in untracked else {}))
                            for i, w in enumerate(weights)]}
        r.update(rollout)
        members = {"offVariation": 0}
        if rule_clause is None:
            members["fallthrough"] = {"rollout": r}
        else:
            members["fallthrough"] = {"variation": 0}
            members["rules"] = [{"id": "r", "clauses": [rule_clause], "rollout": r}]
        flags[key] = flag(key, ["v%d" % i for i in range(len(weights))], **members)

    def add(name, key, context, value, kind_present=True):
        fl = flags[key]
        in_rule = "rules" in fl
        ro = fl["rules"][0]["rollout"] if in_rule else fl["fallthrough"]["rollout"]
        weights = [v["weight"] for v in ro["variations"]]
        source, bucket = ld_bucket(key, fl["salt"], ro.get("seed"), value)
        i = pick(bucket, weights)
        fields = {"ruleIndex": 0, "ruleId": "r"} if in_rule else {}
        if kind_present and not ro["variations"][i].get("untracked"):
            fields["inExperiment"] = True
        why = reason("RULE_MATCH" if in_rule else "FALLTHROUGH", **fields)
        f.case(name, key, context, expect(fl["variations"][i], i, why), description=bucket_note(source, bucket))

    experiment_flag("exp", [50000, 50000])
    for i in range(8):
        add("experiment user-%d" % i, "exp", {"key": "user-%d" % i}, "user-%d" % i)
    experiment_flag("exp-bucket-by", [50000, 50000], bucketBy="email")
    for i in range(3):
        add("an experiment ignores bucketBy, user-%d" % i, "exp-bucket-by", user(key="user-%d" % i, email="same@example.com"),
            "user-%d" % i)
    experiment_flag("exp-seed", [50000, 50000], seed=12345)
    for i in range(4):
        add("an experiment with a seed, user-%d" % i, "exp-seed", {"key": "user-%d" % i}, "user-%d" % i)
    experiment_flag("exp-untracked", [50000, 50000], untracked=(1,))
    for i in range(8):
        add("untracked variation 1, user-%d" % i, "exp-untracked", {"key": "user-%d" % i}, "user-%d" % i)
    experiment_flag("exp-org", [50000, 50000], contextKind="org")
    for org in ["org-1", "org-2"]:
        add("experiment on orgs, %s" % org, "exp-org", {"kind": "org", "key": org}, org)
    add("experiment on orgs, no org context: bucket 0, not in the experiment", "exp-org", {"key": "user-1"}, None, kind_present=False)
    experiment_flag("exp-rule", [30000, 70000], rule_clause=clause("beta", "in", [True]))
    for i in range(4):
        add("an experiment in a rule, user-%d" % i, "exp-rule", user(key="user-%d" % i, beta=True), "user-%d" % i)
    flags["plain-rollout"] = flag("plain-rollout", ["v0", "v1"], fallthrough={"rollout": {"kind": "rollout", "variations": [
        {"variation": 0, "weight": 50000}, {"variation": 1, "weight": 50000}]}})
    for i in range(2):
        source, bucket = ld_bucket("plain-rollout", flags["plain-rollout"]["salt"], None, "user-%d" % i)
        j = pick(bucket, [50000, 50000])
        f.case("kind rollout is not an experiment, user-%d" % i, "plain-rollout", {"key": "user-%d" % i},
               expect("v%d" % j, j, FALLTHROUGH), description=bucket_note(source, bucket))
    return f


# ---------------------------------------------------------------------------------------------
# Malformed flags and data shapes


def malformed():
    ok_rule = rule([clause("plan", "in", ["pro"])], variation=0, rule_id="pro")
    flags = {
        "off-variation-too-high": flag("off-variation-too-high", ["a"], on=False, offVariation=1, fallthrough={"variation": 0}),
        "off-variation-negative": flag("off-variation-negative", ["a"], on=False, offVariation=-1, fallthrough={"variation": 0}),
        "fallthrough-too-high": flag("fallthrough-too-high", ["a"], offVariation=0, fallthrough={"variation": 1}),
        "no-fallthrough": {"key": "no-fallthrough", "version": 1, "on": True, "variations": ["a"], "offVariation": 0},
        "empty-fallthrough": flag("empty-fallthrough", ["a"], fallthrough={}),
        "empty-rollout": flag("empty-rollout", ["a"], fallthrough={"rollout": {"variations": []}}),
        "target-too-high": flag("target-too-high", ["a", "b"], fallthrough={"variation": 0}, targets=[{"values": ["t"], "variation": 2}]),
        "rule-too-high": flag("rule-too-high", ["a", "b"], fallthrough={"variation": 0},
                              rules=[ok_rule, rule([clause("plan", "in", ["free"])], variation=-1, rule_id="bad")]),
        "rollout-variation-too-high": flag("rollout-variation-too-high", ["a", "b"], salt="s", fallthrough={"rollout": {
            "variations": [{"variation": 0, "weight": 0}, {"variation": 7, "weight": 100000}]}}),
        "bad-reference": flag("bad-reference", ["a", "b"], fallthrough={"variation": 0},
                              rules=[ok_rule, rule([clause("/a~2b", "in", [1], kind="user")], variation=1, rule_id="bad")]),
        "no-attribute": flag("no-attribute", ["a", "b"], fallthrough={"variation": 0},
                             rules=[ok_rule, rule([{"op": "in", "values": [1]}], variation=1, rule_id="bad")]),
        "bad-bucket-by": flag("bad-bucket-by", ["a", "b"], fallthrough={"rollout": {
            "contextKind": "user", "bucketBy": "/", "variations": [{"variation": 0, "weight": 100000}]}},
            rules=[ok_rule]),
        "bad-bucket-by-experiment": flag("bad-bucket-by-experiment", ["a", "b"], fallthrough={"rollout": {
            "kind": "experiment", "contextKind": "user", "bucketBy": "/", "variations": [{"variation": 1, "weight": 100000}]}}),
        "wrong-type": {"key": "wrong-type", "version": 1, "on": True, "variations": ["a"], "fallthrough": {"variation": "0"}},
        "wrong-type-off": {"key": "wrong-type-off", "version": 1, "on": False, "variations": "a", "offVariation": 0},
        "not-an-object": [1, 2],
        "key-mismatch": {"key": "other-key", "version": 1, "on": True, "variations": ["a"], "fallthrough": {"variation": 0}},
        "healthy": flag("healthy", ["ok"], fallthrough={"variation": 0}),
        "uses-bad-segment": flag("uses-bad-segment", ["a", "b"], fallthrough={"variation": 0},
                                 rules=[rule([clause("", "segmentMatch", ["bad-segment-rule"])], variation=1, rule_id="seg")]),
    }
    segs = {"bad-segment-rule": {"key": "bad-segment-rule", "version": 1, "salt": "s",
                                 "rules": [{"clauses": [clause("tier", "in", ["gold"])], "weight": 50000, "bucketBy": "//",
                                            "rolloutContextKind": "user"}]}}
    f = File("malformed", "MALFORMED_FLAG: what LaunchDarkly's SDKs report only when evaluation reaches it (a variation "
             "index out of range, no fallthrough, a rollout without variations, an invalid attribute reference) is "
             "MALFORMED_FLAG exactly when reached; a flag that cannot be read at all (a member of the wrong JSON type, a "
             "key that differs) is MALFORMED_FLAG always, where LaunchDarkly's SDKs would refuse the whole payload; "
             "healthy flags beside them evaluate.", {"flags": flags, "segments": segs})
    mf = error("MALFORMED_FLAG", "d")
    f.case("off variation too high", "off-variation-too-high", USER, mf, default="d")
    f.case("off variation negative", "off-variation-negative", USER, mf, default="d")
    f.case("fallthrough variation too high", "fallthrough-too-high", USER, mf, default="d")
    f.case("no fallthrough, falling through", "no-fallthrough", USER, mf, default="d")
    f.case("a fallthrough with neither variation nor rollout", "empty-fallthrough", USER, mf, default="d")
    f.case("a rollout without variations", "empty-rollout", USER, mf, default="d")
    f.case("target variation too high, targeted", "target-too-high", {"key": "t"}, mf, default="d")
    f.case("target variation too high, not targeted", "target-too-high", {"key": "u"}, expect("a", 0, FALLTHROUGH), default="d")
    f.case("rule variation negative, matched", "rule-too-high", user(plan="free"), mf, default="d")
    f.case("rule variation negative, an earlier rule matches", "rule-too-high", user(plan="pro"),
           expect("a", 0, reason("RULE_MATCH", ruleIndex=0, ruleId="pro")), default="d")
    f.case("rule variation negative, not matched", "rule-too-high", user(plan="other"), expect("a", 0, FALLTHROUGH), default="d")
    f.case("a rollout picking a variation out of range", "rollout-variation-too-high", USER, mf, default="d")
    f.case("an invalid reference, reached", "bad-reference", user(plan="free"), mf, default="d")
    f.case("an invalid reference, not reached", "bad-reference", user(plan="pro"),
           expect("a", 0, reason("RULE_MATCH", ruleIndex=0, ruleId="pro")), default="d")
    f.case("a clause without attribute, reached", "no-attribute", user(plan="free"), mf, default="d")
    f.case("an invalid bucketBy, reached", "bad-bucket-by", user(plan="free"), mf, default="d")
    f.case("an invalid bucketBy, not reached", "bad-bucket-by", user(plan="pro"),
           expect("a", 0, reason("RULE_MATCH", ruleIndex=0, ruleId="pro")), default="d")
    f.case("an experiment buckets by key whatever its bucketBy", "bad-bucket-by-experiment", USER,
           expect("b", 1, reason("FALLTHROUGH", inExperiment=True)), default="d")
    f.case("a segment rule's invalid bucketBy, its clauses matching", "uses-bad-segment", user(tier="gold"), mf, default="d")
    f.case("a segment rule's invalid bucketBy, its clauses not matching", "uses-bad-segment", user(tier="silver"),
           expect("a", 0, FALLTHROUGH), default="d")
    f.case("a member of the wrong type", "wrong-type", USER, mf, default="d")
    f.case("a member of the wrong type, even when off", "wrong-type-off", USER, mf, default="d")
    f.case("a flag that is not an object", "not-an-object", USER, mf, default="d")
    f.case("a key that differs from the flag's", "key-mismatch", USER, mf, default="d")
    f.case("a healthy flag beside them", "healthy", USER, expect("ok", 0, FALLTHROUGH), default="d")
    return f


def stream_put():
    data = {"flags": {"f": boolean("f", rules=[rule([clause("key", "in", ["u1"])], rule_id="r")]),
                      "gone": {"key": "gone", "version": 3, "deleted": True}},
            "segments": {}}
    f = File("stream-put", "A stream `put` (`{\"path\":\"/\",\"data\":{…}}`) is read as the data it holds; tombstones "
             "(`deleted: true`) are absent flags.", {"path": "/", "data": data})
    f.case("a flag of the put", "f", {"key": "u1"}, expect(True, 0, MATCH0))
    f.case("another context", "f", {"key": "u2"}, expect(False, 1, FALLTHROUGH))
    f.case("a tombstone is not found", "gone", {"key": "u1"}, error("FLAG_NOT_FOUND", "d"), default="d")
    return f


FILES = [operators_in, operators_string, operators_matches, operators_numeric, operators_dates, operators_semver,
         clauses, contexts, targets, rules_and_off, prerequisites, segments, segment_rollouts, big_segments, rollouts,
         experiments, malformed, stream_put]



if __name__ == "__main__":
    casefiles.main(HERE, FILES, width=22)
