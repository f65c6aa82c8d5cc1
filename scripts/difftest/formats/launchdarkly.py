"""LaunchDarkly: random server-side flag data, evaluated by burgee and by LaunchDarkly's Python server SDK.

The oracle is `launchdarkly-server-sdk` used offline: an in-memory data store filled with the document,
no data source and no events (`use_ldd`, `send_events=False`), and `variation_detail` per request.

Where the Python SDK and LaunchDarkly's Go evaluator (go-server-sdk-evaluation v3, which the Relay
Proxy runs, and go-server-sdk for the top-level flow) disagree, Go decides; the oracle is taught Go's
rule for each such place, and says where Go states it:

- bucketing (evaluator_bucketing.go): 32-bit floats; a context without the rollout's kind is bucket
  0 and never in the experiment, and an integral number such as `12.0` is bucketed as `12`;
- `includedContexts` and `excludedContexts` are skipped for a context whose only kind is user
  (evaluator_segment.go, segmentContainsContext);
- a weighted segment rule never matches a context without its rollout kind (evaluator_segment.go,
  segmentRuleMatchesContext);
- an invalid attribute reference in a clause is an error even for a context without the clause's
  kind (evaluator_clause.go, clauseMatchesContextNoSegments);
- an error's reason carries `bigSegmentsStatus` too (evaluator.go, Evaluate);
- an invalid `bucketBy` in a flag's rollout is an error result, not an exception: as a prerequisite
  the flag fails (PREREQUISITE_FAILED) instead of making its dependant MALFORMED_FLAG
  (evaluator.go, getValueForVariationOrRollout and checkPrerequisites);
- `in` compares booleans, numbers and strings only (ldmodel/eval_accessors.go, ClauseFindValue);
- `before` and `after` read a number as Go's nanoseconds, `int64(ms) * 1e6`, which wraps around
  beyond the year 2262 (ldmodel/match_operators.go, unixMillisToUtcTime);
- typed requests: a value of another JSON type than the default is WRONG_TYPE (ldclient.go,
  variationAndFlag); Burgee's `int` also refuses a fraction and a value beyond 64 bits, where Go
  truncates or overflows (docs/launchdarkly.md says so);
- a pre-2022 user object (no `kind`) is read as go-sdk-common reads it (ldcontext,
  unmarshalOldUserSchema): the Python SDK 9 no longer reads that shape;
- `matches` runs Go's regexp, through C++ RE2 (`google-re2`, which reads the same syntax), where
  the Python SDK runs Python's `re`: patterns are drawn from RE2's whole syntax (regexgen.py);
- numbers are float64 (ldvalue): Go reads `9007199254740993` as 2^53, so the oracle is given every
  number of a variation, a clause and a context as the double Go reads (the Python SDK keeps Python's
  exact ints), and an integral double at or beyond 2^63 is not bucketable while -2^63 is
  (evaluator_bucketing.go: `IsInt`, `float64(int(f)) == f` on amd64).

Kept out of the generated data, because the two SDKs differ there and Burgee gives Go's answer
(pinned by spec-fixtures/launchdarkly instead): values in a user-kind `contextTargets` entry, dates written
with a space or with fractional milliseconds, and clauses without `attribute`.
"""
import gofloat
import inputclasses
import regexgen
import warnings
import copy
import hashlib
import json
import math
import random
import struct
import time

NAME = "launchdarkly"

KINDS = ["user", "org", "device", "my-app.v_2"]
KEYS = ["u1", "u2", "o1", "d1", "123", "ключ", "x.y"]
STRINGS = ["1.2.3-alpha", "1.2.3-beta.11", "1.2", "2.0.0-rc.1+b", "1.2.3.4", "foobar", "FR", "DE", "fr", "pro", "free", "ada@example.com", "bob@test.org", "", "1.2.3", "2.0.0",
           "1.2.3-beta.1", "2", "1.10.0", "v1.0.0", "abc", "42", "-3.5", "Zürich", "日本",
           "2024-05-01T10:00:00Z", "2024-05-01T12:00:00+02:00", "2023-12-31T23:59:59.123Z",
           "2024-05-01", "not a date", "aXc", "xz", "yz", "a.c"]
# Integers near and beyond 2^53 (Go's float64 loses them) and integral doubles.
BIG_NUMBERS = [2 ** 53, 2 ** 53 + 1, 2 ** 53 - 1, -(2 ** 53 + 1), 2 ** 62, 2 ** 63 - 1, -2 ** 63, 2 ** 64, 1e20, 4.0,
               9007199254740993.0]
NUMBERS = [0, 1, 1.0, 2, -1, 42, 3.5, 12.0, 1714557600000, 1714557600001, 1e3, 99999] + BIG_NUMBERS
ATTRS = ["country", "plan", "age", "tags", "email", "version", "created", "score", "flag", "a/b", "t~x"]
REGEXES = ["^a", "c$", "[0-9]+", "a.c", "(x|y)z", "^[A-Z]{2}$", "@example\\.com$", "ü|日", "[", "^$", "o+b?",
           "^[^@]+@[a-z]+\\.(org|com)$", "(?i)^fr$", "x*"]
DATES = [1714557600000, 1714557600001, 0, "2024-05-01T10:00:00Z", "2024-05-01T10:00:00.001Z",
         "2024-05-01T12:00:00+02:00", "2020-01-01T00:00:00Z", "bad", True]
VERSIONS = ["1.2.3", "2", "2.0", "1.2.3-beta.1", "1.2.3-beta.2", "1.10.0", "1.2.3+build", "v1", "x", 1,
            "1.2.3-alpha", "1.2.3-beta.11", "1.2.3-1", "2.0.0-rc.1+b", "1.2", "01.2.3", "1.2.3.4", ""]


# ---------------------------------------------------------------------------------------------
# Generation


def attribute_value(rng):
    r = rng.random()
    if r < 0.45:
        return rng.choice(STRINGS) if rng.random() < 0.7 else regexgen.texts(rng, 1)[0]
    if r < 0.7:
        return rng.choice(NUMBERS)
    if r < 0.78:
        return rng.choice([True, False])
    if r < 0.92:
        return [attribute_value(rng) for _ in range(rng.randint(0, 3))]
    if r < 0.96:
        return {"city": rng.choice(["Paris", "Zürich"]), "zip": rng.choice([75001, "8000"])}
    return None


def single_context(rng, kind):
    c = {"kind": kind, "key": rng.choice(KEYS) if rng.random() < 0.97 else ""}
    for name in rng.sample(ATTRS, rng.randint(0, 5)):
        c[name] = attribute_value(rng)
    if rng.random() < 0.3:
        c["address"] = {"city": rng.choice(["Paris", "Zürich", 3]), "a/b": rng.choice(["s", 1])}
    if rng.random() < 0.15:
        c["name"] = rng.choice(["Ada", "", "ü"])
    if rng.random() < 0.15:
        c["anonymous"] = rng.choice([True, False])
    if rng.random() < 0.1:
        c["_meta"] = {"privateAttributes": ["email"]}
    return c


def context(rng):
    r = rng.random()
    if r < 0.03:
        return rng.choice([{"kind": "kind", "key": "a"}, {"kind": "a b", "key": "a"}, {"kind": "multi"},
                           {"kind": "user", "key": 5}, {"kind": "user", "name": 3, "key": "a"},
                           {"kind": "user"}, {"kind": "multi", "user": {"key": "a"}, "org": {"key": ""}}])
    if r < 0.13:
        # A pre-2022 user object.
        u = {"key": rng.choice(KEYS + [""])}
        for name in rng.sample(["name", "email", "country", "firstName", "ip"], rng.randint(0, 2)):
            u[name] = rng.choice(STRINGS)
        if rng.random() < 0.3:
            u["anonymous"] = rng.choice([True, False])
        if rng.random() < 0.6:
            u["custom"] = {n: attribute_value(rng) for n in rng.sample(["plan", "age", "tags", "score", "flag"], 2)}
        return u
    if r < 0.65:
        return single_context(rng, rng.choice(KINDS) if rng.random() < 0.4 else "user")
    kinds = rng.sample(KINDS, rng.randint(1, 3))
    m = {"kind": "multi"}
    for k in kinds:
        c = single_context(rng, k)
        del c["kind"]
        m[k] = c
    return m


def clause(rng, segment_keys, with_segments=True):
    ops = ["in", "in", "endsWith", "startsWith", "matches", "contains", "lessThan", "lessThanOrEqual",
           "greaterThan", "greaterThanOrEqual", "before", "after", "semVerEqual", "semVerLessThan",
           "semVerGreaterThan"]
    if with_segments and segment_keys:
        ops += ["segmentMatch"] * 3
    if rng.random() < 0.02:
        ops = ["unknownOp"]
    op = rng.choice(ops)
    c = {"op": op, "negate": rng.random() < 0.2}
    if op == "segmentMatch":
        c["attribute"] = ""
        c["values"] = rng.sample(segment_keys + ["missing-segment"], rng.randint(1, 2))
        return c
    new_style = rng.random() < 0.5
    if new_style:
        c["contextKind"] = rng.choice(KINDS) if rng.random() < 0.5 else "user"
        r = rng.random()
        if r < 0.1:
            c["attribute"] = rng.choice(["/address/city", "/address/a~1b", "/a~1b", "/t~0x", "/address", "/tags/0",
                                         "/key", "/kind", "/address/city/x", "/name"])
        elif r < 0.115:
            c["attribute"] = rng.choice(["/", "/a//b", "/a~2", "/~"])  # invalid references
        elif r < 0.2:
            c["attribute"] = rng.choice(["key", "kind", "name", "anonymous"])
        else:
            c["attribute"] = rng.choice(ATTRS)
    else:
        r = rng.random()
        if r < 0.15:
            c["attribute"] = rng.choice(["key", "kind", "name", "anonymous", "/address/city"])
        else:
            c["attribute"] = rng.choice(ATTRS)
    n = rng.randint(1, 3)
    if op == "in":
        pool = STRINGS + NUMBERS + [True, False] + KEYS + KINDS
        c["values"] = [rng.choice(pool) for _ in range(n)]
    elif op in ("endsWith", "startsWith", "contains"):
        c["values"] = [rng.choice(STRINGS + ["@example.com", "a", "", 1]) for _ in range(n)]
    elif op == "matches":
        # RE2's whole syntax (regexgen.py) as often as the fixed list.
        c["values"] = [rng.choice(REGEXES) if rng.random() < 0.5 else regexgen.pattern(rng, "re2") for _ in range(n)]
    elif op in ("before", "after"):
        c["values"] = [rng.choice(DATES) for _ in range(n)]
    elif op.startswith("semVer"):
        c["values"] = [rng.choice(VERSIONS) for _ in range(n)]
    else:
        c["values"] = [rng.choice(NUMBERS + ["42", True]) for _ in range(n)]
    return c


def bucket_by(rng, context_kind):
    r = rng.random()
    if r < 0.5:
        return None
    if context_kind and r < 0.52:
        return rng.choice(["/", "/a//b"])  # invalid references
    return rng.choice(["key", "age", "score", "country", "name", "tags", "/address/zip", "missing"])


def rollout(rng, count):
    n = rng.randint(1, 3)
    weights = []
    left = 100000
    for i in range(n - 1):
        w = rng.choice([0, left // 2, rng.randint(0, left)])
        weights.append(w)
        left -= w
    weights.append(left if rng.random() < 0.95 else max(0, left - 5000))
    r = {"variations": [{"variation": rng.randrange(count) if rng.random() < 0.985 else count, "weight": w}
                        for w in weights]}
    if rng.random() < 0.3:
        r["kind"] = "experiment"
        for v in r["variations"]:
            if rng.random() < 0.2:
                v["untracked"] = True
    if rng.random() < 0.3:
        r["seed"] = rng.choice([0, 61, -7, 123456789])
    if rng.random() < 0.4:
        r["contextKind"] = rng.choice(KINDS)
    b = bucket_by(rng, r.get("contextKind"))
    if b is not None:
        r["bucketBy"] = b
    return r


def serve(rng, count):
    r = rng.random()
    if r < 0.6:
        return {"variation": rng.randrange(count) if rng.random() < 0.985 else rng.choice([count, -1])}
    if r < 0.99:
        return {"rollout": rollout(rng, count)}
    return {"rollout": {"variations": []}}


def variations(rng):
    kind = rng.choice(["bool", "string", "number", "json"])
    if kind == "bool":
        return [False, True] if rng.random() < 0.7 else [True, False, True]
    if kind == "string":
        return rng.sample(["red", "green", "blue", "ü", ""], rng.randint(2, 4))
    if kind == "number":
        return rng.sample([0, 1, 2.5, -3, 100] + rng.sample(BIG_NUMBERS, 2), rng.randint(2, 4))
    return rng.sample([None, {"a": 1}, [1, 2], "s", 7, True], rng.randint(2, 4))


def flag(rng, key, flag_keys, segment_keys):
    vs = variations(rng)
    count = len(vs)
    f = {"key": key, "version": rng.randint(1, 9), "on": rng.random() < 0.85, "variations": vs}
    if rng.random() < 0.9:
        f["salt"] = rng.choice([key + "-salt", "", "s"])
    if rng.random() < 0.9:
        f["offVariation"] = rng.randrange(count) if rng.random() < 0.98 else count
    if rng.random() < 0.985:
        f["fallthrough"] = serve(rng, count)
    prerequisites = []
    for _ in range(rng.choice([0, 0, 0, 0, 0, 1, 1, 2])):
        prerequisites.append({"key": rng.choice(flag_keys + ["missing-flag"]), "variation": rng.randrange(3)})
    f["prerequisites"] = prerequisites
    targets = []
    for v in rng.sample(range(count), rng.randint(0, min(2, count))):
        targets.append({"values": rng.sample(KEYS, rng.randint(1, 3)), "variation": v})
    f["targets"] = targets
    if rng.random() < 0.4:
        context_targets = []
        for _ in range(rng.randint(1, 3)):
            kind = rng.choice(KINDS)
            v = rng.randrange(count)
            if kind == "user":
                # Values in a user-kind entry: Go and Python differ; LaunchDarkly sends none.
                context_targets.append({"contextKind": "user", "values": [], "variation": rng.choice(
                    [t["variation"] for t in targets] or [v])})
            else:
                context_targets.append({"contextKind": kind, "values": rng.sample(KEYS, rng.randint(1, 3)),
                                        "variation": v})
        f["contextTargets"] = context_targets
    rules = []
    for i in range(rng.choice([0, 1, 2, 2, 3, 4])):
        rule = {"clauses": [clause(rng, segment_keys) for _ in range(rng.choice([0, 1, 1, 2, 3]))]}
        rule.update(serve(rng, count))
        if rng.random() < 0.8:
            rule["id"] = rng.choice(["r%d" % i, "", "rule-ü"])
        if rng.random() < 0.1:
            rule["trackEvents"] = True
        rules.append(rule)
    f["rules"] = rules
    return f


def draw_event_settings(rng, f):
    """A flag's event settings, which the evaluation generator leaves out: `trackEvents`,
    `trackEventsFallthrough`, and a debugging window still open, or closed (SDKs compare it with
    their own clock)."""
    if rng.random() < 0.3:
        f["trackEvents"] = True
    if rng.random() < 0.25:
        f["trackEventsFallthrough"] = True
    r = rng.random()
    if r < 0.15:
        f["debugEventsUntilDate"] = int(time.time() * 1000) + 3_600_000
    elif r < 0.25:
        f["debugEventsUntilDate"] = rng.choice([int(time.time() * 1000) - 3_600_000, 1000])


def segment(rng, key, segment_keys):
    s = {"key": key, "version": 1, "salt": rng.choice([key + "-salt", "", "x"])}
    s["included"] = rng.sample(KEYS, rng.randint(0, 2))
    s["excluded"] = rng.sample(KEYS, rng.randint(0, 2))
    s["includedContexts"] = [{"contextKind": rng.choice(KINDS), "values": rng.sample(KEYS, 2)}
                             for _ in range(rng.choice([0, 0, 1]))]
    s["excludedContexts"] = [{"contextKind": rng.choice(KINDS), "values": rng.sample(KEYS, 2)}
                             for _ in range(rng.choice([0, 0, 1]))]
    rules = []
    for i in range(rng.choice([0, 1, 1, 2])):
        r = {"clauses": [clause(rng, [k for k in segment_keys if rng.random() < 0.5])
                         for _ in range(rng.choice([0, 1, 1, 2]))]}
        if rng.random() < 0.4:
            r["weight"] = rng.choice([0, 30000, 50000, 99999, 100000])
            if rng.random() < 0.4:
                r["rolloutContextKind"] = rng.choice(KINDS)
            b = bucket_by(rng, r.get("rolloutContextKind"))
            if b is not None:
                r["bucketBy"] = b
        if rng.random() < 0.7:
            r["id"] = "s%d" % i
        rules.append(r)
    s["rules"] = rules
    if rng.random() < 0.2:
        s["unbounded"] = True
        if rng.random() < 0.5:
            s["generation"] = 2
        if rng.random() < 0.5:
            s["unboundedContextKind"] = rng.choice(KINDS)
    return s


def request_type(rng, request, document):
    r = rng.random()
    if r < 0.5:
        return
    f = document["flags"].get(request["flag"])
    natural = {bool: "boolean", str: "string", int: "int", float: "double"}.get(
        type(f["variations"][0]) if f else None, "json")
    t = natural if rng.random() < 0.7 else rng.choice(["boolean", "string", "int", "double", "json"])
    request["type"] = t
    request["default"] = {"boolean": False, "string": "dflt", "int": 7, "double": 0.5,
                          "json": rng.choice([None, {"d": 1}, "d"])}[t]


def generate(rng, n):
    flag_keys = ["f%d" % i for i in range(rng.randint(4, 9))]
    segment_keys = ["s%d" % i for i in range(rng.randint(1, 5))]
    flags = {k: flag(rng, k, flag_keys, segment_keys) for k in flag_keys}
    segments = {k: segment(rng, k, segment_keys) for k in segment_keys}
    document = {"flags": flags, "segments": segments}
    requests = []
    for _ in range(n):
        request = {"flag": rng.choice(flag_keys) if rng.random() < 0.95 else rng.choice(["nope", "F0", ""]),
                   "context": context(rng)}
        if rng.random() < 0.3:
            request["default"] = rng.choice([None, "d", 3, False])
        request_type(rng, request, document)
        requests.append(request)
    return document, requests


def burgee_args(document):
    return []


# ---------------------------------------------------------------------------------------------
# The oracle

_CLIENT = None


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


def _patch_go_rules():
    """Teaches the Python SDK the rules where LaunchDarkly's Go evaluator decides (see the docstring)."""
    from ldclient.evaluation import EvaluationDetail
    from ldclient.impl import evaluator, evaluator_common, operators
    from ldclient.impl.evaluator_common import EvaluationException, _get_context_value_by_attr_ref, error_reason
    from ldclient.impl.model.attribute_ref import AttributeRef

    scale = f32(float(0xFFFFFFFFFFFFFFF))
    lacks_kind = object()

    def go_bucket(seed, ctx, kind, key, salt, attr, experiment):
        # evaluator_bucketing.go, computeBucketValue: (bucket, problem) or EvaluationException.
        prefix = str(seed) if seed is not None else "%s.%s" % (key, salt)
        if experiment or attr is None:
            attr = AttributeRef.from_literal("key")
        elif not attr.valid:
            raise EvaluationException("invalid attribute reference in bucketBy")
        selected = ctx.get_individual_context(kind or "user")
        if selected is None:
            return 0.0, lacks_kind
        value = _get_context_value_by_attr_ref(selected, attr)
        if isinstance(value, bool) or value is None:
            return 0.0, None
        if isinstance(value, str):
            text = value
        elif isinstance(value, int) or (isinstance(value, float) and value.is_integer() and -2 ** 63 <= value < 2 ** 63):
            text = str(int(value))
        else:
            return 0.0, None
        digest = hashlib.sha1(("%s.%s" % (prefix, text)).encode("utf-8")).hexdigest()[:15]
        return f32(f32(float(int(digest, 16))) / scale), None

    def variation_index(flag, vr, ctx):
        # evaluator.go, variationOrRolloutResult.
        if vr.variation is not None:
            return vr.variation, False
        rollout = vr.rollout
        if rollout is None or len(rollout.variations) == 0:
            return None, False
        bucket, problem = go_bucket(rollout.seed, ctx, rollout.context_kind, flag.key, flag.salt,
                                    rollout.bucket_by, rollout.is_experiment)
        total = 0.0
        for wv in rollout.variations:
            total = f32(total + f32(wv.weight / 100000.0))
            if bucket < total:
                return wv.variation, rollout.is_experiment and not wv.untracked and problem is not lacks_kind
        last = rollout.variations[-1]
        return last.variation, rollout.is_experiment and not last.untracked

    def value_for(flag, vr, ctx, reason):
        # evaluator.go, getValueForVariationOrRollout: a bucketing error is an error result, not an exception.
        try:
            index, in_experiment = variation_index(flag, vr, ctx)
        except EvaluationException:
            return EvaluationDetail(None, None, error_reason("MALFORMED_FLAG"))
        if index is None:
            return EvaluationDetail(None, None, error_reason("MALFORMED_FLAG"))
        if in_experiment:
            reason["inExperiment"] = True
        return evaluator_common._get_variation(flag, index, reason)

    def segment_rule_matches(self, rule, ctx, state, segment_key, salt):
        # evaluator_segment.go, segmentRuleMatchesContext.
        for c in rule.clauses:
            if not self._clause_matches_context(c, ctx, state):
                return False
        if rule.weight is None:
            return True
        bucket, problem = go_bucket(None, ctx, rule.rollout_context_kind, segment_key, salt, rule.bucket_by, False)
        if problem is lacks_kind:
            return False
        return bucket < f32(f32(float(rule.weight)) / 100000.0)

    def go_in(context_value, clause_value, _preprocessed):
        # ldmodel/eval_accessors.go, ClauseFindValue: booleans, numbers and strings only.
        primitive = (bool, int, float, str)
        if not isinstance(context_value, primitive) or not isinstance(clause_value, primitive):
            return False
        if isinstance(context_value, bool) != isinstance(clause_value, bool):
            return False
        return context_value == clause_value

    def evaluate(self, flag, ctx, event_factory):
        # evaluator.go, Evaluate: the big segments status is added to any reason, an error's too.
        state = evaluator_common.EvalResult()
        state.original_flag_key = flag.key
        try:
            state.detail = self._evaluate(flag, ctx, state, event_factory)
        except EvaluationException as e:
            state.detail = EvaluationDetail(None, None, error_reason(e.error_kind))
        if state.big_segments_status is not None:
            state.detail.reason["bigSegmentsStatus"] = state.big_segments_status
        return state

    python_clause = evaluator.Evaluator._clause_matches_context

    def clause_matches(self, clause, ctx, state):
        # evaluator_clause.go, clauseMatchesContextNoSegments: an invalid attribute reference is an
        # error before the context kind is looked at.
        if clause.op != "segmentMatch" and (clause.attribute is None or not clause.attribute.valid):
            raise EvaluationException("invalid attribute reference")
        return python_clause(self, clause, ctx, state)

    python_segment = evaluator.Evaluator._simple_segment_match_context

    def simple_segment_match(self, segment, ctx, state, use_includes_and_excludes):
        # evaluator_segment.go, segmentContainsContext: includedContexts and excludedContexts are
        # skipped for a context whose only kind is user.
        if use_includes_and_excludes:
            only_user = ctx.kind == "user"
            if evaluator_common._context_key_is_in_target_list(ctx, None, segment.included):
                return True
            for t in [] if only_user else segment.included_contexts:
                if evaluator_common._context_key_is_in_target_list(ctx, t.context_kind, t.values):
                    return True
            if evaluator_common._context_key_is_in_target_list(ctx, None, segment.excluded):
                return False
            for t in [] if only_user else segment.excluded_contexts:
                if evaluator_common._context_key_is_in_target_list(ctx, t.context_kind, t.values):
                    return False
        return python_segment(self, segment, ctx, state, False)

    import re2  # google-re2: C++ RE2, which reads patterns as Go's regexp does
    re2_options = re2.Options()
    re2_options.log_errors = False

    def go_matches(context_value, clause_value, _preprocessed):
        # operators.go, operatorMatchesFn: Go's regexp; a pattern it refuses never matches. The
        # Python SDK runs Python's re instead, which reads many patterns differently.
        if not isinstance(context_value, str) or not isinstance(clause_value, str):
            return False
        try:
            return re2.compile(clause_value, re2_options).search(context_value) is not None
        except Exception:
            return False

    from ldclient.impl.model.value_parsing import parse_time

    def go_nanoseconds(value):
        # ldmodel/match_operators.go, parseDateTime and unixMillisToUtcTime: a number is
        # int64(ms) * 1e6 nanoseconds in int64, wrapping (int64 of a float64 beyond 64 bits is -2^63
        # on amd64); text is an instant (whole milliseconds here: finer ones are kept out).
        if isinstance(value, bool):
            return None
        if isinstance(value, (int, float)):
            f = float(value)
            n = (int(f) if -2 ** 63 <= f < 2 ** 63 else -2 ** 63) * 10 ** 6 % 2 ** 64
            return n - 2 ** 64 if n >= 2 ** 63 else n
        ms = parse_time(value) if isinstance(value, str) else None
        return None if ms is None else round(ms) * 10 ** 6

    def go_time(fn):
        def op(context_value, clause_value, _preprocessed):
            a, b = go_nanoseconds(context_value), go_nanoseconds(clause_value)
            return a is not None and b is not None and fn(a, b)
        return op

    operators.ops["before"] = go_time(lambda a, b: a < b)
    operators.ops["after"] = go_time(lambda a, b: a > b)
    operators.ops["matches"] = go_matches
    # The Python SDK still compiles every pattern with Python's re, which warns about RE2 syntax.
    warnings.filterwarnings("ignore", category=FutureWarning)
    python_big_segment = evaluator.Evaluator._big_segment_match_context
    severity = {"HEALTHY": 0, "STALE": 1, "STORE_ERROR": 2, "NOT_CONFIGURED": 3}

    def big_segment_match(self, segment, ctx, state):
        # evaluator_segment.go, computeUpdatedBigSegmentsStatus: of two queries' statuses the more
        # troubling one stays, where the Python SDK keeps the last.
        before = state.big_segments_status
        included = python_big_segment(self, segment, ctx, state)
        after = state.big_segments_status
        if before is not None and after is not None and severity[before] > severity[after]:
            state.big_segments_status = before
        return included

    evaluator.Evaluator._big_segment_match_context = big_segment_match
    evaluator.Evaluator._simple_segment_match_context = simple_segment_match
    evaluator.Evaluator._clause_matches_context = clause_matches
    evaluator.Evaluator.evaluate = evaluate
    evaluator._get_value_for_variation_or_rollout = value_for
    evaluator.Evaluator._segment_rule_matches_context = segment_rule_matches
    operators.ops["in"] = go_in


def client():
    global _CLIENT
    if _CLIENT is None:
        import logging
        logging.getLogger("ldclient").setLevel(logging.CRITICAL)
        logging.getLogger("ldclient.flag").setLevel(logging.CRITICAL)
        from ldclient.client import LDClient
        from ldclient.config import Config
        from ldclient.feature_store import InMemoryFeatureStore
        _patch_go_rules()
        store = InMemoryFeatureStore()
        _CLIENT = (LDClient(Config("sdk-difftest", use_ldd=True, feature_store=store, send_events=False)), store)
    return _CLIENT


def ld_context(data):
    """The Python SDK's context for a request's context JSON; a pre-2022 user object as Go reads it."""
    from ldclient.context import Context
    if not isinstance(data, dict) or "kind" in data:
        return Context.from_dict(data)
    invalid = Context.from_dict({"kind": "user"})  # no key: invalid
    key = data.get("key")
    custom = data.get("custom")
    if not isinstance(key, str) or not isinstance(custom, (dict, type(None))) \
            or not isinstance(data.get("anonymous"), (bool, type(None))) \
            or any(not isinstance(data.get(n), (str, type(None)))
                   for n in ("name", "secondary", "firstName", "lastName", "email", "country", "avatar", "ip")):
        return invalid
    b = Context.builder(key)
    b._allow_empty_key(True)
    for name, value in (data.get("custom") or {}).items():
        if name not in ("kind", "key", "name", "anonymous", "_meta"):
            b.set(name, value)
    for name in ("firstName", "lastName", "email", "country", "avatar", "ip"):
        if isinstance(data.get(name), str):
            b.set(name, data[name])
    if isinstance(data.get("name"), str):
        b.name(data["name"])
    if isinstance(data.get("anonymous"), bool):
        b.anonymous(data["anonymous"])
    return b.build()


def json_type(value):
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return "null"


def as_go(value):
    """A JSON value with every number the float64 Go's ldvalue reads."""
    return gofloat.as_float64(value)


def as_go_document(document):
    """The document with the numbers of variations and clause values as Go reads them (indices,
    weights and versions stay integers: Go reads them as ints)."""
    document = copy.deepcopy(document)
    flags, segments = document["flags"], document["segments"]
    clause_lists = [r.get("clauses") or [] for f in flags.values() for r in f.get("rules") or []]
    clause_lists += [r.get("clauses") or [] for s in segments.values() for r in s.get("rules") or []]
    for clauses in clause_lists:
        for c in clauses:
            if isinstance(c.get("values"), list):
                c["values"] = as_go(c["values"])
    for f in flags.values():
        if isinstance(f.get("variations"), list):
            f["variations"] = as_go(f["variations"])
    return document


def as_go_context(data):
    """A context with its attributes' numbers as Go reads them (`key`, `kind` and `_meta` are not numbers)."""
    if not isinstance(data, dict):
        return data
    return {k: (v if k in ("key", "kind", "_meta") else
                as_go_context(v) if isinstance(v, dict) and data.get("kind") == "multi" else as_go(v))
            for k, v in data.items()}


def oracle(document, requests, big_segments=None):
    from ldclient.versioned_data_kind import FEATURES, SEGMENTS
    c, store = client() if big_segments is None else big_segments
    document = as_go_document(document)
    store.init({FEATURES: document["flags"], SEGMENTS: document["segments"]})
    answers = []
    for request in requests:
        default = request.get("default")
        detail = c.variation_detail(request["flag"], ld_context(as_go_context(request["context"])), default)
        answer = {"value": detail.value, "variationIndex": detail.variation_index, "reason": dict(detail.reason)}
        t = request.get("type")
        if t and t != "json" and default is not None:
            # ldclient.go, variationAndFlag: a value of another JSON type than the default's.
            wrong = json_type(detail.value) != json_type(default)
            if t == "int" and isinstance(detail.value, float) \
                    and not (detail.value.is_integer() and -2 ** 63 <= detail.value < 2 ** 63):
                wrong = True  # Burgee's documented choice: an int has no fraction and fits in 64 bits
            if wrong:
                answer = {"value": default, "variationIndex": None, "reason": {"kind": "ERROR", "errorKind": "WRONG_TYPE"}}
        answers.append(answer)
    return answers


def oracle_through_store(document, requests, url, prefix):
    """The oracle with LaunchDarkly's Python SDK reading big segments from the store's Redis, in the
    layout the Relay Proxy writes (store_write fills it)."""
    from ldclient.client import LDClient
    from ldclient.config import BigSegmentsConfig, Config
    from ldclient.feature_store import InMemoryFeatureStore
    from ldclient.integrations import Redis
    client()  # the Go rules, patched once
    store = InMemoryFeatureStore()
    big_segments = BigSegmentsConfig(store=Redis.new_big_segment_store(url=url, prefix=prefix))
    c = LDClient(Config("sdk-difftest", use_ldd=True, feature_store=store, send_events=False, big_segments=big_segments))
    try:
        return oracle(document, requests, big_segments=(c, store))
    finally:
        c.close()


def normal_reason(reason):
    r = {k: v for k, v in (reason or {}).items() if v is not None}
    if r.get("ruleId") == "":
        del r["ruleId"]
    if r.get("inExperiment") is False:
        del r["inExperiment"]
    if r.get("errorKind") == "INVALID_CONTEXT":
        r["errorKind"] = "USER_NOT_SPECIFIED"  # Burgee's name for LaunchDarkly's
    return r


def same_json(a, b):
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    return a == b


def compare(request, burgee, answer):
    differences = []
    if not same_json(burgee.get("value"), answer["value"]):
        differences.append("value %s vs %s" % (json.dumps(burgee.get("value")), json.dumps(answer["value"])))
    if burgee.get("variationIndex") != answer["variationIndex"]:
        differences.append("variationIndex %s vs %s" % (burgee.get("variationIndex"), answer["variationIndex"]))
    if normal_reason(burgee.get("reason")) != normal_reason(answer["reason"]):
        differences.append("reason %s vs %s" % (json.dumps(burgee.get("reason")), json.dumps(answer["reason"])))
    return "; ".join(differences) or None


def classes(document, requests):
    return inputclasses.total(reduce, document, requests,
                              own=lambda r: request_mismatch(document, r) + big_segments(document, r),
                              own_names=["type-mismatches", "big-segments"])


def big_segments(document, request):
    """A request for a flag that depends on an unbounded (big) segment."""
    reduced = reduce(document, request.get("flag"))
    return ["big-segments"] if any(s.get("unbounded") for s in reduced["segments"].values()) else []


def request_mismatch(document, request):
    """A typed request for a flag whose variations hold a value of another type."""
    f = document["flags"].get(request.get("flag"))
    t = request.get("type")
    if not f or not t or t == "json":
        return []
    want = {"boolean": "bool", "string": "string", "int": "number", "double": "number"}[t]
    values = f.get("variations") or []
    odd = any(json_type(v) != want or t == "int" and isinstance(v, float) and not v.is_integer() for v in values)
    return ["type-mismatches"] if odd else []


def reduce(document, flag_key):
    flags, segments = {}, {}
    todo = [flag_key]
    while todo:
        k = todo.pop()
        if k in flags or k not in document["flags"]:
            continue
        f = document["flags"][k]
        flags[k] = f
        todo += [p["key"] for p in f.get("prerequisites", [])]
        for rule in f.get("rules", []):
            _segments_of(document, rule.get("clauses", []), segments)
    return {"flags": flags, "segments": segments}


def _segments_of(document, clauses, segments):
    for c in clauses:
        if c.get("op") != "segmentMatch":
            continue
        for k in c.get("values", []):
            if k in segments or k not in document["segments"]:
                continue
            segments[k] = document["segments"][k]
            for rule in segments[k].get("rules", []):
                _segments_of(document, rule.get("clauses", []), segments)


STORE_WRITTEN_KEY = "{prefix}:$inited"


def _redis_store(url, prefix):
    """LaunchDarkly's own Redis feature store (the Python SDK's), without its cache."""
    from ldclient.feature_store import CacheConfig
    from ldclient.integrations import Redis
    return Redis.new_feature_store(url=url, prefix=prefix, caching=CacheConfig.disabled())


def store_write(document, url, prefix):
    """The document written by LaunchDarkly's Python SDK into its Redis layout, as it writes a put,
    with a tombstone of a flag and of a segment beside it (what a delete leaves), which readers skip."""
    from ldclient.versioned_data_kind import FEATURES, SEGMENTS
    store = _redis_store(url, prefix)
    store.init({FEATURES: document["flags"], SEGMENTS: document["segments"]})
    store.delete(FEATURES, "deleted-flag", 7)
    store.delete(SEGMENTS, "deleted-segment", 3)
    _write_big_segments(document, url, prefix)


def _write_big_segments(document, url, prefix):
    """Big segments' members in the layout LaunchDarkly's Relay Proxy writes (ld-relay's Redis big
    segment store): the synchronisation time (now, long ago, or never) and, for each context key
    of the generator, include and exclude sets of references to the document's unbounded segments,
    of their generation and of another one."""
    import base64
    import hashlib
    import time
    import redis
    rng = random.Random("big-segments:" + prefix)
    r = redis.Redis.from_url(url)
    now = int(time.time() * 1000)
    synchronized = rng.random()
    if synchronized < 0.7:
        r.set(prefix + ":big_segments_synchronized_on", now)
    elif synchronized < 0.85:
        r.set(prefix + ":big_segments_synchronized_on", now - 10 * 60 * 1000)
    references = []
    for key, s in document["segments"].items():
        if s.get("unbounded"):
            generation = s.get("generation")
            references += [f"{key}.g{generation if generation is not None else 0}", f"{key}.g{(generation or 0) + 1}"]
    for key in KEYS:
        digest = base64.b64encode(hashlib.sha256(key.encode("utf-8")).digest()).decode()
        for kind in ("include", "exclude"):
            listed = [ref for ref in references if rng.random() < 0.4]
            if listed:
                r.sadd(f"{prefix}:big_segment_{kind}:{digest}", *listed)
    r.close()


def store_read(url, prefix):
    """The flags and segments LaunchDarkly's Python SDK reads from its Redis layout (tombstones
    left out, as it leaves them out); fails when the store is not initialized."""
    from ldclient.versioned_data_kind import FEATURES, SEGMENTS
    store = _redis_store(url, prefix)
    if not store.initialized:
        raise SystemExit(f"difftest: the LaunchDarkly store {prefix} is not initialized")
    read = {}
    for kind, name in ((FEATURES, "flags"), (SEGMENTS, "segments")):
        store.all(kind, lambda items: read.__setitem__(name, {k: v.to_json_dict() for k, v in items.items()}))
    return read
