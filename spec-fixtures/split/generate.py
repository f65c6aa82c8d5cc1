#!/usr/bin/env python3
"""Writes the Split case files of spec-fixtures/split/ (see README.md there).

The cases are written here by hand from the evaluation semantics of Split's Python SDK
(`splitio_client` 10.7.0); every bucket is computed here, independently of any SDK: murmur3 from
the `mmh3` package, the legacy hash by the few lines below. Bucket cases give the hash input and
the bucket in their `description`, and each key was searched for by this script so that its
bucket lands where the case needs it.

    python3 generate.py            # rewrites the *.json case files next to this script
    python3 generate.py --check    # exits 1 if any case file differs from what it would write
    python3 generate.py --verify   # evaluates every case with Split's Python SDK (splitio_client)
                                   # and exits 1 on any difference in the `split` member
"""

import calendar
import copy
import json
import os
import sys

import mmh3

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import casefiles  # noqa: E402 - spec-fixtures/casefiles.py, shared by the generators

HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------------------------------------
# Buckets


def int32(x):
    x &= 0xFFFFFFFF
    return x - (1 << 32) if x >= 1 << 31 else x


def murmur_hash(key, seed):
    """murmur3_x86_32 of the UTF-8 bytes, the signed seed taken as its two's complement; unsigned."""
    return mmh3.hash(key, seed & 0xFFFFFFFF, signed=False)


def legacy_hash(key, seed):
    """h = int32(31 * h + c) over the code points, then int32(h ^ seed); signed."""
    h = 0
    for c in key:
        h = int32(31 * h + ord(c))
    return int32(h ^ seed)


def is_murmur(algo):
    return algo == 2


def hash_of(key, seed, algo):
    return murmur_hash(key, seed) if is_murmur(algo) else legacy_hash(key, seed)


def bucket(key, seed, algo):
    return abs(hash_of(key, seed, algo)) % 100 + 1


assert murmur_hash("aUfEsdPN1twuEjff9Sl", 467569525) == 2488980051
assert bucket("aUfEsdPN1twuEjff9Sl", 467569525, 2) == 52
assert legacy_hash("aUfEsdPN1twuEjff9Sl", 467569525) == 890874271
assert bucket("aUfEsdPN1twuEjff9Sl", 467569525, 1) == 72
assert murmur_hash("EPxM1cYQnL4AuqD", 467569525) == 397339578
assert bucket("EPxM1cYQnL4AuqD", 467569525, 2) == 79
assert legacy_hash("EPxM1cYQnL4AuqD", 467569525) == -1765572410
assert bucket("EPxM1cYQnL4AuqD", 467569525, 1) == 11


def find_key(prefix, seed, algo, want, extra=None):
    """The first `prefix + n` (n = 0, 1, …) whose bucket is `want` (and, with `extra`, whose bucket
    under the other (seed, algo) is extra[2])."""
    n = 0
    while True:
        key = prefix + str(n)
        if bucket(key, seed, algo) == want:
            if extra is None or bucket(key, extra[0], extra[1]) == extra[2]:
                return key
        n += 1


def algo_name(algo):
    return "murmur3" if is_murmur(algo) else "legacy"


def bucket_note(key, seed, algo, what="bucket"):
    h = hash_of(key, seed, algo)
    return '%s of %s with seed %d (%s): hash %d, bucket %d' % (
        what, json.dumps(key, ensure_ascii=False), seed, algo_name(algo), h, abs(h) % 100 + 1)


# ---------------------------------------------------------------------------------------------
# Definitions


def flag(name, conditions, default="off", seed=1000, ta=100, ta_seed=2000, algo=2, cn=10, killed=False,
         status="ACTIVE", configurations=None, prerequisites=None, impressions_disabled=False, omit=()):
    """A flag as Split's servers send it; `omit` drops members (for absent `algo`, `trafficAllocation`)."""
    f = {"trafficTypeName": "user", "name": name, "trafficAllocation": ta, "trafficAllocationSeed": ta_seed,
         "seed": seed, "status": status, "killed": killed, "defaultTreatment": default, "changeNumber": cn,
         "algo": algo, "conditions": conditions}
    if configurations is not None:
        f["configurations"] = configurations
    f["sets"] = []
    f["impressionsDisabled"] = impressions_disabled
    if prerequisites is not None:
        f["prerequisites"] = [{"n": n, "ts": ts} for n, ts in prerequisites]
    for member in omit:
        del f[member]
    return f


def matcher(matcher_type, attribute=None, negate=False, **data):
    m = {"keySelector": {"trafficType": "user", "attribute": attribute}, "matcherType": matcher_type,
         "negate": negate, "userDefinedSegmentMatcherData": None, "whitelistMatcherData": None,
         "unaryNumericMatcherData": None, "betweenMatcherData": None, "dependencyMatcherData": None,
         "booleanMatcherData": None, "stringMatcherData": None}
    m.update(data)
    return m


def all_keys(negate=False):
    m = matcher("ALL_KEYS", negate=negate)
    m["keySelector"] = None
    return m


def in_segment(name, attribute=None, negate=False):
    return matcher("IN_SEGMENT", attribute, negate, userDefinedSegmentMatcherData={"segmentName": name})


def in_rbs(name, negate=False):
    return matcher("IN_RULE_BASED_SEGMENT", None, negate, userDefinedSegmentMatcherData={"segmentName": name})


def listed(matcher_type, values, attribute=None, negate=False):
    """WHITELIST, the set matchers, STARTS_WITH, ENDS_WITH, CONTAINS_STRING, IN_LIST_SEMVER."""
    return matcher(matcher_type, attribute, negate, whitelistMatcherData={"whitelist": values})


def unary(matcher_type, data_type, value, attribute="n", negate=False):
    return matcher(matcher_type, attribute, negate, unaryNumericMatcherData={"dataType": data_type, "value": value})


def between(data_type, start, end, attribute="n", negate=False):
    return matcher("BETWEEN", attribute, negate, betweenMatcherData={"dataType": data_type, "start": start, "end": end})


def string_data(matcher_type, data, attribute="v", negate=False):
    """MATCHES_STRING and the single-version semver matchers."""
    return matcher(matcher_type, attribute, negate, stringMatcherData=data)


def between_semver(start, end, attribute="v", negate=False):
    return matcher("BETWEEN_SEMVER", attribute, negate, betweenStringMatcherData={"start": start, "end": end})


def boolean(value, attribute="b", negate=False):
    return matcher("EQUAL_TO_BOOLEAN", attribute, negate, booleanMatcherData=value)


def depends(split, treatments, negate=False):
    return matcher("IN_SPLIT_TREATMENT", None, negate, dependencyMatcherData={"split": split, "treatments": treatments})


def cond(matchers, partitions=(("on", 100),), label="matched", ctype="ROLLOUT"):
    c = {}
    if ctype is not None:
        c["conditionType"] = ctype
    c["matcherGroup"] = {"combiner": "AND", "matchers": list(matchers)}
    c["partitions"] = [{"treatment": t, "size": s} for t, s in partitions]
    if label is not None:
        c["label"] = label
    return c


def rbs(name, conditions, excluded_keys=(), excluded_segments=(), cn=5, status="ACTIVE"):
    return {"name": name, "trafficTypeName": "user", "changeNumber": cn, "status": status,
            "excluded": {"keys": list(excluded_keys),
                         "segments": [{"name": n, "type": t} for n, t in excluded_segments]},
            "conditions": conditions}


def ctx(key="alice", bucketing=None, **attributes):
    c = {"key": key}
    if bucketing is not None:
        c["bucketingKey"] = bucketing
    c["attributes"] = attributes
    return c


def actx(attributes, key="alice", bucketing=None):
    """A context whose attribute names are not Python identifiers, or that has no attributes member."""
    c = {"key": key}
    if bucketing is not None:
        c["bucketingKey"] = bucketing
    if attributes is not None:
        c["attributes"] = attributes
    return c


# ---------------------------------------------------------------------------------------------
# Expectations

CONTROL = "control"
NOT_FOUND = "definition not found"


def reason_for(treatment, label, prerequisite=None):
    if label == "killed":
        return {"kind": "OFF", "label": label}
    if label in ("default rule", "not in split"):
        return {"kind": "FALLTHROUGH", "label": label}
    if label == "prerequisites not met":
        return {"kind": "PREREQUISITE_FAILED", "label": label, "prerequisiteKey": prerequisite}
    if treatment == CONTROL:
        r = {"kind": "ERROR", "errorKind": "MALFORMED_FLAG"}
        if label is not None:
            r["label"] = label
        return r
    r = {"kind": "RULE_MATCH"}
    if label is not None:
        r["label"] = label
    return r


class File:
    def __init__(self, name, description, flags=(), rule_based=(), segments=None, body=None):
        self.name = name
        self.description = description
        self.flags = list(flags)
        self.rule_based = list(rule_based)
        self.segments = segments
        self.body = body  # a complete definitions document, instead of the ff/rbs/segments one
        self.cases = []

    def add(self, *flags):
        self.flags.extend(flags)

    def definitions(self):
        if self.body is not None:
            return self.body
        d = {"ff": {"d": self.flags, "s": -1, "t": max([f["changeNumber"] for f in self.flags] + [1])}}
        if self.rule_based:
            d["rbs"] = {"d": self.rule_based, "s": -1, "t": max(r["changeNumber"] for r in self.rule_based)}
        if self.segments is not None:
            d["segments"] = self.segments
        return d

    def stored_flag(self, name):
        """The flag an SDK stores under `name` (ARCHIVED flags are dropped)."""
        for f in self.flags:
            if f["name"] == name and f["status"] == "ACTIVE":
                return f
        return None

    def case(self, name, flag_name, context, expected, default=None, description=None):
        assert all(c["name"] != name for c in self.cases), (self.name, name)
        c = {"name": name}
        if description:
            c["description"] = description
        c.update({"flag": flag_name, "context": context, "default": default, "expect": expected})
        self.cases.append(c)

    def served(self, name, flag_name, context, treatment, label, default=None, description=None,
               prerequisite=None):
        """A case where the flag (found) gives `treatment` with `label`."""
        f = self.stored_flag(flag_name.strip())
        assert f is not None, flag_name
        config = None
        if treatment != CONTROL and f.get("configurations"):
            config = f["configurations"].get(treatment)
        split = {"treatment": treatment, "config": config, "label": label, "changeNumber": f["changeNumber"]}
        if treatment == CONTROL:
            expected = {"value": default, "variation": None}
        else:
            expected = {"value": treatment, "variation": treatment}
        expected["reason"] = reason_for(treatment, label, prerequisite)
        expected["split"] = split
        self.case(name, flag_name, context, expected, default, description)

    def not_found(self, name, flag_name, context, default=None, description=None):
        assert self.stored_flag(flag_name.strip()) is None
        self.case(name, flag_name, context, {
            "value": default, "variation": None, "reason": {"kind": "ERROR", "errorKind": "FLAG_NOT_FOUND"},
            "split": {"treatment": CONTROL, "config": None, "label": NOT_FOUND, "changeNumber": -1}},
            default, description)

    def invalid(self, name, flag_name, context, default=None, description=None):
        self.case(name, flag_name, context, {
            "value": default, "variation": None, "reason": {"kind": "ERROR", "errorKind": "INVALID_CONTEXT"},
            "split": {"treatment": CONTROL, "config": None, "label": None, "changeNumber": None}},
            default, description)

    def exception(self, name, flag_name, context, label=None, default=None, description=None):
        self.case(name, flag_name, context, {
            "value": default, "variation": None,
            "reason": {"kind": "ERROR", "errorKind": "EXCEPTION", **({"label": label} if label else {})},
            "split": {"treatment": CONTROL, "config": None, "label": label, "changeNumber": None}},
            default, description)

    def matched(self, name, flag_name, context, yes, description=None):
        """A matcher flag of `matcher_flag`: `on` by its condition `matched`, else `off` by default rule."""
        if yes:
            self.served(name, flag_name, context, "on", "matched", description=description)
        else:
            self.served(name, flag_name, context, "off", "default rule", description=description)

    def document(self):
        d = {"name": self.name, "description": self.description, "definitions": self.definitions()}
        d["cases"] = self.cases
        return d


def matcher_flag(name, *matchers):
    return flag(name, [cond(matchers)])


def matcher_groups(f, groups):
    """groups: (flag name, matcher, rows); rows: (case name, context, matched). Negated twins are
    groups of their own."""
    for flag_name, m, rows in groups:
        f.add(matcher_flag(flag_name, m))
        for case_name, context, yes in rows:
            f.matched(case_name, flag_name, context, yes)


def attr_rows(prefix, rows, name="v"):
    """rows: (case suffix, attribute value or MISSING, matched) → (case name, context, matched)."""
    out = []
    for suffix, value, yes in rows:
        attributes = {} if value is MISSING else {name: value}
        out.append(("%s: %s" % (prefix, suffix), actx(attributes), yes))
    return out


MISSING = object()

# ---------------------------------------------------------------------------------------------
# Matchers


def matchers_keys():
    segments = {"beta": ["alice", "bob"], "empty": []}
    f = File("matchers-keys", "ALL_KEYS, IN_SEGMENT and WHITELIST: the matching key (never the bucketing key) "
             "or an attribute; segments listed in the document and segments it does not list (empty); "
             "IN_SEGMENT with an attribute selector tests the matching key, and is false when the attribute "
             "is missing; WHITELIST compares exact strings, JSON-encoding numbers and booleans.",
             segments=segments)
    matcher_groups(f, [
        ("all-keys", all_keys(), [
            ("ALL_KEYS matches any key", ctx("alice"), True),
            ("ALL_KEYS matches a key with attributes", ctx("zed", plan="pro"), True)]),
        ("all-keys-negated", all_keys(negate=True), [
            ("negated ALL_KEYS matches nobody", ctx("alice"), False)]),
        ("in-beta", in_segment("beta"), [
            ("IN_SEGMENT: a member", ctx("alice"), True),
            ("IN_SEGMENT: another member", ctx("bob"), True),
            ("IN_SEGMENT: not a member", ctx("carol"), False),
            ("IN_SEGMENT: membership is case-sensitive", ctx("Alice"), False),
            ("IN_SEGMENT: the matching key, not the bucketing key", ctx("carol", bucketing="alice"), False),
            ("IN_SEGMENT: a member with a bucketing key", ctx("alice", bucketing="carol"), True)]),
        ("in-beta-negated", in_segment("beta", negate=True), [
            ("negated IN_SEGMENT: a member", ctx("alice"), False),
            ("negated IN_SEGMENT: not a member", ctx("carol"), True)]),
        ("in-empty", in_segment("empty"), [
            ("IN_SEGMENT: a segment listed with no keys", ctx("alice"), False)]),
        ("in-unlisted", in_segment("unlisted"), [
            ("IN_SEGMENT: a segment the document does not list is empty", ctx("alice"), False)]),
        ("in-unlisted-negated", in_segment("unlisted", negate=True), [
            ("negated IN_SEGMENT: a segment the document does not list", ctx("alice"), True)]),
        ("in-beta-by-attribute", in_segment("beta", attribute="email"), [
            ("IN_SEGMENT with an attribute: the matching key is tested, not the attribute",
             ctx("alice", email="carol"), True),
            ("IN_SEGMENT with an attribute naming a member: the matching key is not one",
             ctx("carol", email="alice"), False),
            ("IN_SEGMENT with an attribute that is missing: false", ctx("alice"), False),
            ("IN_SEGMENT with an attribute that is null: false", actx({"email": None}), False)]),
        ("in-beta-by-attribute-negated", in_segment("beta", attribute="email", negate=True), [
            ("negated IN_SEGMENT with a missing attribute: true", ctx("alice"), True),
            ("negated IN_SEGMENT with an attribute, a member", ctx("alice", email="x"), False)]),
        ("whitelist-key", listed("WHITELIST", ["alice", "bob", " carol "]), [
            ("WHITELIST: a listed key", ctx("alice"), True),
            ("WHITELIST: an unlisted key", ctx("dave"), False),
            ("WHITELIST: case-sensitive", ctx("ALICE"), False),
            ("WHITELIST: no trimming of entries", ctx("carol"), False),
            ("WHITELIST: an entry with spaces matches a key with the same spaces", ctx(" carol "), True),
            ("WHITELIST: the matching key, not the bucketing key", ctx("dave", bucketing="alice"), False)]),
        ("whitelist-key-negated", listed("WHITELIST", ["alice"], negate=True), [
            ("negated WHITELIST: listed", ctx("alice"), False),
            ("negated WHITELIST: unlisted", ctx("dave"), True)]),
        ("whitelist-attribute", listed("WHITELIST", ["pro", "42", "true", "2.5"], attribute="plan"), [
            ("WHITELIST on an attribute: listed", ctx("x", plan="pro"), True),
            ("WHITELIST on an attribute: unlisted", ctx("x", plan="free"), False),
            ("WHITELIST on an attribute: the key does not count", ctx("pro", plan="free"), False),
            ("WHITELIST on an attribute: missing", ctx("pro"), False),
            ("WHITELIST on an attribute: null", actx({"plan": None}, key="pro"), False),
            ("WHITELIST on an attribute: the number 42 is \"42\"", ctx("x", plan=42), True),
            ("WHITELIST on an attribute: the boolean true is \"true\"", ctx("x", plan=True), True),
            ("WHITELIST on an attribute: the number 2.5 is \"2.5\"", ctx("x", plan=2.5), True),
            ("WHITELIST on an attribute: the number 43 is not listed", ctx("x", plan=43), False),
            ("WHITELIST on an attribute: the string \"42\"", ctx("x", plan="42"), True)]),
        ("whitelist-attribute-negated", listed("WHITELIST", ["pro"], attribute="plan", negate=True), [
            ("negated WHITELIST on an attribute: missing is true", ctx("x"), True),
            ("negated WHITELIST on an attribute: null is true", actx({"plan": None}, key="x"), True),
            ("negated WHITELIST on an attribute: listed", ctx("x", plan="pro"), False)]),
        ("whitelist-unicode", listed("WHITELIST", ["Montr\u00e9al", "\U0001f600"], attribute="city"), [
            ("WHITELIST: a precomposed accent", ctx("x", city="Montr\u00e9al"), True),
            ("WHITELIST: a decomposed accent is another string", ctx("x", city="Montre\u0301al"), False),
            ("WHITELIST: an emoji", ctx("x", city="\U0001f600"), True)]),
    ])
    return f


def matchers_numeric():
    f = File("matchers-numeric", "EQUAL_TO, GREATER_THAN_OR_EQUAL_TO, LESS_THAN_OR_EQUAL_TO and BETWEEN with "
             "dataType NUMBER: integers only, compared exactly (2^53 + 1 is not 2^53; up to 2^64 - 1 and below); "
             "a string is parsed as a decimal integer (\"42\", \"-7\", \"042\"); "
             "numbers written with a fraction (42.5, 42.0), booleans, arrays and objects never match; without an "
             "attribute the matching key is parsed.")
    rows_eq = [("equal", 42, True), ("below", 41, False), ("above", 43, False), ("a numeric string", "42", True),
               ("a numeric string with a leading zero", "042", True), ("a non-numeric string", "forty-two", False),
               ("a decimal string", "42.0", False), ("the float 42.5", 42.5, False),
               ("the boolean true", True, False),
               ("an array", [42], False), ("an object", {"n": 42}, False), ("missing", MISSING, False),
               ("null", None, False), ("an empty string", "", False)]
    rows_ge = [("equal", 10, True), ("above", 11, True), ("below", 9, False), ("a large number", 10 ** 15, True),
               ("a negative number", -10, False), ("a numeric string above", "100", True),
               ("a numeric string below", "9", False), ("a float above", 10.5, False), ("missing", MISSING, False)]
    rows_le = [("equal", -7, True), ("below", -8, True), ("above", -6, False), ("zero", 0, False),
               ("a negative numeric string", "-7", True), ("the boolean false", False, False),
               ("missing", MISSING, False)]
    rows_between = [("the start", 10, True), ("the end", 20, True), ("inside", 15, True), ("below", 9, False),
                    ("above", 21, False), ("a numeric string inside", "15", True), ("a float inside", 15.5, False),
                    ("missing", MISSING, False)]
    matcher_groups(f, [
        ("equal-to", unary("EQUAL_TO", "NUMBER", 42, attribute="v"), attr_rows("EQUAL_TO 42", rows_eq)),
        ("equal-to-negated", unary("EQUAL_TO", "NUMBER", 42, attribute="v", negate=True), attr_rows(
            "negated EQUAL_TO 42", [("equal", 42, False), ("above", 43, True), ("missing", MISSING, True),
                                    ("a float", 42.5, True), ("a non-numeric string", "x", True)])),
        ("greater-or-equal", unary("GREATER_THAN_OR_EQUAL_TO", "NUMBER", 10, attribute="v"),
         attr_rows("GREATER_THAN_OR_EQUAL_TO 10", rows_ge)),
        ("greater-or-equal-negated", unary("GREATER_THAN_OR_EQUAL_TO", "NUMBER", 10, attribute="v", negate=True),
         attr_rows("negated GREATER_THAN_OR_EQUAL_TO 10", [("above", 11, False), ("below", 9, True),
                                                            ("missing", MISSING, True)])),
        ("less-or-equal", unary("LESS_THAN_OR_EQUAL_TO", "NUMBER", -7, attribute="v"),
         attr_rows("LESS_THAN_OR_EQUAL_TO -7", rows_le)),
        ("less-or-equal-negated", unary("LESS_THAN_OR_EQUAL_TO", "NUMBER", -7, attribute="v", negate=True),
         attr_rows("negated LESS_THAN_OR_EQUAL_TO -7", [("below", -8, False), ("above", -6, True),
                                                        ("a boolean", False, True), ("missing", MISSING, True)])),
        ("between", between("NUMBER", 10, 20, attribute="v"), attr_rows("BETWEEN 10 and 20", rows_between)),
        ("between-negated", between("NUMBER", 10, 20, attribute="v", negate=True), attr_rows(
            "negated BETWEEN 10 and 20", [("inside", 15, False), ("above", 21, True), ("missing", MISSING, True)])),
        ("between-reversed", between("NUMBER", 20, 10, attribute="v"), attr_rows(
            "BETWEEN 20 and 10 (start above end)", [("15", 15, False), ("10", 10, False), ("20", 20, False)])),
        ("between-boolean-end", between("NUMBER", 0, True, attribute="v"), attr_rows(
            "BETWEEN 0 and true (Python's true is 1)", [("1", 1, True), ("2", 2, False)])),
        ("equal-to-float-input", unary("EQUAL_TO", "NUMBER", 42, attribute="v"), attr_rows(
            "EQUAL_TO 42 (a number written with a fraction is a Python float, refused)",
            [("the float 42.0", 42.0, False), ("the integer 42", 42, True)])),
        ("equal-to-2-53-plus-1", unary("EQUAL_TO", "NUMBER", 2 ** 53 + 1, attribute="v"), attr_rows(
            "EQUAL_TO 9007199254740993 (2^53 + 1: integers compare exactly, not as doubles)",
            [("2^53 + 1", 2 ** 53 + 1, True), ("2^53", 2 ** 53, False), ("2^53 + 1 as text", "9007199254740993", True),
             ("2^53 as text", "9007199254740992", False), ("2^53 as a float", float(2 ** 53), False)])),
        ("equal-to-int64-max", unary("EQUAL_TO", "NUMBER", 2 ** 63 - 1, attribute="v"), attr_rows(
            "EQUAL_TO 9223372036854775807 (Int64.max)",
            [("Int64.max", 2 ** 63 - 1, True), ("Int64.max - 1", 2 ** 63 - 2, False), ("2^63", 2 ** 63, False),
             ("Int64.max as text", "9223372036854775807", True)])),
        ("between-beyond-int64", between("NUMBER", 2 ** 63, 2 ** 64 - 1, attribute="v"), attr_rows(
            "BETWEEN 2^63 and 2^64 - 1",
            [("2^63", 2 ** 63, True), ("2^64 - 1", 2 ** 64 - 1, True), ("Int64.max", 2 ** 63 - 1, False),
             ("2^64 - 1 as text", "18446744073709551615", True), ("2^64 as text", "18446744073709551616", False),
             ("Int64.min", -2 ** 63, False)])),
        ("less-or-equal-int64-min", unary("LESS_THAN_OR_EQUAL_TO", "NUMBER", -2 ** 63, attribute="v"), attr_rows(
            "LESS_THAN_OR_EQUAL_TO -9223372036854775808 (Int64.min)",
            [("Int64.min", -2 ** 63, True), ("Int64.min + 1", -2 ** 63 + 1, False),
             ("below Int64.min as text", "-9223372036854775809", True), ("far below as text", "-1" + "0" * 30, True)])),
        ("greater-or-equal-fraction", unary("GREATER_THAN_OR_EQUAL_TO", "NUMBER", 2 ** 53 + 0.5, attribute="v"),
         attr_rows("GREATER_THAN_OR_EQUAL_TO 9007199254740992.0 (the double 2^53 + 0.5 rounds to)",
                   [("2^53", 2 ** 53, True), ("2^53 - 1", 2 ** 53 - 1, False)])),
        ("equal-to-string-data", unary("EQUAL_TO", "NUMBER", "42", attribute="v"), attr_rows(
            "EQUAL_TO \"42\" (string data)", [("42 is not the string", 42, False)])),
        ("equal-to-key", unary("EQUAL_TO", "NUMBER", 1234, attribute=None), [
            ("EQUAL_TO without attribute: a numeric matching key", ctx("1234"), True),
            ("EQUAL_TO without attribute: another key", ctx("1235"), False),
            ("EQUAL_TO without attribute: a non-numeric key", ctx("alice", v=1234), False)]),
    ])
    # An ordering against string data raises in Python once the input is an integer (the
    # comparison of an int with a str); BETWEEN's chained comparison stops at a start above the input.
    f.add(flag("ge-string-data", [cond([unary("GREATER_THAN_OR_EQUAL_TO", "NUMBER", "18", attribute="v")])], cn=31))
    f.add(flag("between-string-end", [cond([between("NUMBER", 1000, "42", attribute="v")])], cn=32))
    f.exception("GREATER_THAN_OR_EQUAL_TO \"18\": an integer input raises", "ge-string-data", ctx("x", v=30))
    f.served("GREATER_THAN_OR_EQUAL_TO \"18\": a non-integer input fails first", "ge-string-data", ctx("x", v="x"),
             "off", "default rule")
    f.served("BETWEEN 1000 and \"42\": an input below the start stops there", "between-string-end", ctx("x", v=1),
             "off", "default rule")
    f.exception("BETWEEN 1000 and \"42\": an input from the start raises", "between-string-end", ctx("x", v=2000))
    return f


def utc(*parts):
    return calendar.timegm(parts + (0,) * (6 - len(parts)))


def matchers_datetime():
    day = utc(2024, 3, 5)
    value_day = (utc(2024, 3, 5, 17, 42, 10)) * 1000 + 123
    value_ge = utc(2024, 3, 5, 12, 30, 45) * 1000 + 999
    start = utc(2024, 3, 5, 10, 0, 30) * 1000
    end = utc(2024, 3, 5, 11, 0, 30) * 1000
    before_epoch = -2 * 86400 * 1000 + 5000  # 1969-12-30T00:00:05Z
    f = File("matchers-datetime", "dataType DATETIME: attributes are Unix seconds (integers, or numeric strings), "
             "matcher values Unix milliseconds. EQUAL_TO compares both truncated to the UTC day; "
             "GREATER_THAN_OR_EQUAL_TO, LESS_THAN_OR_EQUAL_TO and BETWEEN compare both truncated to the minute "
             "(seconds and milliseconds dropped). Truncation rounds down, also before 1970.")
    matcher_groups(f, [
        ("date-equal", unary("EQUAL_TO", "DATETIME", value_day, attribute="t"), attr_rows(
            "EQUAL_TO 2024-03-05T17:42:10.123Z", [
                ("the day's first second", day, True), ("the day's last second", day + 86399, True),
                ("the exact instant", value_day // 1000, True), ("the next day", day + 86400, False),
                ("the previous day's last second", day - 1, False),
                ("a numeric string", str(day + 3600), True),
                ("milliseconds are not seconds", day * 1000, False), ("a float", day + 0.5, False),
                ("missing", MISSING, False), ("an ISO string is not a date", "2024-03-05T12:00:00Z", False)],
            name="t")),
        ("date-equal-negated", unary("EQUAL_TO", "DATETIME", value_day, attribute="t", negate=True), attr_rows(
            "negated EQUAL_TO 2024-03-05", [("the same day", day, False), ("another day", day + 86400, True),
                                            ("missing", MISSING, True)], name="t")),
        ("date-before-1970", unary("EQUAL_TO", "DATETIME", before_epoch, attribute="t"), attr_rows(
            "EQUAL_TO 1969-12-30T00:00:05Z", [
                ("an hour later that day", -2 * 86400 + 3600, True),
                ("the day's first second", -2 * 86400, True),
                ("one second before the day", -2 * 86400 - 1, False),
                ("the next day", -86400, False)], name="t")),
        ("date-at-least", unary("GREATER_THAN_OR_EQUAL_TO", "DATETIME", value_ge, attribute="t"), attr_rows(
            ">= 2024-03-05T12:30:45.999Z (12:30 once truncated)", [
                ("12:30:00, equal once truncated", utc(2024, 3, 5, 12, 30), True),
                ("12:29:59", utc(2024, 3, 5, 12, 29, 59), False),
                ("12:31:00", utc(2024, 3, 5, 12, 31), True),
                ("a numeric string 12:30:00", str(utc(2024, 3, 5, 12, 30)), True),
                ("milliseconds read as seconds are far in the future", utc(2024, 3, 5, 12, 0) * 1000, True),
                ("missing", MISSING, False)], name="t")),
        ("date-at-most", unary("LESS_THAN_OR_EQUAL_TO", "DATETIME", value_ge, attribute="t"), attr_rows(
            "<= 2024-03-05T12:30:45.999Z (12:30 once truncated)", [
                ("12:30:59, equal once truncated", utc(2024, 3, 5, 12, 30, 59), True),
                ("12:31:00", utc(2024, 3, 5, 12, 31), False),
                ("12:29:00", utc(2024, 3, 5, 12, 29), True),
                ("milliseconds read as seconds", utc(2024, 3, 5, 12, 0) * 1000, False),
                ("missing", MISSING, False)], name="t")),
        ("date-at-most-negated", unary("LESS_THAN_OR_EQUAL_TO", "DATETIME", value_ge, attribute="t", negate=True),
         attr_rows("negated <= 12:30", [("12:31:00", utc(2024, 3, 5, 12, 31), True),
                                        ("12:30:59", utc(2024, 3, 5, 12, 30, 59), False),
                                        ("missing", MISSING, True)], name="t")),
        ("date-between", between("DATETIME", start, end, attribute="t"), attr_rows(
            "BETWEEN 10:00:30 and 11:00:30 (10:00 and 11:00 once truncated)", [
                ("10:00:00", utc(2024, 3, 5, 10, 0), True), ("09:59:59", utc(2024, 3, 5, 9, 59, 59), False),
                ("11:00:59", utc(2024, 3, 5, 11, 0, 59), True), ("11:01:00", utc(2024, 3, 5, 11, 1), False),
                ("10:30:00 as a numeric string", str(utc(2024, 3, 5, 10, 30)), True),
                ("a boolean", True, False), ("missing", MISSING, False)], name="t")),
        ("date-between-negated", between("DATETIME", start, end, attribute="t", negate=True), attr_rows(
            "negated BETWEEN 10:00 and 11:00", [("10:30:00", utc(2024, 3, 5, 10, 30), False),
                                                ("11:01:00", utc(2024, 3, 5, 11, 1), True),
                                                ("missing", MISSING, True)], name="t")),
        ("date-at-least-negated", unary("GREATER_THAN_OR_EQUAL_TO", "DATETIME", value_ge, attribute="t",
                                        negate=True), attr_rows(
            "negated >= 12:30", [("12:29:59", utc(2024, 3, 5, 12, 29, 59), True),
                                 ("12:30:00", utc(2024, 3, 5, 12, 30), False)], name="t")),
    ])
    return f


def matchers_sets():
    f = File("matchers-sets", "EQUAL_TO_SET, CONTAINS_ANY_OF_SET, CONTAINS_ALL_OF_SET and PART_OF_SET: the "
             "attribute is read as a set (duplicates and order do not count; a string is the set of its "
             "characters, an object the set of its member names); elements are compared as they are, so the "
             "number 1 is not the string \"1\"; numbers, booleans and arrays holding arrays or objects never "
             "match.")
    abc = ["a", "b", "c"]
    matcher_groups(f, [
        ("equal-set", listed("EQUAL_TO_SET", abc, attribute="v"), attr_rows("EQUAL_TO_SET [a,b,c]", [
            ("the same set", ["a", "b", "c"], True), ("another order with duplicates", ["c", "b", "a", "a"], True),
            ("a subset", ["a", "b"], False), ("a superset", ["a", "b", "c", "d"], False),
            ("an empty array", [], False), ("a string is its characters", "cab", True),
            ("a string with other characters", "abcd", False), ("an object is its member names",
                                                                 {"a": 1, "b": 2, "c": 3}, True),
            ("a number", 5, False), ("a boolean", True, False), ("missing", MISSING, False),
            ("an array holding an array", [["a"], "b", "c"], False)])),
        ("equal-set-negated", listed("EQUAL_TO_SET", abc, attribute="v", negate=True), attr_rows(
            "negated EQUAL_TO_SET [a,b,c]", [("the same set", ["a", "b", "c"], False), ("a subset", ["a"], True),
                                             ("missing", MISSING, True), ("a number", 5, True)])),
        ("equal-set-empty", listed("EQUAL_TO_SET", [], attribute="v"), attr_rows("EQUAL_TO_SET []", [
            ("an empty array", [], True), ("an empty string", "", True), ("one element", ["a"], False)])),
        ("any-of", listed("CONTAINS_ANY_OF_SET", ["a", "b"], attribute="v"), attr_rows("CONTAINS_ANY_OF_SET [a,b]", [
            ("one shared element", ["b", "z"], True), ("no shared element", ["y", "z"], False),
            ("an empty array", [], False), ("a string with a shared character", "zb", True),
            ("a string without", "xyz", False), ("an object with a shared name", {"a": 0}, True),
            ("case-sensitive", ["A", "B"], False), ("missing", MISSING, False), ("a number", 1, False)])),
        ("any-of-negated", listed("CONTAINS_ANY_OF_SET", ["a", "b"], attribute="v", negate=True), attr_rows(
            "negated CONTAINS_ANY_OF_SET [a,b]", [("shared", ["a"], False), ("none shared", ["z"], True),
                                                  ("missing", MISSING, True)])),
        ("all-of", listed("CONTAINS_ALL_OF_SET", ["a", "b"], attribute="v"), attr_rows("CONTAINS_ALL_OF_SET [a,b]", [
            ("both and more", ["a", "b", "z"], True), ("exactly both", ["b", "a"], True), ("only one", ["a"], False),
            ("an empty array", [], False), ("a string holding both characters", "bxa", True),
            ("a string holding one", "axx", False), ("missing", MISSING, False)])),
        ("all-of-negated", listed("CONTAINS_ALL_OF_SET", ["a", "b"], attribute="v", negate=True), attr_rows(
            "negated CONTAINS_ALL_OF_SET [a,b]", [("both", ["a", "b"], False), ("only one", ["a"], True),
                                                  ("missing", MISSING, True), ("a boolean", False, True)])),
        ("all-of-empty", listed("CONTAINS_ALL_OF_SET", [], attribute="v"), attr_rows("CONTAINS_ALL_OF_SET []", [
            ("an empty array contains all of nothing", [], True), ("any array", ["z"], True),
            ("missing", MISSING, False)])),
        ("part-of", listed("PART_OF_SET", abc, attribute="v"), attr_rows("PART_OF_SET [a,b,c]", [
            ("one element", ["a"], True), ("all of them", ["c", "b", "a"], True),
            ("an empty array is not part", [], False), ("an element outside", ["a", "z"], False),
            ("a string of listed characters", "ca", True), ("an empty string", "", False),
            ("a null element", [None], False), ("missing", MISSING, False)])),
        ("part-of-negated", listed("PART_OF_SET", abc, attribute="v", negate=True), attr_rows(
            "negated PART_OF_SET [a,b,c]", [("an empty array", [], True), ("one element", ["a"], False),
                                            ("missing", MISSING, True)])),
        ("numeric-strings", listed("CONTAINS_ANY_OF_SET", ["1", "2"], attribute="v"), attr_rows(
            "CONTAINS_ANY_OF_SET [\"1\",\"2\"]", [("the strings", ["1"], True),
                                                  ("the numbers are not the strings", [1, 2], False),
                                                  ("booleans are not strings", [True], False)])),
        ("unhashable", listed("CONTAINS_ANY_OF_SET", abc, attribute="v"), attr_rows(
            "CONTAINS_ANY_OF_SET [a,b,c]", [("a list holding a list is no set", ["a", ["b"]], False),
                                            ("a list holding an object is no set", ["a", {"b": 1}], False)])),
        ("unhashable-negated", listed("CONTAINS_ALL_OF_SET", [], attribute="v", negate=True), attr_rows(
            "negated CONTAINS_ALL_OF_SET []", [("a list holding a list fails before negate", [["a"]], True),
                                               ("a plain list", ["a"], False)])),
    ])
    return f


def matchers_string():
    f = File("matchers-string", "STARTS_WITH, ENDS_WITH, CONTAINS_STRING (any whitelist entry) and MATCHES_STRING "
             "(a regular expression searched anywhere in the input): exact, case-sensitive, by Unicode scalars; "
             "an empty entry matches every string; a number or boolean is compared as its JSON text (42 is "
             "\"42\", true is \"true\"); without an attribute, the matching key.")
    matcher_groups(f, [
        ("starts", listed("STARTS_WITH", ["ab", "xy"], attribute="v"), attr_rows("STARTS_WITH [ab,xy]", [
            ("the first entry", "abc", True), ("the second entry", "xyz", True), ("equal to an entry", "ab", True),
            ("in the middle", "cab", False), ("case-sensitive", "Abc", False), ("an empty string", "", False),
            ("missing", MISSING, False), ("null", None, False)])),
        ("starts-negated", listed("STARTS_WITH", ["ab"], attribute="v", negate=True), attr_rows(
            "negated STARTS_WITH [ab]", [("a prefix", "abc", False), ("no prefix", "cab", True),
                                         ("missing", MISSING, True)])),
        ("starts-number", listed("STARTS_WITH", ["4", "tr"], attribute="v"), attr_rows(
            "STARTS_WITH [4,tr] on JSON text", [("the number 42", 42, True), ("the number -42", -42, False),
                                                ("the boolean true", True, True), ("the boolean false", False, False)])),
        ("starts-empty-entry", listed("STARTS_WITH", [""], attribute="v"), attr_rows("STARTS_WITH [\"\"]", [
            ("any string", "anything", True), ("an empty string", "", True), ("missing", MISSING, False)])),
        ("starts-key", listed("STARTS_WITH", ["adm"]), [
            ("STARTS_WITH without attribute: the matching key", ctx("admin-1"), True),
            ("STARTS_WITH without attribute: another key", ctx("user-1", bucketing="admin-1"), False)]),
        ("starts-unicode", listed("STARTS_WITH", ["\u00e9"], attribute="v"), attr_rows(
            "STARTS_WITH [\u00e9]", [("a precomposed accent", "\u00e9cole", True),
                                     ("a decomposed accent", "e\u0301cole", False)])),
        ("ends", listed("ENDS_WITH", ["@example.com", ".org"], attribute="email"), attr_rows(
            "ENDS_WITH [@example.com,.org]", [
                ("the first entry", "ana@example.com", True), ("the second entry", "x@y.org", True),
                ("in the middle", "a@example.com.au", False), ("case-sensitive", "ANA@EXAMPLE.COM", False),
                ("missing", MISSING, False)], name="email")),
        ("ends-negated", listed("ENDS_WITH", [".org"], attribute="email", negate=True), attr_rows(
            "negated ENDS_WITH [.org]", [("a suffix", "x@y.org", False), ("no suffix", "x@y.com", True),
                                         ("missing", MISSING, True)], name="email")),
        ("ends-number", listed("ENDS_WITH", ["0", "se"], attribute="v"), attr_rows(
            "ENDS_WITH [0,se] on JSON text", [("the number 100", 100, True), ("the boolean false", False, True),
                                              ("the number 7", 7, False)])),
        ("ends-emoji", listed("ENDS_WITH", ["\U0001f600"], attribute="v"), attr_rows(
            "ENDS_WITH [an emoji]", [("ending with the emoji", "hi \U0001f600", True),
                                     ("ending with another emoji", "hi \U0001f601", False)])),
        ("contains", listed("CONTAINS_STRING", ["beta", "rc"], attribute="v"), attr_rows(
            "CONTAINS_STRING [beta,rc]", [
                ("in the middle", "1.0-beta-2", True), ("at the start", "rc1", True), ("absent", "1.0", False),
                ("case-sensitive", "BETA", False), ("missing", MISSING, False)])),
        ("contains-negated", listed("CONTAINS_STRING", ["beta"], attribute="v", negate=True), attr_rows(
            "negated CONTAINS_STRING [beta]", [("contained", "a beta", False), ("absent", "gamma", True),
                                               ("missing", MISSING, True)])),
        ("contains-number", listed("CONTAINS_STRING", ["23", "ru"], attribute="v"), attr_rows(
            "CONTAINS_STRING [23,ru] on JSON text", [("the number 1234", 1234, True), ("the boolean true", True, True),
                                                     ("the number 99", 99, False)])),
        ("contains-empty-entry", listed("CONTAINS_STRING", ["zz", ""], attribute="v"), attr_rows(
            "CONTAINS_STRING [zz,\"\"]", [("any string", "abc", True), ("an empty string", "", True)])),
        ("regex", string_data("MATCHES_STRING", "^[a-z]+-[0-9]{2,3}$"), attr_rows(
            "MATCHES_STRING ^[a-z]+-[0-9]{2,3}$", [
                ("matching", "abc-12", True), ("three digits", "abc-123", True), ("four digits", "abc-1234", False),
                ("uppercase", "ABC-12", False), ("a prefix before the anchor", "-abc-12", False),
                ("missing", MISSING, False)])),
        ("regex-search", string_data("MATCHES_STRING", "b+c"), attr_rows("MATCHES_STRING b+c (search)", [
            ("found in the middle", "abbbcd", True), ("not found", "acb", False),
            ("the number 42 as text", 42, False)])),
        ("regex-number", string_data("MATCHES_STRING", "^[0-9]{3}$"), attr_rows("MATCHES_STRING ^[0-9]{3}$", [
            ("the number 123 as text", 123, True), ("the string 123", "123", True), ("the number 1234", 1234, False),
            ("the boolean true", True, False)])),
        ("regex-negated", string_data("MATCHES_STRING", "^x", negate=True), attr_rows("negated MATCHES_STRING ^x", [
            ("matching", "xy", False), ("not matching", "yx", True), ("missing", MISSING, True)])),
        ("regex-python-word", string_data("MATCHES_STRING", "^\\w+$"), attr_rows("MATCHES_STRING ^\\w+$ (Python's re)", [
            ("\\w is Unicode-aware", "stra\u00dfe", True), ("a hyphen is not a word character", "a-b", False)])),
        ("regex-python-fold", string_data("MATCHES_STRING", "(?i)^k$"), attr_rows("MATCHES_STRING (?i)^k$", [
            ("(?i) folds the Kelvin sign", "\u212a", True), ("upper case", "K", True)])),
        ("regex-python-scoped", string_data("MATCHES_STRING", "^(?i:ab)c$"), attr_rows("MATCHES_STRING ^(?i:ab)c$", [
            ("a scoped flag", "ABc", True), ("the flag ends with its group", "ABC", False)])),
        ("regex-key", string_data("MATCHES_STRING", "^user-[0-9]+$", attribute=None), [
            ("MATCHES_STRING without attribute: the matching key", ctx("user-17"), True),
            ("MATCHES_STRING without attribute: another key", ctx("admin-17"), False)]),
    ])
    return f


def matchers_boolean():
    f = File("matchers-boolean", "EQUAL_TO_BOOLEAN: a JSON boolean, or a string that lower-cases to \"true\" or "
             "\"false\"; numbers, \"yes\", \"1\" and \"t\" never match.")
    matcher_groups(f, [
        ("is-true", boolean(True), attr_rows("EQUAL_TO_BOOLEAN true", [
            ("true", True, True), ("false", False, False), ("the string true", "true", True),
            ("the string TRUE", "TRUE", True), ("the string True", "True", True),
            ("the string false", "false", False), ("the string yes", "yes", False), ("the string 1", "1", False),
            ("the string t", "t", False), ("the number 1", 1, False), ("missing", MISSING, False),
            ("null", None, False), ("an array", [True], False)], name="b")),
        ("is-false", boolean(False), attr_rows("EQUAL_TO_BOOLEAN false", [
            ("false", False, True), ("true", True, False), ("the string FALSE", "FALSE", True),
            ("the string fAlSe", "fAlSe", True), ("the number 0", 0, False), ("an empty string", "", False),
            ("missing", MISSING, False)], name="b")),
        ("is-true-negated", boolean(True, negate=True), attr_rows("negated EQUAL_TO_BOOLEAN true", [
            ("true", True, False), ("false", False, True), ("missing", MISSING, True), ("the string yes", "yes", True)],
            name="b")),
        ("is-true-key", boolean(True, attribute=None), [
            ("EQUAL_TO_BOOLEAN without attribute: a key \"True\"", ctx("True"), True),
            ("EQUAL_TO_BOOLEAN without attribute: another key", ctx("alice", b=True), False)]),
    ])
    return f


def matchers_semver():
    f = File("matchers-semver", "EQUAL_TO_SEMVER, GREATER_THAN_OR_EQUAL_TO_SEMVER, LESS_THAN_OR_EQUAL_TO_SEMVER, "
             "BETWEEN_SEMVER and IN_LIST_SEMVER: MAJOR.MINOR.PATCH[-PRERELEASE][+METADATA], all three parts "
             "required; numeric pre-release identifiers normalised (01 is 1); build metadata counts for equality "
             "and the list, not for ordering; pre-release order by identifiers (numeric numerically, others by "
             "code points, numeric below alphanumeric), a release above its pre-releases; invalid versions (in "
             "the attribute or the matcher) never match.")
    matcher_groups(f, [
        ("semver-equal", string_data("EQUAL_TO_SEMVER", "2.0.0"), attr_rows("EQUAL_TO_SEMVER 2.0.0", [
            ("equal", "2.0.0", True), ("with build metadata", "2.0.0+build.1", False),
            ("a pre-release", "2.0.0-rc.1", False), ("another patch", "2.0.1", False),
            ("a leading v is invalid", "v2.0.0", False), ("two parts are invalid", "2.0", False),
            ("four parts are invalid", "2.0.0.0", False), ("a leading zero is read as a number", "02.0.0", True),
            ("the number 2", 2, False), ("missing", MISSING, False)])),
        ("semver-equal-negated", string_data("EQUAL_TO_SEMVER", "2.0.0", negate=True), attr_rows(
            "negated EQUAL_TO_SEMVER 2.0.0", [("equal", "2.0.0", False), ("another", "2.0.1", True),
                                              ("invalid", "2.0", True), ("missing", MISSING, True)])),
        ("semver-equal-meta", string_data("EQUAL_TO_SEMVER", "2.0.0+build.1"), attr_rows(
            "EQUAL_TO_SEMVER 2.0.0+build.1", [("the same metadata", "2.0.0+build.1", True),
                                              ("without metadata", "2.0.0", False),
                                              ("other metadata", "2.0.0+build.2", False)])),
        ("semver-equal-pre", string_data("EQUAL_TO_SEMVER", "1.0.0-rc.1"), attr_rows(
            "EQUAL_TO_SEMVER 1.0.0-rc.1", [("equal", "1.0.0-rc.1", True),
                                           ("a numeric identifier with a leading zero", "1.0.0-rc.01", True),
                                           ("another identifier", "1.0.0-rc.2", False),
                                           ("an empty pre-release is invalid", "1.0.0-", False),
                                           ("empty metadata is invalid", "1.0.0-rc.1+", False)])),
        ("semver-at-least", string_data("GREATER_THAN_OR_EQUAL_TO_SEMVER", "2.0.0"), attr_rows(
            "GREATER_THAN_OR_EQUAL_TO_SEMVER 2.0.0", [
                ("equal", "2.0.0", True), ("metadata is ignored", "2.0.0+b", True),
                ("a pre-release is lower", "2.0.0-rc.1", False), ("a patch above", "2.0.1", True),
                ("numeric, not lexical", "10.0.0", True), ("below", "1.99.99", False),
                ("invalid", "abc", False), ("missing", MISSING, False)])),
        ("semver-at-least-negated", string_data("GREATER_THAN_OR_EQUAL_TO_SEMVER", "2.0.0", negate=True), attr_rows(
            "negated GREATER_THAN_OR_EQUAL_TO_SEMVER 2.0.0", [("above", "3.0.0", False), ("below", "1.0.0", True),
                                                              ("invalid", "abc", True)])),
        ("semver-at-most", string_data("LESS_THAN_OR_EQUAL_TO_SEMVER", "2.0.0-beta.2"), attr_rows(
            "LESS_THAN_OR_EQUAL_TO_SEMVER 2.0.0-beta.2", [
                ("equal", "2.0.0-beta.2", True), ("numeric identifiers compare as numbers", "2.0.0-beta.11", False),
                ("fewer identifiers are lower", "2.0.0-beta", True), ("alpha is below beta", "2.0.0-alpha.99", True),
                ("an alphanumeric identifier is above a numeric one", "2.0.0-beta.a", False),
                ("the release is above its pre-releases", "2.0.0", False), ("a lower patch", "1.9.9", True),
                ("uppercase sorts before lowercase", "2.0.0-Beta.3", True),
                ("metadata is ignored", "2.0.0-beta.2+x", True)])),
        ("semver-between", between_semver("1.0.0-alpha", "1.0.0"), attr_rows(
            "BETWEEN_SEMVER 1.0.0-alpha and 1.0.0", [
                ("the start", "1.0.0-alpha", True), ("more identifiers", "1.0.0-alpha.1", True),
                ("rc", "1.0.0-rc.1", True), ("the end", "1.0.0", True), ("the end with metadata", "1.0.0+b", True),
                ("above", "1.0.1", False), ("below", "0.9.9", False),
                ("a numeric identifier is below alpha", "1.0.0-0", False), ("missing", MISSING, False)])),
        ("semver-between-negated", between_semver("1.0.0-alpha", "1.0.0", negate=True), attr_rows(
            "negated BETWEEN_SEMVER 1.0.0-alpha and 1.0.0", [
                ("inside", "1.0.0-beta", False), ("above", "1.0.1", True), ("invalid", "1.0.0.0", True),
                ("missing", MISSING, True)])),
        ("semver-at-most-negated", string_data("LESS_THAN_OR_EQUAL_TO_SEMVER", "2.0.0-beta.2", negate=True),
         attr_rows("negated LESS_THAN_OR_EQUAL_TO_SEMVER 2.0.0-beta.2", [
             ("below", "2.0.0-beta.1", False), ("above", "2.0.0", True), ("missing", MISSING, True)])),
        ("semver-between-invalid", between_semver("1.0", "2.0.0"), attr_rows(
            "BETWEEN_SEMVER with an invalid start", [("inside", "1.5.0", False)])),
        ("semver-between-invalid-negated", between_semver("1.0", "2.0.0", negate=True), attr_rows(
            "negated BETWEEN_SEMVER with an invalid start", [("inside", "1.5.0", True)])),
        ("semver-in-list", listed("IN_LIST_SEMVER", ["1.0.0", "2.0.0+b", "3.0.0-rc.01", "bad", ""], attribute="v"),
         attr_rows("IN_LIST_SEMVER [1.0.0, 2.0.0+b, 3.0.0-rc.01, bad, \"\"]", [
             ("listed", "1.0.0", True), ("listed without its metadata", "2.0.0", False),
             ("listed with metadata", "2.0.0+b", True), ("metadata not listed", "1.0.0+x", False),
             ("a normalised pre-release", "3.0.0-rc.1", True), ("an invalid listed entry", "bad", False),
             ("an empty string", "", False), ("missing", MISSING, False)])),
        ("semver-in-list-negated", listed("IN_LIST_SEMVER", ["1.0.0"], attribute="v", negate=True), attr_rows(
            "negated IN_LIST_SEMVER [1.0.0]", [("listed", "1.0.0", False), ("not listed", "1.0.1", True),
                                               ("invalid", "1.0", True)])),
        ("semver-invalid-data", string_data("EQUAL_TO_SEMVER", "1.0"), attr_rows(
            "EQUAL_TO_SEMVER with invalid matcher data 1.0", [("the same text", "1.0", False),
                                                              ("1.0.0", "1.0.0", False)])),
        ("semver-invalid-data-negated", string_data("LESS_THAN_OR_EQUAL_TO_SEMVER", "x.y.z", negate=True), attr_rows(
            "negated LESS_THAN_OR_EQUAL_TO_SEMVER with invalid matcher data", [("any version", "1.0.0", True)])),
    ])
    return f


# ---------------------------------------------------------------------------------------------
# Flags: labels, configurations, dependencies, prerequisites


def labels():
    config_on = "{\"color\":\"red\"}"
    config_off = "{\"color\":\"grey\"}"
    cfg = {"on": config_on, "off": config_off, "control": "{\"never\":true}"}
    f = File("labels", "Every label and the reason it maps to: a condition's label (RULE_MATCH, WHITELIST or ROLLOUT "
             "conditions alike; none when the condition has no label), default rule and not in split "
             "(FALLTHROUGH), killed (OFF), definition not found (FLAG_NOT_FOUND), a condition serving control "
             "(MALFORMED_FLAG); configurations of the served treatment, also the default one, never of control; "
             "ARCHIVED flags are not stored; impressionsDisabled changes nothing; change numbers per flag.",
             segments={"beta": ["bob"]})
    f.add(flag("checkout", [
        cond([listed("WHITELIST", ["alice"])], [("on", 100)], "whitelisted", "WHITELIST"),
        cond([in_segment("beta")], [("on", 100)], "in segment beta"),
        cond([listed("WHITELIST", ["pro"], attribute="plan"), listed("WHITELIST", ["FR"], attribute="country")],
             [("on", 100)], "pro in France")], cn=42, configurations=cfg))
    f.add(flag("killed", [cond([all_keys()], [("on", 100)], "everyone")], killed=True, cn=43, configurations=cfg))
    f.add(flag("killed-plain", [cond([all_keys()], [("on", 100)], "everyone")], killed=True, default="v1", cn=44))
    f.add(flag("archived", [cond([all_keys()], [("on", 100)], "everyone")], status="ARCHIVED", cn=45))
    f.add(flag("quiet", [cond([all_keys()], [("on", 100)], "everyone")], impressions_disabled=True, cn=46,
               configurations=cfg))
    f.add(flag("unlabelled", [cond([all_keys()], [("on", 100)], None)], cn=47))
    f.add(flag("control-partition", [cond([all_keys()], [("control", 100)], "serves control")], cn=48,
               configurations=cfg))
    f.add(flag("short-partitions", [cond([all_keys()], [("on", 0), ("off", 0)], "sizes sum to 0")], cn=49))
    f.add(flag("out-of-traffic", [cond([all_keys()], [("on", 100)], "everyone")], ta=0, cn=50, configurations=cfg))
    f.add(flag("no-config", [cond([all_keys()], [("on", 100)], "everyone")], configurations={"off": config_off},
               cn=51))
    f.add(flag("null-config", [cond([all_keys()], [("on", 100)], "everyone")], cn=52))
    f.flags[-1]["configurations"] = None
    f.add(flag("ordered", [
        cond([listed("WHITELIST", ["pro"], attribute="plan")], [("first", 100)], "first rule"),
        cond([listed("WHITELIST", ["pro", "free"], attribute="plan")], [("second", 100)], "second rule")],
        default="none", cn=53))
    f.served("a WHITELIST condition's label", "checkout", ctx("alice"), "on", "whitelisted")
    f.served("a ROLLOUT condition's label", "checkout", ctx("bob"), "on", "in segment beta")
    f.served("matchers are ANDed: both match", "checkout", ctx("carol", plan="pro", country="FR"), "on",
             "pro in France")
    f.served("matchers are ANDed: one fails", "checkout", ctx("carol", plan="pro", country="DE"), "off",
             "default rule")
    f.served("no condition matches: default rule, with the default treatment's configuration", "checkout",
             ctx("carol"), "off", "default rule")
    f.served("the first matching condition wins", "ordered", ctx("x", plan="pro"), "first", "first rule")
    f.served("a later condition", "ordered", ctx("x", plan="free"), "second", "second rule")
    f.served("no condition: the default treatment without configurations", "ordered", ctx("x"), "none",
             "default rule")
    f.served("killed: the default treatment and its configuration", "killed", ctx("alice"), "off", "killed")
    f.served("killed without configurations", "killed-plain", ctx("alice"), "v1", "killed")
    f.not_found("ARCHIVED: definition not found", "archived", ctx("alice"))
    f.not_found("ARCHIVED with a default value", "archived", ctx("alice"), default="fallback")
    f.not_found("an unknown flag", "nope", ctx("alice"))
    f.invalid("a blank flag name is refused as input", "  ", ctx("alice"))
    f.not_found("flag names are case-sensitive", "Checkout", ctx("alice"), default=False)
    f.served("the flag name is trimmed", " checkout ", ctx("alice"), "on", "whitelisted")
    f.served("impressionsDisabled does not change the result", "quiet", ctx("alice"), "on", "everyone")
    f.served("a condition without a label", "unlabelled", ctx("alice"), "on", None)
    f.served("a partition serving control: MALFORMED_FLAG, no configuration", "control-partition", ctx("alice"),
             CONTROL, "serves control", default="d")
    f.served("partitions that cover no bucket: control", "short-partitions", ctx("alice"), CONTROL,
             "sizes sum to 0", default=7)
    f.served("not in split: the default treatment and its configuration", "out-of-traffic", ctx("alice"), "off",
             "not in split")
    f.served("a treatment without a configuration", "no-config", ctx("alice"), "on", "everyone")
    f.served("configurations null", "null-config", ctx("alice"), "on", "everyone")
    f.served("a default value does not replace a served treatment", "checkout", ctx("alice"), "on", "whitelisted",
             default="d")
    return f


def dependencies():
    f = File("dependencies", "IN_SPLIT_TREATMENT: the named flag evaluated in full for the same matching key, "
             "bucketing key and attributes (killed, traffic allocation, prerequisites and its own dependencies "
             "included); a missing or ARCHIVED flag gives control; only the outer flag's label is reported.",
             segments={"staff": ["sam"]})
    f.add(flag("plan", [cond([listed("WHITELIST", ["pro"], attribute="plan")], [("premium", 100)], "pro plan"),
                        cond([in_segment("staff")], [("premium", 100)], "staff")], default="standard", cn=20))
    f.add(flag("on-premium", [cond([depends("plan", ["premium"])], [("on", 100)], "premium users")], cn=21))
    f.add(flag("on-not-premium", [cond([depends("plan", ["premium"], negate=True)], [("on", 100)], "others")],
               cn=22))
    f.add(flag("killed-parent", [cond([all_keys()], [("premium", 100)], "everyone")], killed=True,
               default="standard", cn=23))
    f.add(flag("on-killed", [cond([depends("killed-parent", ["standard"])], [("on", 100)], "parent killed")],
               cn=24))
    f.add(flag("on-missing", [cond([depends("missing", ["on", "off"])], [("on", 100)], "missing parent")], cn=25))
    f.add(flag("on-missing-control", [cond([depends("missing", ["control"])], [("on", 100)], "parent is control")],
               cn=26))
    f.add(flag("archived-parent", [cond([all_keys()], [("on", 100)], "everyone")], status="ARCHIVED", cn=27))
    f.add(flag("on-archived", [cond([depends("archived-parent", ["control"])], [("on", 100)], "parent archived")],
               cn=28))
    f.add(flag("grandchild", [cond([depends("on-premium", ["on"])], [("yes", 100)], "chain")], default="no", cn=29))
    # a parent whose 50/50 split depends on the bucketing key
    seed = 31337
    f.add(flag("coin", [cond([all_keys()], [("heads", 50), ("tails", 50)], "coin")], seed=seed, cn=30))
    f.add(flag("on-heads", [cond([depends("coin", ["heads"])], [("on", 100)], "heads")], cn=31))
    f.add(flag("traffic-parent", [cond([all_keys()], [("in", 100)], "everyone")], ta=0, default="out", cn=32))
    f.add(flag("on-out", [cond([depends("traffic-parent", ["out"])], [("on", 100)], "parent out of traffic")],
               cn=33))
    f.served("the parent serves premium (pro plan)", "on-premium", ctx("x", plan="pro"), "on", "premium users")
    f.served("the parent serves premium (segment)", "on-premium", ctx("sam"), "on", "premium users")
    f.served("the parent serves standard", "on-premium", ctx("x", plan="free"), "off", "default rule")
    f.served("negated: the parent serves standard", "on-not-premium", ctx("x"), "on", "others")
    f.served("negated: the parent serves premium", "on-not-premium", ctx("x", plan="pro"), "off", "default rule")
    f.served("a killed parent gives its default treatment", "on-killed", ctx("x"), "on", "parent killed")
    f.served("a missing parent gives control, not listed", "on-missing", ctx("x"), "off", "default rule")
    f.served("a missing parent gives control, listed", "on-missing-control", ctx("x"), "on", "parent is control")
    f.served("an ARCHIVED parent gives control", "on-archived", ctx("x"), "on", "parent archived")
    f.served("a chain of two dependencies, matched", "grandchild", ctx("x", plan="pro"), "yes", "chain")
    f.served("a chain of two dependencies, not matched", "grandchild", ctx("x"), "no", "default rule")
    f.served("a parent out of its traffic allocation gives its default treatment", "on-out", ctx("x"), "on",
             "parent out of traffic")
    heads = find_key("bk-", seed, 2, 50)
    tails = find_key("bk-", seed, 2, 51)
    f.served("the parent buckets the bucketing key: heads", "on-heads", ctx("same-key", bucketing=heads), "on",
             "heads", description=bucket_note(heads, seed, 2, "parent's bucket"))
    f.served("the parent buckets the bucketing key: tails", "on-heads", ctx("same-key", bucketing=tails), "off",
             "default rule", description=bucket_note(tails, seed, 2, "parent's bucket"))
    return f


def prerequisites():
    cfg = {"off": "{\"reason\":\"prerequisite\"}"}
    f = File("prerequisites", "prerequisites: each named flag is evaluated in full (same keys and attributes), in "
             "order; the first whose treatment is not in its list fails the flag (its default treatment, label "
             "prerequisites not met); a missing flag gives control; killed is checked first, prerequisites before "
             "traffic allocation; an empty list is met.")
    f.add(flag("p-on", [cond([all_keys()], [("on", 100)], "everyone")], cn=60))
    f.add(flag("p-pro", [cond([listed("WHITELIST", ["pro"], attribute="plan")], [("on", 100)], "pro")], cn=61))
    f.add(flag("p-killed", [cond([all_keys()], [("on", 100)], "everyone")], killed=True, cn=62))
    f.add(flag("needs-pro", [cond([all_keys()], [("on", 100)], "everyone")], prerequisites=[("p-pro", ["on"])],
               configurations=cfg, cn=63))
    f.add(flag("needs-both", [cond([all_keys()], [("on", 100)], "everyone")],
               prerequisites=[("p-on", ["on"]), ("p-pro", ["on"])], cn=64))
    f.add(flag("needs-pro-then-off", [cond([all_keys()], [("on", 100)], "everyone")],
               prerequisites=[("p-pro", ["on"]), ("p-on", ["off"])], cn=65))
    f.add(flag("needs-missing", [cond([all_keys()], [("on", 100)], "everyone")],
               prerequisites=[("missing", ["on"])], cn=66))
    f.add(flag("needs-missing-control", [cond([all_keys()], [("on", 100)], "everyone")],
               prerequisites=[("missing", ["control", "on"])], cn=67))
    f.add(flag("needs-killed-off", [cond([all_keys()], [("on", 100)], "everyone")],
               prerequisites=[("p-killed", ["off"])], cn=68))
    f.add(flag("killed-needs-pro", [cond([all_keys()], [("on", 100)], "everyone")], killed=True,
               prerequisites=[("p-pro", ["on"])], cn=69))
    f.add(flag("traffic-needs-pro", [cond([all_keys()], [("on", 100)], "everyone")], ta=0,
               prerequisites=[("p-pro", ["on"])], cn=70))
    f.add(flag("chain", [cond([all_keys()], [("on", 100)], "everyone")], prerequisites=[("needs-pro", ["on"])],
               cn=71))
    f.add(flag("empty-prerequisites", [cond([all_keys()], [("on", 100)], "everyone")], prerequisites=[], cn=72))
    f.add(flag("needs-any", [cond([listed("WHITELIST", ["x"], attribute="plan")], [("on", 100)], "x plan")],
               prerequisites=[("p-pro", ["on", "off"])], cn=73))
    f.served("met", "needs-pro", ctx("a", plan="pro"), "on", "everyone")
    f.served("not met: the default treatment and its configuration", "needs-pro", ctx("a", plan="free"), "off",
             "prerequisites not met", prerequisite="p-pro")
    f.served("not met, attribute missing", "needs-pro", ctx("a"), "off", "prerequisites not met",
             prerequisite="p-pro")
    f.served("two, both met", "needs-both", ctx("a", plan="pro"), "on", "everyone")
    f.served("two, the second fails", "needs-both", ctx("a", plan="free"), "off", "prerequisites not met",
             prerequisite="p-pro")
    f.served("the first failing one is reported (first)", "needs-pro-then-off", ctx("a", plan="free"), "off",
             "prerequisites not met", prerequisite="p-pro")
    f.served("the first failing one is reported (second)", "needs-pro-then-off", ctx("a", plan="pro"), "off",
             "prerequisites not met", prerequisite="p-on")
    f.served("a missing prerequisite gives control, not accepted", "needs-missing", ctx("a"), "off",
             "prerequisites not met", prerequisite="missing")
    f.served("a missing prerequisite gives control, accepted", "needs-missing-control", ctx("a"), "on", "everyone")
    f.served("a killed prerequisite gives its default treatment", "needs-killed-off", ctx("a"), "on", "everyone")
    f.served("killed is checked before prerequisites", "killed-needs-pro", ctx("a", plan="free"), "off", "killed")
    f.served("prerequisites before traffic allocation: not met", "traffic-needs-pro", ctx("a", plan="free"), "off",
             "prerequisites not met", prerequisite="p-pro")
    f.served("prerequisites before traffic allocation: met, then out", "traffic-needs-pro", ctx("a", plan="pro"),
             "off", "not in split")
    f.served("a chain: met", "chain", ctx("a", plan="pro"), "on", "everyone")
    f.served("a chain: the inner prerequisite fails", "chain", ctx("a", plan="free"), "off", "prerequisites not met",
             prerequisite="needs-pro")
    f.served("an empty list is met", "empty-prerequisites", ctx("a"), "on", "everyone")
    f.served("met, then no condition matches", "needs-any", ctx("a", plan="free"), "off", "default rule")
    f.served("met, then a condition matches", "needs-any", ctx("a", plan="x"), "on", "x plan")
    # With control as the default treatment, failing prerequisites leaves the SDK where passing them
    # does: the conditions are walked.
    f.add(flag("control-default-needs-pro", [cond([listed("WHITELIST", ["alice"])], [("v1", 100)], "listed")],
               default="control", prerequisites=[("p-pro", ["on"])], cn=79))
    f.served("control default, prerequisite not met: the conditions decide", "control-default-needs-pro",
             ctx("alice", plan="free"), "v1", "listed")
    return f


def cycles():
    f = File("cycles", "A dependency or prerequisite cycle that evaluation goes round: Split's Python SDK recurses "
             "until it fails and reports control with the label `exception` and no change number (reason "
             "EXCEPTION); a cycle that evaluation does not enter changes nothing.")
    f.add(flag("ping", [cond([depends("pong", ["on"])], [("on", 100)], "pong on")], cn=80))
    f.add(flag("pong", [cond([listed("WHITELIST", ["safe"]), all_keys()], [("on", 100)], "safe"),
                        cond([depends("ping", ["on"])], [("on", 100)], "ping on")], cn=81))
    f.add(flag("self-prerequisite", [cond([all_keys()], [("on", 100)], "everyone")],
               prerequisites=[("self-prerequisite", ["on"])], cn=82))
    f.exception("a dependency cycle", "ping", ctx("alice"), label="exception")
    f.served("a dependency cycle that is not entered", "ping", ctx("safe"), "on", "pong on")
    f.exception("a prerequisite on itself", "self-prerequisite", ctx("alice"), label="exception", default="d")
    # A control default makes a failed prerequisite change nothing, but evaluating it still fails.
    f.add(flag("control-default-needs-cycle", [cond([listed("WHITELIST", ["alice"])], [("v1", 100)], "listed")],
               default="control", prerequisites=[("self-prerequisite", ["on"])], cn=83))
    f.exception("control default, a prerequisite going round a cycle fails the flag too", "control-default-needs-cycle",
                ctx("alice"), label="exception")
    return f


def rule_based_segments():
    segments = {"blocked": ["bob", "vip"], "inner-excluded": ["carol"], "members": ["erin"]}
    f = File("rule-based-segments", "IN_RULE_BASED_SEGMENT with Python's semantics: not matched when the matching "
             "key is in `excluded.keys` or in an excluded segment; a standard excluded segment excludes its "
             "members; a rule-based excluded segment excludes the key when that segment's excluded segments or "
             "conditions match, but when the key is in that segment's excluded keys the key is at once not "
             "excluded (later entries are not looked at); then any of the segment's conditions. A missing "
             "(or ARCHIVED) rule-based segment reached by evaluation fails the evaluation (EXCEPTION, no label).",
             segments=segments)
    f.rule_based = [
        rbs("pro-users", [cond([listed("WHITELIST", ["pro"], attribute="plan")], label=None, ctype=None)],
            excluded_keys=["mallory"], excluded_segments=[("blocked", "standard")], cn=100),
        rbs("us-or-pro", [cond([listed("WHITELIST", ["US"], attribute="country")], label=None),
                          cond([listed("WHITELIST", ["pro"], attribute="plan")], label=None)], cn=101),
        rbs("outer", [cond([all_keys()], label=None)],
            excluded_segments=[("inner", "rule-based"), ("blocked", "standard")], cn=102),
        rbs("inner", [cond([listed("WHITELIST", ["banned"], attribute="plan")], label=None)],
            excluded_keys=["vip"], excluded_segments=[("inner-excluded", "standard")], cn=103),
        rbs("by-segment", [cond([in_segment("members")], label=None)], cn=104),
        rbs("gone", [cond([all_keys()], label=None)], status="ARCHIVED", cn=105),
        rbs("excludes-missing", [cond([all_keys()], label=None)], excluded_keys=["zoe"],
            excluded_segments=[("no-such-rbs", "rule-based")], cn=106),
    ]
    f.add(flag("pro", [cond([in_rbs("pro-users")], [("on", 100)], "in pro-users")], cn=110))
    f.add(flag("pro-negated", [cond([in_rbs("pro-users", negate=True)], [("on", 100)], "not in pro-users")], cn=111))
    f.add(flag("us-or-pro", [cond([in_rbs("us-or-pro")], [("on", 100)], "in us-or-pro")], cn=112))
    f.add(flag("outer", [cond([in_rbs("outer")], [("on", 100)], "in outer")], cn=113))
    f.add(flag("by-segment", [cond([in_rbs("by-segment")], [("on", 100)], "in by-segment")], cn=114))
    f.add(flag("missing", [cond([listed("WHITELIST", ["skip"]), all_keys()], [("early", 100)], "skip"),
                           cond([in_rbs("no-such-rbs")], [("on", 100)], "in no-such-rbs")], cn=115))
    f.add(flag("archived", [cond([in_rbs("gone")], [("on", 100)], "in gone")], cn=116))
    f.add(flag("needs-missing", [cond([all_keys()], [("on", 100)], "everyone")], prerequisites=[("missing", ["on"])],
               cn=118))
    f.add(flag("control-default-needs-needs-missing", [cond([listed("WHITELIST", ["alice"])], [("v1", 100)], "listed")],
               default="control", prerequisites=[("needs-missing", ["on"])], cn=119))
    f.add(flag("excludes-missing", [cond([in_rbs("excludes-missing")], [("on", 100)], "in excludes-missing")],
               cn=117))
    f.served("conditions match", "pro", ctx("alice", plan="pro"), "on", "in pro-users")
    f.served("conditions do not match", "pro", ctx("alice", plan="free"), "off", "default rule")
    f.served("attribute missing", "pro", ctx("alice"), "off", "default rule")
    f.served("an excluded key", "pro", ctx("mallory", plan="pro"), "off", "default rule")
    f.served("excluded keys test the matching key, not the bucketing key", "pro",
             ctx("alice", bucketing="mallory", plan="pro"), "on", "in pro-users")
    f.served("a member of an excluded standard segment", "pro", ctx("bob", plan="pro"), "off", "default rule")
    f.served("negated: conditions match", "pro-negated", ctx("alice", plan="pro"), "off", "default rule")
    f.served("negated: an excluded key", "pro-negated", ctx("mallory", plan="pro"), "on", "not in pro-users")
    f.served("conditions are ORed: the first", "us-or-pro", ctx("a", country="US"), "on", "in us-or-pro")
    f.served("conditions are ORed: the second", "us-or-pro", ctx("a", plan="pro"), "on", "in us-or-pro")
    f.served("conditions are ORed: neither", "us-or-pro", ctx("a", country="FR", plan="free"), "off",
             "default rule")
    f.served("nested: not excluded", "outer", ctx("alice"), "on", "in outer")
    f.served("nested: the inner segment's conditions match, so excluded", "outer", ctx("alice", plan="banned"),
             "off", "default rule")
    f.served("nested: a member of the inner segment's excluded segment is excluded", "outer", ctx("carol"), "off",
             "default rule")
    f.served("nested: a member of a later standard excluded segment", "outer", ctx("bob"), "off", "default rule")
    f.served("nested: a key the inner segment excludes stops the walk, even though it is in blocked", "outer",
             ctx("vip", plan="banned"), "on", "in outer")
    f.served("a rule-based segment of IN_SEGMENT conditions: member", "by-segment", ctx("erin"), "on",
             "in by-segment")
    f.served("a rule-based segment of IN_SEGMENT conditions: not a member", "by-segment", ctx("frank"), "off",
             "default rule")
    f.exception("a missing rule-based segment, reached", "missing", ctx("alice"))
    f.exception("a missing rule-based segment reached by a prerequisite's prerequisite fails the flag, even with a "
                "control default", "control-default-needs-needs-missing", ctx("alice"))
    f.served("a missing rule-based segment, not reached", "missing", ctx("skip"), "early", "skip")
    f.exception("an ARCHIVED rule-based segment is missing", "archived", ctx("alice"), default="d")
    f.exception("an excluded rule-based segment that is missing, reached", "excludes-missing", ctx("alice"))
    f.served("an excluded rule-based segment that is missing, not reached (excluded key)", "excludes-missing",
             ctx("zoe"), "off", "default rule")
    return f


def unsupported():
    f = File("unsupported", "A matcher type Split's Python SDK does not know (IN_LARGE_SEGMENT, or any other name) "
             "replaces all of the flag's conditions by one ROLLOUT condition ALL_KEYS serving control, labelled "
             "`targeting rule type unsupported by sdk` (MALFORMED_FLAG); killed, prerequisites and traffic "
             "allocation still come first. In a rule-based segment the same replacement makes every key match "
             "(keys it excludes aside).")
    label = "targeting rule type unsupported by sdk"
    large = matcher("IN_LARGE_SEGMENT", None, False, userDefinedLargeSegmentMatcherData={"largeSegmentName": "big"})
    f.add(flag("large", [cond([listed("WHITELIST", ["alice"])], [("on", 100)], "whitelisted", "WHITELIST"),
                         cond([large], [("on", 100)], "in big")], cn=90, configurations={"on": "{}", "off": "{}"}))
    f.add(flag("unknown", [cond([matcher("NO_SUCH_MATCHER", "x")], [("on", 100)], "new")], cn=91))
    ta_seed = 4242
    f.add(flag("unknown-traffic", [cond([matcher("NO_SUCH_MATCHER")], [("on", 100)], "new")], ta=50,
               ta_seed=ta_seed, cn=92))
    f.add(flag("unknown-killed", [cond([matcher("NO_SUCH_MATCHER")], [("on", 100)], "new")], killed=True, cn=93))
    f.add(flag("p-pro", [cond([listed("WHITELIST", ["pro"], attribute="plan")], [("on", 100)], "pro")], cn=94))
    f.add(flag("unknown-prerequisite", [cond([matcher("NO_SUCH_MATCHER")], [("on", 100)], "new")],
               prerequisites=[("p-pro", ["on"])], cn=95))
    f.add(flag("on-unknown", [cond([depends("unknown", ["control"])], [("yes", 100)], "parent is control")],
               default="no", cn=96))
    f.rule_based = [rbs("odd", [cond([matcher("NO_SUCH_MATCHER", "x")], label=None)], excluded_keys=["zed"], cn=97)]
    f.add(flag("in-odd", [cond([in_rbs("odd")], [("on", 100)], "in odd")], cn=98))
    f.served("IN_LARGE_SEGMENT: control", "large", ctx("bob"), CONTROL, label, default="d")
    f.served("IN_LARGE_SEGMENT: the whitelist before it is replaced too", "large", ctx("alice"), CONTROL, label)
    f.served("an unknown matcher type: control", "unknown", ctx("alice", x=1), CONTROL, label)
    inside = find_key("ta-", ta_seed, 2, 50)
    outside = find_key("ta-", ta_seed, 2, 51)
    f.served("traffic allocation comes first: inside", "unknown-traffic", ctx(inside), CONTROL, label,
             description=bucket_note(inside, ta_seed, 2, "traffic bucket"))
    f.served("traffic allocation comes first: outside", "unknown-traffic", ctx(outside), "off", "not in split",
             description=bucket_note(outside, ta_seed, 2, "traffic bucket"))
    f.served("killed comes first", "unknown-killed", ctx("alice"), "off", "killed")
    f.served("prerequisites come first: not met", "unknown-prerequisite", ctx("a"), "off", "prerequisites not met",
             prerequisite="p-pro")
    f.served("prerequisites come first: met", "unknown-prerequisite", ctx("a", plan="pro"), CONTROL, label)
    f.served("a dependency on such a flag sees control", "on-unknown", ctx("a"), "yes", "parent is control")
    f.served("in a rule-based segment: every key matches", "in-odd", ctx("alice"), "on", "in odd")
    f.served("in a rule-based segment: excluded keys still do not", "in-odd", ctx("zed"), "off", "default rule")
    return f


def contexts():
    f = File("contexts", "Input checks before evaluation: the matching key must be a non-empty string after "
             "trimming (whitespace alone is empty), of at most 250 Unicode scalars; it is not trimmed; an integer "
             "key is read as its decimal text, a boolean key is rejected; a bucketing key, when given, the same. "
             "Rejected input is INVALID_CONTEXT with no label and no change number, checked before the flag is "
             "looked up.")
    f.add(flag("f", [cond([listed("WHITELIST", [" padded ", "42"])], [("listed", 100)], "listed"),
                     cond([all_keys()], [("on", 100)], "everyone")], cn=7))
    f.invalid("an empty key", "f", ctx(""))
    f.invalid("a key of spaces", "f", ctx("   "))
    f.invalid("a key of a tab and a newline", "f", ctx("\t\n"))
    f.invalid("a key of 251 characters", "f", ctx("k" * 251))
    f.served("a key of 250 characters", "f", ctx("k" * 250), "on", "everyone")
    f.served("250 two-byte characters are 250 scalars", "f", ctx("\u00e9" * 250), "on", "everyone")
    f.served("250 emoji are 250 scalars", "f", ctx("\U0001f600" * 250), "on", "everyone")
    f.invalid("251 two-byte characters", "f", ctx("\u00e9" * 251))
    f.served("the key is not trimmed", "f", ctx(" padded "), "listed", "listed")
    f.served("a key with spaces inside", "f", ctx("a b"), "on", "everyone")
    f.served("an integer key is its decimal text", "f", ctx(42), "listed", "listed")
    f.invalid("a boolean key", "f", ctx(True))
    f.invalid("a null key", "f", ctx(None))
    f.invalid("an empty bucketing key", "f", ctx("alice", bucketing=""))
    f.invalid("a bucketing key of spaces", "f", ctx("alice", bucketing="  "))
    f.invalid("a bucketing key of 251 characters", "f", ctx("alice", bucketing="b" * 251))
    f.served("a bucketing key of 250 characters", "f", ctx("alice", bucketing="b" * 250), "on", "everyone")
    f.invalid("an invalid key with a valid bucketing key", "f", ctx("", bucketing="b"))
    f.invalid("an invalid key for an unknown flag: INVALID_CONTEXT first", "nope", ctx(""), default="d")
    f.invalid("an invalid bucketing key for an unknown flag", "nope", ctx("alice", bucketing=""))
    f.served("no attributes member", "f", actx(None), "on", "everyone")
    f.served("null attributes", "f", {"key": "alice", "attributes": None}, "on", "everyone")
    return f


# ---------------------------------------------------------------------------------------------
# Buckets and traffic allocation

SEED = 467569525


def buckets(file_name, title, algo, omit=()):
    """algo None means the member is absent; `a` is the algorithm the SDK uses for it."""
    a = 2 if algo == 2 else 1
    f = File(file_name, title + ": buckets 1 and 100, partitions ending exactly at the bucket, partitions of "
             "size 0, partitions not reaching 100, negative seeds, the bucketing key, non-ASCII keys. Each key was "
             "searched for so that its bucket lands where the case needs it; the description gives the hash input "
             "and the bucket.")
    algo_member = algo if algo is not None else 2

    def mk(name, conditions, seed, **kw):
        return flag(name, conditions, seed=seed, algo=algo_member, omit=omit, **kw)

    prefix = {2: "m", 1: "l", None: "n", 3: "u"}[algo] + "-"
    for i, key in enumerate(["aUfEsdPN1twuEjff9Sl", "EPxM1cYQnL4AuqD"]):
        b = bucket(key, SEED, a)
        name = "vector-%d" % (i + 1)
        f.add(mk(name, [cond([all_keys()], [("below", b - 1), ("at", 1), ("above", 100 - b)], "exact")], SEED))
        f.served("Split's vector %s lands in bucket %d" % (key, b), name, ctx(key), "at", "exact",
                 description=bucket_note(key, SEED, a))
    seed = 123456
    f.add(mk("half", [cond([all_keys()], [("a", 50), ("b", 50)], "50/50")], seed))
    for want, treatment, what in [(1, "a", "bucket 1"), (50, "a", "bucket 50, the last of the first partition"),
                                  (51, "b", "bucket 51, the first of the second"), (100, "b", "bucket 100")]:
        key = find_key(prefix, seed, a, want)
        f.served("50/50: " + what, "half", ctx(key), treatment, "50/50", description=bucket_note(key, seed, a))
    f.add(mk("thirds", [cond([all_keys()], [("x", 33), ("zero", 0), ("y", 33), ("z", 34)], "thirds")], seed))
    for want, treatment in [(33, "x"), (34, "y"), (66, "y"), (67, "z"), (100, "z")]:
        key = find_key(prefix, seed, a, want)
        f.served("33/0/33/34: bucket %d" % want, "thirds", ctx(key), treatment, "thirds",
                 description=bucket_note(key, seed, a) + "; the partition of size 0 is never served")
    f.add(mk("edges", [cond([all_keys()], [("first", 1), ("middle", 98), ("last", 1)], "edges")], seed))
    for want, treatment in [(1, "first"), (2, "middle"), (99, "middle"), (100, "last")]:
        key = find_key(prefix, seed, a, want)
        f.served("1/98/1: bucket %d" % want, "edges", ctx(key), treatment, "edges",
                 description=bucket_note(key, seed, a))
    f.add(mk("short", [cond([all_keys()], [("a", 40), ("b", 40)], "short")], seed))
    key = find_key(prefix, seed, a, 80)
    f.served("40/40: bucket 80", "short", ctx(key), "b", "short", description=bucket_note(key, seed, a))
    key = find_key(prefix, seed, a, 81)
    f.served("40/40: bucket 81 is in no partition: control", "short", ctx(key), CONTROL, "short",
             description=bucket_note(key, seed, a))
    neg = -1897654321
    f.add(mk("negative-seed", [cond([all_keys()], [("a", 25), ("b", 75)], "quarter")], neg))
    for want, treatment in [(25, "a"), (26, "b")]:
        key = find_key(prefix, neg, a, want)
        f.served("a negative seed: bucket %d" % want, "negative-seed", ctx(key), treatment, "quarter",
                 description=bucket_note(key, neg, a))
    key_a = find_key("bucketing-", seed, a, 10)
    key_b = find_key("bucketing-", seed, a, 90)
    f.served("the bucketing key is hashed, not the matching key (bucket 10)", "half", ctx(key_b, bucketing=key_a),
             "a", "50/50", description=bucket_note(key_a, seed, a) + "; matching key " + json.dumps(key_b) +
             " has bucket %d" % bucket(key_b, seed, a))
    f.served("the bucketing key is hashed, not the matching key (bucket 90)", "half", ctx(key_a, bucketing=key_b),
             "b", "50/50", description=bucket_note(key_b, seed, a) + "; matching key " + json.dumps(key_a) +
             " has bucket %d" % bucket(key_a, seed, a))
    for text, label in [("caf\u00e9-", "a two-byte character"), ("\u65e5\u672c-", "CJK characters"),
                        ("\U0001f600-", "an emoji (outside the BMP)")]:
        b = bucket(text + "0", seed, a)
        name = "exact-" + str(len(f.flags))
        f.add(mk(name, [cond([all_keys()], [("below", b - 1), ("at", 1), ("above", 100 - b)], "exact")], seed))
        f.served("a key with %s lands in bucket %d" % (label, b), name, ctx(text + "0"), "at", "exact",
                 description=bucket_note(text + "0", seed, a))
    f.add(mk("single", [cond([all_keys()], [("only", 100)], "single")], seed))
    f.served("one partition of size 100 needs no bucket", "single", ctx(find_key(prefix, seed, a, 100)), "only",
             "single")
    if a == 1:
        # a seed chosen so that h = -2^31, whose absolute value is 2^31: bucket 49
        key = "min-int"
        h = 0
        for c in key:
            h = int32(31 * h + ord(c))
        seed_min = int32(h ^ -2 ** 31)
        assert legacy_hash(key, seed_min) == -2 ** 31 and bucket(key, seed_min, 1) == 49
        f.add(mk("min-int", [cond([all_keys()], [("below", 48), ("at", 1), ("above", 51)], "exact")], seed_min))
        f.served("a hash of -2^31 is bucket 49", "min-int", ctx(key), "at", "exact",
                 description=bucket_note(key, seed_min, 1) + " (|-2^31| = 2^31)")
    return f


def negative_hash_case(f, seed):
    """A legacy key whose signed hash is negative: the bucket comes from its absolute value."""
    n = 0
    while True:
        key = "neg-%d" % n
        h = legacy_hash(key, seed)
        if h < 0 and (-h) % 100 + 1 == 37:
            break
        n += 1
    b = 37
    f.add(flag("negative-hash", [cond([all_keys()], [("below", b - 1), ("at", 1), ("above", 100 - b)], "exact")],
               seed=seed, algo=1))
    f.served("a negative hash: the bucket of its absolute value", "negative-hash", ctx(key), "at", "exact",
             description=bucket_note(key, seed, 1) + "; unsigned it would be bucket %d" % ((h & 0xFFFFFFFF) % 100 + 1))


def traffic():
    f = File("traffic-allocation", "trafficAllocation with its own seed (trafficAllocationSeed) and the flag's "
             "algo, checked once, on reaching the first ROLLOUT condition, whether or not it matches: a traffic "
             "bucket above trafficAllocation is `not in split` (the default treatment); WHITELIST conditions before "
             "it (and conditions without conditionType, which are WHITELIST) are exempt; 0 sends out every key that "
             "reaches a ROLLOUT condition, 100 checks nothing, absent or null is 100, outside 0..100 is 100. Each "
             "key was searched for so that its traffic bucket lands where the case needs it.")
    ta_seed = -77777
    seed = 888

    def note(key, algo=2, s=ta_seed):
        return bucket_note(key, s, algo, "traffic bucket")

    def add(name, ta, conditions=None, algo=2, omit=()):
        if conditions is None:
            conditions = [cond([all_keys()], [("on", 100)], "everyone")]
        f.add(flag(name, conditions, ta=ta, ta_seed=ta_seed, seed=seed, algo=algo, omit=omit))

    add("ta-50", 50)
    for want, yes in [(1, True), (50, True), (51, False), (100, False)]:
        key = find_key("t-", ta_seed, 2, want)
        if yes:
            f.served("50%%: traffic bucket %d is in" % want, "ta-50", ctx(key), "on", "everyone", description=note(key))
        else:
            f.served("50%%: traffic bucket %d is out" % want, "ta-50", ctx(key), "off", "not in split",
                     description=note(key))
    add("ta-1", 1)
    for want, yes in [(1, True), (2, False)]:
        key = find_key("t-", ta_seed, 2, want)
        f.served("1%%: traffic bucket %d" % want, "ta-1", ctx(key), "on" if yes else "off",
                 "everyone" if yes else "not in split", description=note(key))
    add("ta-99", 99)
    for want, yes in [(99, True), (100, False)]:
        key = find_key("t-", ta_seed, 2, want)
        f.served("99%%: traffic bucket %d" % want, "ta-99", ctx(key), "on" if yes else "off",
                 "everyone" if yes else "not in split", description=note(key))
    add("ta-0", 0)
    key = find_key("t-", ta_seed, 2, 1)
    f.served("0%: even traffic bucket 1 is out", "ta-0", ctx(key), "off", "not in split", description=note(key))
    add("ta-100", 100)
    key = find_key("t-", ta_seed, 2, 100)
    f.served("100%: traffic bucket 100 is in", "ta-100", ctx(key), "on", "everyone", description=note(key))
    add("ta-absent", None, omit=("trafficAllocation",))
    f.served("absent: 100%", "ta-absent", ctx(key), "on", "everyone", description=note(key))
    add("ta-null", None)
    f.served("null: 100%", "ta-null", ctx(key), "on", "everyone", description=note(key))
    add("ta-150", 150)
    f.served("150 is read as 100", "ta-150", ctx(key), "on", "everyone", description=note(key))
    add("ta-negative", -5)
    f.served("-5 is read as 100", "ta-negative", ctx(key), "on", "everyone", description=note(key))

    add("whitelist-first", 0, [
        cond([listed("WHITELIST", ["alice"])], [("vip", 100)], "whitelisted", "WHITELIST"),
        cond([all_keys()], [("on", 100)], "everyone")])
    f.served("a WHITELIST condition before the first ROLLOUT is exempt", "whitelist-first", ctx("alice"), "vip",
             "whitelisted")
    f.served("other keys reach the ROLLOUT condition and are out", "whitelist-first", ctx("bob"), "off",
             "not in split")
    add("untyped-first", 0, [cond([listed("WHITELIST", ["alice"])], [("vip", 100)], "untyped", None),
                             cond([all_keys()], [("on", 100)], "typed")])
    f.served("a condition without conditionType is WHITELIST: exempt", "untyped-first", ctx("alice"), "vip",
             "untyped")
    f.served("after it, the ROLLOUT condition checks the allocation", "untyped-first", ctx("bob"), "off",
             "not in split")
    add("untyped-only", 0, [cond([all_keys()], [("on", 100)], "untyped", None)])
    f.served("a flag without ROLLOUT conditions never checks the allocation", "untyped-only", ctx("bob"), "on",
             "untyped")
    add("rollout-unmatched", 0, [cond([listed("WHITELIST", ["pro"], attribute="plan")], [("on", 100)], "pro")])
    f.served("the check happens on reaching a ROLLOUT condition, matched or not", "rollout-unmatched",
             ctx("bob", plan="free"), "off", "not in split")
    add("whitelist-after", 50, [cond([listed("WHITELIST", ["pro"], attribute="plan")], [("on", 100)], "pro"),
                                cond([listed("WHITELIST", ["vip"], attribute="plan")], [("vip", 100)], "vip",
                                     "WHITELIST")])
    out = find_key("w-", ta_seed, 2, 75)
    inside = find_key("w-", ta_seed, 2, 25)
    f.served("a WHITELIST condition after the first ROLLOUT is not exempt", "whitelist-after",
             ctx(out, plan="vip"), "off", "not in split", description=note(out))
    f.served("a key inside reaches the later WHITELIST condition", "whitelist-after", ctx(inside, plan="vip"), "vip",
             "vip", description=note(inside))
    f.served("a key inside matching no condition: default rule", "whitelist-after", ctx(inside), "off",
             "default rule", description=note(inside))
    add("two-seeds", 50, [cond([all_keys()], [("a", 50), ("b", 50)], "split")])
    k = find_key("s-", ta_seed, 2, 20, extra=(seed, 2, 80))
    f.served("traffic and treatment buckets use their own seeds", "two-seeds", ctx(k), "b", "split",
             description=note(k) + "; " + bucket_note(k, seed, 2, "treatment bucket"))
    k = find_key("s-", ta_seed, 2, 40, extra=(seed, 2, 5))
    f.served("traffic and treatment buckets use their own seeds (2)", "two-seeds", ctx(k), "a", "split",
             description=note(k) + "; " + bucket_note(k, seed, 2, "treatment bucket"))
    inside = find_key("b-", ta_seed, 2, 10)
    out = find_key("b-", ta_seed, 2, 90)
    f.served("the traffic bucket is the bucketing key's (in)", "ta-50", ctx(out, bucketing=inside), "on",
             "everyone", description=note(inside) + "; matching key's: %d" % bucket(out, ta_seed, 2))
    f.served("the traffic bucket is the bucketing key's (out)", "ta-50", ctx(inside, bucketing=out), "off",
             "not in split", description=note(out) + "; matching key's: %d" % bucket(inside, ta_seed, 2))
    add("legacy-50", 50, algo=1)
    for want, yes in [(50, True), (51, False)]:
        key = find_key("l-", ta_seed, 1, want)
        f.served("legacy hash, 50%%: traffic bucket %d" % want, "legacy-50", ctx(key), "on" if yes else "off",
                 "everyone" if yes else "not in split", description=note(key, 1))
    add("unknown-algo-50", 50, algo=3)
    for want, yes in [(50, True), (51, False)]:
        key = find_key("u-", ta_seed, 1, want)
        f.served("algo 3 (legacy), 50%%: traffic bucket %d" % want, "unknown-algo-50", ctx(key),
                 "on" if yes else "off", "everyone" if yes else "not in split", description=note(key, 1))
    add("absent-algo-50", 50, omit=("algo",))
    for want, yes in [(50, True), (51, False)]:
        key = find_key("n-", ta_seed, 1, want)
        f.served("algo absent (legacy), 50%%: traffic bucket %d" % want, "absent-algo-50", ctx(key),
                 "on" if yes else "off", "everyone" if yes else "not in split", description=note(key, 1))
    return f


# ---------------------------------------------------------------------------------------------
# Document shapes


def spec_1_1():
    f = File("spec-1-1", "The pre-1.3 body {\"splits\":[…],\"since\":-1,\"till\":N} (no rule-based segments), "
             "with segments beside it.", segments={"beta": ["bob"]})
    f.add(flag("f", [cond([in_segment("beta")], [("on", 100)], "in segment beta")], cn=1700000000000))
    f.add(flag("g", [cond([all_keys()], [("on", 100)], "everyone")], killed=True, cn=1700000000001))
    f.add(flag("gone", [cond([all_keys()], [("on", 100)], "everyone")], status="ARCHIVED", cn=1700000000002))
    f.body = {"splits": f.flags, "since": -1, "till": 1700000000002, "segments": f.segments}
    f.served("a segment member", "f", ctx("bob"), "on", "in segment beta")
    f.served("not a member", "f", ctx("alice"), "off", "default rule")
    f.served("killed", "g", ctx("alice"), "off", "killed")
    f.not_found("ARCHIVED", "gone", ctx("alice"))
    return f


def segment_bodies():
    segments = {
        "one-body": {"name": "one-body", "added": ["alice", "bob"], "removed": [], "since": -1, "till": 10},
        "two-bodies": [
            {"name": "two-bodies", "added": ["alice", "bob", "carol"], "removed": [], "since": -1, "till": 10},
            {"name": "two-bodies", "added": ["dave"], "removed": ["bob"], "since": 10, "till": 20},
            {"name": "two-bodies", "added": [], "removed": [], "since": 20, "till": 20}],
        "re-added": [
            {"name": "re-added", "added": ["erin"], "removed": [], "since": -1, "till": 5},
            {"name": "re-added", "added": [], "removed": ["erin"], "since": 5, "till": 6},
            {"name": "re-added", "added": ["erin"], "removed": [], "since": 6, "till": 7}],
        "plain": ["frank"],
    }
    f = File("segment-bodies", "`segments` given as segmentChanges bodies ({\"name\",\"added\",\"removed\","
             "\"since\",\"till\"}) or lists of them, applied in order, beside a plain list of keys.",
             segments=segments)
    for name in ["one-body", "two-bodies", "re-added", "plain"]:
        f.add(flag("in-" + name, [cond([in_segment(name)], [("on", 100)], "in " + name)]))
    f.served("one body: added", "in-one-body", ctx("alice"), "on", "in one-body")
    f.served("one body: not added", "in-one-body", ctx("carol"), "off", "default rule")
    f.served("two bodies: added by the first", "in-two-bodies", ctx("carol"), "on", "in two-bodies")
    f.served("two bodies: added by the second", "in-two-bodies", ctx("dave"), "on", "in two-bodies")
    f.served("two bodies: removed by the second", "in-two-bodies", ctx("bob"), "off", "default rule")
    f.served("added, removed, added again", "in-re-added", ctx("erin"), "on", "in re-added")
    f.served("a plain list beside bodies", "in-plain", ctx("frank"), "on", "in plain")
    return f


def buckets_murmur3():
    f = buckets("buckets-murmur3", "algo 2 (murmur3_x86_32 of the key's UTF-8 bytes, read unsigned; bucket = "
                "hash % 100 + 1)", 2)
    unsigned_hash_case(f, 123456)
    return f


def buckets_legacy():
    f = buckets("buckets-legacy", "algo 1 (the legacy hash over Unicode scalars: h = int32(31h + c), then h XOR "
                "seed; bucket = |h| % 100 + 1)", 1)
    negative_hash_case(f, 123456)
    return f


def buckets_algo_absent():
    return buckets("buckets-algo-absent", "No algo member: the legacy hash", None, omit=("algo",))


def buckets_algo_unknown():
    return buckets("buckets-algo-unknown", "algo 3, which no SDK knows: the legacy hash", 3)


def unsigned_hash_case(f, seed):
    """A murmur3 key whose hash is at least 2^31: it is read unsigned, not as a negative int32."""
    n = 0
    while True:
        key = "high-%d" % n
        h = murmur_hash(key, seed)
        if h >= 2 ** 31 and h % 100 != abs(int32(h)) % 100:
            break
        n += 1
    b = h % 100 + 1
    f.add(flag("high-hash", [cond([all_keys()], [("below", b - 1), ("at", 1), ("above", 100 - b)], "exact")],
               seed=seed, algo=2))
    f.served("a hash of 2^31 or more is read unsigned", "high-hash", ctx(key), "at", "exact",
             description=bucket_note(key, seed, 2) + "; read as a signed int32 it would be bucket %d"
             % (abs(int32(h)) % 100 + 1))


FILES = [
    matchers_keys, matchers_numeric, matchers_datetime, matchers_sets, matchers_string, matchers_boolean,
    matchers_semver, labels, dependencies, prerequisites, cycles, rule_based_segments, unsupported, contexts,
    buckets_murmur3, buckets_legacy, buckets_algo_absent, buckets_algo_unknown, traffic, spec_1_1, segment_bodies,
]


# ---------------------------------------------------------------------------------------------
# Verification against Split's Python SDK


def verify(documents):
    import logging
    import queue
    logging.disable(logging.CRITICAL)
    from splitio.client.client import ClientBase, _InvalidInputError
    from splitio.client.key import Key
    from splitio.engine.evaluator import Evaluator, EvaluationDataFactory
    from splitio.engine.splitters import Splitter
    from splitio.models import splits, rule_based_segments
    from splitio.models.fallback_config import FallbackTreatmentCalculator
    from splitio.models.segments import Segment
    from splitio.models.telemetry import MethodExceptionsAndLatencies
    from splitio.storage.inmemmory import (InMemoryRuleBasedSegmentStorage, InMemorySegmentStorage,
                                           InMemorySplitStorage)
    from splitio.sync.util import convert_to_new_spec
    from splitio.util.storage_helper import update_feature_flag_storage, update_rule_based_segment_storage

    failures = 0
    for doc in documents:
        definitions = copy.deepcopy(doc["definitions"])
        body = convert_to_new_spec(definitions) if "splits" in definitions else definitions
        events = queue.Queue()
        flag_storage = InMemorySplitStorage(events)
        segment_storage = InMemorySegmentStorage(events)
        rbs_storage = InMemoryRuleBasedSegmentStorage(events)
        rbs_section = body.get("rbs") or {"d": [], "t": -1}
        update_rule_based_segment_storage(
            rbs_storage, [rule_based_segments.from_raw(r) for r in rbs_section["d"]], rbs_section["t"])
        update_feature_flag_storage(flag_storage, [splits.from_raw(s) for s in body["ff"]["d"]], body["ff"]["t"])
        for name, value in (definitions.get("segments") or {}).items():
            if isinstance(value, dict):
                value = [value]
            if value and all(isinstance(change, dict) for change in value):
                for change in value:  # as the SDK's segment sync applies segmentChanges bodies
                    segment_storage.update(name, change["added"], change["removed"], change["till"])
            else:
                segment_storage.put(Segment(name, value, -1))
        evaluator = Evaluator(Splitter(), FallbackTreatmentCalculator(None))
        factory = EvaluationDataFactory(flag_storage, segment_storage, rbs_storage)

        for case in doc["cases"]:
            context = case["context"]
            key = Key(context["key"], context["bucketingKey"]) if "bucketingKey" in context else context["key"]
            try:
                try:
                    matching, bucketing, feature, attributes, _ = ClientBase._validate_treatment_input(
                        key, case["flag"], context.get("attributes"),
                        MethodExceptionsAndLatencies.TREATMENT_WITH_CONFIG)
                except _InvalidInputError:
                    got = {"treatment": "control", "config": None, "label": None, "changeNumber": None}
                else:
                    try:
                        ec = factory.context_for(matching, [feature])
                        result = evaluator.eval_with_context(matching, bucketing, feature, attributes, ec)
                    except RuntimeError:
                        result = {"treatment": "control", "configurations": None,
                                  "impression": {"label": "exception", "change_number": None}}
                    got = {"treatment": result["treatment"], "config": result["configurations"],
                           "label": result["impression"]["label"],
                           "changeNumber": result["impression"]["change_number"]}
            except Exception:  # get_treatment_with_config's own catch-all: control, no impression
                got = {"treatment": "control", "config": None, "label": None, "changeNumber": None}
            if got != case["expect"]["split"]:
                failures += 1
                print("%s / %s:\n  expected %s\n  Python   %s" % (doc["name"], case["name"],
                                                                json.dumps(case["expect"]["split"]), json.dumps(got)))
    return failures


# ---------------------------------------------------------------------------------------------



if __name__ == "__main__":
    casefiles.main(HERE, FILES, verify=verify, oracle="Split's Python SDK", width=24)
