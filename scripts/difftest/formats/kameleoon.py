"""Kameleoon: random configuration documents, evaluated by burgee and by Kameleoon's Python SDK.

The oracle is `kameleoon-client-python` used offline through its own client, by the replay that the
Kameleoon case files are verified with (spec-fixtures/kameleoon/sdk_replay.py): the document is
installed as a configuration fetch would install it (`DataFile.from_json`), and each request line is
replayed as the command-line contract says (docs/kameleoon.md) — a fresh visitor; consent, the Data
API answer, the data items (`add_data(track=False)`), the prior flags; then `get_variation(track=False)`
and, on a fresh replay, `is_feature_active(track=False)` — on the request's clock (the visit starts at
`--now`, 1 ms per page view, conversion and prior flag), with "today" the UTC day and the SDK identity
Burgee's (`BURGEE` 0.1.0). The result line's `value`, `variation`, reason kind and error kind and its
whole `kameleoon` member are compared with the SDK's. The SDK reports Burgee's version as its own
(`SDKVersion.swift`), which `SDK_LANGUAGE` conditions compare.

Burgee follows the Python SDK where Kameleoon's SDKs differ (docs/kameleoon.md). Each document has
its clock: one of a few instants (noon, the first and the last millisecond of a UTC day), chosen by
its `dateModified`, which evaluation does not read. Kept out of the generated data, because the SDK
refuses the whole document (burgee then exits 3, which this runner cannot expect): rules without
`id`, condition groups whose `orOperators` are short, `customDataIndex` values that are not strings,
unknown `valueMatchType` names. Kept out because the SDK raises while evaluating, or because they
are artefacts of Python rather than Kameleoon's semantics (spec-fixtures/kameleoon/README.md, "Not
pinned"): `DEVICE_TYPE`, `BROWSER`, `OPERATING_SYSTEM` and `NEW_VISITORS` conditions naming no known
value, number conditions without a known `matchType`, rules of an unknown `type`, JSON variables
whose string does not parse, non-ASCII digits, `float()`'s and `int()`'s leniencies (spaces, `_`,
`inf`, signs), `SEGMENT` cycles, and duplicate ids (flags, rules, experiments, variations). A Data
API answer's `valuesCountMap` lists its values sorted, because Burgee reads them in key order
(docs/kameleoon.md, "Where Burgee differs").
"""
import inputclasses
import regexgen
import copy
import glob
import hashlib
import json
import math
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
sys.path.insert(0, os.path.join(ROOT, "spec-fixtures", "kameleoon"))  # sdk_replay.py

NAME = "kameleoon"

# The clocks a document may have: noon, and the first and last millisecond of 2026-03-01 (UTC).
NOON_MS = 1772366400000
DAY = 86400000
HOUR = 3600000
NOWS = [NOON_MS, NOON_MS, NOON_MS - 12 * HOUR, NOON_MS + 12 * HOUR - 1]

CODES = ["alice", "bob", "7b1c9f2e3d4a5b6c", "user@example.com", "\u00fcber-visitor", "\u65e5\u672c", "a b", "x",
         "crm-42", "dev-1", "v" * 255, "\u00e9" * 255]
INVALID_CODES = ["", "v" * 256, "\u00e9" * 256]
CD_VALUES = ["pro", "free", "beta", "Pro", "", "7", "7.0", "3", "3.0", "10", "-2", "0.5", "true", "false", "abc",
             "\u00fcber", "acct-1", "acct-2", "crm-42", "9007199254740993", "9007199254740992", "9223372036854775807",
             "1e20"]
# With integers near and beyond 2^53 and 2^63 and integral doubles, as text (Python reads both sides
# of EQUAL, GREATER and LOWER with float()).
BIG_NUMBER_TEXTS = ["9007199254740993", "9007199254740992", "9223372036854775807", "-9223372036854775808",
                    "18446744073709551616", "1e20", "7.0", "9007199254740993.0"]
CD_NUMBERS = ["7", "3", "3.0", "10", "-2", "0.5", "0", "7.000000000001", "abc"] + BIG_NUMBER_TEXTS
REGEXES = ["pro|free", "[0-9]+", "p.*", "(", "[a-z]+", "\u00fc.*", ".*-beta-.*", "a b", "[0-9]+\\.[0-9]+", ""]
CD_NAMES = ["plan", "account", "tier", "user", "zero", "score"]
URLS = ["https://shop.example/", "https://shop.example/cart", "https://shop.example/checkout",
        "https://shop.example/p/42", "https://\u00fcber.example/x"]
TITLES = ["Home", "Cart", "Checkout", "Product 42", "\u00dcber", ""]
COUNTRIES = ["France", "france", "FRANCE", "Germany", "\u00c9tats-Unis", "\u00e9tats-unis"]
REGIONS = ["Ile-de-France", "ile-de-france", "Bavaria", "\u00cele-de-France"]
CITIES = ["Paris", "paris", "\u00c9vry", "\u00e9vry", "Munich"]
COOKIE_NAMES = ["ab", "id_1", "id_22", "session", "\u00fc"]
COOKIE_VALUES = ["A", "B", "abc", "x1", "", "\u00e9t\u00e9"]
VERSIONS = ["1.2.3", "1.2", "2", "1.10.0", "1.2.3.4", "1.x", "", "0.1.0", "10.0.1", "1.2.10", "01.2.3", "0.0.9"]
BROWSERS = ["CHROME", "INTERNET_EXPLORER", "FIREFOX", "SAFARI", "OPERA", "OTHER"]
DEVICES = ["PHONE", "TABLET", "DESKTOP"]
SYSTEMS = ["WINDOWS", "MAC", "IOS", "LINUX", "ANDROID", "WINDOWS_PHONE"]
GOALS = [11, 12, 0, 13]
THREE_WAY = ["EQUAL", "GREATER", "LOWER"]
STRING_MATCH = ["EXACT", "CONTAINS", "REGULAR_EXPRESSION"]
VARIATION_KEYS = ["on", "a", "b", "c"]

CONDITION_TYPES = ["CUSTOM_DATUM"] * 8 + [
    "VISITOR_CODE", "DEVICE_TYPE", "BROWSER", "OPERATING_SYSTEM", "GEOLOCATION", "PAGE_URL", "PAGE_TITLE",
    "PREVIOUS_PAGE", "PAGE_VIEWS", "COOKIE", "CONVERSIONS", "APPLICATION_VERSION", "SDK_LANGUAGE", "SEGMENT",
    "TARGET_FEATURE_FLAG", "TARGET_FEATURE_FLAG", "TARGET_EXPERIMENT", "TARGET_EXPERIMENT", "EXCLUSIVE_EXPERIMENT",
    "EXCLUSIVE_EXPERIMENT", "TARGET_PERSONALIZATION", "VISITS", "SAME_DAY_VISITS", "NEW_VISITORS", "FIRST_VISIT",
    "LAST_VISIT", "HEAT_SLICE", "EXPLICIT_TRIGGER", "NO_SUCH_CONDITION"]
OPERATORS = ["UNDEFINED", "EXACT", "CONTAINS", "REGULAR_EXPRESSION", "EQUAL", "GREATER", "LOWER", "TRUE", "FALSE",
             "AMONG_VALUES", "ANY", "UNKNOWN"]


# ---------------------------------------------------------------------------------------------
# Hashing (the bucketing hash, for expositions set exactly on a visitor's hash)


def kameleoon_hash(code, container, respool=None):
    """SHA-256 of code + container (+ respool when non-zero) over 2^256, correctly rounded."""
    text = code + str(container) + (str(respool) if respool else "")
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest(), "big") / (1 << 256)


# ---------------------------------------------------------------------------------------------
# Generation


class Ids:
    """Fresh ids, unique across the document."""

    def __init__(self, rng):
        self.next = rng.randint(1, 9000) * 10

    def __call__(self):
        self.next += 1
        return self.next


def edge(rng, codes, container, respool=None):
    """An exposition: often exactly a visitor's hash (or the double just below it), else a usual one."""
    r = rng.random()
    if r < 0.35:
        h = kameleoon_hash(rng.choice(codes), container, respool)
        return h if rng.random() < 0.6 else math.nextafter(h, 0.0)
    return rng.choice([0.0, 1.0, 1.0, 1, 0.5, 0.25, 0.75, 0.1, 0.9, rng.random()])


def variable(rng, key):
    t = rng.choice(["BOOLEAN", "NUMBER", "NUMBER", "STRING", "JSON", "JSON", "JS", "CSS"])
    if t == "BOOLEAN":
        value = rng.choice([True, False])
    elif t == "NUMBER":
        value = rng.choice([0, 7, -3, 3.5, 1e20, 0.1, 2 ** 53])
    elif t == "STRING":
        value = rng.choice(["red", "", "\u00e9t\u00e9 \u2603", "{\"a\": 1}", "null"])
    elif t == "JSON":
        value = json.dumps(rng.choice([{"a": [1, 2], "b": {"c": None}}, [1, "x", True], {}, [], 3, "s", None,
                                       {"\u00fc": 1.5}]))
    elif t == "JS":
        value = "console.log('hi');"
    else:
        value = ".banner { color: red; }"
    v = {"key": key, "type": t}
    if rng.random() < 0.95:
        v["value"] = value
    return v


def variations(rng):
    keys = ["off"] + rng.sample(VARIATION_KEYS, rng.randint(1, 3))
    if rng.random() < 0.1:
        keys.remove("off")
    out = []
    var_keys = rng.sample(["color", "limit", "cfg", "enabled", "script", "\u00fc"], rng.randint(0, 3))
    for key in keys:
        v = {"key": key}
        if rng.random() < 0.9:
            v["name"] = rng.choice([key.upper(), "", "Variation " + key, "\u00e9t\u00e9"])
        if var_keys and rng.random() < 0.9:
            v["variables"] = [variable(rng, k) for k in var_keys]
        out.append(v)
    return out


def rule(rng, ids, codes, flag_keys, segment_ids):
    rule_id, experiment_id = ids(), ids()
    kind = rng.choice(["EXPERIMENTATION", "TARGETED_DELIVERY"])
    r = rng.random()
    respool = None if r < 0.6 else rng.choice([0, 1700000000, 1712345678, -5, 42])
    rule_json = {"id": rule_id, "order": rng.randint(0, 5), "type": kind, "experimentId": experiment_id}
    rule_json["exposition"] = edge(rng, codes, rule_id, respool)
    if respool is not None or rng.random() < 0.3:
        rule_json["respoolTime"] = respool
    r = rng.random()
    if r < 0.35:
        segment = None
    elif r < 0.4:
        segment = rng.choice([0, 999])
    else:
        segment = rng.choice(segment_ids) if segment_ids else None
    if segment is not None or rng.random() < 0.5:
        rule_json["segmentId"] = segment
    pool = flag_keys + (["ghost"] if rng.random() < 0.08 else [])
    if kind == "TARGETED_DELIVERY":
        count = rng.choice([1, 1, 1, 1, 2, 0])
    else:
        count = rng.randint(1, min(3, len(pool)))
    keys = rng.sample(pool, min(count, len(pool)))
    by_exposition = []
    left = 1.0
    for i, key in enumerate(keys):
        if i == len(keys) - 1:
            exposition = left if rng.random() < 0.85 else rng.choice([0.0, left / 2])
        elif i == 0 and rng.random() < 0.4:
            exposition = min(edge(rng, codes, experiment_id, respool), left)
        else:
            exposition = rng.choice([0.0, left / 2, round(rng.uniform(0, left), 3)])
        left = max(left - exposition, 0.0)
        by_exposition.append({"variationKey": key, "variationId": ids(), "exposition": exposition})
    rule_json["variationByExposition"] = by_exposition
    return rule_json


class Names:
    """What conditions may refer to, filled as the document is built."""

    def __init__(self):
        self.custom_data = []   # indices
        self.flags = []         # (flag id, [rule ids], {variation key})
        self.experiments = []   # (experiment id, [variation ids])
        self.codes = []
        self.hints = []         # data items that make some condition's answer depend on its data


def custom_datum(rng, names):
    operator = rng.choice(OPERATORS)
    index = rng.choice(names.custom_data + [0, 1, 6]) if rng.random() < 0.95 else rng.choice(names.custom_data or [1])
    c = {"customDataIndex": str(index), "valueMatchType": operator}
    if operator in ("EXACT", "CONTAINS"):
        c["value"] = rng.choice(CD_VALUES)
    elif operator == "REGULAR_EXPRESSION":
        # Python's whole regex syntax (regexgen.py) as often as the fixed list.
        c["value"] = rng.choice(REGEXES) if rng.random() < 0.5 else regexgen.python_pattern(rng, REGEXES)
    elif operator in ("EQUAL", "GREATER", "LOWER"):
        c["value"] = rng.choice(CD_NUMBERS)
    elif operator == "AMONG_VALUES":
        if rng.random() < 0.1:
            c["value"] = rng.choice(["not json", "[", "{}"])
        else:
            items = rng.sample(["pro", "free", "7", 3, 3.0, 0.5, -2, True, False, "\u00fcber", "true", "",
                                2 ** 53 + 1, 2 ** 63 - 1, "9007199254740993", 9007199254740992.0], rng.randint(0, 4))
            c["value"] = json.dumps(items)
    elif operator in ("ANY", "UNKNOWN") and rng.random() < 0.5:
        c["value"] = rng.choice(CD_VALUES)
    return c


def scope(rng, c):
    if rng.random() < 0.5:
        c["visitScope"] = rng.choice(["CURRENT_VISIT", "VISITOR", "visitor"])
    if rng.random() < 0.4:
        c["visitCount"] = rng.choice([1, 2, 3, 5, 25])
    return c


def condition(rng, names, earlier_segments):
    """One condition of a random type; `earlier_segments` are the segments a SEGMENT condition may name."""
    t = rng.choice(CONDITION_TYPES)
    if t == "SEGMENT" and not earlier_segments:
        t = "CUSTOM_DATUM"
    c = {"targetingType": t}
    if t == "CUSTOM_DATUM":
        c.update(custom_datum(rng, names))
    elif t == "VISITOR_CODE":
        match = rng.choice(STRING_MATCH)
        code = rng.choice(names.codes)
        value = {"EXACT": code, "CONTAINS": code[:rng.randint(0, len(code))],
                 "REGULAR_EXPRESSION": rng.choice([code, "a.*", "[a-z]+", "(", ".*"])}[match]
        c.update(matchType=match, visitorCode=value)
    elif t == "DEVICE_TYPE":
        c["device"] = rng.choice(DEVICES + ["desktop", "Phone"])
    elif t == "BROWSER":
        c["browser"] = rng.choice(BROWSERS + ["IE"])
        if rng.random() < 0.6:
            c["version"] = rng.choice(["100", "99.5", "0", "1.x", "100.2.3", "101", "99"])
            c["versionMatchType"] = rng.choice(THREE_WAY)
    elif t == "OPERATING_SYSTEM":
        c["os"] = rng.choice(SYSTEMS)
    elif t == "GEOLOCATION":
        c["country"] = rng.choice(COUNTRIES)
        if rng.random() < 0.5:
            c["region"] = rng.choice(REGIONS)
        if rng.random() < 0.4:
            c["city"] = rng.choice(CITIES)
    elif t in ("PAGE_URL", "PREVIOUS_PAGE"):
        match = rng.choice(STRING_MATCH)
        url = rng.choice(URLS)
        c.update(matchType=match, url={"EXACT": url, "CONTAINS": rng.choice(["/cart", "shop", "/p/", "\u00fc"]),
                                       "REGULAR_EXPRESSION": rng.choice(["https://shop\\.example/[a-z]+", ".*/ca.*",
                                                                         url, "("])}[match])
    elif t == "PAGE_TITLE":
        match = rng.choice(STRING_MATCH)
        c.update(matchType=match, title=rng.choice(TITLES) if match != "REGULAR_EXPRESSION"
                 else rng.choice(["C.*", "[A-Z][a-z]+", "("]))
    elif t == "PAGE_VIEWS":
        c.update(matchType=rng.choice(THREE_WAY), pageCount=rng.randint(0, 4))
    elif t == "COOKIE":
        name_match, value_match = rng.choice(STRING_MATCH), rng.choice(STRING_MATCH)
        name = rng.choice(COOKIE_NAMES) if name_match != "REGULAR_EXPRESSION" else rng.choice(["id_[0-9]+", "a.", "("])
        value = rng.choice(COOKIE_VALUES) if value_match != "REGULAR_EXPRESSION" else rng.choice(["[a-f]+", "x[0-9]", ""])
        c.update(name=name, nameMatchType=name_match, value=value, valueMatchType=value_match)
    elif t == "CONVERSIONS":
        if rng.random() < 0.8:
            c["goalId"] = rng.choice(GOALS)
        scope(rng, c)
    elif t == "APPLICATION_VERSION":
        c.update(version=rng.choice(VERSIONS), versionMatchType=rng.choice(THREE_WAY))
    elif t == "SDK_LANGUAGE":
        c["sdkLanguage"] = rng.choice(["BURGEE", "BURGEE", "PYTHON", "GO", "burgee"])
        if rng.random() < 0.6:
            c.update(version=rng.choice(["0.1.0", "0.1", "0", "1", "0.0.9", "0.2", "1.x", "999"]),
                     versionMatchType=rng.choice(THREE_WAY))
    elif t == "SEGMENT":
        c["segmentId"] = rng.choice(earlier_segments + [999])
    elif t == "TARGET_FEATURE_FLAG":
        flag_id, rule_ids, keys = rng.choice(names.flags) if names.flags else (999, [], set())
        if rng.random() < 0.05:
            flag_id = 999
        c["featureFlagId"] = flag_id
        if rng.random() < 0.4:
            c["variationKey"] = rng.choice(sorted(keys) + ["off", "zz"])
        if rng.random() < 0.3:
            c["ruleId"] = rng.choice(rule_ids + [0])
        scope(rng, c)
    elif t == "TARGET_EXPERIMENT":
        experiment_id, variation_ids = rng.choice(names.experiments) if names.experiments else (999, [])
        c["experimentId"] = experiment_id
        c["variationMatchType"] = rng.choice(["ANY", "EXACT"])
        if c["variationMatchType"] == "EXACT" or rng.random() < 0.3:
            c["variationId"] = rng.choice(variation_ids + [1])
        scope(rng, c)
    elif t == "EXCLUSIVE_EXPERIMENT":
        c["campaignType"] = rng.choice(["EXPERIMENT", "PERSONALIZATION", "ANY"])
        scope(rng, c)
    elif t == "TARGET_PERSONALIZATION":
        c["personalizationId"] = rng.choice([42, 43])
        scope(rng, c)
    elif t in ("VISITS", "SAME_DAY_VISITS"):
        c.update(matchType=rng.choice(THREE_WAY), visitCount=rng.randint(0, 4))
    elif t == "NEW_VISITORS":
        c["visitorType"] = rng.choice(["NEW", "RETURNING", "new"])
    elif t in ("FIRST_VISIT", "LAST_VISIT"):
        c.update(matchType=rng.choice(THREE_WAY),
                 countInMillis=rng.choice([1, HOUR, 12 * HOUR, DAY, 2 * DAY, 2 * DAY + 1, 3 * DAY]))
    elif t == "HEAT_SLICE":
        c.update(keyMomentId=rng.choice([5, 6]), goalId=rng.choice([11, 12]), lowerBound=rng.choice([0, 10, 20.5]),
                 upperBound=rng.choice([20, 39.5, 40, 100]))
    names.hints.extend(hints(c))
    r = rng.random()
    if r < 0.25:
        c["isInclude"] = False
    elif r < 0.85:
        c["isInclude"] = True
    return c


def hints(c):
    """Data items that a condition reads, made from its own data: with them in the requests, conditions
    are true as often as false."""
    t = c["targetingType"]
    if t == "CUSTOM_DATUM":
        index = int(c["customDataIndex"])
        value = c.get("value")
        values = [value] if isinstance(value, str) else []
        if c["valueMatchType"] == "AMONG_VALUES" and isinstance(value, str) and value.startswith("[") and value != "[":
            values = [str(v).lower() if isinstance(v, bool) else str(v) for v in json.loads(value)]
        elif c["valueMatchType"] in ("TRUE", "FALSE"):
            values = [c["valueMatchType"].lower(), "True"]
        elif c["valueMatchType"] == "CONTAINS" and isinstance(value, str):
            values = ["x" + value + "y"]
        elif c["valueMatchType"] == "REGULAR_EXPRESSION":
            values = regexgen.TEXTS[:: 7] + [value or ""]
        elif c["valueMatchType"] in ("EQUAL", "GREATER", "LOWER") and value not in (None, "abc"):
            number = float(value)
            values = [repr(number), repr(number + 1), repr(number - 1), str(int(number))]
        return [{"type": "customData", "index": index, "values": [v, "pro"][:1 + (i % 2)]}
                for i, v in enumerate(values)] + [{"type": "customData", "index": index, "values": ["zz"] + values}]
    if t == "COOKIE":
        return [{"type": "cookie", "cookies": {c["name"]: c["value"], "other": "A"}},
                {"type": "cookie", "cookies": {c["name"]: "x" + c["value"]}}]
    if t in ("PAGE_URL", "PREVIOUS_PAGE"):
        return [{"type": "pageView", "url": c["url"], "title": "T"}, {"type": "pageView", "url": c["url"] + "/x"}]
    if t == "PAGE_TITLE":
        return [{"type": "pageView", "url": URLS[0], "title": c["title"]}]
    if t == "GEOLOCATION":
        item = {"type": "geolocation", "country": c["country"].swapcase()}
        for key in ("region", "city"):
            if key in c:
                item[key] = c[key].upper()
        return [item, dict(item, country=c["country"])]
    if t == "DEVICE_TYPE":
        return [{"type": "device", "device": c["device"].upper()}]
    if t == "BROWSER":
        browser = "INTERNET_EXPLORER" if c["browser"] == "IE" else c["browser"]
        version = c.get("version", "1")
        numbers = version.split(".")[:2]
        base = float(".".join(numbers)) if all(n.isdigit() for n in numbers) else 1.0
        return [{"type": "browser", "browser": browser, "version": v} for v in (base, base + 0.5, base - 1)]
    if t == "OPERATING_SYSTEM":
        return [{"type": "operatingSystem", "os": c["os"]}]
    if t == "APPLICATION_VERSION":
        return [{"type": "applicationVersion", "version": v} for v in (c["version"], c["version"] + ".1", "1.2.4")]
    if t == "CONVERSIONS" and "goalId" in c:
        return [{"type": "conversion", "goalId": c["goalId"]}]
    return []


def conditions_data(rng, names, earlier_segments):
    r = rng.random()
    if r < 0.03:
        return None
    if r < 0.06:
        return {"firstLevelOrOperators": [], "firstLevel": []}
    groups = []
    for _ in range(rng.choice([1, 1, 1, 2, 2, 3])):
        conditions = [condition(rng, names, earlier_segments) for _ in range(rng.choice([1, 1, 2, 2, 3, 4]))]
        groups.append({"orOperators": [rng.random() < 0.5 for _ in conditions[1:]], "conditions": conditions})
    first_ors = [rng.random() < 0.5 for _ in groups[1:]]
    if first_ors and rng.random() < 0.1:
        first_ors = first_ors[:-1]  # a short first-level list lets the right-hand side decide
    return {"firstLevelOrOperators": first_ors, "firstLevel": groups}


def flag(rng, ids, codes, names, index, custom_data, segment_ids, me_groups):
    vs = variations(rng)
    keys = [v["key"] for v in vs]
    rules = [rule(rng, ids, codes, keys, segment_ids) for _ in range(rng.choice([0, 1, 1, 2, 2, 3, 4]))]
    f = {"id": ids(), "featureKey": "ff_%d" % index}
    r = rng.random()
    f["defaultVariationKey"] = "off" if r < 0.6 else rng.choice(keys) if r < 0.92 else "missing"
    r = rng.random()
    if r < 0.9:
        f["environmentEnabled"] = True
    elif r < 0.98:
        f["environmentEnabled"] = False
    if me_groups and rng.random() < 0.3:
        f["mutuallyExclusiveGroup"] = rng.choice(me_groups)
    elif rng.random() < 0.2:
        f["mutuallyExclusiveGroup"] = None
    if custom_data and rng.random() < 0.2:
        f["bucketingCustomDataId"] = rng.choice(custom_data)["id"]
    elif rng.random() < 0.1:
        f["bucketingCustomDataId"] = None
    f["variations"] = vs
    f["rules"] = rules
    names.flags.append((f["id"], [r["id"] for r in rules], set(keys)))
    for r in rules:
        names.experiments.append((r["experimentId"], [v["variationId"] for v in r["variationByExposition"]]))
    return f


def generate_document(rng, codes):
    """A configuration document, and data items its conditions read (for the requests)."""
    ids = Ids(rng)
    names = Names()
    names.codes = codes
    document = {}
    configuration = {"realTimeUpdate": False}
    r = rng.random()
    if r < 0.5:
        configuration["consentType"] = "REQUIRED"
    elif r < 0.8:
        configuration["consentType"] = rng.choice(["NOT_REQUIRED", "OPTIONAL"])
    r = rng.random()
    if r < 0.45:
        configuration["consentOptOutBehavior"] = "PARTIALLY_BLOCK"
    elif r < 0.9:
        configuration["consentOptOutBehavior"] = "FULLY_BLOCK"
    elif r < 0.95:
        configuration["consentOptOutBehavior"] = "SOMETHING_ELSE"
    configuration["dataApiDomain"] = None
    document["configuration"] = configuration
    custom_data = []
    mapping = False
    for index in sorted(rng.sample(range(6), rng.randint(0, 6))):
        cd = {"id": ids(), "index": index, "name": CD_NAMES[index], "localOnly": rng.random() < 0.3,
              "scope": rng.choice(["VISITOR", "PAGE", "VISIT"])}
        if not mapping and index == 3 and rng.random() < 0.5:
            cd["isMappingIdentifier"] = True
            mapping = True
        custom_data.append(cd)
    names.custom_data = [cd["index"] for cd in custom_data]
    document["customData"] = custom_data
    # Segment ids come first (rules name them), then the flags and the holdout, then the segments,
    # whose conditions name the flags, rules and experiments.
    segment_ids = [ids() for _ in range(rng.randint(0, 5))]
    me_groups = rng.sample(["checkout", "banner", ""], rng.randint(0, 2))
    flags = [flag(rng, ids, codes, names, i, custom_data, segment_ids, me_groups) for i in range(rng.randint(3, 8))]
    if rng.random() < 0.3:
        holdout_id = ids()
        inside = edge(rng, codes, holdout_id)
        by_exposition = [{"variationKey": "in-holdout", "variationId": ids(), "exposition": inside}]
        if rng.random() < 0.9:
            by_exposition.append({"variationKey": "off", "variationId": ids(),
                                  "exposition": 1.0 - inside if rng.random() < 0.85 else 0.0})
        document["holdout"] = {"experimentId": holdout_id, "variationByExposition": by_exposition}
        names.experiments.append((holdout_id, [v["variationId"] for v in by_exposition]))
    segments = []
    for i, segment_id in enumerate(segment_ids):
        # A segment names only earlier segments: no cycles.
        segments.append({"id": segment_id, "name": "segment %d" % i,
                         "conditionsData": conditions_data(rng, names, segment_ids[:i]),
                         "audienceTracking": rng.random() < 0.2})
    document["segments"] = segments
    document["featureFlags"] = flags
    # The clock (see burgee_args) is chosen by dateModified.
    document["dateModified"] = 1767225600000 + rng.randint(0, 10 ** 6)
    return document, names.hints


# Data API answers


def remote_visit(rng, start, end, names, experiments):
    v = {}
    if rng.random() < 0.4:
        v["visitorCode"] = rng.choice(["crm-42", "crm-7", "alice"])
    v["timeStarted"] = start
    v["timeLastEvent"] = end

    def times(n):
        return sorted(rng.randint(start, end) for _ in range(n))

    if rng.random() < 0.5:
        v["customDataEvents"] = [
            {"time": t, "data": {"index": rng.choice(names.custom_data + [1]),
                                 "valuesCountMap": {value: rng.randint(1, 3)
                                                    for value in sorted(rng.sample(CD_VALUES, rng.randint(1, 3)))}}}
            for t in times(rng.randint(1, 3))]
    if rng.random() < 0.4:
        v["pageEvents"] = [{"time": t, "data": {"href": rng.choice(URLS), "title": rng.choice(TITLES)}}
                           for t in times(rng.randint(1, 3))]
    if experiments and rng.random() < 0.4:
        events = []
        for t in times(rng.randint(1, 2)):
            experiment_id, variation_ids = rng.choice(experiments)
            events.append({"time": t, "data": {"id": experiment_id, "variationId": rng.choice(variation_ids + [1])}})
        v["experimentEvents"] = events
    if rng.random() < 0.3:
        v["conversionEvents"] = [{"time": t, "data": {"goalId": rng.choice(GOALS), "revenue": rng.choice([0, 9.99]),
                                                      "negative": rng.random() < 0.2}}
                                 for t in times(rng.randint(1, 2))]
    if rng.random() < 0.3:
        v["geolocationEvents"] = [{"data": {"country": rng.choice(COUNTRIES), "region": rng.choice(REGIONS),
                                            "city": rng.choice(CITIES)}} for _ in range(rng.randint(1, 2))]
    if rng.random() < 0.3:
        v["staticDataEvent"] = {"data": {"visitNumber": rng.randint(1, 9), "deviceType": rng.choice(DEVICES),
                                         "browser": rng.choice(BROWSERS), "browserVersion": rng.choice([100, 99.5, 0]),
                                         "os": rng.choice(SYSTEMS)}}
    if rng.random() < 0.35:
        v["personalizationEvents"] = [{"time": t, "data": {"id": rng.choice([42, 43]), "variationId": 1}}
                                      for t in times(1)]
    return v


def remote(rng, names, experiments, now):
    body = {}
    if rng.random() < 0.5:
        body["currentVisit"] = remote_visit(rng, now - rng.randint(1, 10) * 60000, now - 1000, names, experiments)
    previous = []
    end = now - rng.choice([HOUR, 3 * HOUR, 13 * HOUR, DAY + HOUR])
    for _ in range(rng.choice([0, 1, 1, 2, 3])):
        start = end - rng.randint(1, 30) * 60000
        previous.append(remote_visit(rng, start, end, names, experiments))
        end = start - rng.choice([HOUR, 5 * HOUR, DAY, 2 * DAY])
    body["previousVisits"] = previous
    if rng.random() < 0.3:
        body["kcs"] = {str(moment): {str(g): rng.choice([10, 15.5, 20, 20.5, 39.5, 40, 0, 100])
                                     for g in rng.sample([11, 12], rng.randint(1, 2))}
                       for moment in rng.sample([5, 6], rng.randint(1, 2))}
    if experiments and rng.random() < 0.3:
        experiment_id, variation_ids = rng.choice(experiments)
        body["cbs"] = {str(experiment_id): {str(v): rng.choice([1, 2, 2, 9]) for v in variation_ids + [9999]
                                            if rng.random() < 0.8}}
    data_filter = {}
    for key in ["previousVisitAmount", "currentVisit", "customData", "pageViews", "geolocation", "device", "browser",
                "operatingSystem", "conversions", "experiments", "kcs", "visitorCode", "cbs", "personalization"]:
        if rng.random() < 0.3:
            data_filter[key] = rng.randint(1, 5) if key == "previousVisitAmount" else rng.random() < 0.6
    return {"filter": data_filter, "body": body}


# Data items


def data_item(rng, names):
    t = rng.choice(["customData"] * 5 + ["device", "browser", "operatingSystem", "geolocation", "pageView",
                                         "pageView", "cookie", "conversion", "applicationVersion", "userAgent"])
    if t == "customData":
        values = rng.sample(CD_VALUES, rng.choice([1, 1, 1, 2, 3, 0]))
        if rng.random() < 0.2:
            return {"type": t, "name": rng.choice(CD_NAMES + ["nope"]), "values": values}
        return {"type": t, "index": rng.choice(names.custom_data + [0, 1, 6]), "values": values}
    if t == "device":
        return {"type": t, "device": rng.choice(DEVICES)}
    if t == "browser":
        item = {"type": t, "browser": rng.choice(BROWSERS)}
        if rng.random() < 0.7:
            item["version"] = rng.choice([100, 100.0, 99.5, 0, 101.25, 1])
        return item
    if t == "operatingSystem":
        return {"type": t, "os": rng.choice(SYSTEMS)}
    if t == "geolocation":
        item = {"type": t, "country": rng.choice(COUNTRIES)}
        for key, pool in (("region", REGIONS), ("city", CITIES), ("postalCode", ["75001", "91000"]),
                          ("latitude", [48.85, 0.0]), ("longitude", [2.35, -1.5])):
            if rng.random() < 0.5:
                item[key] = rng.choice(pool)
        return item
    if t == "pageView":
        item = {"type": t, "url": rng.choice(URLS)}
        if rng.random() < 0.7:
            item["title"] = rng.choice(TITLES)
        return item
    if t == "cookie":
        return {"type": t, "cookies": {name: rng.choice(COOKIE_VALUES)
                                       for name in rng.sample(COOKIE_NAMES, rng.randint(0, 3))}}
    if t == "conversion":
        item = {"type": t, "goalId": rng.choice(GOALS)}
        if rng.random() < 0.5:
            item["revenue"] = rng.choice([0.0, 9.99, 100])
        if rng.random() < 0.3:
            item["negative"] = rng.random() < 0.5
        return item
    if t == "applicationVersion":
        return {"type": t, "version": rng.choice(VERSIONS)}
    return {"type": t, "value": rng.choice(["Mozilla/5.0", "curl/8.0", ""])}


def request_code(rng, codes):
    if rng.random() < 0.04:
        return rng.choice(INVALID_CODES)
    return rng.choice(codes)


def generate(rng, n):
    # A few visitors per document, so that expositions can sit exactly on their hashes.
    codes = rng.sample(CODES, 4) + ["vc-%d" % rng.randint(0, 10 ** 9) for _ in range(3)]
    document, hint_items = generate_document(rng, codes)
    now = NOWS[document["dateModified"] % len(NOWS)]
    names = Names()
    names.custom_data = [cd["index"] for cd in document["customData"]]
    names.hints = hint_items
    experiments = [(r["experimentId"], [v["variationId"] for v in r["variationByExposition"]])
                   for f in document["featureFlags"] for r in f["rules"]]
    if "holdout" in document:
        holdout = document["holdout"]
        experiments.append((holdout["experimentId"], [v["variationId"] for v in holdout["variationByExposition"]]))
    keys = [f["featureKey"] for f in document["featureFlags"]]
    requests = []
    for _ in range(n):
        r = rng.random()
        flag_key = rng.choice(keys) if r < 0.95 else rng.choice(["ff_nope", "FF_0", ""])
        context = {"visitorCode": request_code(rng, codes)}
        if rng.random() < 0.3:
            context["consent"] = rng.random() < 0.4
        if rng.random() < 0.35:
            context["remote"] = remote(rng, names, experiments, now)
        if rng.random() < 0.75:
            context["data"] = [rng.choice(names.hints) if names.hints and rng.random() < 0.6 else data_item(rng, names)
                               for _ in range(rng.choice([1, 1, 2, 3, 4, 6, 8]))]
        if rng.random() < 0.3:
            context["prior"] = [rng.choice(keys) if rng.random() < 0.92 else "ff_nope"
                                for _ in range(rng.randint(1, 3))]
        requests.append({"flag": flag_key, "context": context})
    return document, requests


def burgee_args(document):
    return ["--now", str(NOWS[document["dateModified"] % len(NOWS)])]


# ---------------------------------------------------------------------------------------------
# The oracle

_REPLAY = None


def burgee_version():
    """Burgee's version (`SDKVersion.version` in Sources/), which SDK_LANGUAGE conditions compare with."""
    for path in glob.glob(os.path.join(ROOT, "Sources", "**", "SDKVersion.swift"), recursive=True):
        with open(path, encoding="utf-8") as f:
            found = re.search(r'static let version = "([^"]+)"', f.read())
        if found:
            return found.group(1)
    sys.exit("difftest: Burgee's version not found (SDKVersion.swift)")


def replay():
    """The SDK's offline client (spec-fixtures/kameleoon/sdk_replay.py), made once, reporting Burgee's
    name and version."""
    global _REPLAY
    if _REPLAY is None:
        import sdk_replay
        sdk_replay.SDK_VERSION = burgee_version()
        _REPLAY = sdk_replay.Replay()
    return _REPLAY


def oracle(document, requests):
    sdk = replay()
    try:
        sdk.load(document)
    except Exception as error:  # pylint: disable=broad-except
        return [{"refused": repr(error)} for _ in requests]
    now = NOWS[document["dateModified"] % len(NOWS)]
    answers = []
    for request in requests:
        try:
            answers.append(sdk.evaluate(request["flag"], request["context"], now))
        except Exception as error:  # pylint: disable=broad-except
            answers.append({"raised": repr(error)})
    return answers


def compare(request, burgee, answer):
    if "refused" in answer:
        return "the SDK refuses the document: %s" % answer["refused"]
    if "raised" in answer:
        return "the SDK raised: %s" % answer["raised"]
    differences = []
    for key in ("value", "variation"):
        if burgee.get(key) != answer[key]:
            differences.append("%s %s vs %s" % (key, json.dumps(burgee.get(key), ensure_ascii=False),
                                                json.dumps(answer[key], ensure_ascii=False)))
    reason = burgee.get("reason") or {}
    expected = answer["reason"]
    if reason.get("kind") != expected["kind"] or reason.get("errorKind") != expected.get("errorKind"):
        differences.append("reason %s/%s vs %s/%s" % (reason.get("kind"), reason.get("errorKind"), expected["kind"],
                                                      expected.get("errorKind")))
    got = burgee.get("kameleoon")
    if got != answer["kameleoon"]:
        if isinstance(got, dict):
            members = sorted(k for k in set(got) | set(answer["kameleoon"])
                             if got.get(k, "<absent>") != answer["kameleoon"].get(k, "<absent>"))
            differences.append("kameleoon " + ", ".join(
                "%s %s vs %s" % (k, json.dumps(got.get(k, "<absent>"), ensure_ascii=False),
                                 json.dumps(answer["kameleoon"].get(k, "<absent>"), ensure_ascii=False))
                for k in members))
        else:
            differences.append("kameleoon %s vs %s" % (json.dumps(got), json.dumps(answer["kameleoon"])))
    return "; ".join(differences) or None


# ---------------------------------------------------------------------------------------------
# Reduction


def _segment_refs(conditions, kinds):
    """The ids the conditions of a conditionsData refer to, by targeting type."""
    out = {kind: set() for kind in kinds}
    for group in (conditions or {}).get("firstLevel") or []:
        for c in group.get("conditions") or []:
            t = c.get("targetingType")
            if t == "SEGMENT":
                out[t].add(c.get("segmentId"))
            elif t == "TARGET_FEATURE_FLAG":
                out[t].add(c.get("featureFlagId"))
            elif t == "TARGET_EXPERIMENT":
                out[t].add(c.get("experimentId"))
    return out


def classes(document, requests):
    return inputclasses.total(reduce, document, requests, numeric_texts=True,
                              left_out=["unicode-regexes", "backtracking"])


def reduce(document, flag):
    """The document cut down to `flag`, the flags of its mutually exclusive group, the flags and
    experiments its targeting refers to, and the segments they use. Flags a request evaluates first
    (`prior`) are kept only when targeting refers to them."""
    flags = document.get("featureFlags") or []
    by_key = {f.get("featureKey"): f for f in flags}
    by_id = {f.get("id"): f for f in flags}
    by_experiment = {r.get("experimentId"): f for f in flags for r in f.get("rules") or []}
    segments = {s.get("id"): s for s in document.get("segments") or []}
    kept_flags, kept_segments = set(), set()
    todo = [("flag", by_key[flag])] if flag in by_key else []
    while todo:
        kind, item = todo.pop()
        if kind == "flag":
            if item["featureKey"] in kept_flags:
                continue
            kept_flags.add(item["featureKey"])
            group = item.get("mutuallyExclusiveGroup")
            if group is not None:
                todo += [("flag", f) for f in flags if f.get("mutuallyExclusiveGroup") == group]
            todo += [("segment", segments[r.get("segmentId")]) for r in item.get("rules") or []
                     if r.get("segmentId") in segments]
        else:
            if item["id"] in kept_segments:
                continue
            kept_segments.add(item["id"])
            refs = _segment_refs(item.get("conditionsData"), ["SEGMENT", "TARGET_FEATURE_FLAG", "TARGET_EXPERIMENT"])
            todo += [("segment", segments[i]) for i in refs["SEGMENT"] if i in segments]
            todo += [("flag", by_id[i]) for i in refs["TARGET_FEATURE_FLAG"] if i in by_id]
            todo += [("flag", by_experiment[i]) for i in refs["TARGET_EXPERIMENT"] if i in by_experiment]
    reduced = copy.deepcopy(document)
    reduced["featureFlags"] = [f for f in flags if f.get("featureKey") in kept_flags]
    reduced["segments"] = [s for s in document.get("segments") or [] if s.get("id") in kept_segments]
    return reduced
