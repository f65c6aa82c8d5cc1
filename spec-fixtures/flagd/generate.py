#!/usr/bin/env python3
"""Writes the flagd conformance cases of this folder.

Expected `fractional` picks are computed here, independently of any SDK, with Python's `mmh3`
(murmur3_x86_32, seed 0) and `cbor2` (canonical CBOR): `pip install mmh3 cbor2`, then
`python3 spec-fixtures/flagd/generate.py`. The JsonLogic cases state JsonLogic's answers.

    python3 generate.py --check    # exits 1 if any case file differs from what it would write
"""
import json
import os
import sys

import cbor2
import mmh3

HERE = os.path.dirname(os.path.abspath(__file__))
CHECK = "--check" in sys.argv[1:]
STALE = []
PASS = {"value": True, "variant": "pass", "reason": "TARGETING_MATCH", "errorCode": None, "flagMetadata": {}}
PASS_FAIL = {"pass": True, "fail": False}


def write(name, description, documents, cases, fractional_rule="v2", now=None):
    body = {"description": description, "fractionalRule": fractional_rule}
    if now:
        body["now"] = now
    body["documents"] = documents
    body["cases"] = cases
    text = json.dumps(body, indent=1, sort_keys=False, ensure_ascii=False) + "\n"
    path = os.path.join(HERE, name + ".json")
    if CHECK:
        try:
            with open(path, encoding="utf-8") as f:
                if f.read() != text:
                    STALE.append(name)
        except FileNotFoundError:
            STALE.append(name)
    else:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    return len(cases)


def operator_file(name, description, rows, now=None):
    """rows: (description, logic, context, expected). Each row is a flag whose targeting serves
    "pass" when the logic's value is strictly equal to `expected`; every other row's branch is
    computed, so that both lowered rules and value expressions run."""
    flags, cases = {}, []
    for i, (desc, logic, context, expected) in enumerate(rows):
        key = f"{name}-{i}"
        test = {"===": [logic, expected]}
        if i % 2 == 0:
            targeting = {"if": [test, "pass", "fail"]}
        else:
            targeting = {"if": [test, {"cat": ["pa", "ss"]}, "fail"]}
        flags[key] = {"state": "ENABLED", "variants": PASS_FAIL, "defaultVariant": "fail", "targeting": targeting}
        cases.append({"description": desc, "flag": key, "context": context, "default": None, "expected": PASS})
    return write(name, description, [{"flags": flags}], cases, now=now)


def bool_rows(prefix, items):
    return [(f"{prefix}: {json.dumps(l)} with {json.dumps(c)}", l, c, e) for (l, c, e) in items]


total = 0

# --- JsonLogic: truthiness and logic -------------------------------------------------------
truth = [(v, t) for v, t in [(0, False), (1, True), (-1, True), (0.5, True), ("", False), ("0", True), ("a", True),
                              ([], False), ([0], True), (None, False), (True, True), (False, False), ({}, True)]]
rows = []
for v, t in truth:
    rows.append((f"!! of {json.dumps(v)} is {t}", {"!!": [{"var": "v"}]}, {"v": v}, t))
    rows.append((f"! of {json.dumps(v)} is {not t}", {"!": [{"var": "v"}]}, {"v": v}, not t))
rows += bool_rows("or", [
    ({"or": [False, 0, "a"]}, {}, "a"), ({"or": [False, 0]}, {}, 0), ({"or": [{"var": "x"}, "fallback"]}, {}, "fallback"),
    ({"or": [1, {"var": "missing.deep"}]}, {}, 1), ({"or": []}, {}, None)])
rows += bool_rows("and", [
    ({"and": [1, "a", True]}, {}, True), ({"and": [1, 0, "a"]}, {}, 0), ({"and": [1, ""]}, {}, ""),
    ({"and": [True, {"var": "x"}]}, {"x": "v"}, "v")])
rows += bool_rows("if", [
    ({"if": [True, "a", "b"]}, {}, "a"), ({"if": [[], "a", "b"]}, {}, "b"), ({"if": [False, "a", False, "b", "c"]}, {}, "c"),
    ({"if": [False, "a"]}, {}, None), ({"if": ["x"]}, {}, "x"), ({"if": []}, {}, None), ({"?:": [0, "a", "b"]}, {}, "b"),
    ({"if": [{"var": "n"}, "n", "none"]}, {"n": 0}, "none")])
total += operator_file("logic", "Truthiness, !, !!, or, and, if and ?:", rows)

# --- equality and comparison ----------------------------------------------------------------
rows = bool_rows("==", [
    ({"==": [1, 1]}, {}, True), ({"==": [1, "1"]}, {}, True), ({"==": [0, ""]}, {}, True), ({"==": [0, False]}, {}, True),
    ({"==": [1, True]}, {}, True), ({"==": ["1", True]}, {}, True), ({"==": [None, None]}, {}, True),
    ({"==": [None, 0]}, {}, False), ({"==": [None, False]}, {}, False), ({"==": ["a", "a"]}, {}, True),
    ({"==": ["a", "b"]}, {}, False), ({"==": [" 1 ", 1]}, {}, True), ({"==": ["0x10", 16]}, {}, True),
    ({"==": ["abc", 0]}, {}, False), ({"==": [[1], 1]}, {}, True), ({"==": [{"var": "missing"}, None]}, {}, True),
    ({"==": [{"var": "s"}, "x"]}, {"s": "x"}, True), ({"==": [1.0, 1]}, {}, True)])
rows += bool_rows("!=", [({"!=": [1, "1"]}, {}, False), ({"!=": [1, 2]}, {}, True), ({"!=": [None, 0]}, {}, True)])
rows += bool_rows("===", [({"===": [1, "1"]}, {}, False), ({"===": [1, 1]}, {}, True), ({"===": [None, None]}, {}, True),
                          ({"===": [True, 1]}, {}, False), ({"===": ["a", "a"]}, {}, True)])
rows += bool_rows("!==", [({"!==": [1, "1"]}, {}, True), ({"!==": ["a", "a"]}, {}, False)])
rows += bool_rows("<", [
    ({"<": [1, 2]}, {}, True), ({"<": [2, 1]}, {}, False), ({"<": [1, 1]}, {}, False), ({"<": ["1", 2]}, {}, True),
    ({"<": ["a", "b"]}, {}, True), ({"<": ["b", "a"]}, {}, False), ({"<": ["10", "9"]}, {}, True),
    ({"<": [None, 1]}, {}, True), ({"<": ["x", 1]}, {}, False), ({"<": [1, 2, 3]}, {}, True), ({"<": [1, 1, 3]}, {}, False),
    ({"<": [1, 4, 3]}, {}, False), ({"<": [{"var": "age"}, 18]}, {"age": 17}, True)])
rows += bool_rows("<=", [({"<=": [1, 1]}, {}, True), ({"<=": [2, 1]}, {}, False), ({"<=": [1, 2, 2]}, {}, True),
                         ({"<=": [1, 3, 2]}, {}, False), ({"<=": ["a", "a"]}, {}, True)])
rows += bool_rows(">", [({">": [2, 1]}, {}, True), ({">": [1, 1]}, {}, False), ({">": ["2", "10"]}, {}, True),
                        ({">": [{"var": "age"}, 30]}, {"age": 31}, True), ({">": [{"var": "age"}, 30]}, {}, False),
                        # Three operands, as flagd's Go evaluator and Python core read them: a > b > c.
                        ({">": [3, 2, 1]}, {}, True), ({">": [3, 2, 2]}, {}, False), ({">": [3, 4, 1]}, {}, False)])
rows += bool_rows(">=", [({">=": [1, 1]}, {}, True), ({">=": [0, 1]}, {}, False), ({">=": [True, 1]}, {}, True),
                         ({">=": [3, 2, 2]}, {}, True), ({">=": [3, 2, 3]}, {}, False)])
# Numbers compare as doubles, as JsonLogic's engines do (flagd's Go evaluator and JavaScript):
# integers beyond 2^53 are the doubles they round to.
rows += bool_rows("doubles", [
    ({"==": [9007199254740993, 9007199254740992]}, {}, True), ({"===": [9007199254740993, 9007199254740992]}, {}, True),
    ({"<": [9007199254740992, 9007199254740993]}, {}, False), ({"<": [9007199254740992, 9007199254740994]}, {}, True),
    ({"==": [{"var": "n"}, 9223372036854775807]}, {"n": 9223372036854775808}, True),
    ({">": [{"var": "n"}, 4611686018427387904]}, {"n": 4611686018427387905}, False),
    ({"==": [{"var": "n"}, 1]}, {"n": 1.0}, True)])
total += operator_file("comparison", "Loose and strict equality, <, <= (with between), >, >=; numbers as doubles", rows)

# --- arithmetic ----------------------------------------------------------------------------
rows = bool_rows("arithmetic", [
    ({"+": [1, 2]}, {}, 3), ({"+": ["1", 2]}, {}, 3), ({"+": [1, "2.5abc"]}, {}, 3.5), ({"+": []}, {}, 0), ({"+": ["3.5"]}, {}, 3.5),
    ({"-": [5, 2]}, {}, 3), ({"-": [2]}, {}, -2), ({"-": ["5", "2"]}, {}, 3), ({"*": [2, 3]}, {}, 6), ({"*": [2, "3", 2]}, {}, 12),
    ({"/": [6, 3]}, {}, 2), ({"/": [1, 4]}, {}, 0.25), ({"%": [7, 3]}, {}, 1), ({"%": [-7, 3]}, {}, -1),
    ({"max": [1, 5, 3]}, {}, 5), ({"min": [1, 5, 3]}, {}, 1), ({"max": ["7", 2]}, {}, 7), ({"min": [{"var": "a"}, 10]}, {"a": 4}, 4),
    ({"+": [{"var": "a"}, {"var": "b"}]}, {"a": 1, "b": 2}, 3), ({"*": [{"var": "price"}, 0.5]}, {"price": 10}, 5)])
total += operator_file("arithmetic", "+, -, *, /, %, max and min with JsonLogic's number reading", rows)

# --- strings and arrays --------------------------------------------------------------------
rows = bool_rows("strings", [
    ({"in": ["Spring", "Springfield"]}, {}, True), ({"in": ["x", "Springfield"]}, {}, False),
    ({"in": ["a", ["a", "b"]]}, {}, True), ({"in": ["c", ["a", "b"]]}, {}, False), ({"in": [1, ["1"]]}, {}, False),
    ({"in": [1, [1, 2]]}, {}, True), ({"in": [{"var": "c"}, ["FR", "DE"]]}, {"c": "FR"}, True), ({"in": ["a", None]}, {}, False),
    ({"cat": ["a", "b", "c"]}, {}, "abc"), ({"cat": ["n=", 1]}, {}, "n=1"), ({"cat": ["x", None]}, {}, "xnull"),
    ({"cat": [1.5, True]}, {}, "1.5true"), ({"cat": [["a", "b"]]}, {}, "a,b"), ({"cat": "one"}, {}, "one"),
    ({"substr": ["jsonlogic", 4]}, {}, "logic"), ({"substr": ["jsonlogic", -5]}, {}, "logic"),
    ({"substr": ["jsonlogic", 0, 1]}, {}, "j"), ({"substr": ["jsonlogic", 1, -4]}, {}, "sonl"), ({"substr": ["abc", 5]}, {}, ""),
    ({"starts_with": ["hello", "he"]}, {}, True), ({"starts_with": ["hello", "lo"]}, {}, False),
    ({"starts_with": [{"var": "email"}, "admin@"]}, {"email": "admin@x.io"}, True), ({"starts_with": [1, "1"]}, {}, None),
    ({"ends_with": ["hello", "lo"]}, {}, True), ({"ends_with": ["hello", "he"]}, {}, False),
    ({"ends_with": [{"var": "email"}, "@example.com"]}, {"email": "a@example.com"}, True), ({"ends_with": ["a", None]}, {}, None),
    ({"ends_with": ["lo", "hello"]}, {}, False), ({"starts_with": ["", ""]}, {}, True)])
rows += [
    ("merge flattens one level", {"in": ["c", {"merge": [["a"], ["b", "c"]]}]}, {}, True),
    ("merge of scalars", {"cat": [{"merge": [1, [2, 3]]}]}, {}, "1,2,3"),
    ("map doubles", {"cat": [{"map": [{"var": "xs"}, {"*": [{"var": ""}, 2]}]}]}, {"xs": [1, 2, 3]}, "2,4,6"),
    ("map of a non-array is empty", {"cat": [{"map": [{"var": "none"}, {"var": ""}]}]}, {}, ""),
    ("filter keeps the odd", {"cat": [{"filter": [[1, 2, 3, 4, 5], {"%": [{"var": ""}, 2]}]}]}, {}, "1,3,5"),
    ("reduce sums", {"reduce": [[1, 2, 3, 4], {"+": [{"var": "current"}, {"var": "accumulator"}]}, 0]}, {}, 10),
    ("reduce with a context array", {"reduce": [{"var": "xs"}, {"+": [{"var": "current"}, {"var": "accumulator"}]}, 10]}, {"xs": [1, 2]}, 13),
    ("all true", {"all": [[1, 2, 3], {">": [{"var": ""}, 0]}]}, {}, True),
    ("all false", {"all": [[1, 0, 3], {">": [{"var": ""}, 0]}]}, {}, False),
    ("all of nothing is false", {"all": [[], {">": [{"var": ""}, 0]}]}, {}, False),
    ("some true", {"some": [[-1, 0, 3], {">": [{"var": ""}, 0]}]}, {}, True),
    ("some of nothing is false", {"some": [[], True]}, {}, False),
    ("none true", {"none": [[-1, 0], {">": [{"var": ""}, 0]}]}, {}, True),
    ("none false", {"none": [[1], {">": [{"var": ""}, 0]}]}, {}, False),
    ("some over objects", {"some": [{"var": "pies"}, {"==": [{"var": "filling"}, "apple"]}]},
     {"pies": [{"filling": "pumpkin"}, {"filling": "apple"}]}, True),
]
total += operator_file("strings-arrays", "in, cat, substr, starts_with, ends_with, merge, map, filter, reduce, all, some, none", rows)

# --- data access ---------------------------------------------------------------------------
rows = bool_rows("var", [
    ({"var": "a"}, {"a": "x"}, "x"), ({"var": ["a"]}, {"a": 1}, 1), ({"var": "a.b.c"}, {"a": {"b": {"c": 3}}}, 3),
    ({"var": "a.1"}, {"a": ["x", "y"]}, "y"), ({"var": ["missing", "dflt"]}, {}, "dflt"), ({"var": ["a.x", 5]}, {"a": {}}, 5),
    ({"var": "a"}, {"a": None}, None), ({"var": "targetingKey"}, {"targetingKey": "u-1"}, "u-1"),
    ({"var": "$flagd.flagKey"}, {}, "data-8"), ({"var": "$flagd.timestamp"}, {}, 1714564800),
    ({"var": [{"cat": ["a", ".b"]}]}, {"a": {"b": "dyn"}}, "dyn"), ({"var": 1}, {"1": "one"}, "one"),
    ({"missing": ["a", "b"]}, {"a": 1}, None), ({"cat": [{"missing": ["a", "b", "c"]}]}, {"a": 1, "c": ""}, "b,c"),
    ({"cat": [{"missing": [["x", "y"]]}]}, {"y": 0}, "x"),
    ({"cat": [{"missing_some": [1, ["a", "b"]]}]}, {"b": 1}, ""), ({"cat": [{"missing_some": [2, ["a", "b", "c"]]}]}, {"b": 1}, "a,c"),
])
# `missing` of nothing missing is an empty array: compare its text.
rows[12] = ("missing: none missing is []", {"cat": [{"missing": ["a"]}]}, {"a": 1}, "")
# A null value takes var's default, as in JsonLogic and flagd's evaluators.
rows += bool_rows("var", [({"var": ["a", "dflt"]}, {"a": None}, "dflt"), ({"var": ["a.b", 3]}, {"a": {"b": None}}, 3)])
total += operator_file("data", "var (paths, defaults, computed paths), $flagd.flagKey, $flagd.timestamp, missing, missing_some",
                       rows, now="2024-05-01T12:00:00Z")

# --- sem_ver -------------------------------------------------------------------------------
rows = bool_rows("sem_ver", [
    ({"sem_ver": ["1.2.3", "=", "1.2.3"]}, {}, True), ({"sem_ver": ["1.2.3", "!=", "1.2.4"]}, {}, True),
    ({"sem_ver": ["1.2.3", "<", "1.2.4"]}, {}, True), ({"sem_ver": ["1.2.3", "<", "1.2.3"]}, {}, False),
    ({"sem_ver": ["1.2.3", "<=", "1.2.3"]}, {}, True), ({"sem_ver": ["2.0.0", ">", "1.9.9"]}, {}, True),
    ({"sem_ver": ["1.0.0", ">=", "1.0.1"]}, {}, False), ({"sem_ver": ["1.9.0", "^", "1.0.0"]}, {}, True),
    ({"sem_ver": ["2.0.0", "^", "1.0.0"]}, {}, False), ({"sem_ver": ["1.2.9", "~", "1.2.0"]}, {}, True),
    ({"sem_ver": ["1.3.0", "~", "1.2.0"]}, {}, False), ({"sem_ver": ["v1.2.3", "=", "1.2.3"]}, {}, True),
    ({"sem_ver": ["V2.0.0", ">", "v1.0.0"]}, {}, True), ({"sem_ver": ["1.0.0-alpha", "<", "1.0.0"]}, {}, True),
    ({"sem_ver": ["1.0.0+build", "=", "1.0.0"]}, {}, True), ({"sem_ver": ["1.0.0-alpha.1", "<", "1.0.0-alpha.beta"]}, {}, True),
    ({"sem_ver": ["not-a-version", "=", "1.0.0"]}, {}, None), ({"sem_ver": ["1.0.0", "?", "1.0.0"]}, {}, None),
    ({"sem_ver": [1, "=", "1.0.0"]}, {}, True), ({"sem_ver": [{"var": "version"}, ">=", "1.5.0"]}, {"version": "1.10.0"}, True),
    ({"sem_ver": [{"var": "version"}, ">=", "1.5.0"]}, {}, None),
    # Partial and numeric versions, read as flagd's Go evaluator (golang.org/x/mod/semver) reads them.
    ({"sem_ver": ["1.2", "=", "1.2.0"]}, {}, True), ({"sem_ver": ["1", "=", "v1.0.0"]}, {}, True),
    ({"sem_ver": ["v2", ">", "1.9"]}, {}, True), ({"sem_ver": [{"var": "version"}, "=", "1.2.0"]}, {"version": 1.2}, True),
    ({"sem_ver": [{"var": "version"}, "^", "2.5.0"]}, {"version": 2}, True),
    ({"sem_ver": [{"var": "version"}, "<", "1.1.0"]}, {"version": 1.1}, False),
    ({"sem_ver": ["1.2-beta", "<", "1.2.0"]}, {}, None), ({"sem_ver": ["1+build", "=", "1.0.0"]}, {}, None),
    ({"sem_ver": ["1.2.3.4", "=", "1.2.3"]}, {}, None), ({"sem_ver": [True, "=", "1.0.0"]}, {}, None)])
total += operator_file("sem-ver", "sem_ver: =, !=, <, <=, >, >=, ^, ~, a leading v, partial and numeric versions, invalid versions", rows)

# --- fractional ----------------------------------------------------------------------------


def cbor_normal(v):
    if isinstance(v, float) and v.is_integer() and -(2 ** 63) <= v < 2 ** 64:
        return int(v)
    if isinstance(v, list):
        return [cbor_normal(x) for x in v]
    if isinstance(v, dict):
        return {k: cbor_normal(x) for k, x in v.items()}
    return v


def pick(rule, value, buckets):
    weights = [max(int(b[1]), 0) if len(b) > 1 and b[1] is not None else 1 for b in buckets]
    total = sum(weights)
    if total == 0:
        return None
    if rule == "cbor":
        data = cbor2.dumps(cbor_normal(value), canonical=True)
    else:
        data = value.encode("utf-8")
    if rule == "v1":
        h = mmh3.hash(data, 0, signed=True)
        bucket = abs(h) / 2147483647 * 100
        running = 0.0
        for b, w in zip(buckets, weights):
            running += w * 100 / total
            if bucket < running:
                return b[0]
        return None
    h = mmh3.hash(data, 0, signed=False)
    bucket = (h * total) >> 32
    running = 0
    for b, w in zip(buckets, weights):
        running += w
        if running > bucket:
            return b[0]
    return None


def fractional_file(rule, name):
    variants = {"red": "#f00", "green": "#0f0", "blue": "#00f", "yellow": "#ff0"}
    flags, cases = {}, []
    layouts = {
        "even": [["red"], ["green"], ["blue"], ["yellow"]],
        "weighted": [["red", 50], ["green", 30], ["blue", 15], ["yellow", 5]],
        "zero-and-negative": [["red", 0], ["green", -5], ["blue", 3], ["yellow", 1]],
        "two": [["red", 1], ["green", 99]],
    }
    keys = ["user-1", "user-2", "alice@example.com", "bob", "κλειδί", "", "12345", "a-very-long-targeting-key-0123456789"]

    def expect(v):
        if v is None:
            return {"value": "#f00", "variant": "red", "reason": "DEFAULT", "errorCode": None, "flagMetadata": {}}
        return {"value": variants[v], "variant": v, "reason": "TARGETING_MATCH", "errorCode": None, "flagMetadata": {}}

    for layout, buckets in layouts.items():
        key = f"{name}-default-{layout}"
        flags[key] = {"state": "ENABLED", "variants": variants, "defaultVariant": "red", "targeting": {"fractional": buckets}}
        for tk in keys[:5]:
            # CBOR: the array [flagKey, targetingKey] (flagd's decision record fractional-non-string-rand-units).
            unit = [key, tk] if rule == "cbor" else key + tk
            cases.append({"description": f"{layout}, default input (flag key and targetingKey {tk!r})", "flag": key,
                          "context": {"targetingKey": tk}, "default": None, "expected": expect(pick(rule, unit, buckets))})
    key = f"{name}-by-email"
    buckets = layouts["weighted"]
    flags[key] = {"state": "ENABLED", "variants": variants, "defaultVariant": "red",
                  "targeting": {"fractional": [{"var": "email"}] + buckets}}
    for email in ["a@x.io", "b@x.io", "c@y.org", "δ@z.net", "long.name+tag@example.com"]:
        cases.append({"description": f"bucketing expression var email = {email!r}", "flag": key,
                      "context": {"email": email, "targetingKey": "ignored"}, "default": None,
                      "expected": expect(pick(rule, email, buckets))})
    cases.append({"description": "no targetingKey and no bucketing expression: null, the default variant", "flag": f"{name}-default-even",
                  "context": {}, "default": None, "expected": expect(None)})
    for tk in ["", 7]:
        cases.append({"description": f"targetingKey {json.dumps(tk)} (not a non-empty string) and no bucketing expression: null",
                      "flag": f"{name}-default-even", "context": {"targetingKey": tk}, "default": None, "expected": expect(None)})
    # A bucketing expression yielding null: v1 and v2 fall back to flagKey + targetingKey, CBOR gives null.
    cases.append({"description": "bucketing expression yielding null" + (": null" if rule == "cbor" else ": flag key + targetingKey"),
                  "flag": f"{name}-by-email", "context": {"targetingKey": "u-9"}, "default": None,
                  "expected": expect(None if rule == "cbor" else pick(rule, f"{name}-by-email" + "u-9", layouts["weighted"]))})
    # Variants that are not strings: what is picked names a variant as any targeting value does.
    key = f"{name}-non-string-variants"
    mixed = [[True, 1], [None, 1], [3, 1], ["three", 1]]
    flags[key] = {"state": "ENABLED", "variants": {"true": "T", "3": "three as number", "three": "three", "off": "O"},
                  "defaultVariant": "off", "targeting": {"fractional": [{"var": "u"}] + mixed}}
    names = {True: "true", 3: "3", "three": "three"}
    for u in ["a", "b", "c", "d", "e", "f", "g", "h"]:
        picked = pick(rule, u, mixed)
        if picked is None:
            expected = {"value": "O", "variant": "off", "reason": "DEFAULT", "errorCode": None, "flagMetadata": {}}
        else:
            expected = {"value": flags[key]["variants"][names[picked]], "variant": names[picked], "reason": "TARGETING_MATCH",
                        "errorCode": None, "flagMetadata": {}}
        cases.append({"description": f"non-string bucket variants ({u!r} picks {json.dumps(picked)})", "flag": key,
                      "context": {"u": u}, "default": None, "expected": expected})
    key = f"{name}-as-condition"
    flags[key] = {"state": "ENABLED", "variants": {"yes": "Y", "no": "N"}, "defaultVariant": "no",
                  "targeting": {"if": [{"fractional": [{"var": "u"}, [True, 1], [False, 1]]}, "yes", "no"]}}
    for u in ["a", "b", "c", "d"]:
        v = "yes" if pick(rule, u, [[True, 1], [False, 1]]) else "no"
        cases.append({"description": f"fractional of Booleans as a condition ({u!r})", "flag": key, "context": {"u": u},
                      "default": None, "expected": {"value": v.upper()[0], "variant": v, "reason": "TARGETING_MATCH",
                                                    "errorCode": None, "flagMetadata": {}}})
    # Buckets flagd's evaluators cannot read: null, the default variant (never a malformed flag).
    unreadable = {"float-weight": [["green", 1.5], ["blue", 1]], "weights-over-int32": [["green", 2147483647], ["blue", 1]],
                  "boolean-weight": [["green", True]], "array-variant": [[["green"], 1]], "no-bucket": [],
                  "not-a-bucket": ["green"]}
    for label, buckets in unreadable.items():
        key = f"{name}-{label}"
        flags[key] = {"state": "ENABLED", "variants": variants, "defaultVariant": "red",
                      "targeting": {"fractional": [{"var": "u"}] + buckets}}
        cases.append({"description": f"{label}: null, the default variant", "flag": key, "context": {"u": "a"},
                      "default": None, "expected": expect(None)})
    key = f"{name}-null-weight"
    flags[key] = {"state": "ENABLED", "variants": variants, "defaultVariant": "red",
                  "targeting": {"fractional": [{"var": "u"}, ["green", None], ["blue", 3]]}}
    for u in ["a", "b", "c"]:
        cases.append({"description": f"a null weight counts 1 ({u!r})", "flag": key, "context": {"u": u}, "default": None,
                      "expected": expect(pick(rule, u, [["green", None], ["blue", 3]]))})
    # Two flags sharing a seed through cat pick the same variant for the same user.
    for shared in ["shared-a", "shared-b"]:
        flags[f"{name}-{shared}"] = {"state": "ENABLED", "variants": variants, "defaultVariant": "red",
                                     "targeting": {"fractional": [{"cat": ["experiment-7", {"var": "targetingKey"}]}] + layouts["even"]}}
    for tk in ["u1", "u2", "u3", "u4"]:
        for shared in ["shared-a", "shared-b"]:
            cases.append({"description": f"shared seed via cat ({shared}, {tk})", "flag": f"{name}-{shared}",
                          "context": {"targetingKey": tk}, "default": None,
                          "expected": expect(pick(rule, "experiment-7" + tk, layouts["even"]))})
    key = f"{name}-flagkey-cat"
    flags[key] = {"state": "ENABLED", "variants": variants, "defaultVariant": "red",
                  "targeting": {"fractional": [{"cat": [{"var": "$flagd.flagKey"}, {"var": "id"}]}] + layouts["two"]}}
    for i in ["1", "2", "3"]:
        cases.append({"description": f"cat of $flagd.flagKey and id {i}", "flag": key, "context": {"id": i}, "default": None,
                      "expected": expect(pick(rule, key + i, layouts["two"]))})
    if rule == "cbor":
        key = f"{name}-values"
        flags[key] = {"state": "ENABLED", "variants": variants, "defaultVariant": "red",
                      "targeting": {"fractional": [{"var": "v"}] + layouts["even"]}}
        for v in [7, -3, 1.5, 0.1, 2.0, 100000, True, False, {"b": 1, "aa": 2}, 65536, -1000.25, "text",
                  {"a": [1, "a"]}, 2.0 ** 63, 2.0 ** 64 - 2048, -(2.0 ** 63), 2.0 ** 64, -0.0]:
            cases.append({"description": f"CBOR of {json.dumps(v)}", "flag": key, "context": {"v": v}, "default": None,
                          "expected": expect(pick(rule, v, layouts["even"]))})
        # An expression yielding an array is a bucket, not a bucketing value: the default input buckets.
        for bucket, tk in [(["green", 3], "u-1"), (["green", 3], "u-2"), (["green"], "u-3"), (["yellow", 0], "u-4")]:
            cases.append({"description": f"bucketing expression yielding the array {json.dumps(bucket)}: a bucket", "flag": key,
                          "context": {"v": bucket, "targetingKey": tk}, "default": None,
                          "expected": expect(pick(rule, [key, tk], [bucket] + layouts["even"]))})
    else:
        key = f"{name}-non-string"
        flags[key] = {"state": "ENABLED", "variants": variants, "defaultVariant": "red",
                      "targeting": {"fractional": [{"var": "v"}] + layouts["even"]}}
        cases.append({"description": "a bucketing value that is not a string: null, the default variant", "flag": key,
                      "context": {"v": 7}, "default": None, "expected": expect(None)})
    key = f"{name}-all-zero"
    flags[key] = {"state": "ENABLED", "variants": variants, "defaultVariant": "red",
                  "targeting": {"fractional": [["green", 0], ["blue", 0]]}}
    cases.append({"description": "weights totalling 0: null, the default variant", "flag": key,
                  "context": {"targetingKey": "u"}, "default": None, "expected": expect(None)})
    return write(name, f"fractional, {rule} rule: vectors from mmh3" + (" and cbor2" if rule == "cbor" else ""),
                 [{"flags": flags}], cases, fractional_rule=rule)


total += fractional_file("v2", "fractional-v2")
total += fractional_file("v1", "fractional-v1")
total += fractional_file("cbor", "fractional-cbor")

# --- flag semantics ------------------------------------------------------------------------


def result(value=None, variant=None, reason="TARGETING_MATCH", error=None, metadata=None, absent=False):
    r = {"variant": variant, "reason": reason, "errorCode": error, "flagMetadata": metadata or {}}
    if not absent:
        r = {"value": value, **r}
    return r


doc1 = {
    "metadata": {"team": "web", "scope": "document"},
    "$evaluators": {
        "isAdmin": {"==": [{"var": "role"}, "admin"]},
        "adminOrBeta": {"or": [{"$ref": "isAdmin"}, {"var": "beta"}]},
        "loopA": {"!": {"$ref": "loopB"}}, "loopB": {"!": {"$ref": "loopA"}},
    },
    "flags": {
        "static-on": {"state": "ENABLED", "variants": {"on": True, "off": False}, "defaultVariant": "on",
                      "metadata": {"scope": "flag", "owner": "ana"}},
        "empty-targeting": {"state": "ENABLED", "variants": {"a": "A"}, "defaultVariant": "a", "targeting": {}},
        "disabled": {"state": "DISABLED", "variants": {"on": True}, "defaultVariant": "on"},
        "no-default": {"state": "ENABLED", "variants": {"a": 1, "b": 2}},
        "null-default": {"state": "ENABLED", "variants": {"a": 1, "b": 2}, "defaultVariant": None,
                         "targeting": {"if": [{"var": "pickA"}, "a"]}},
        "null-result": {"state": "ENABLED", "variants": {"a": 1, "b": 2}, "defaultVariant": "b",
                        "targeting": {"if": [{"var": "pickA"}, "a", None]}},
        "expression-null": {"state": "ENABLED", "variants": {"a": 1, "b": 2}, "defaultVariant": "b",
                            "targeting": {"var": "pick"}},
        "booleans": {"state": "ENABLED", "variants": {"true": "yes", "false": "no"}, "defaultVariant": "false",
                     "targeting": {">": [{"var": "n"}, 5]}},
        "unknown-variant": {"state": "ENABLED", "variants": {"a": 1}, "defaultVariant": "a", "targeting": {"cat": ["z", "z"]}},
        "number-result": {"state": "ENABLED", "variants": {"a": 1}, "defaultVariant": "a", "targeting": {"+": [1, 1]}},
        "ref": {"state": "ENABLED", "variants": {"admin": "A", "user": "U"}, "defaultVariant": "user",
                "targeting": {"if": [{"$ref": "adminOrBeta"}, "admin", "user"]}},
        "ref-unknown": {"state": "ENABLED", "variants": {"a": 1}, "defaultVariant": "a", "targeting": {"if": [{"$ref": "nope"}, "a"]}},
        "ref-cycle": {"state": "ENABLED", "variants": {"a": 1}, "defaultVariant": "a", "targeting": {"if": [{"$ref": "loopA"}, "a"]}},
        "unknown-operator": {"state": "ENABLED", "variants": {"a": 1}, "defaultVariant": "a", "targeting": {"regex_match": ["a", "b"]}},
        "bad-fractional": {"state": "ENABLED", "variants": {"a": 1}, "defaultVariant": "a", "targeting": {"fractional": [{"var": "x"}, "a"]}},
        "disabled-bad-targeting": {"state": "DISABLED", "variants": {"a": 1}, "defaultVariant": "a",
                                   "targeting": {"regex_match": ["a", "b"]}},
        "disabled-bad-ref": {"state": "DISABLED", "variants": {"a": 1}, "defaultVariant": "a", "targeting": {"if": [{"$ref": "nope"}, "a"]}},
        "numeric-names": {"state": "ENABLED", "variants": {"1": "one", "2.5": "two and a half", "0": "zero"}, "defaultVariant": "0",
                          "targeting": {"if": [{"var": "n"}, {"var": "n"}, 0]}},
        "bad-state": {"state": "ON", "variants": {"a": 1}, "defaultVariant": "a"},
        "bad-default": {"state": "ENABLED", "variants": {"a": 1}, "defaultVariant": "z"},
        "string-flag": {"state": "ENABLED", "variants": {"s": "text", "n": 42, "o": {"k": [1]}}, "defaultVariant": "s",
                        "targeting": {"if": [{"==": [{"var": "kind"}, "n"]}, "n", {"==": [{"var": "kind"}, "o"]}, "o"]}},
        "replaced": {"state": "ENABLED", "variants": {"first": 1}, "defaultVariant": "first"},
        "big-integers": {"state": "ENABLED", "defaultVariant": "zero",
                         "variants": {"zero": 0, "p53": 9007199254740993, "p62": 4611686018427387904,
                                      "max": 9223372036854775807, "min": -9223372036854775808, "one": 1.0},
                         "targeting": {"var": "pick"}},
    },
}
doc2 = {
    "metadata": {"team": "platform"},
    "flags": {"replaced": {"state": "ENABLED", "variants": {"second": 2}, "defaultVariant": "second", "metadata": {"v": 2}},
              "second-doc": {"state": "ENABLED", "variants": {"x": "X"}, "defaultVariant": "x"}},
}
M1 = {"team": "web", "scope": "document"}
M2 = {"team": "platform"}
c = []


def case(desc, flag, context, expected, type_=None, default=None):
    x = {"description": desc, "flag": flag, "context": context, "default": default, "expected": expected}
    if type_:
        x["type"] = type_
    c.append(x)


case("no targeting: the default variant, STATIC; flag metadata over the document's", "static-on", {},
     result(True, "on", "STATIC", metadata={"team": "web", "scope": "flag", "owner": "ana"}))
case("a context without targetingKey evaluates", "static-on", {"role": "x"},
     result(True, "on", "STATIC", metadata={"team": "web", "scope": "flag", "owner": "ana"}))
case("targeting {} is no targeting", "empty-targeting", {}, result("A", "a", "STATIC", metadata=M1))
case("DISABLED: no value, reason DISABLED", "disabled", {}, result(variant=None, reason="DISABLED", metadata=M1, absent=True))
case("no defaultVariant, no targeting: no value, DEFAULT", "no-default", {}, result(reason="DEFAULT", metadata=M1, absent=True))
case("null defaultVariant and no match: no value, DEFAULT", "null-default", {}, result(reason="DEFAULT", metadata=M1, absent=True))
case("null defaultVariant and a match", "null-default", {"pickA": True}, result(1, "a", metadata=M1))
case("if without a match gives null: default variant, DEFAULT", "null-result", {}, result(2, "b", "DEFAULT", metadata=M1))
case("if with a match", "null-result", {"pickA": 1}, result(1, "a", metadata=M1))
case("expression yielding null: default variant, DEFAULT", "expression-null", {}, result(2, "b", "DEFAULT", metadata=M1))
case("expression naming the default variant: TARGETING_MATCH", "expression-null", {"pick": "b"}, result(2, "b", metadata=M1))
case("expression naming a variant", "expression-null", {"pick": "a"}, result(1, "a", metadata=M1))
case("expression naming no variant: ERROR GENERAL", "expression-null", {"pick": "zz"}, result(reason="ERROR", error="GENERAL", metadata=M1, absent=True))
case("expression yielding an object: ERROR GENERAL", "expression-null", {"pick": {"a": 1}}, result(reason="ERROR", error="GENERAL", metadata=M1, absent=True))
case("true names the \"true\" variant", "booleans", {"n": 6}, result("yes", "true", metadata=M1))
case("false names the \"false\" variant", "booleans", {"n": 1}, result("no", "false", metadata=M1))
case("an unknown variant: ERROR GENERAL", "unknown-variant", {}, result(reason="ERROR", error="GENERAL", metadata=M1, absent=True))
case("a number result: ERROR GENERAL", "number-result", {}, result(reason="ERROR", error="GENERAL", metadata=M1, absent=True))
case("$ref through two evaluators, first branch", "ref", {"role": "admin"}, result("A", "admin", metadata=M1))
case("$ref through two evaluators, nested", "ref", {"beta": True}, result("A", "admin", metadata=M1))
case("$ref, else branch", "ref", {}, result("U", "user", metadata=M1))
case("unknown $ref: PARSE_ERROR", "ref-unknown", {}, result(reason="ERROR", error="PARSE_ERROR", metadata=M1, absent=True))
case("cyclic $ref: PARSE_ERROR", "ref-cycle", {}, result(reason="ERROR", error="PARSE_ERROR", metadata=M1, absent=True))
case("unknown operator: PARSE_ERROR", "unknown-operator", {}, result(reason="ERROR", error="PARSE_ERROR", metadata=M1, absent=True))
case("fractional bucket that is not an array: null, the default variant", "bad-fractional", {}, result(1, "a", "DEFAULT", metadata=M1))
case("a DISABLED flag whose targeting cannot compile: DISABLED (flagd never reads it)", "disabled-bad-targeting", {},
     result(reason="DISABLED", metadata=M1, absent=True))
case("a DISABLED flag with an unknown $ref: DISABLED", "disabled-bad-ref", {}, result(reason="DISABLED", metadata=M1, absent=True))
case("a number names the variant written as its text", "numeric-names", {"n": 1}, result("one", "1", metadata=M1))
case("a fractional number names the variant written as its text", "numeric-names", {"n": 2.5}, result("two and a half", "2.5", metadata=M1))
case("0 names the \"0\" variant", "numeric-names", {}, result("zero", "0", metadata=M1))
case("a number naming no variant: ERROR GENERAL", "numeric-names", {"n": 3}, result(reason="ERROR", error="GENERAL", metadata=M1, absent=True))
case("state that is neither ENABLED nor DISABLED: PARSE_ERROR", "bad-state", {}, result(reason="ERROR", error="PARSE_ERROR", metadata=M1, absent=True))
case("defaultVariant naming no variant: PARSE_ERROR", "bad-default", {}, result(reason="ERROR", error="PARSE_ERROR", metadata=M1, absent=True))
case("missing flag: FLAG_NOT_FOUND", "nope", {}, result(reason="ERROR", error="FLAG_NOT_FOUND", absent=True))
case("boolean asked of a boolean flag", "static-on", {}, result(True, "on", "STATIC", metadata={"team": "web", "scope": "flag", "owner": "ana"}), "boolean")
case("string asked of a boolean flag: TYPE_MISMATCH", "static-on", {}, result(reason="ERROR", error="TYPE_MISMATCH", metadata={"team": "web", "scope": "flag", "owner": "ana"}, absent=True), "string")
case("string flag as string", "string-flag", {}, result("text", "s", "DEFAULT", metadata=M1), "string")
case("string flag serving a number asked as string: TYPE_MISMATCH", "string-flag", {"kind": "n"}, result(reason="ERROR", error="TYPE_MISMATCH", metadata=M1, absent=True), "string")
case("number variant as int", "string-flag", {"kind": "n"}, result(42, "n", metadata=M1), "int")
case("object variant as json", "string-flag", {"kind": "o"}, result({"k": [1]}, "o", metadata=M1), "json")
case("object variant asked as double: TYPE_MISMATCH", "string-flag", {"kind": "o"}, result(reason="ERROR", error="TYPE_MISMATCH", metadata=M1, absent=True), "double")
# Variants' integers are served exactly, as written (docs/flagd.md: flagd's Go evaluator would serve
# the doubles they round to).
case("an integer variant beyond 2^53 is served exactly", "big-integers", {"pick": "p53"}, result(9007199254740993, "p53", metadata=M1), "int")
case("2^62 exactly", "big-integers", {"pick": "p62"}, result(4611686018427387904, "p62", metadata=M1), "int")
case("Int64.max exactly", "big-integers", {"pick": "max"}, result(9223372036854775807, "max", metadata=M1), "int")
case("Int64.min exactly, as JSON", "big-integers", {"pick": "min"}, result(-9223372036854775808, "min", metadata=M1), "json")
case("a variant written 1.0 serves the number 1", "big-integers", {"pick": "one"}, result(1.0, "one", metadata=M1), "double")
case("a later document replaces a flag, with its own document's metadata", "replaced", {}, result(2, "second", "STATIC", metadata={"team": "platform", "v": 2}))
case("a flag of the second document", "second-doc", {}, result("X", "x", "STATIC", metadata=M2))
total += write("semantics", "Reasons, error codes, default variants, $ref, metadata and merged documents",
               [doc1, doc2], c)

if CHECK:
    print("case files are up to date" if not STALE else "stale case files: " + ", ".join(STALE))
    sys.exit(1 if STALE else 0)
print(f"{total} cases")
