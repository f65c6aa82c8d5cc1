"""Split (Harness FME): random flag definitions, evaluated by burgee and by Split's Python SDK.

The oracle is `splitio_client` used offline through its own client: a `SplitFactory` over the SDK's
in-memory storages (no synchronizer, so it is ready at once; a recorder that drops impressions),
filled the way the SDK's synchronizers fill them (`splits.from_raw`, `rule_based_segments.from_raw`
and `util.storage_helper`, which drops items that are not ACTIVE; `segments.from_raw` then
`update` per segmentChanges body), and `get_treatment_with_config` per request, with a `Key` when
the request has a bucketing key. What that call does not return is read from the evaluator it
calls: the impression label and change number of the top-level evaluation, and whether a
condition chose the treatment (the splitter was asked for one). A call that never reached the
evaluator was refused by the SDK's input validation (burgee: INVALID_CONTEXT); an exception
the client catches as a RuntimeError has the label `exception`; any other exception escapes to
`get_treatment_with_config`, which answers `control` with no label.

Burgee follows the Python SDK where Split's SDKs differ (docs/split.md), so the oracle needs no
other reference. Numbers: integers near and beyond 2^53 and 2^63, in matcher data, attributes and
texts, compare exactly as Python's ints do; an attribute written `18.0` is a Python float, which
numeric matchers refuse. Kept out: attributes written as JSON integers below -2^63 or above
2^64 - 1, which Burgee reads as doubles (docs/split.md, "Where Burgee differs"); their texts are
drawn. Kept out of the generated data, because Python refuses the whole document (burgee
then exits 3, which this runner cannot expect): invalid regular expressions, partition sizes
outside 0..100, unknown data types, missing required members, and matcher data Python cannot
parse (a DATETIME value that is not a number, a semver that is not a string, unhashable
whitelist entries). Also kept out: dependency and prerequisite cycles.
"""
import inputclasses
import regexgen
import copy
import json

NAME = "split"

TRAFFIC_TYPE = "user"
KEYS = ["alice", "bob", "carol", "dave", "eve", "u-1", "u-2", "42", "7", "ключ", "日本語", "Ωmega-ü", "a b", "x"]
BUCKETING_KEYS = ["b1", "b2", "bob", "bucket-ü", "99", "zz"]
ODD_KEYS = ["", "   ", "\t", "k" * 251, "k" * 250, "ü" * 250, "ü" * 251, " alice ", 42, 2.5, -7, True, None]
TREATMENTS = ["on", "off", "v1", "v2", "red", "blue"]
LABELS = ["whitelisted", "whitelisted segment", "in segment beta", "rule 1", "rule 2", "adults", "default rule",
          "ü label", ""]
PLANS = ["free", "pro", "enterprise", "Pro", "pro ", "", "über", "42", "true", "alice"]
EMAILS = ["alice@example.com", "bob@test.org", "carol@EXAMPLE.com", "dave@example.com.evil", "", "ü@例え.jp"]
PREFIXES = ["a", "al", "pro", "@example.com", "example", "ü", "1", "", ".org", "e", "[", "ce"]
TAGS = ["a", "b", "c", "beta", "pro", "x y", "ü", ""]
NUMBERS = [0, 1, 18, 21, 42, 65, 100, -5, 1000]
# Integers near and beyond 2^53 and 2^63 (Python compares its ints exactly), their texts, and floats
# with a whole value (18.0: a Python float, which numeric matchers refuse).
BIG_NUMBERS = [2 ** 53, 2 ** 53 + 1, -(2 ** 53 + 1), 2 ** 62, 2 ** 63 - 1, -2 ** 63, 2 ** 63, 2 ** 64 - 1,
               "9007199254740993", "-9223372036854775808", "18446744073709551615", 18.0, 21.0, 1e3, 9007199254740992.0]
QUIRKY_NUMBERS = [" 18", "+21", "1_000", "42", "-5", "abc", "4.5", "", 21.5, True, False] + BIG_NUMBERS
# Matcher data in milliseconds: 2024-05-01T10:00:00Z and around it (a second, a minute, a day).
DATES_MS = [1714557600000, 1714557645123, 1714557659999, 1714557660000, 1714521600000, 1714607999999,
            1714608000000, 0, -86400000, -1]
DATES_S = [1714557600, 1714557645, 1714557659, 1714557660, 1714521600, 1714521599, 1714607999, 1714608000,
           0, -1, -60, -86400, -86401, 1714557600123, "1714557600", "1714557660 ", 1714557600.5]
VALID_VERSIONS = ["1.0.0", "1.2.3", "1.2.3-alpha", "1.2.3-alpha.1", "1.2.3-alpha.01", "1.2.3-beta", "1.2.3+build",
                  "1.2.3-rc.1+b.2", "2.0.0", "2.0.0+b", "10.0.0", "1.10.0", "0.0.1", "1.2.3-1", "1.2.3-2",
                  "1.2.3-11", "1.2.3-alpha.beta", "01.2.3"]
INVALID_VERSIONS = ["1.2", "1.2.3.4", "v1.2.3", "1.2.3-", "1.2.3+", "a.b.c", ""]
VERSIONS = VALID_VERSIONS + INVALID_VERSIONS
QUIRKY_VERSIONS = [" 1.2.3", "1.2.3-ü", "1.2.+3", "1_0.2.3", "1.2.3-beta+", "1.2.3--x", "1.2.3-a.-1"]
REGEXES = ["^a", "e$", "[0-9]+", "^[a-z]+@example\\.com$", "b.b", "(pro|free)", "ü", "^$", "o+", "[0-9]{2}", "x*",
           "^al(ice)?$", "\\.org$", "[A-Z]"]
ATTRIBUTES = ["age", "plan", "email", "tags", "beta", "version", "created", "score"]

STRING_MATCHERS = ["WHITELIST", "STARTS_WITH", "ENDS_WITH", "CONTAINS_STRING", "MATCHES_STRING"]
NUMBER_MATCHERS = ["EQUAL_TO", "GREATER_THAN_OR_EQUAL_TO", "LESS_THAN_OR_EQUAL_TO", "BETWEEN"]
SET_MATCHERS = ["EQUAL_TO_SET", "CONTAINS_ANY_OF_SET", "CONTAINS_ALL_OF_SET", "PART_OF_SET"]
SEMVER_MATCHERS = ["EQUAL_TO_SEMVER", "GREATER_THAN_OR_EQUAL_TO_SEMVER", "LESS_THAN_OR_EQUAL_TO_SEMVER",
                   "BETWEEN_SEMVER", "IN_LIST_SEMVER"]
DATA_MEMBERS = ["userDefinedSegmentMatcherData", "whitelistMatcherData", "unaryNumericMatcherData",
                "betweenMatcherData", "dependencyMatcherData", "booleanMatcherData", "stringMatcherData",
                "betweenStringMatcherData"]


# ---------------------------------------------------------------------------------------------
# Generation


def signed32(rng):
    return rng.choice([rng.randint(-2 ** 31, 2 ** 31 - 1), rng.randint(-1000, 1000), 467569525, -2 ** 31])


def pick(rng, pool, quirky=(), odds=0.12):
    return rng.choice(quirky) if quirky and rng.random() < odds else rng.choice(pool)


def attribute_value(rng, name, hints):
    """A value for attribute `name`: often one made from the document's matcher data for it, else
    mostly of the type its matchers read, sometimes of another."""
    r = rng.random()
    if hints.get(name) and r < 0.6:
        return rng.choice(hints[name])
    if r < 0.66:
        return rng.choice([True, False, 42, 1.5, "pro", ["a", "b"], {"a": 1}, "1.2.3", "", None])
    if name in ("age", "score"):
        return pick(rng, NUMBERS, QUIRKY_NUMBERS, 0.3)
    if name == "created":
        return rng.choice(DATES_S)
    if name == "plan":
        return rng.choice(PLANS)
    if name == "email":
        return rng.choice(EMAILS)
    if name == "tags":
        if rng.random() < 0.15:
            return rng.choice(["abc", "a", "", {"a": 1, "b": 2}, [["a"]], [1, 2], [True], [1.0, "1"]])
        return rng.sample(TAGS, rng.randint(0, 4))
    if name == "beta":
        return rng.choice([True, False, True, False, "true", "FALSE", "True ", "yes", 1, 0, "1"])
    if name == "version":
        return pick(rng, VERSIONS, QUIRKY_VERSIONS + [1, 1.5, True], 0.15)
    return rng.choice(PLANS)


def attributes(rng, hints):
    attrs = {}
    for name in ATTRIBUTES + ["missing"]:
        if rng.random() < 0.8:
            attrs[name] = attribute_value(rng, name, hints) if rng.random() < 0.95 else None
    if rng.random() < 0.1:
        attrs[rng.choice(["Age", "PLAN", "ü", "x"])] = rng.choice(PLANS + NUMBERS)
    if rng.random() < 0.3:
        # Texts that regular expressions of every construct can tell apart.
        for name in ATTRIBUTES:
            if rng.random() < 0.3:
                attrs[name] = regexgen.texts(rng, 1)[0]
    return attrs


def key_selector(rng, attribute):
    r = rng.random()
    if attribute is None:
        if r < 0.3:
            return None
        if r < 0.5:
            return {"trafficType": TRAFFIC_TYPE}
        return {"trafficType": TRAFFIC_TYPE, "attribute": None}
    return {"trafficType": TRAFFIC_TYPE, "attribute": attribute}


def select_attribute(rng, preferred, key_ok):
    r = rng.random()
    if key_ok and r < 0.35:
        return None
    if r < 0.88:
        return rng.choice(preferred)
    return rng.choice(ATTRIBUTES + ["missing", "Age"])


def hint(names, attribute, values):
    """Notes attribute values that make a matcher's answer depend on its data, for the requests."""
    if attribute is not None:
        names["hints"].setdefault(attribute, []).extend(values)


def near_versions(version):
    """`version` and versions next to it: equal, with other metadata, just above and below."""
    core, _, rest = version.partition("-")
    core = core.split("+")[0]
    parts = core.split(".")
    out = [version, core, core + "+x", core + "-0", core + "-alpha"]
    if len(parts) == 3 and all(p.isdigit() for p in parts):
        a, b, c = (int(p) for p in parts)
        out += ["%d.%d.%d" % (a, b, c + 1), "%d.%d.%d" % (a, b + 1, 0), "%d.%d.%d" % (a, b, max(c - 1, 0)),
                "0%d.%d.%d" % (a, b, c)]
    return out


def version(rng):
    r = rng.random()
    return rng.choice(VALID_VERSIONS if r < 0.8 else INVALID_VERSIONS if r < 0.95 else QUIRKY_VERSIONS)


def matcher(rng, names):
    """One matcher; `names` holds the flags, segments and rule-based segments it may refer to, and
    the hints it adds to."""
    kinds = (["ALL_KEYS"] * 2 + ["IN_SEGMENT"] * 3 + STRING_MATCHERS * 2 + NUMBER_MATCHERS * 2 + SET_MATCHERS
             + ["EQUAL_TO_BOOLEAN"] * 2 + SEMVER_MATCHERS)
    if names["flags"]:
        kinds += ["IN_SPLIT_TREATMENT"] * 4
    if names["rbs"]:
        kinds += ["IN_RULE_BASED_SEGMENT"] * 4
    if rng.random() < 0.015:
        kind = rng.choice(["IN_LARGE_SEGMENT", "FOO", "in_segment"])
    else:
        kind = rng.choice(kinds)
    m = {"matcherType": kind, "negate": rng.random() < 0.2}
    attribute = None
    data = {}
    if kind in ("ALL_KEYS", "IN_LARGE_SEGMENT", "FOO", "in_segment"):
        if kind != "ALL_KEYS":
            data["userDefinedSegmentMatcherData"] = {"segmentName": rng.choice(names["segments"] + ["big"])}
    elif kind == "IN_SEGMENT":
        attribute = rng.choice(ATTRIBUTES) if rng.random() < 0.1 else None
        data["userDefinedSegmentMatcherData"] = {"segmentName": rng.choice(names["segments"] + ["seg-missing"])}
    elif kind == "IN_RULE_BASED_SEGMENT":
        missing = ["rbs-missing"] if rng.random() < 0.04 else []
        data["userDefinedSegmentMatcherData"] = {"segmentName": rng.choice(names["rbs"] + missing)}
    elif kind == "IN_SPLIT_TREATMENT":
        missing = ["flag-missing"] if rng.random() < 0.1 else []
        treatments = rng.sample(TREATMENTS + ["control"], rng.randint(1, 3))
        data["dependencyMatcherData"] = {"split": rng.choice(names["flags"] + missing), "treatments": treatments}
    elif kind in STRING_MATCHERS:
        attribute = select_attribute(rng, ["plan", "email"], True)
        if kind == "WHITELIST":
            pool = KEYS if attribute is None else PLANS + EMAILS
            whitelist = rng.sample(pool, rng.randint(1, 4))
            if rng.random() < 0.08:
                whitelist.append(rng.choice([42, 1.5, True, "42", "true", "[\"a\", \"b\"]", "1.5"]))
            data["whitelistMatcherData"] = {"whitelist": whitelist}
            hint(names, attribute, whitelist)
        elif kind == "MATCHES_STRING":
            # Python's whole regex syntax (regexgen.py) as often as the fixed list.
            data["stringMatcherData"] = rng.choice(REGEXES) if rng.random() < 0.5 else regexgen.python_pattern(rng, REGEXES)
        else:
            whitelist = rng.sample(PREFIXES, rng.randint(1, 3))
            data["whitelistMatcherData"] = {"whitelist": whitelist}
            hint(names, attribute, [w + "-x" for w in whitelist] + ["x-" + w for w in whitelist]
                 + ["x" + w + "x" for w in whitelist])
    elif kind in NUMBER_MATCHERS:
        datetime = rng.random() < 0.4
        attribute = select_attribute(rng, ["created"] if datetime else ["age", "score"], False)
        data_type = "DATETIME" if datetime else "NUMBER"

        def value():
            if datetime:
                return rng.choice(DATES_MS)
            if rng.random() < 0.1:
                return rng.choice([2 ** 53, 2 ** 53 + 1, 2 ** 63 - 1, -2 ** 63, 2 ** 64 - 1, 18.0, 9007199254740992.0])
            return pick(rng, NUMBERS, [3.5, 20.5, True, "42", None], 0.06)

        if kind == "BETWEEN":
            start, end = value(), value()
            if rng.random() < 0.7 and type(start) is type(end) and isinstance(start, int) and start > end:
                start, end = end, start
            data["betweenMatcherData"] = {"dataType": data_type, "start": start, "end": end}
            values = [start, end]
        else:
            data["unaryNumericMatcherData"] = {"dataType": data_type, "value": value()}
            values = [data["unaryNumericMatcherData"]["value"]]
        for v in values:
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                continue
            if datetime:
                seconds = int(v // 1000)
                hint(names, attribute, [seconds + d for d in (0, 1, -1, 59, 60, -60, 86399, 86400, -86400)])
            else:
                # JSON integers beyond -2^63 and 2^64 - 1 are doubles to Burgee, as serde_json reads them
                # (docs/split.md): kept out as numbers, drawn as texts, which int() reads exactly.
                near = [int(v), int(v) + 1, int(v) - 1]
                hint(names, attribute, [n for n in near if -2 ** 63 <= n <= 2 ** 64 - 1] + [str(n) for n in near])
    elif kind in SET_MATCHERS:
        attribute = select_attribute(rng, ["tags"], False)
        whitelist = rng.sample(TAGS, rng.randint(0 if rng.random() < 0.05 else 1, 3))
        data["whitelistMatcherData"] = {"whitelist": whitelist}
        hint(names, attribute, [list(reversed(whitelist)), whitelist[:1], whitelist + ["c"], whitelist[1:] + ["zz"]])
    elif kind == "EQUAL_TO_BOOLEAN":
        attribute = select_attribute(rng, ["beta"], False)
        data["booleanMatcherData"] = rng.choice([True, False]) if rng.random() < 0.95 else rng.choice(["true", 1, None])
    elif kind in SEMVER_MATCHERS:
        attribute = select_attribute(rng, ["version"], rng.random() < 0.3)
        if kind == "BETWEEN_SEMVER":
            start, end = version(rng), version(rng)
            data["betweenStringMatcherData"] = {"start": start, "end": end}
            versions = [start, end]
        elif kind == "IN_LIST_SEMVER":
            versions = [version(rng) for _ in range(rng.randint(0, 4))]
            data["whitelistMatcherData"] = {"whitelist": versions}
        else:
            data["stringMatcherData"] = version(rng)
            versions = [data["stringMatcherData"]]
        hint(names, attribute, [v for each in versions for v in near_versions(each)])
    selector = key_selector(rng, attribute)
    if selector is not None or rng.random() < 0.5:
        m["keySelector"] = selector
    if rng.random() < 0.5:
        # The server's shape: every data member present, the unused ones null.
        for member in DATA_MEMBERS:
            m[member] = None
    m.update(data)
    return m


def partitions(rng, treatments):
    r = rng.random()
    if r < 0.35:
        return [{"treatment": rng.choice(treatments), "size": 100}]
    if r < 0.4:
        return [] if rng.random() < 0.5 else [{"treatment": rng.choice(treatments), "size": rng.choice([0, 50, 99])}]
    names = rng.sample(treatments + ["control"] if rng.random() < 0.1 else treatments,
                       rng.randint(2, min(4, len(treatments))))
    sizes = []
    left = 100
    for _ in names[:-1]:
        size = rng.choice([0, left // 2, rng.randint(0, left)])
        sizes.append(size)
        left -= size
    sizes.append(left if rng.random() < 0.85 else rng.randint(0, left))
    return [{"treatment": t, "size": s} for t, s in zip(names, sizes)]


def condition(rng, names, treatments, last):
    r = rng.random()
    if r < 0.2 and not last:
        # Split's whitelist shape: listed keys (or a segment) get one treatment.
        whitelisted = {"matcherType": "WHITELIST", "negate": False, "keySelector": None,
                       "whitelistMatcherData": {"whitelist": rng.sample(KEYS, rng.randint(1, 4))}}
        if names["segments"] and rng.random() < 0.3:
            whitelisted = {"matcherType": "IN_SEGMENT", "negate": False, "keySelector": None,
                           "userDefinedSegmentMatcherData": {"segmentName": rng.choice(names["segments"])}}
        c = {"conditionType": "WHITELIST", "matcherGroup": {"combiner": "AND", "matchers": [whitelisted]},
             "partitions": [{"treatment": rng.choice(treatments), "size": 100}],
             "label": rng.choice(["whitelisted", "whitelisted segment"])}
        return c
    if last and rng.random() < 0.5:
        # Split's last condition: everyone, split by partitions.
        matchers = [{"matcherType": "ALL_KEYS", "negate": False, "keySelector": {"trafficType": TRAFFIC_TYPE}}]
        label = "default rule"
    else:
        matchers = [matcher(rng, names) for _ in range(rng.choice([0, 1, 1, 1, 2, 2, 3]) if rng.random() < 0.97 else 0)]
        label = rng.choice(LABELS)
    c = {"conditionType": rng.choice(["ROLLOUT", "ROLLOUT", "ROLLOUT", "WHITELIST"]),
         "matcherGroup": {"combiner": "AND", "matchers": matchers},
         "partitions": partitions(rng, treatments)}
    if rng.random() < 0.05:
        del c["conditionType"]  # WHITELIST, says Python
    if rng.random() < 0.97:
        c["label"] = label
    return c


def flag(rng, name, names):
    treatments = rng.sample(TREATMENTS, rng.randint(2, 4))
    f = {"name": name, "trafficTypeName": TRAFFIC_TYPE, "changeNumber": rng.randint(1, 2 ** 41),
         "status": "ACTIVE" if rng.random() < 0.9 else "ARCHIVED", "killed": rng.random() < 0.1,
         "defaultTreatment": rng.choice(treatments) if rng.random() < 0.97 else "control",
         "seed": signed32(rng)}
    r = rng.random()
    if r < 0.55:
        allocation = 100
    elif r < 0.9:
        allocation = rng.choice([0, 1, 50, 99, rng.randint(0, 100), rng.randint(0, 100)])
    else:
        allocation = rng.choice([None, 101, -1, "absent"])
    if allocation != "absent":
        f["trafficAllocation"] = allocation
    if rng.random() < 0.98:
        f["trafficAllocationSeed"] = signed32(rng)
    algo = rng.choice([1, 2, 2, "absent", None, 3 if rng.random() < 0.2 else 2])
    if algo != "absent":
        f["algo"] = algo
    if rng.random() < 0.5:
        f["configurations"] = {t: rng.choice(['{"color":"red"}', '{"size":%d}' % rng.randint(1, 9), "{}",
                                              "not json", '{"ü":"日本"}'])
                               for t in rng.sample(treatments + ["control"], rng.randint(1, len(treatments)))}
    if rng.random() < 0.3:
        f["sets"] = rng.sample(["web", "mobile", "beta"], rng.randint(0, 2))
    if rng.random() < 0.2:
        f["impressionsDisabled"] = rng.random() < 0.5
    if names["flags"] and rng.random() < 0.25:
        missing = ["flag-missing"] if rng.random() < 0.1 else []
        f["prerequisites"] = [{"n": rng.choice(names["flags"] + missing),
                               "ts": rng.sample(TREATMENTS + ["control"], rng.randint(1, 3))}
                              for _ in range(rng.randint(1, 2))]
    count = rng.choice([0, 1, 1, 2, 2, 3, 4]) if rng.random() < 0.98 else 0
    f["conditions"] = [condition(rng, names, treatments, i == count - 1) for i in range(count)]
    return f


def rule_based_segment(rng, name, names):
    conditions = []
    for _ in range(rng.choice([0, 1, 1, 2, 2])):
        c = {"matcherGroup": {"combiner": "AND", "matchers": [matcher(rng, names) for _ in range(rng.randint(1, 2))]}}
        if rng.random() < 0.5:
            c["conditionType"] = "ROLLOUT"
        if rng.random() < 0.3:
            c["partitions"] = [{"treatment": "on", "size": 100}]
            c["label"] = "in rule-based segment"
        conditions.append(c)
    s = {"name": name, "trafficTypeName": TRAFFIC_TYPE, "changeNumber": rng.randint(1, 2 ** 41),
         "status": "ACTIVE" if rng.random() < 0.97 else "ARCHIVED", "conditions": conditions}
    r = rng.random()
    if r < 0.1:
        return s
    if r < 0.15:
        s["excluded"] = None
        return s
    excluded = {"keys": rng.sample(KEYS, rng.choice([0, 0, 1, 2]))}
    segments = []
    for _ in range(rng.choice([0, 0, 1, 1, 2])):
        if names["rbs"] and rng.random() < 0.4:
            segments.append({"name": rng.choice(names["rbs"]), "type": "rule-based"})
        else:
            segments.append({"name": rng.choice(names["segments"] + ["seg-missing"]), "type": "standard"})
    if rng.random() < 0.03:
        segments.append({"name": rng.choice(names["segments"] + ["seg-missing"]), "type": "large"})
    excluded["segments"] = segments
    if rng.random() < 0.1:
        excluded["keys"] = None
    s["excluded"] = excluded
    return s


def segment_value(rng, name):
    members = rng.sample(KEYS, rng.randint(0, 6))
    r = rng.random()
    if r < 0.85:
        return members
    till = rng.randint(1, 2 ** 41)
    first = {"name": name, "added": members, "removed": [], "since": -1, "till": till}
    if r < 0.93:
        return first
    second = {"name": name, "added": rng.sample(KEYS, rng.randint(0, 2)),
              "removed": rng.sample(members + KEYS, rng.randint(0, 2)), "since": till, "till": till + 5}
    return [first, second]


def request_key(rng, pool):
    if rng.random() < 0.06:
        return rng.choice(ODD_KEYS)
    return rng.choice(pool)


def generate(rng, n):
    segment_names = ["seg%d" % i for i in range(rng.randint(0, 3))]
    rbs_names = ["rbs%d" % i for i in range(rng.choice([0, 1, 2, 3]))]
    hints = {}
    rbs = []
    for i, name in enumerate(rbs_names):
        # Rule-based segments refer only to earlier ones and to no flag: no cycles.
        rbs.append(rule_based_segment(rng, name, {"flags": [], "segments": segment_names, "rbs": rbs_names[:i],
                                                  "hints": hints}))
    flag_names = ["f%d" % i for i in range(rng.randint(3, 8))]
    flags = []
    for i, name in enumerate(flag_names):
        # Flags depend only on earlier flags: no cycles.
        flags.append(flag(rng, name, {"flags": flag_names[:i], "segments": segment_names, "rbs": rbs_names,
                                      "hints": hints}))
    change_number = max(f["changeNumber"] for f in flags)
    if rng.random() < 0.05:
        document = {"splits": flags, "since": -1, "till": change_number}
        if rbs:
            for f in flags:
                f["conditions"] = [c for c in f["conditions"] if "IN_RULE_BASED_SEGMENT" not in json.dumps(c)]
    else:
        document = {"ff": {"d": flags, "s": -1, "t": change_number}}
        if rbs or rng.random() < 0.3:
            document["rbs"] = {"d": rbs, "s": -1, "t": max([s["changeNumber"] for s in rbs] or [-1])}
    if segment_names or rng.random() < 0.3:
        document["segments"] = {name: segment_value(rng, name) for name in segment_names
                                if rng.random() < 0.9}
    requests = []
    for _ in range(n):
        r = rng.random()
        if r < 0.93:
            name = rng.choice(flag_names)
        elif r < 0.97:
            name = rng.choice(["flag-missing", "F0"])
        else:
            name = rng.choice([" f0 ", "f1\t", "", "  "])
        context = {}
        if rng.random() < 0.995:
            context["key"] = request_key(rng, KEYS)
        if rng.random() < 0.3:
            context["bucketingKey"] = request_key(rng, BUCKETING_KEYS + KEYS)
            if context["bucketingKey"] is None:
                context["bucketingKey"] = ""
        r = rng.random()
        if r < 0.85:
            context["attributes"] = attributes(rng, hints)
        elif r < 0.88:
            context["attributes"] = rng.choice([None, [], "plan", 5])
        requests.append({"flag": name, "context": context})
    return document, requests


def burgee_args(document):
    return []


# ---------------------------------------------------------------------------------------------
# The oracle

_SDK = None


def sdk():
    """The SDK's modules, imported once, with its logging silenced."""
    global _SDK
    if _SDK is None:
        import logging
        logging.getLogger("splitio").setLevel(logging.CRITICAL + 1)
        from splitio.client.factory import SplitFactory
        from splitio.client.key import Key
        from splitio.engine.evaluator import Evaluator
        from splitio.engine.splitters import Splitter
        from splitio.engine.telemetry import TelemetryStorageProducer
        from splitio.models import rule_based_segments, segments, splits
        from splitio.models.fallback_config import FallbackTreatmentCalculator
        from splitio.storage.inmemmory import InMemoryRuleBasedSegmentStorage, InMemorySegmentStorage, \
            InMemorySplitStorage, InMemoryTelemetryStorage
        from splitio.util import storage_helper

        class Recorder:
            """Impressions and telemetry go nowhere: the oracle reads the evaluator's results instead."""

            def record_treatment_stats(self, *args, **kwargs):
                pass

        class WatchedEvaluator(Evaluator):
            """The SDK's evaluator, noting what the top-level evaluation of a call did."""

            def __init__(self, splitter, calculator):
                Evaluator.__init__(self, splitter, calculator)
                splitter.evaluator = self
                self.reset()

            def reset(self):
                self.depth = 0
                self.result = None
                self.raised = None
                self.condition_matched = False

            def eval_with_context(self, key, bucketing, feature_name, attrs, ctx):
                self.depth += 1
                try:
                    result = Evaluator.eval_with_context(self, key, bucketing, feature_name, attrs, ctx)
                except Exception as e:
                    if self.depth == 1:
                        self.raised = e
                    raise
                finally:
                    self.depth -= 1
                if self.depth == 0:
                    self.result = result
                return result

        class WatchedSplitter(Splitter):
            """The splitter is asked for a treatment only when a condition matched."""

            def get_treatment(self, key, seed, partitions, algo):
                if self.evaluator.depth == 1:
                    self.evaluator.condition_matched = True
                return Splitter.get_treatment(self, key, seed, partitions, algo)

        _SDK = {"SplitFactory": SplitFactory, "Key": Key, "TelemetryStorageProducer": TelemetryStorageProducer,
                "rule_based_segments": rule_based_segments, "segments": segments, "splits": splits,
                "FallbackTreatmentCalculator": FallbackTreatmentCalculator,
                "InMemoryRuleBasedSegmentStorage": InMemoryRuleBasedSegmentStorage,
                "InMemorySegmentStorage": InMemorySegmentStorage, "InMemorySplitStorage": InMemorySplitStorage,
                "InMemoryTelemetryStorage": InMemoryTelemetryStorage, "storage_helper": storage_helper,
                "Recorder": Recorder, "WatchedEvaluator": WatchedEvaluator, "WatchedSplitter": WatchedSplitter}
    return _SDK


def segment_bodies(name, value):
    """The segmentChanges bodies a document's `segments` member stands for."""
    if isinstance(value, dict):
        return [value]
    if value and all(isinstance(v, dict) for v in value):
        return value
    return [{"name": name, "added": value, "removed": [], "since": -1, "till": -1}]


def client(document, redis_store=None):
    """A client of the SDK over in-memory storages holding the document, filled as its synchronizers do;
    with `redis_store` (url, user prefix), over its consumer mode's Redis storages reading that store
    on every evaluation, as the SDK in consumer mode does (the document is not used)."""
    import queue
    s = sdk()
    document = copy.deepcopy(document)
    events = queue.Queue()
    if redis_store:
        from splitio.storage.adapters import redis as adapters
        from splitio.storage.redis import RedisRuleBasedSegmentsStorage, RedisSegmentStorage, RedisSplitStorage
        url, prefix = redis_store
        adapter = adapters.build({"redisHost": "127.0.0.1", "redisPort": int(url.rsplit(":", 1)[1]), "redisDb": 0,
                                  "redisPrefix": prefix})
        storages = {"splits": RedisSplitStorage(adapter), "segments": RedisSegmentStorage(adapter),
                    "rule_based_segments": RedisRuleBasedSegmentsStorage(adapter), "events": None}
        return _watched(s, storages, events)
    storages = {"splits": s["InMemorySplitStorage"](events), "segments": s["InMemorySegmentStorage"](events),
                "rule_based_segments": s["InMemoryRuleBasedSegmentStorage"](events), "events": None}
    if "ff" in document:
        flags, till = document["ff"]["d"], document["ff"]["t"]
    else:
        flags, till = document["splits"], document["till"]
    rbs = document.get("rbs") or {"d": [], "t": -1}
    s["storage_helper"].update_rule_based_segment_storage(
        storages["rule_based_segments"], [s["rule_based_segments"].from_raw(r) for r in rbs["d"]], rbs["t"])
    s["storage_helper"].update_feature_flag_storage(
        storages["splits"], [s["splits"].from_raw(f) for f in flags], till)
    for name, value in (document.get("segments") or {}).items():
        bodies = segment_bodies(name, value)
        first = dict(bodies[0], name=name)
        storages["segments"].put(s["segments"].from_raw(first))
        for body in bodies[1:]:
            storages["segments"].update(name, body["added"], body["removed"], body["till"])
    return _watched(s, storages, events)


def _watched(s, storages, events):
    """A client of the SDK over `storages`, its evaluator and input validation watched."""
    telemetry = s["TelemetryStorageProducer"](s["InMemoryTelemetryStorage"]())
    calculator = s["FallbackTreatmentCalculator"](None)
    factory = s["SplitFactory"]("difftest", storages, True, s["Recorder"](), events, None,
                                telemetry_producer=telemetry,
                                telemetry_init_producer=telemetry.get_telemetry_init_producer(),
                                fallback_treatment_calculator=calculator)
    c = factory.client()
    evaluator = s["WatchedEvaluator"](s["WatchedSplitter"](), calculator)
    c._evaluator = evaluator
    reached = []
    context_for = c._context_factory.context_for

    def watched_context_for(key, names):
        reached.append(True)  # input validation passed
        return context_for(key, names)

    c._context_factory.context_for = watched_context_for
    return c, evaluator, reached


def oracle(document, requests, redis_store=None):
    c, evaluator, reached = client(document, redis_store)
    answers = []
    for request in requests:
        context = request.get("context") or {}
        key = context.get("key")
        if "bucketingKey" in context:
            key = sdk()["Key"](key, context["bucketingKey"])
        evaluator.reset()
        del reached[:]
        treatment, config = c.get_treatment_with_config(key, request.get("flag"), context.get("attributes"))
        answer = {"treatment": treatment, "config": config, "label": None, "changeNumber": None}
        if not reached:
            answer["outcome"] = "rejected"
        elif evaluator.result is not None:
            answer["label"] = evaluator.result["impression"]["label"]
            answer["changeNumber"] = evaluator.result["impression"]["change_number"]
            answer["outcome"] = "condition" if evaluator.condition_matched else "evaluated"
        elif isinstance(evaluator.raised, RuntimeError):
            answer["label"] = "exception"  # the client's _FAILED_EVAL_RESULT
            answer["outcome"] = "evaluated"
        else:
            answer["outcome"] = "raised: %s" % type(evaluator.raised).__name__
        answers.append(answer)
    return answers


LABEL_REASONS = {
    "killed": ("OFF", None),
    "default rule": ("FALLTHROUGH", None),
    "not in split": ("FALLTHROUGH", None),
    "prerequisites not met": ("PREREQUISITE_FAILED", None),
    "definition not found": ("ERROR", "FLAG_NOT_FOUND"),
    "exception": ("ERROR", "EXCEPTION"),
}


def expected_reason(answer):
    """Burgee's reason kind and error kind for the oracle's answer (docs/split.md, result mapping)."""
    outcome = answer["outcome"]
    if outcome == "rejected":
        return "ERROR", "INVALID_CONTEXT"
    if outcome.startswith("raised"):
        return "ERROR", "EXCEPTION"
    if outcome == "condition":
        return ("ERROR", "MALFORMED_FLAG") if answer["treatment"] == "control" else ("RULE_MATCH", None)
    return LABEL_REASONS.get(answer["label"], ("?", None))


def compare(request, burgee, answer):
    differences = []
    expected = {k: answer[k] for k in ("treatment", "config", "label", "changeNumber")}
    got = burgee.get("split")
    if not isinstance(got, dict) or {k: got.get(k) for k in expected} != expected:
        differences.append("split %s vs %s" % (json.dumps(got, ensure_ascii=False),
                                               json.dumps(expected, ensure_ascii=False)))
    reason = burgee.get("reason") or {}
    kind, error_kind = expected_reason(answer)
    if reason.get("kind") != kind or reason.get("errorKind") != error_kind:
        differences.append("reason %s/%s vs %s/%s" % (reason.get("kind"), reason.get("errorKind"), kind, error_kind))
    return "; ".join(differences) or None


def classes(document, requests):
    # Python's `re` has no Unicode classes (the whole document is refused) and patterns that need
    # backtracking are kept out (docs/split.md): neither is drawn.
    return inputclasses.total(reduce, document, requests, numeric_texts=True,
                              left_out=["unicode-regexes", "backtracking"])


def reduce(document, flag):
    """The document cut down to `flag`, the flags it depends on, and the segments they name."""
    flags_list = document["ff"]["d"] if "ff" in document else document["splits"]
    flags = {f["name"]: f for f in flags_list}
    all_rbs = {s["name"]: s for s in (document.get("rbs") or {"d": []})["d"]}
    all_segments = document.get("segments") or {}
    kept_flags, kept_rbs, kept_segments = {}, {}, {}
    todo = [("flag", (flag or "").strip())]
    while todo:
        kind, name = todo.pop()
        if kind == "flag":
            if name in kept_flags or name not in flags:
                continue
            item = kept_flags[name] = flags[name]
            todo += [("flag", p.get("n")) for p in item.get("prerequisites") or []]
        elif kind == "rbs":
            if name in kept_rbs or name not in all_rbs:
                continue
            item = kept_rbs[name] = all_rbs[name]
            for excluded in (item.get("excluded") or {}).get("segments") or []:
                todo.append(("rbs" if excluded.get("type") == "rule-based" else "segment", excluded.get("name")))
        else:
            if name in all_segments:
                kept_segments[name] = all_segments[name]
            continue
        for c in item.get("conditions") or []:
            for m in c["matcherGroup"]["matchers"]:
                if m["matcherType"] == "IN_SPLIT_TREATMENT":
                    todo.append(("flag", m["dependencyMatcherData"]["split"]))
                elif m["matcherType"] == "IN_SEGMENT":
                    todo.append(("segment", m["userDefinedSegmentMatcherData"]["segmentName"]))
                elif m["matcherType"] == "IN_RULE_BASED_SEGMENT":
                    todo.append(("rbs", m["userDefinedSegmentMatcherData"]["segmentName"]))
    ordered = [f for f in flags_list if f["name"] in kept_flags]
    if "ff" in document:
        reduced = {"ff": dict(document["ff"], d=ordered)}
        if "rbs" in document:
            reduced["rbs"] = dict(document["rbs"], d=[s for s in document["rbs"]["d"] if s["name"] in kept_rbs])
    else:
        reduced = dict(document, splits=ordered)
    if "segments" in document:
        reduced["segments"] = kept_segments
    return reduced


# Split's Redis layout (--through-store): keys behind the user prefix `prefix.`.
STORE_WRITTEN_KEY = "{prefix}.SPLITIO.splits.till"


def _members(name, value):
    """A segment's keys after its segmentChanges bodies are applied in order."""
    members = set()
    for body in segment_bodies(name, value):
        members |= set(body.get("added") or [])
        members -= set(body.get("removed") or [])
    return members


def store_write(document, url, prefix):
    """The document written in Split's Redis layout as Split's Synchronizer writes it: each ACTIVE
    flag's and rule-based segment's JSON, the change numbers, segments as sets, flag sets, traffic
    type counts (Split's Python SDK has no producer; the layout is what its consumer mode reads)."""
    import redis
    r = redis.Redis.from_url(url)
    p = prefix + "."
    if "ff" in document:
        flags, till = document["ff"]["d"], document["ff"]["t"]
    else:
        flags, till = document["splits"], document["till"]
    pipe = r.pipeline()
    traffic = {}
    for f in flags:
        if f.get("status", "ACTIVE") != "ACTIVE":
            continue
        pipe.set(p + "SPLITIO.split." + f["name"], json.dumps(f))
        traffic[f.get("trafficTypeName")] = traffic.get(f.get("trafficTypeName"), 0) + 1
        for s in f.get("sets") or []:
            pipe.sadd(p + "SPLITIO.flagSet." + s, f["name"])
    for t, count in traffic.items():
        if isinstance(t, str):
            pipe.set(p + "SPLITIO.trafficType." + t, count)
    rbs = document.get("rbs") or {"d": [], "t": -1}
    for s in rbs["d"]:
        if s.get("status", "ACTIVE") == "ACTIVE":
            pipe.set(p + "SPLITIO.rbsegment." + s["name"], json.dumps(s))
    pipe.set(p + "SPLITIO.rbsegments.till", rbs["t"])
    for name, value in (document.get("segments") or {}).items():
        members = _members(name, value)
        if members:
            pipe.sadd(p + "SPLITIO.segment." + name, *sorted(members))
        pipe.set(p + "SPLITIO.segment." + name + ".till", -1)
    pipe.set(p + "SPLITIO.splits.till", till)
    pipe.execute()
    r.close()


def oracle_from_store(requests, url, prefix):
    """The oracle as Split's Python SDK in consumer mode answers from the store Burgee wrote: its
    Redis storages read flags, rule-based segments and segments from Redis on every evaluation."""
    return oracle(None, requests, redis_store=(url, prefix))


def store_read(url, prefix):
    """The document Split's Python SDK reads from its Redis layout in consumer mode, through its own
    Redis adapter (which applies the user prefix) and storages: flags' and rule-based segments' JSON,
    change numbers, segments' keys."""
    from splitio.storage.adapters import redis as adapters
    from splitio.storage.redis import RedisRuleBasedSegmentsStorage, RedisSegmentStorage, RedisSplitStorage
    port = int(url.rsplit(":", 1)[1])
    adapter = adapters.build({"redisHost": "127.0.0.1", "redisPort": port, "redisDb": 0, "redisPrefix": prefix})
    flags_storage, segments_storage = RedisSplitStorage(adapter), RedisSegmentStorage(adapter)
    rbs_storage = RedisRuleBasedSegmentsStorage(adapter)

    def raw(storage):
        keys = sorted(adapter.keys(storage._get_key("*")))
        return [json.loads(v) for v in adapter.mget(keys) if v is not None] if keys else []

    till = flags_storage.get_change_number()
    if till is None:
        raise SystemExit(f"difftest: Split's store {prefix} has no change number")
    segments = {}
    for key in adapter.keys(segments_storage._get_key("*")):
        if not key.endswith(".till"):
            name = key[len(segments_storage._get_key("")):]
            segments[name] = sorted(adapter.smembers(key))
    return {"ff": {"d": raw(flags_storage), "s": -1, "t": till},
            "rbs": {"d": raw(rbs_storage), "s": -1, "t": rbs_storage.get_change_number() or -1},
            "segments": segments}
