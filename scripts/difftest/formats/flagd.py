"""flagd flag files, against OpenFeature's flagd core for Python (openfeature-flagd-core).

The core's `fractional` hashes the canonical CBOR of the bucketing value, so Burgee runs with
`--flagd-fractional cbor`. Both sides read the evaluation clock from `--now` (the core's
`time.time` is replaced by the same instant).

The default profile keeps out of the places where the Python core differs from flagd's Go
evaluator, which Burgee follows (see docs/flagd.md):
- `null == 0` and `null == false` are true in Python's JsonLogic (`==`/`!=` never compare a
  possibly absent attribute with 0 or false here);
- Python accepts a Boolean for a float (`bool` is an `int`), so no double is asked of a Boolean;
- Python refuses an integral float (`50.0`) as a weight or as an integer, Go truncates a float
  weight and reads any number as an integer: weights are integers, integers are asked only of
  integers;
- `===` compares `1` and `true` as equal in Python, `%` and `/` follow Python's signs and raise
  for 0, `+` reads strings with `float()`, `cat` writes floats with `%.15g`: operands stay where
  both agree;
- Go's `substr` returns the whole string for a start beyond either end (Python and JavaScript:
  the empty string or the start of the string), and Go's `cat` trims white space: starts stay
  near the ends, and no string has white space at its ends.
Set DIFFTEST_FLAGD_PROFILE=wide to generate those too (then expect those classes to differ).

Numbers: integers at or beyond 2^53 are generated in conditions, contexts and variants. JsonLogic
compares and computes on doubles in Burgee as in flagd's Go evaluator, where the Python core
compares Python's exact ints: the oracle is given the integers of conditions and contexts as the
doubles Go reads. A variant's integer is served exactly, as the Python core serves it
(docs/flagd.md: Go's evaluator would serve the double). Weights stay small integers: a big one
would reach the Python core as the float Go reads, which it refuses as a weight (the float-weight
difference above).
"""
import copy
import gofloat
import inputclasses
import json
import os
import typing

NAME = "flagd"
NOW = 1_750_000_000  # 2025-06-15T15:06:40Z
NOW_TEXT = "2025-06-15T15:06:40Z"
WIDE = os.environ.get("DIFFTEST_FLAGD_PROFILE") == "wide"

VARIANT_NAMES = ["on", "off", "red", "blue", "green", "true", "false", "a", "b", "c", "1", "0", "2", "1.5",
                 "über", "x y"]
STRINGS = ["", "a", "abc", "pro", "free", "team", "über", "日本", "x y", "10", "2", "1.5", "-3", "0", "Abc",
           "user@example.com", "admin@acme.io", "v1.2.3", "null", "true"]
EMAILS = ["user@example.com", "admin@acme.io", "ann@acme.io", "bob@example.org", "über@例え.jp", ""]
VERSIONS = ["1.2.3", "v1.2.3", "V2.0.0", "1.2", "1", "v2", "1.2.3-alpha", "1.2.3-alpha.1", "1.2.3-beta",
            "1.2.3+build.5", "2.0.0-rc.1+b", "01.2.3", "1.2.3.4", "x.y.z", "0.0.0", "10.20.30",
            "1.10.0", "1.9.9", ""] + (["1.2-pre", "1+b"] if WIDE else [])
SEMVER_OPS = ["=", "!=", "<", "<=", ">", ">=", "^", "~"]
ATTRS = ["email", "plan", "age", "score", "version", "tags", "beta", "country", "user", "id", "nums", "w"]


# Integers where float64 loses them.
BIG_INTS = [2 ** 53, 2 ** 53 + 1, 2 ** 53 - 1, -(2 ** 53 + 1), 2 ** 62, 2 ** 63 - 1, -2 ** 63]


def rand_number(rng, allow_float=True, allow_big=True):
    if allow_big and rng.random() < 0.06:
        return rng.choice(BIG_INTS)
    if allow_float and rng.random() < 0.3:
        return rng.choice([0.5, 1.5, 2.25, -0.5, 10.75, 99.5])
    return rng.choice([0, 1, 2, 3, 5, 10, 18, 21, 30, 42, 65, 100, -1, -7, 1000])


def rand_context_value(rng, name):
    if name == "email":
        return rng.choice(EMAILS)
    if name == "plan":
        return rng.choice(["pro", "free", "team", "on", "off", "red", "a", "b", "zzz", ""])
    if name in ("age", "score", "id", "w"):
        # `w` serves as a `fractional` weight: a big one is the oracle's float weight, kept out (above).
        return rand_number(rng, allow_float=name == "score", allow_big=name != "w")
    if name == "version":
        return rng.choice(VERSIONS + ([1, 2, 1.5] if rng.random() < 0.3 else []))
    if name == "tags":
        return rng.sample(["a", "b", "c", "pro", "beta", "x"], rng.randint(0, 3))
    if name == "nums":
        return [rand_number(rng, False) for _ in range(rng.randint(0, 4))]
    if name == "beta":
        return rng.choice([True, False])
    if name == "country":
        return rng.choice(["de", "fr", "us", "jp", "ÉÉ", ""])
    if name == "user":
        return {"name": rng.choice(["jack", "queen", "ten", "nine", "3", "über"]),
                "tier": rng.choice([1, 2, 3]), "roles": rng.sample(["admin", "dev", "ops"], rng.randint(0, 2))}
    return rng.choice(STRINGS)


def var(rng, name=None):
    name = name or rng.choice(ATTRS)
    if name == "user" and rng.random() < 0.7:
        name = rng.choice(["user.name", "user.tier", "user.roles.0", "user.roles"])
    if rng.random() < 0.15:
        return {"var": [name, rand_context_value(rng, name)]}
    if rng.random() < 0.05:
        return {"var": name + ".nope"}
    return {"var": name}


def defaulted(name, default):
    """`var` with a default: where an attribute may be absent or null, the engines disagree on what
    null means to an ordering, to arithmetic and as text (Python writes "null", Go "" or panics,
    JavaScript NaN), so the default profile gives those operands a value of their type."""
    return {"var": name} if WIDE else {"var": [name, default]}


def string_operand(rng, ordered=False):
    r = rng.random()
    if r < 0.5:
        name = rng.choice(["email", "plan", "country", "user.name", "version"])
        return defaulted(name, "") if ordered else var(rng, name)
    if r < 0.6:
        return {"var": "$flagd.flagKey"}
    return rng.choice(STRINGS)


def number_operand(rng, ordered=False):
    r = rng.random()
    if r < 0.5:
        name = rng.choice(["age", "score", "id", "user.tier"])
        return defaulted(name, 1) if ordered else var(rng, name)
    if r < 0.6:
        return {"var": "$flagd.timestamp"}
    if r < 0.7:
        op = rng.choice(["+", "-", "*", "max", "min"])
        return {op: [defaulted(rng.choice(["age", "id"]), 3), rand_number(rng, False)]}
    if r < 0.75:
        return {"/": [defaulted("age", 3), rng.choice([2, 4, 5])]}
    if r < 0.8 and not WIDE:
        return {"%": [rng.choice([7, 10, 100]), rng.choice([3, 4])]}
    return rand_number(rng)


def condition(rng, depth, evaluators):
    kinds = ["eq", "cmp", "between", "in_str", "in_arr", "starts", "ends", "semver", "not", "and", "or",
             "missing", "missing_some", "fractional", "arr", "strict", "substr", "ref", "flagkey", "time", "cat",
             "paths", "in_num", "minmax"]
    if depth > 2:
        kinds = ["eq", "cmp", "in_str", "starts", "ends", "semver", "strict", "flagkey"]
    kind = rng.choice(kinds)
    if kind == "eq":
        op = rng.choice(["==", "!="])
        if rng.random() < 0.5:
            other = rng.choice([c for c in STRINGS if c not in ("", "0")] if not WIDE else STRINGS)
            return {op: [string_operand(rng), other]}
        constant = rand_number(rng)
        if not WIDE and constant == 0:
            constant = 1
        return {op: [number_operand(rng), constant]}
    if kind == "strict":
        op = rng.choice(["===", "!=="])
        if rng.random() < 0.5:
            return {op: [string_operand(rng), rng.choice(STRINGS)]}
        return {op: [number_operand(rng), rand_number(rng)]}
    if kind == "cmp":
        op = rng.choice(["<", "<=", ">", ">="])
        if rng.random() < 0.3:
            return {op: [string_operand(rng, True), rng.choice(STRINGS)]}
        return {op: [number_operand(rng, True), rand_number(rng)]}
    if kind == "between":
        op = rng.choice(["<", "<=", ">", ">="])
        lo, hi = sorted([rand_number(rng), rand_number(rng)])
        middle = number_operand(rng, True)
        return {op: [lo, middle, hi] if op[0] == "<" else [hi, middle, lo]}
    if kind == "in_str":
        return {"in": [rng.choice(["@", "acme", "example", "ü", "pro", "a", ""]), string_operand(rng, True)]}
    if kind == "in_arr":
        if rng.random() < 0.5:
            # Go's `in` compares a numeric needle with the elements as numbers: needles stay strings.
            needle = var(rng, rng.choice(["email", "plan", "country", "user.name"])) if not WIDE else string_operand(rng)
            return {"in": [needle, rng.sample(["pro", "team", "a", "b", "de", "fr", "jack", "1"], 3)]}
        return {"in": [rng.choice(["a", "b", "pro", "beta"]), var(rng, "tags")]}
    if kind in ("starts", "ends"):
        op = "starts_with" if kind == "starts" else "ends_with"
        operand = string_operand(rng) if rng.random() < 0.9 else var(rng, rng.choice(["age", "tags", "beta"]))
        return {op: [operand, rng.choice(["user", "admin", "ü", "@acme.io", ".io", ".org", "", "a", "jp"])]}
    if kind == "semver":
        left = var(rng, "version") if rng.random() < 0.7 else rng.choice(VERSIONS + [1, 2.5])
        right = rng.choice(VERSIONS[:11] + ["1.2", "2", "v1", "1.3"])
        op = rng.choice(SEMVER_OPS) if rng.random() < 0.95 else rng.choice(["==", "<>", "x"])
        return {"sem_ver": [left, op, right]}
    if kind == "not":
        inner = condition(rng, depth + 1, evaluators) if rng.random() < 0.7 else var(rng)
        return {rng.choice(["!", "!!"]): [inner]}
    if kind in ("and", "or"):
        return {kind: [condition(rng, depth + 1, evaluators) for _ in range(rng.randint(1, 3))]}
    if kind == "missing":
        keys = rng.sample(ATTRS + ["user.name", "nope"], rng.randint(1, 3))
        return {"!": {"missing": keys}} if rng.random() < 0.5 else {"missing": keys}
    if kind == "missing_some":
        keys = rng.sample(ATTRS + ["nope"], rng.randint(1, 3))
        return {"missing_some": [rng.randint(0, len(keys)), keys]}
    if kind == "fractional":
        frac = fractional(rng, allow_bool=True)
        if rng.random() < 0.4:
            return frac
        return {"==": [frac, rng.choice(["a", "b", "on"])]}
    if kind == "arr":
        op = rng.choice(["some", "all", "none", "filter", "map", "reduce", "merge"])
        if op in ("some", "all", "none"):
            return {op: [defaulted(rng.choice(["tags", "nums"]), []),
                         rng.choice([{"==": [{"var": ""}, "a"]}, {">": [{"var": ""}, 2]}, {"in": [{"var": ""}, ["b", "pro", 3]]}])]}
        if op == "filter":
            kept = {"filter": [defaulted("nums", []), {">=": [{"var": ""}, 2]}]}
            return {">": [{"reduce": [kept, {"+": [{"var": "current"}, {"var": "accumulator"}]}, 0]}, rng.choice([0, 5, 20])]}
        if op == "map":
            return {"in": [rng.choice([4, 6, 20, 2]), {"map": [defaulted("nums", []), {"*": [{"var": ""}, 2]}]}]}
        if op == "reduce":
            return {"<": [{"reduce": [defaulted("nums", []), {"+": [{"var": "current"}, {"var": "accumulator"}]}, 0]},
                          rng.choice([3, 10, 50])]}
        return {"in": [rng.choice(["a", "x", "pro"]), {"merge": [defaulted("tags", []), [rng.choice(["x", "y"])]]}]}
    if kind == "substr":
        # Go's substr returns the whole string for a start beyond either end, and fails for an
        # end before the start: starts stay within one character of the ends, lengths positive.
        start, length = (rng.choice([0, 1, -1]), rng.choice([1, 2, 5])) if not WIDE else (rng.choice([0, 1, -3, 2]), rng.choice([1, 2, -1, 5]))
        return {"==": [{"substr": [string_operand(rng, True), start, length]},
                       rng.choice(["u", "us", "jp", "a", "ad", ".io", "ü"])]}
    if kind == "paths":
        return rng.choice([
            {"==": [{"var": {"cat": ["user.", rng.choice(["name", "tier"])]}}, rng.choice(["jack", "queen", 2])]},
            {"==": [{"var": "tags.1"}, rng.choice(["b", "c", "pro"])]},
            {"==": [{"var": "user.roles.0"}, rng.choice(["admin", "dev"])]},
            {"missing": [["email", "plan", "user.name"]]},
            {"===": [{"var": ["user.tier", 0]}, rng.choice([1, 2, 3])]},
        ])
    if kind == "in_num":
        return {"in": [defaulted(rng.choice(["age", "id", "user.tier"]), -1), rng.sample([1, 2, 3, 18, 21, 30, 42, 100], 3)]}
    if kind == "minmax":
        op = rng.choice(["max", "min"])
        return {rng.choice([">", "<", ">="]): [{op: [defaulted("age", 1), rng.choice(["20", 5, "7.5"]), defaulted("score", 2)]},
                                              rand_number(rng, False)]}
    if kind == "ref" and evaluators:
        return {"$ref": rng.choice(sorted(evaluators))}
    if kind == "flagkey":
        return {"==": [{"var": "$flagd.flagKey"}, rng.choice(["f0", "f1", "f2", "f3"])]}
    if kind == "time":
        return {rng.choice([">", "<"]): [{"var": "$flagd.timestamp"}, rng.choice([NOW - 10, NOW + 10, 1700000000])]}
    if kind == "cat":
        name = rng.choice(["plan", "age", "id"])
        return {"==": [{"cat": [string_operand(rng, True), rng.choice(["-", "", 7, "x"]), defaulted(name, "" if name == "plan" else 0)]},
                       rng.choice(["pro-18", "free7", "a", "pro-10"])]}
    return {"==": [var(rng, "plan"), "pro"]}


def fractional(rng, allow_bool=False, names=None):
    names = names or ["a", "b", "c", "on"]
    buckets = []
    for _ in range(rng.randint(1, 4)):
        r = rng.random()
        if allow_bool and r < 0.2:
            variant = rng.choice([True, False])
        elif r < 0.25:
            variant = rng.choice([1, 0, None, 2.5])
        elif r < 0.3:
            variant = rng.choice([{"var": "plan"}, {"if": [{"var": "beta"}, names[0], names[-1]]}])
        else:
            variant = rng.choice(names)
        w = rng.random()
        if w < 0.25:
            buckets.append([variant])
        elif w < 0.32:
            # A computed weight: the context's integer, or an if choosing one.
            buckets.append([variant, rng.choice([defaulted("w", 5), {"if": [{"var": "beta"}, 100, 0]}])])
        else:
            buckets.append([variant, rng.choice([0, 1, 5, 10, 25, 50, 100, -5, 33, 2147483647 if rng.random() < 0.05 else 7])])
    r = rng.random()
    if r < 0.4:
        return {"fractional": buckets}
    if r < 0.55:
        bucketing = {"cat": [{"var": "$flagd.flagKey"}, {"var": rng.choice(["email", "targetingKey", "user.name"])}]}
    elif r < 0.7:
        bucketing = var(rng, rng.choice(["email", "user.name", "plan"]))
    elif r < 0.8:
        bucketing = var(rng, rng.choice(["id", "age", "score", "beta", "user"]))
    elif r < 0.85:
        bucketing = {"var": "nope"}
    elif r < 0.9:
        bucketing = rng.choice(["fixed", 7, 2.5, True, {"merge": ["x", 1]}, ""])
    else:
        # An array is a bucket; Python refuses one of more than two elements, Go reads the first two.
        bucketing = {"var": rng.choice(["tags", "nums"] if WIDE else ["tags"])}
    return {"fractional": [bucketing] + buckets}


def result_expression(rng, names, depth=0):
    """An expression that yields a variant name (or null, or something naming no variant)."""
    r = rng.random()
    if r < 0.45:
        return rng.choice(names) if rng.random() < 0.92 else rng.choice([None, "nope", 1, True, False])
    if r < 0.6 and depth < 2:
        return {"if": [condition(rng, 1, {}), result_expression(rng, names, depth + 1),
                       result_expression(rng, names, depth + 1)]}
    if r < 0.72:
        return fractional(rng, allow_bool=True, names=names)
    if r < 0.8:
        return {"var": "plan"}
    if r < 0.86:
        return {"cat": [rng.choice(names[:1] + ["o", "re"]), rng.choice(["", "n", "d", "ff"])]}
    if r < 0.9:
        return {"+": [defaulted("age", 0), rng.choice([0, 1])]}
    if r < 0.95:
        return {"==": [{"var": "plan"}, "pro"]}
    return {"substr": [defaulted("plan", ""), 0, 2]}


def targeting(rng, names, evaluators):
    r = rng.random()
    if r < 0.12:
        return None
    if r < 0.17:
        return {}
    if r < 0.6:
        args = []
        for _ in range(rng.randint(1, 3)):
            args += [condition(rng, 0, evaluators), result_expression(rng, names) if rng.random() < 0.4 else rng.choice(names)]
        if rng.random() < 0.6:
            args.append(rng.choice(names) if rng.random() < 0.7 else rng.choice([None, result_expression(rng, names)]))
        return {rng.choice(["if", "if", "?:"]): args}
    if r < 0.8:
        return fractional(rng, allow_bool=True, names=names)
    result = result_expression(rng, names)
    # Targeting is an object in flagd's schema; the Python core refuses any other value, Go's
    # evaluator would apply it: keep to objects.
    return result if isinstance(result, dict) or WIDE else {"if": [True, result]}


def variant_value(rng, kind):
    if kind == "bool":
        return rng.choice([True, False])
    if kind == "string":
        return rng.choice(STRINGS)
    if kind == "int":
        return rng.choice([0, 1, 10, -3, 42, 1000000, 2 ** 53 + 1, 2 ** 62 + 1, -2 ** 63, 2 ** 63 - 1])
    if kind == "float":
        return rng.choice([0.5, 1.25, -2.5, 3.14, 4.0, 1e20])
    if kind == "object":
        return rng.choice([{}, {"a": 1}, {"nested": {"x": [1, 2]}, "s": "t"}])
    return rng.choice([[], [1, "a"], [{"k": True}]])


def metadata(rng):
    pool = {"team": "growth", "version": 3, "ratio": 0.5, "beta": True, "owner": "ops"}
    return {k: pool[k] for k in rng.sample(sorted(pool), rng.randint(0, 3))}


def flag(rng, key, evaluators):
    kind = rng.choice(["bool", "string", "int", "float", "object", "array", "mixed"])
    count = rng.randint(1, 4)
    if kind == "bool" and rng.random() < 0.7:
        names = ["true", "false"] if rng.random() < 0.5 else ["on", "off"]
    else:
        names = rng.sample(VARIANT_NAMES, count)
    variants = {}
    for name in names:
        k = rng.choice(["bool", "string", "int", "float", "object", "array"]) if kind == "mixed" else kind
        variants[name] = variant_value(rng, k)
    f = {"state": "ENABLED" if rng.random() < 0.9 else "DISABLED", "variants": variants}
    r = rng.random()
    if r < 0.75:
        f["defaultVariant"] = rng.choice(names)
    elif r < 0.87:
        f["defaultVariant"] = None
    t = targeting(rng, names, evaluators)
    if rng.random() < 0.03:
        # An unknown operator: PARSE_ERROR when evaluated, never read for a DISABLED flag.
        t = {"if": [{"regex_match": [{"var": "email"}, "@acme"]}, rng.choice(names)]}
    if t is not None:
        f["targeting"] = t
    if rng.random() < 0.4:
        f["metadata"] = metadata(rng)
    return f


def context(rng):
    ctx = {}
    r = rng.random()
    if r < 0.6:
        ctx["targetingKey"] = rng.choice(["user-1", "user-2", "jack", "3", "123", "", "ü-user", "日本", "queen",
                                          "a" * 40, "user-" + str(rng.randint(0, 999))])
    for name in rng.sample(ATTRS, rng.randint(0, len(ATTRS))):
        ctx[name] = rand_context_value(rng, name) if rng.random() < 0.93 else None
    return ctx


REQUEST_TYPES = {"bool": "boolean", "string": "string", "int": "int", "float": "double", "object": "json",
                 "array": "json"}


def type_of(value):
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    if isinstance(value, str):
        return "string"
    if isinstance(value, dict):
        return "object"
    return "array"


def default_for(rng, type_name):
    return {"boolean": rng.choice([True, False]), "string": "fallback", "int": 7, "double": 0.25,
            "json": {"d": 1}, None: None}[type_name]


def generate(rng, n):
    evaluators = {}
    for name in rng.sample(["is-pro", "acme", "adult", "new-app"], rng.randint(0, 3)):
        # The core substitutes `$ref`s with re.sub, whose template reads the `\\u` escapes of
        # non-ASCII text as bad escapes: evaluators stay ASCII.
        rule = condition(rng, 2, {})
        while "\\" in json.dumps(rule):
            rule = condition(rng, 2, {})
        evaluators[name] = rule
    flags = {f"f{i}": flag(rng, f"f{i}", evaluators) for i in range(rng.randint(3, 8))}
    document = {"flags": flags}
    if evaluators:
        document["$evaluators"] = evaluators
    if rng.random() < 0.4:
        document["metadata"] = metadata(rng)
    requests = []
    keys = sorted(flags)
    for _ in range(n):
        key = rng.choice(keys) if rng.random() < 0.95 else "missing-flag"
        request = {"flag": key}
        # The line contract of `eval --requests` needs a context: an empty one stands for none.
        request["context"] = context(rng) if rng.random() < 0.92 else {}
        variants = flags.get(key, {}).get("variants", {"x": "y"})
        if rng.random() < 0.75:
            t = REQUEST_TYPES[type_of(rng.choice(list(variants.values())))]
            if rng.random() < 0.2:
                t = rng.choice(["boolean", "string", "int", "double", "json"])
            request["type"] = t
        if not WIDE and request.get("type") in ("double", "int"):
            # Python reads a Boolean as a number, and no float as an integer (Go truncates).
            if request["type"] == "int" and any(isinstance(v, float) for v in variants.values()):
                request["type"] = "double"
            if request["type"] == "double" and any(isinstance(v, bool) for v in variants.values()):
                request["type"] = "boolean"
        request["default"] = default_for(rng, request.get("type"))
        requests.append(request)
    return document, requests


def burgee_args(document):
    return ["--flagd-fractional", "cbor", "--now", NOW_TEXT]


class _FixedTime:
    @staticmethod
    def time():
        return float(NOW)


def _core(document):
    from openfeature.contrib.tools.flagd.core import FlagdCore
    from openfeature.contrib.tools.flagd.core.targeting import targeting as targeting_module
    import importlib
    module = importlib.import_module("openfeature.contrib.tools.flagd.core.targeting.targeting")
    module.time = _FixedTime
    core = FlagdCore()
    document = json.loads(json.dumps(document))
    for f in document.get("flags", {}).values():
        if isinstance(f, dict) and "targeting" in f:
            f["targeting"] = as_go(f["targeting"])
    if "$evaluators" in document:
        document["$evaluators"] = as_go(document["$evaluators"])
    core.set_flags(document)
    return core


def as_go(value):
    """A JSON value whose integers at or beyond 2^53 are the float64 Go reads (smaller ones stay
    ints: the Python core refuses a float where Go reads an integer, which is kept out above)."""
    return gofloat.as_float64(value, at_least=2 ** 53)


# Burgee's `json` type is any JSON value; OpenFeature's object type (the core's "object") is narrower.
ORACLE_TYPES = {"boolean": "boolean", "string": "string", "int": "integer", "double": "float", "json": None,
                None: None}


def oracle(document, requests):
    import logging
    logging.getLogger("openfeature.contrib").setLevel(logging.CRITICAL)
    from openfeature.evaluation_context import EvaluationContext
    from openfeature.exception import OpenFeatureError
    core = _core(document)
    answers = []
    for request in requests:
        ctx = request.get("context")
        evaluation_context = None
        if ctx is not None:
            attributes = {k: as_go(v) for k, v in ctx.items() if k != "targetingKey"}
            evaluation_context = EvaluationContext(ctx.get("targetingKey"), attributes)
        t = ORACLE_TYPES[request.get("type")]
        try:
            details = core._resolve(request["flag"], request.get("default"), evaluation_context, t)
            if t == "float" and isinstance(details.value, int) and not isinstance(details.value, bool):
                details.value = float(details.value)
            answer = {"variant": details.variant, "reason": str(details.reason.value if hasattr(details.reason, "value") else details.reason),
                      "errorCode": None, "flagMetadata": dict(details.flag_metadata or {})}
            if details.variant is not None:
                answer["value"] = details.value
        except OpenFeatureError as e:
            answer = {"variant": None, "reason": "ERROR", "errorCode": e.error_code.value}
        except Exception as e:  # the provider reports any other failure as GENERAL
            answer = {"variant": None, "reason": "ERROR", "errorCode": "GENERAL", "exception": repr(e)}
        answers.append(answer)
    return answers


def number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def same(a, b):
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


def compare(request, burgee, answer):
    got = (burgee or {}).get("flagd")
    if got is None:
        return "burgee's line has no flagd member"
    differences = []
    for field in ("reason", "errorCode", "variant"):
        if got.get(field) != answer.get(field):
            differences.append(f"{field} {got.get(field)!r} ≠ {answer.get(field)!r}")
    if ("value" in got) != ("value" in answer):
        differences.append("value " + ("present" if "value" in got else "absent") + " in burgee only")
    elif "value" in got and request.get("type") == "double" and number(got["value"]) and number(answer["value"]):
        # A double request's value is a Double to the caller: 2^53 + 1 is 2^53 either way.
        if float(got["value"]) != float(answer["value"]):
            differences.append(f"value {got['value']!r} ≠ {answer['value']!r}")
    elif "value" in got and not same(got["value"], answer["value"]):
        differences.append(f"value {got['value']!r} ≠ {answer['value']!r}")
    if answer.get("reason") != "ERROR" and not same(got.get("flagMetadata", {}), answer.get("flagMetadata", {})):
        differences.append("flagMetadata differs")
    return "; ".join(differences) or None


def classes(document, requests):
    return inputclasses.total(reduce, document, requests, own=lambda r: type_mismatch(document, r),
                              own_names=["type-mismatches"], left_out=inputclasses.REGEX_CLASSES)


def type_mismatch(document, request):
    """A typed request for a flag with a variant of another type."""
    variants = document.get("flags", {}).get(request.get("flag"), {}).get("variants") or {}
    t = request.get("type")
    if not t or t == "json":
        return []
    return ["type-mismatches"] if any(REQUEST_TYPES[type_of(v)] != t for v in variants.values()) else []


def reduce(document, flag):
    flags = document.get("flags", {})
    out = {"flags": {flag: flags[flag]} if flag in flags else {}}
    text = json.dumps(out)
    evaluators = {k: v for k, v in document.get("$evaluators", {}).items() if f'"$ref": "{k}"' in text}
    if evaluators:
        out["$evaluators"] = evaluators
    if "metadata" in document:
        out["metadata"] = document["metadata"]
    return out
