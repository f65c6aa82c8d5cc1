#!/usr/bin/env python3
"""Writes the Kameleoon case files of spec-fixtures/kameleoon/ (see README.md there).

The cases are written here by hand from the evaluation semantics of Kameleoon's Python SDK
(`kameleoon-client-python` 3.22.2); every hash is computed here, independently of any SDK, with
`hashlib`'s SHA-256. Bucketing cases give the hashed string and the hash in their `description`;
exposition edges are set to a visitor's hash exactly (in) or to the double just below it (out).

    python3 generate.py            # rewrites the *.json case files next to this script
    python3 generate.py --check    # exits 1 if any case file differs from what it would write
    python3 generate.py --verify   # evaluates every case with Kameleoon's Python SDK and exits 1
                                   # on any difference in the expected result

`--check` and writing need only the Python standard library; `--verify` replays the cases through the
SDK with sdk_replay.py (shared with the differential test), which imports it.
"""

import hashlib
import json
import math
import os
import sys
from datetime import datetime, timezone

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import casefiles  # noqa: E402 - spec-fixtures/casefiles.py, shared by the generators

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_NOW = "2026-03-01T12:00:00Z"

# ---------------------------------------------------------------------------------------------
# Hashing


def hashed_string(code, container, respool=None):
    """code + decimal(container) + decimal(respool) when respool is non-zero."""
    return code + str(container) + (str(respool) if respool else "")


def kameleoon_hash(code, container, respool=None):
    """SHA-256 of the UTF-8 bytes, read as a 256-bit big-endian integer, over 2^256, correctly
    rounded to a double (Python's int / int is)."""
    digest = hashlib.sha256(hashed_string(code, container, respool).encode("utf-8")).digest()
    return int.from_bytes(digest, "big") / (1 << 256)


def me_hash(code, group):
    digest = hashlib.sha256((code + group).encode("utf-8")).digest()
    return int.from_bytes(digest, "big") / (1 << 256)


VECTORS = [
    ("visitor-1", 1001, None, 0.9502115959913093),
    ("visitor-1", 1001, 1700000000, 0.14976717880722562),
    ("abc", 0, None, 0.33856176394594106),
    ("\u00fcber", 42, None, 0.5401252833201614),
    ("\u65e5\u672c", 123456, 5, 0.7169718866278365),
    ("7b1c9f2e3d4a5b6c", 98765, None, 0.2782259771331532),
    ("user@example.com", 31337, 1712345678, 0.7719612690154717),
    ("v", 7, 0, 0.13536111600764153),
    ("vc-549193430", 903699, None, 0.0005106861215121928),
]
for _code, _container, _respool, _h in VECTORS:
    assert kameleoon_hash(_code, _container, _respool) == _h, (_code, _container)
assert me_hash("visitor-1", "checkout-group") == 0.32216110017603994


def note(code, container, respool=None, what="hash"):
    return "%s of %s = %r" % (what, json.dumps(hashed_string(code, container, respool), ensure_ascii=False),
                              kameleoon_hash(code, container, respool))


def below(x):
    """The double just below x."""
    return math.nextafter(x, 0.0)


def find_code(prefix, test):
    """The first prefix + n (n = 0, 1, ...) for which test(code) holds."""
    n = 0
    while True:
        code = "%s%d" % (prefix, n)
        if test(code):
            return code
        n += 1


def parse_now(text):
    return int(datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc).timestamp() * 1000)


NOW_MS = parse_now(DEFAULT_NOW)
DAY = 86400000
HOUR = 3600000

# ---------------------------------------------------------------------------------------------
# Documents


def variation(key, name=None, variables=()):
    return {"key": key, "name": name if name is not None else key.capitalize(), "variables": list(variables)}


def variable(key, type_, value):
    return {"key": key, "type": type_, "value": value}


OFF = variation("off", "Off")
ON = variation("on", "On")


def condition(targeting_type, include=True, **fields):
    c = {"targetingType": targeting_type}
    if include is not None:
        c["isInclude"] = include
    c.update(fields)
    return c


def group(conditions, ors=None):
    """A first-level group; ors: one bool per gap (True = OR), default all AND."""
    if ors is None:
        ors = [False] * (len(conditions) - 1)
    return {"orOperators": list(ors), "conditions": list(conditions)}


def tree(*groups, first_ors=None):
    if first_ors is None:
        first_ors = [False] * (len(groups) - 1)
    return {"firstLevelOrOperators": list(first_ors), "firstLevel": list(groups)}


class File:
    def __init__(self, name, description, now=None, consent=None):
        self.name = name
        self.description = description
        self.now = now
        self.settings = {"realTimeUpdate": False, "consentType": "NOT_REQUIRED",
                         "consentOptOutBehavior": "PARTIALLY_BLOCK",
                         "dataApiDomain": None}
        if consent is not None:
            self.settings.update(consent)
        self.custom_data = []
        self.segments = []
        self.flags = []
        self.holdout = None
        self.raw = None  # a complete document instead of the one built here
        self.problems = None
        self.cases = []
        self.next_id = {"flag": 1, "segment": 1, "rule": 1000, "experiment": 5000, "variation": 9000}

    def new_id(self, kind):
        value = self.next_id[kind]
        self.next_id[kind] += 1
        return value

    # --- building

    def add_custom_data(self, index, name, **extra):
        cd = {"id": 700 + index, "index": index, "name": name, "localOnly": False, "scope": "VISITOR",
              "isMappingIdentifier": False}
        cd.update(extra)
        self.custom_data.append(cd)
        return cd

    def segment(self, conditions_data, seg_id=None):
        seg_id = seg_id if seg_id is not None else self.new_id("segment")
        self.segments.append({"id": seg_id, "name": "segment %d" % seg_id, "conditionsData": conditions_data,
                              "audienceTracking": False})
        return seg_id

    def rule(self, type_, exposition, variations, segment=None, respool=None, rule_id=None, experiment_id=None,
             order=None, omit=()):
        """variations: [(key, exposition)] or [(key, exposition, variationId)]."""
        rule_id = rule_id if rule_id is not None else self.new_id("rule")
        experiment_id = experiment_id if experiment_id is not None else self.new_id("experiment")
        vbe = []
        for v in variations:
            key, expo = v[0], v[1]
            vid = v[2] if len(v) > 2 else self.new_id("variation")
            entry = {"variationKey": key, "variationId": vid, "exposition": expo}
            if vid is None:
                del entry["variationId"]
            vbe.append(entry)
        r = {"id": rule_id, "order": order if order is not None else 0, "type": type_, "exposition": exposition,
             "experimentId": experiment_id, "respoolTime": respool, "segmentId": segment,
             "variationByExposition": vbe}
        for member in omit:
            del r[member]
        return r

    def td(self, exposition=1.0, key="on", **kw):
        return self.rule("TARGETED_DELIVERY", exposition, [(key, 1.0)], **kw)

    def exp(self, exposition, variations, **kw):
        return self.rule("EXPERIMENTATION", exposition, variations, **kw)

    def flag(self, key, rules, default="off", variations=(OFF, ON), enabled=True, me_group=None,
             bucketing=None, flag_id=None):
        f = {"id": flag_id if flag_id is not None else self.new_id("flag"), "featureKey": key,
             "defaultVariationKey": default, "environmentEnabled": enabled, "mutuallyExclusiveGroup": me_group,
             "bucketingCustomDataId": bucketing, "variations": list(variations), "rules": list(rules)}
        for i, r in enumerate(f["rules"]):
            if r.get("order") == 0:
                r["order"] = i + 1
        self.flags.append(f)
        return f

    def condition_flag(self, key, conditions_data, **kw):
        """A flag serving `on` by one targeted-delivery rule (exposition 1) on a segment."""
        seg = self.segment(conditions_data)
        return self.flag(key, [self.td(segment=seg)], **kw)

    def definitions(self):
        if self.raw is not None:
            return self.raw
        self.check_ids()
        d = {"configuration": self.settings, "customData": self.custom_data, "segments": self.segments,
             "featureFlags": self.flags}
        if self.holdout is not None:
            d["holdout"] = self.holdout
        d["dateModified"] = 1767225600000
        return d

    def check_ids(self):
        """Flag ids and keys, rule ids, experiment ids and variation ids are unique, as Kameleoon's are."""
        rules = [r for f in self.flags for r in f["rules"]]
        experiments = [r["experimentId"] for r in rules] + ([self.holdout["experimentId"]] if self.holdout else [])
        variations = [v.get("variationId") for r in rules for v in r["variationByExposition"]]
        variations += [v["variationId"] for v in (self.holdout or {}).get("variationByExposition", [])]
        for what, ids in [("flag id", [f["id"] for f in self.flags]),
                          ("flag key", [f["featureKey"] for f in self.flags]),
                          ("rule id", [r.get("id") for r in rules]), ("experiment id", experiments),
                          ("variation id", [v for v in variations if v is not None]),
                          ("segment id", [g["id"] for g in self.segments])]:
            ids = [i for i in ids if i is not None]
            assert len(ids) == len(set(ids)), (self.name, what, sorted(i for i in ids if ids.count(i) > 1))

    # --- cases

    def find_flag(self, key):
        for f in self.flags:
            if f["featureKey"] == key:
                return f
        return None

    def case(self, name, flag_key, context, expect, description=None):
        assert all(c["name"] != name for c in self.cases), (self.name, name)
        c = {"name": name}
        if description:
            c["description"] = description
        c.update({"flag": flag_key, "context": context, "expect": expect})
        self.cases.append(c)

    def served(self, name, flag_key, context, rule_id, key, description=None):
        """A rule of the flag served the variation `key`."""
        f = self.find_flag(flag_key)
        rule = next(r for r in f["rules"] if r["id"] == rule_id)
        vbe = next(v for v in rule["variationByExposition"] if v["variationKey"] == key)
        self.case(name, flag_key, context, result(f, key, vbe.get("variationId"), rule), description)

    def default(self, name, flag_key, context, description=None):
        f = self.find_flag(flag_key)
        self.case(name, flag_key, context, result(f, f["defaultVariationKey"], None, None), description)

    def matched(self, name, flag_key, context, yes, description=None):
        """A condition flag: `on` by its rule, else the default."""
        if yes:
            self.served(name, flag_key, context, self.find_flag(flag_key)["rules"][0]["id"], "on", description)
        else:
            self.default(name, flag_key, context, description)

    def disabled(self, name, flag_key, context, blocked_by=None, description=None):
        self.case(name, flag_key, context, failure("OFF", None, "FeatureEnvironmentDisabled", False, blocked_by),
                  description)

    def not_found(self, name, flag_key, context, description=None):
        assert self.find_flag(flag_key) is None
        self.case(name, flag_key, context, failure("ERROR", "FLAG_NOT_FOUND", "FeatureNotFound", None), description)

    def invalid(self, name, flag_key, context, description=None):
        self.case(name, flag_key, context, failure("ERROR", "INVALID_CONTEXT", "VisitorCodeInvalid", None),
                  description)

    def document(self):
        d = {"name": self.name, "description": self.description}
        if self.now is not None:
            d["now"] = self.now
        d["definitions"] = self.definitions()
        if self.problems is not None:
            d["documentError"] = True
            d["problems"] = self.problems
        d["cases"] = self.cases
        return d


def variables_of(v):
    out = {}
    for var in v.get("variables", []):
        value = var.get("value", False)
        if var["type"] == "JSON":
            value = json.loads(value) if isinstance(value, str) else None
        elif var["type"] not in ("BOOLEAN", "NUMBER", "STRING", "JS", "CSS"):
            value = None
        out[var["key"]] = {"type": var["type"], "value": value}
    return out


def result(f, key, variation_id, rule):
    """The expected result when the flag answers the variation `key` (by `rule`, or by default)."""
    v = next((v for v in f["variations"] if v["key"] == key), None)
    shown = v["key"] if v is not None else ""
    kameleoon = {"variationKey": shown, "variationName": v.get("name", "") if v is not None else "",
                 "variationId": variation_id if rule is not None else None,
                 "experimentId": rule["experimentId"] if rule is not None else None,
                 "ruleId": rule["id"] if rule is not None else None,
                 "ruleType": rule["type"] if rule is not None else None,
                 "variables": variables_of(v) if v is not None else {},
                 "active": key != "off", "error": None, "blockedBy": None}
    return {"value": shown, "variation": shown,
            "reason": {"kind": "RULE_MATCH" if rule is not None else "FALLTHROUGH"}, "kameleoon": kameleoon}


def failure(kind, error_kind, error, active, blocked_by=None):
    reason = {"kind": kind}
    if error_kind is not None:
        reason["errorKind"] = error_kind
    kameleoon = {"variationKey": None, "variationName": None, "variationId": None, "experimentId": None,
                 "ruleId": None, "ruleType": None, "variables": None, "active": active, "error": error,
                 "blockedBy": blocked_by}
    return {"value": None, "variation": None, "reason": reason, "kameleoon": kameleoon}


# ---------------------------------------------------------------------------------------------
# Requests


def ctx(code="v-1", consent=None, remote=None, data=None, prior=None):
    c = {"visitorCode": code}
    if consent is not None:
        c["consent"] = consent
    if remote is not None:
        c["remote"] = remote
    if data is not None:
        c["data"] = list(data)
    if prior is not None:
        c["prior"] = list(prior)
    return c


def cd(index, *values):
    return {"type": "customData", "index": index, "values": list(values)}


def cd_named(name, *values):
    return {"type": "customData", "name": name, "values": list(values)}


def device(d):
    return {"type": "device", "device": d}


def browser(b, version=None):
    item = {"type": "browser", "browser": b}
    if version is not None:
        item["version"] = version
    return item


def operating_system(o):
    return {"type": "operatingSystem", "os": o}


def geo(country, region=None, city=None):
    item = {"type": "geolocation", "country": country}
    if region is not None:
        item["region"] = region
    if city is not None:
        item["city"] = city
    return item


def page(url, title=None):
    item = {"type": "pageView", "url": url}
    if title is not None:
        item["title"] = title
    return item


def cookie(**cookies):
    return {"type": "cookie", "cookies": cookies}


def conversion(goal, revenue=None, negative=None):
    item = {"type": "conversion", "goalId": goal}
    if revenue is not None:
        item["revenue"] = revenue
    if negative is not None:
        item["negative"] = negative
    return item


def app_version(v):
    return {"type": "applicationVersion", "version": v}


def remote(body, **filter_):
    return {"filter": filter_, "body": body}


def visit(started, last=None, code=None, custom=(), pages=(), experiments=(), conversions=(), geos=(),
          static=None, personalizations=()):
    v = {}
    if code is not None:
        v["visitorCode"] = code
    v["timeStarted"] = started
    v["timeLastEvent"] = last if last is not None else started + 60000
    if custom:
        v["customDataEvents"] = [{"time": t, "data": {"index": i, "valuesCountMap": m}} for t, i, m in custom]
    if pages:
        v["pageEvents"] = [{"time": t, "data": {"href": h, "title": ti}} for t, h, ti in pages]
    if experiments:
        v["experimentEvents"] = [{"time": t, "data": {"id": e, "variationId": var}} for t, e, var in experiments]
    if conversions:
        v["conversionEvents"] = [{"time": t, "data": {"goalId": g, "revenue": r, "negative": n}}
                                 for t, g, r, n in conversions]
    if geos:
        v["geolocationEvents"] = [{"data": g} for g in geos]
    if static is not None:
        v["staticDataEvent"] = {"data": static}
    if personalizations:
        v["personalizationEvents"] = [{"time": t, "data": {"id": p, "variationId": var}}
                                      for t, p, var in personalizations]
    return v


def history(*previous, current=None, kcs=None, cbs=None):
    body = {}
    if current is not None:
        body["currentVisit"] = current
    body["previousVisits"] = list(previous)
    if kcs is not None:
        body["kcs"] = kcs
    if cbs is not None:
        body["cbs"] = cbs
    return body


# ---------------------------------------------------------------------------------------------
# Case files


def custom_data():
    f = File("custom-data", "CUSTOM_DATUM: every valueMatchType true and false over the values of the custom data at "
             "`customDataIndex` (a string); custom data added by index or by name; the latest addData for an index "
             "replaces its values; a visitor without the index against no visitor at all; isInclude.")
    f.add_custom_data(1, "plan")
    f.add_custom_data(2, "score")
    f.add_custom_data(3, "flags")

    def op(key, index, match, value=None, include=True):
        c = condition("CUSTOM_DATUM", include, customDataIndex=str(index), valueMatchType=match)
        if value is not None:
            c["value"] = value
        return f.condition_flag(key, tree(group([c])))

    op("undefined", 1, "UNDEFINED")
    f.matched("UNDEFINED: a visitor without the index", "undefined", ctx(data=[cd(2, "5")]), True)
    f.matched("UNDEFINED: a visitor with only a device", "undefined", ctx(data=[device("PHONE")]), True)
    f.matched("UNDEFINED: the index is set", "undefined", ctx(data=[cd(1, "pro")]), False)
    f.matched("UNDEFINED: no visitor at all", "undefined", ctx(), False)
    f.matched("UNDEFINED: a visitor made by consent alone", "undefined", ctx(consent=True), True)
    f.matched("UNDEFINED: a visitor with only a user agent", "undefined",
              ctx(data=[{"type": "userAgent", "value": "Mozilla/5.0 (X11; Linux x86_64)"}]), True)
    op("not-undefined", 1, "UNDEFINED", include=False)
    f.matched("UNDEFINED excluded: no visitor at all", "not-undefined", ctx(), True)
    f.matched("UNDEFINED excluded: the index is set", "not-undefined", ctx(data=[cd(1, "x")]), True)
    f.matched("UNDEFINED excluded: a visitor without the index", "not-undefined", ctx(data=[cd(2, "x")]), False)

    op("exact", 1, "EXACT", "pro")
    f.matched("EXACT: the only value", "exact", ctx(data=[cd(1, "pro")]), True)
    f.matched("EXACT: one of several values", "exact", ctx(data=[cd(1, "free", "pro")]), True)
    f.matched("EXACT: case-sensitive", "exact", ctx(data=[cd(1, "Pro")]), False)
    f.matched("EXACT: no trimming", "exact", ctx(data=[cd(1, "pro ")]), False)
    f.matched("EXACT: no data at the index", "exact", ctx(data=[cd(2, "pro")]), False)
    f.matched("EXACT: no visitor", "exact", ctx(), False)
    f.matched("EXACT: added by name", "exact", ctx(data=[cd_named("plan", "pro")]), True)
    f.matched("EXACT: a name the document does not know is dropped", "exact",
              ctx(data=[cd_named("tier", "pro")]), False)
    f.matched("EXACT: the latest addData for the index replaces the values", "exact",
              ctx(data=[cd(1, "pro"), cd(1, "free")]), False)
    f.matched("EXACT: the latest addData wins (2)", "exact", ctx(data=[cd(1, "free"), cd(1, "pro")]), True)
    op("not-exact", 1, "EXACT", "pro", include=False)
    f.matched("EXACT excluded: the value is there", "not-exact", ctx(data=[cd(1, "pro")]), False)
    f.matched("EXACT excluded: no visitor", "not-exact", ctx(), True)

    op("exact-number", 2, "EXACT", "1")
    f.matched("EXACT compares text: \"01\" is not \"1\"", "exact-number", ctx(data=[cd(2, "01")]), False)
    f.matched("EXACT compares text: \"1\"", "exact-number", ctx(data=[cd(2, "1")]), True)

    op("contains", 1, "CONTAINS", "ro")
    f.matched("CONTAINS: a substring", "contains", ctx(data=[cd(1, "pro")]), True)
    f.matched("CONTAINS: in a later value", "contains", ctx(data=[cd(1, "free", "brown")]), True)
    f.matched("CONTAINS: absent", "contains", ctx(data=[cd(1, "free")]), False)

    op("regex", 1, "REGULAR_EXPRESSION", "p[a-z]+")
    f.matched("REGULAR_EXPRESSION: the whole value matches", "regex", ctx(data=[cd(1, "pro")]), True)
    f.matched("REGULAR_EXPRESSION: a full match is needed, not a search", "regex", ctx(data=[cd(1, "a pro")]), False)
    f.matched("REGULAR_EXPRESSION: any value", "regex", ctx(data=[cd(1, "X", "plus")]), True)
    op("regex-invalid", 1, "REGULAR_EXPRESSION", "p[")
    f.matched("REGULAR_EXPRESSION: an invalid pattern is false", "regex-invalid", ctx(data=[cd(1, "p[")]), False)
    op("regex-word", 1, "REGULAR_EXPRESSION", "\\w+")
    f.matched("REGULAR_EXPRESSION: Python's \\w is Unicode-aware", "regex-word", ctx(data=[cd(1, "stra\u00dfe")]), True)
    op("regex-fold", 1, "REGULAR_EXPRESSION", "(?i)k")
    f.matched("REGULAR_EXPRESSION: (?i) folds the Kelvin sign", "regex-fold", ctx(data=[cd(1, "\u212a")]), True)
    op("regex-scoped", 1, "REGULAR_EXPRESSION", "(?i:ab)c")
    f.matched("REGULAR_EXPRESSION: a scoped flag ends with its group", "regex-scoped", ctx(data=[cd(1, "ABC")]), False)

    op("equal", 2, "EQUAL", "10")
    f.matched("EQUAL: the same number", "equal", ctx(data=[cd(2, "10")]), True)
    f.matched("EQUAL: decimal text", "equal", ctx(data=[cd(2, "10.0")]), True)
    f.matched("EQUAL: within 1e-9", "equal", ctx(data=[cd(2, "10.0000000001")]), True)
    f.matched("EQUAL: beyond 1e-9", "equal", ctx(data=[cd(2, "10.00000001")]), False)
    f.matched("EQUAL: another number", "equal", ctx(data=[cd(2, "11")]), False)
    f.matched("EQUAL: a later value matches", "equal", ctx(data=[cd(2, "3", "10")]), True)
    f.matched("EQUAL: a non-numeric value before a match makes it false", "equal", ctx(data=[cd(2, "x", "10")]), False)
    f.matched("EQUAL: a non-numeric value after a match", "equal", ctx(data=[cd(2, "10", "x")]), True)
    op("greater", 2, "GREATER", "10")
    f.matched("GREATER: above", "greater", ctx(data=[cd(2, "10.5")]), True)
    f.matched("GREATER: equal is not greater", "greater", ctx(data=[cd(2, "10")]), False)
    f.matched("GREATER: below", "greater", ctx(data=[cd(2, "-3")]), False)
    op("lower", 2, "LOWER", "10")
    f.matched("LOWER: below", "lower", ctx(data=[cd(2, "9.99")]), True)
    f.matched("LOWER: equal is not lower", "lower", ctx(data=[cd(2, "10")]), False)
    f.matched("LOWER: above", "lower", ctx(data=[cd(2, "100")]), False)

    # Python reads both sides with float(): integers beyond 2^53 compare as the doubles they round to.
    op("equal-2-53-plus-1", 2, "EQUAL", "9007199254740993")
    f.matched("EQUAL 2^53 + 1: 2^53 + 1", "equal-2-53-plus-1", ctx(data=[cd(2, "9007199254740993")]), True)
    f.matched("EQUAL 2^53 + 1: 2^53 is the same double", "equal-2-53-plus-1", ctx(data=[cd(2, "9007199254740992")]), True)
    f.matched("EQUAL 2^53 + 1: 2^53 + 4 is another double", "equal-2-53-plus-1", ctx(data=[cd(2, "9007199254740996")]), False)
    op("greater-int64-max", 2, "GREATER", "9223372036854775807")
    f.matched("GREATER Int64.max: 2^63 is the same double", "greater-int64-max", ctx(data=[cd(2, "9223372036854775808")]), False)
    f.matched("GREATER Int64.max: 2^64", "greater-int64-max", ctx(data=[cd(2, "18446744073709551616")]), True)
    f.matched("GREATER Int64.max: 1e19", "greater-int64-max", ctx(data=[cd(2, "1e19")]), True)
    op("lower-int64-min", 2, "LOWER", "-9223372036854775808")
    f.matched("LOWER Int64.min: Int64.min - 1 is the same double", "lower-int64-min", ctx(data=[cd(2, "-9223372036854775809")]), False)
    f.matched("LOWER Int64.min: -2^64", "lower-int64-min", ctx(data=[cd(2, "-18446744073709551616")]), True)
    op("equal-2-62", 2, "EQUAL", "4611686018427387904")
    f.matched("EQUAL 2^62: 2^62 + 1 is within 1e-9 of it as doubles", "equal-2-62", ctx(data=[cd(2, "4611686018427387905")]), True)
    f.matched("EQUAL 2^62: written 4.611686018427387904e18", "equal-2-62", ctx(data=[cd(2, "4.611686018427387904e18")]), True)

    op("true", 3, "TRUE")
    f.matched("TRUE: \"true\" is a value", "true", ctx(data=[cd(3, "false", "true")]), True)
    f.matched("TRUE: \"True\" is not", "true", ctx(data=[cd(3, "True")]), False)
    f.matched("TRUE: \"1\" is not", "true", ctx(data=[cd(3, "1")]), False)
    op("false", 3, "FALSE")
    f.matched("FALSE: \"false\" is a value", "false", ctx(data=[cd(3, "false")]), True)
    f.matched("FALSE: only \"true\"", "false", ctx(data=[cd(3, "true")]), False)

    op("among", 1, "AMONG_VALUES", "[\"pro\", 3.0, 7, true]")
    f.matched("AMONG_VALUES: a string item", "among", ctx(data=[cd(1, "pro")]), True)
    f.matched("AMONG_VALUES: 3.0 is the text \"3.0\"", "among", ctx(data=[cd(1, "3.0")]), True)
    f.matched("AMONG_VALUES: 3.0 is not \"3\"", "among", ctx(data=[cd(1, "3")]), False)
    f.matched("AMONG_VALUES: 7 is \"7\"", "among", ctx(data=[cd(1, "7")]), True)
    f.matched("AMONG_VALUES: true is \"true\"", "among", ctx(data=[cd(1, "true")]), True)
    f.matched("AMONG_VALUES: none of the items", "among", ctx(data=[cd(1, "free", "True")]), False)

    op("any-operator", 1, "ANY", "pro")
    f.matched("ANY (no custom-data meaning): false", "any-operator", ctx(data=[cd(1, "pro")]), False)
    op("unknown-operator", 1, "UNKNOWN", "pro")
    f.matched("UNKNOWN operator: false", "unknown-operator", ctx(data=[cd(1, "pro")]), False)
    op("index-text", "plan", "EXACT", "pro")
    f.matched("a customDataIndex that is not a number matches no index", "index-text",
              ctx(data=[cd(1, "pro")]), False)
    return f


def visitor_code_and_sdk():
    f = File("visitor-code-and-sdk", "VISITOR_CODE (EXACT, CONTAINS, REGULAR_EXPRESSION as a full match; it needs no "
             "visitor data) and SDK_LANGUAGE (the evaluating SDK's name: Burgee reports BURGEE, so a condition on "
             "Kameleoon's own SDKs is false; its version compared as APPLICATION_VERSION).")

    def vc(key, match, value, include=True):
        f.condition_flag(key, tree(group([condition("VISITOR_CODE", include, visitorCode=value, matchType=match)])))

    vc("vc-exact", "EXACT", "alice")
    f.matched("EXACT: the visitor code", "vc-exact", ctx("alice"), True)
    f.matched("EXACT: case-sensitive", "vc-exact", ctx("Alice"), False)
    f.matched("EXACT: with data, the same", "vc-exact", ctx("alice", data=[device("PHONE")]), True)
    vc("vc-contains", "CONTAINS", "-beta-")
    f.matched("CONTAINS: inside", "vc-contains", ctx("u-beta-7"), True)
    f.matched("CONTAINS: not inside", "vc-contains", ctx("u-alpha-7"), False)
    vc("vc-regex", "REGULAR_EXPRESSION", "u-[0-9]+")
    f.matched("REGULAR_EXPRESSION: a full match", "vc-regex", ctx("u-42"), True)
    f.matched("REGULAR_EXPRESSION: a search is not enough", "vc-regex", ctx("u-42x"), False)
    vc("vc-regex-invalid", "REGULAR_EXPRESSION", "u-(")
    f.matched("REGULAR_EXPRESSION: an invalid pattern is false", "vc-regex-invalid", ctx("u-("), False)
    vc("vc-not", "EXACT", "alice", include=False)
    f.matched("excluded: another code", "vc-not", ctx("bob"), True)
    f.matched("excluded: that code", "vc-not", ctx("alice"), False)

    def sdk(key, language, version=None, match=None, include=True):
        fields = {"sdkLanguage": language}
        if version is not None:
            fields["version"] = version
        if match is not None:
            fields["versionMatchType"] = match
        f.condition_flag(key, tree(group([condition("SDK_LANGUAGE", include, **fields)])))

    sdk("sdk-python", "PYTHON")
    f.matched("PYTHON: Burgee is not Kameleoon's Python SDK", "sdk-python", ctx(), False)
    sdk("sdk-go", "GO")
    f.matched("GO: false", "sdk-go", ctx(data=[device("PHONE")]), False)
    sdk("sdk-burgee", "BURGEE")
    f.matched("BURGEE: true, without a visitor", "sdk-burgee", ctx(), True)
    sdk("sdk-not-python", "PYTHON", include=False)
    f.matched("PYTHON excluded: true", "sdk-not-python", ctx(), True)
    sdk("sdk-burgee-lower", "BURGEE", "999.0.0", "LOWER")
    f.matched("BURGEE with a version: Burgee's is lower than 999.0.0", "sdk-burgee-lower", ctx(), True)
    sdk("sdk-burgee-greater", "BURGEE", "999", "GREATER")
    f.matched("BURGEE with a version: Burgee's is not greater than 999", "sdk-burgee-greater", ctx(), False)
    sdk("sdk-burgee-bad-version", "BURGEE", "1.x", "LOWER")
    f.matched("BURGEE with a version that does not parse: false", "sdk-burgee-bad-version", ctx(), False)
    return f


def device_browser_os():
    f = File("device-browser-os", "DEVICE_TYPE (case-insensitive name), BROWSER (IE as INTERNET_EXPLORER; a version "
             "compared as float(major.minor); no version in the data is -1) and OPERATING_SYSTEM; the data as the "
             "latest addData of each kind; no data or no visitor is false.")

    def one(key, ttype, include=True, **fields):
        f.condition_flag(key, tree(group([condition(ttype, include, **fields)])))

    one("phone", "DEVICE_TYPE", device="PHONE")
    f.matched("DEVICE_TYPE PHONE: a phone", "phone", ctx(data=[device("PHONE")]), True)
    f.matched("DEVICE_TYPE PHONE: a tablet", "phone", ctx(data=[device("TABLET")]), False)
    f.matched("DEVICE_TYPE PHONE: the latest device counts", "phone", ctx(data=[device("PHONE"), device("DESKTOP")]),
              False)
    f.matched("DEVICE_TYPE PHONE: no device", "phone", ctx(data=[browser("CHROME")]), False)
    f.matched("DEVICE_TYPE PHONE: no visitor", "phone", ctx(), False)
    one("desktop-lower", "DEVICE_TYPE", device="desktop")
    f.matched("DEVICE_TYPE: the condition's name is case-insensitive", "desktop-lower", ctx(data=[device("DESKTOP")]),
              True)
    one("not-tablet", "DEVICE_TYPE", include=False, device="TABLET")
    f.matched("DEVICE_TYPE excluded: no device at all", "not-tablet", ctx(), True)
    f.matched("DEVICE_TYPE excluded: a tablet", "not-tablet", ctx(data=[device("TABLET")]), False)

    one("chrome", "BROWSER", browser="CHROME")
    f.matched("BROWSER CHROME: Chrome", "chrome", ctx(data=[browser("CHROME", 120)]), True)
    f.matched("BROWSER CHROME: Firefox", "chrome", ctx(data=[browser("FIREFOX")]), False)
    f.matched("BROWSER CHROME: no browser", "chrome", ctx(data=[device("PHONE")]), False)
    one("ie", "BROWSER", browser="IE")
    f.matched("BROWSER IE: Internet Explorer", "ie", ctx(data=[browser("INTERNET_EXPLORER")]), True)
    one("ie-long", "BROWSER", browser="INTERNET_EXPLORER")
    f.matched("BROWSER INTERNET_EXPLORER: the enum name too", "ie-long", ctx(data=[browser("INTERNET_EXPLORER")]), True)
    one("chrome-100", "BROWSER", browser="CHROME", version="100", versionMatchType="EQUAL")
    f.matched("BROWSER version EQUAL 100: 100", "chrome-100", ctx(data=[browser("CHROME", 100)]), True)
    f.matched("BROWSER version EQUAL 100: 100.5", "chrome-100", ctx(data=[browser("CHROME", 100.5)]), False)
    one("chrome-100-5", "BROWSER", browser="CHROME", version="100.5.9", versionMatchType="EQUAL")
    f.matched("BROWSER version 100.5.9 is 100.5: equal", "chrome-100-5", ctx(data=[browser("CHROME", 100.5)]), True)
    one("chrome-gt-99", "BROWSER", browser="CHROME", version="99", versionMatchType="GREATER")
    f.matched("BROWSER version GREATER 99: 100", "chrome-gt-99", ctx(data=[browser("CHROME", 100)]), True)
    f.matched("BROWSER version GREATER 99: 99", "chrome-gt-99", ctx(data=[browser("CHROME", 99)]), False)
    f.matched("BROWSER version GREATER 99: no version (-1)", "chrome-gt-99", ctx(data=[browser("CHROME")]), False)
    one("chrome-lt-1", "BROWSER", browser="CHROME", version="1", versionMatchType="LOWER")
    f.matched("BROWSER version LOWER 1: no version (-1)", "chrome-lt-1", ctx(data=[browser("CHROME")]), True)
    f.matched("BROWSER version LOWER 1: version 0 is -1 too", "chrome-lt-1", ctx(data=[browser("CHROME", 0)]), True)
    f.matched("BROWSER version LOWER 1: version 2", "chrome-lt-1", ctx(data=[browser("CHROME", 2)]), False)
    one("chrome-0", "BROWSER", browser="CHROME", version="0", versionMatchType="EQUAL")
    f.matched("BROWSER version EQUAL 0: version 0 in the data is -1", "chrome-0", ctx(data=[browser("CHROME", 0)]),
              False)
    one("chrome-bad-version", "BROWSER", browser="CHROME", version="x", versionMatchType="EQUAL")
    f.matched("BROWSER with a version that does not parse: false", "chrome-bad-version",
              ctx(data=[browser("CHROME", 1)]), False)
    one("chrome-no-match-type", "BROWSER", browser="CHROME", version="100")
    f.matched("BROWSER with a version and no versionMatchType: false", "chrome-no-match-type",
              ctx(data=[browser("CHROME", 100)]), False)

    one("ios", "OPERATING_SYSTEM", os="IOS")
    f.matched("OPERATING_SYSTEM IOS: iOS", "ios", ctx(data=[operating_system("IOS")]), True)
    f.matched("OPERATING_SYSTEM IOS: Android", "ios", ctx(data=[operating_system("ANDROID")]), False)
    f.matched("OPERATING_SYSTEM IOS: no visitor", "ios", ctx(), False)
    one("windows-phone", "OPERATING_SYSTEM", os="WINDOWS_PHONE")
    f.matched("OPERATING_SYSTEM WINDOWS_PHONE: Windows Phone", "windows-phone",
              ctx(data=[operating_system("WINDOWS_PHONE")]), True)
    f.matched("OPERATING_SYSTEM WINDOWS_PHONE: Windows", "windows-phone",
              ctx(data=[operating_system("WINDOWS")]), False)
    one("not-linux", "OPERATING_SYSTEM", include=False, os="LINUX")
    f.matched("OPERATING_SYSTEM excluded: Mac", "not-linux", ctx(data=[operating_system("MAC")]), True)
    f.matched("OPERATING_SYSTEM excluded: Linux", "not-linux", ctx(data=[operating_system("LINUX")]), False)
    return f


def geolocation_cookies():
    f = File("geolocation-cookies", "GEOLOCATION (country required, region and city when given, each compared "
             "case-insensitively) and COOKIE (a cookie whose name matches, by nameMatchType, having a value that "
             "matches, by valueMatchType; regular expressions as full matches; the latest cookie item replaces "
             "the cookies).")

    def one(key, ttype, include=True, **fields):
        f.condition_flag(key, tree(group([condition(ttype, include, **fields)])))

    one("france", "GEOLOCATION", country="France")
    f.matched("GEOLOCATION France: France", "france", ctx(data=[geo("France", "IDF", "Paris")]), True)
    f.matched("GEOLOCATION France: case-insensitive", "france", ctx(data=[geo("FRANCE")]), True)
    f.matched("GEOLOCATION France: Spain", "france", ctx(data=[geo("Spain")]), False)
    f.matched("GEOLOCATION France: every field of the data item", "france",
              ctx(data=[{"type": "geolocation", "country": "France", "region": "Occitanie", "city": "Toulouse",
                         "postalCode": "31000", "latitude": 43.6047, "longitude": 1.4442}]), True)
    f.matched("GEOLOCATION France: no geolocation", "france", ctx(data=[device("PHONE")]), False)
    one("paris", "GEOLOCATION", country="France", region="Ile-de-France", city="Paris")
    f.matched("GEOLOCATION with region and city: all equal", "paris",
              ctx(data=[geo("france", "ILE-DE-FRANCE", "paris")]), True)
    f.matched("GEOLOCATION with region and city: another city", "paris",
              ctx(data=[geo("France", "Ile-de-France", "Versailles")]), False)
    f.matched("GEOLOCATION with region and city: the data has no region", "paris",
              ctx(data=[geo("France", None, "Paris")]), False)
    one("evry", "GEOLOCATION", country="France", city="\u00c9vry")
    f.matched("GEOLOCATION: Unicode lower case", "evry", ctx(data=[geo("France", "X", "\u00e9VRY")]), True)
    one("not-france", "GEOLOCATION", include=False, country="France")
    f.matched("GEOLOCATION excluded: no visitor", "not-france", ctx(), True)
    f.matched("GEOLOCATION excluded: France", "not-france", ctx(data=[geo("France")]), False)

    def ck(key, name, name_match, value, value_match, include=True):
        one(key, "COOKIE", include, name=name, nameMatchType=name_match, value=value, valueMatchType=value_match)

    ck("ck-exact", "ab", "EXACT", "B", "EXACT")
    f.matched("COOKIE EXACT/EXACT: the cookie", "ck-exact", ctx(data=[cookie(ab="B", x="y")]), True)
    f.matched("COOKIE EXACT/EXACT: another value", "ck-exact", ctx(data=[cookie(ab="A")]), False)
    f.matched("COOKIE EXACT/EXACT: another name", "ck-exact", ctx(data=[cookie(abc="B")]), False)
    f.matched("COOKIE EXACT/EXACT: the latest cookie item replaces the cookies", "ck-exact",
              ctx(data=[cookie(ab="B"), cookie(x="y")]), False)
    f.matched("COOKIE: no visitor", "ck-exact", ctx(), False)
    ck("ck-contains", "sess", "CONTAINS", "pro", "CONTAINS")
    f.matched("COOKIE CONTAINS/CONTAINS: both inside", "ck-contains", ctx(data=[cookie(my_session="is-pro-1")]), True)
    f.matched("COOKIE CONTAINS/CONTAINS: one name of several", "ck-contains",
              ctx(data=[cookie(session1="free", session2="pro")]), True)
    f.matched("COOKIE CONTAINS/CONTAINS: value not inside", "ck-contains", ctx(data=[cookie(session="free")]), False)
    ck("ck-regex", "id_[0-9]+", "REGULAR_EXPRESSION", "[a-f]+", "REGULAR_EXPRESSION")
    f.matched("COOKIE REGULAR_EXPRESSION: full matches", "ck-regex", ctx(data=[cookie(id_12="beef")]), True)
    f.matched("COOKIE REGULAR_EXPRESSION: the name must match whole", "ck-regex", ctx(data=[cookie(id_12x="beef")]),
              False)
    f.matched("COOKIE REGULAR_EXPRESSION: the value must match whole", "ck-regex", ctx(data=[cookie(id_1="beefy")]),
              False)
    ck("ck-not", "ab", "EXACT", "B", "EXACT", include=False)
    f.matched("COOKIE excluded: no cookie", "ck-not", ctx(data=[device("PHONE")]), True)
    f.matched("COOKIE excluded: the cookie", "ck-not", ctx(data=[cookie(ab="B")]), False)
    return f


def application_version():
    f = File("application-version", "APPLICATION_VERSION: both versions read as up to three dot-separated integers "
             "(missing parts 0, parts beyond the third ignored, anything else makes the condition false), compared "
             "data = / > / < condition.")

    def av(key, version, match, include=True):
        f.condition_flag(key, tree(group([condition("APPLICATION_VERSION", include, version=version,
                                                    versionMatchType=match)])))

    av("av-eq", "1.2", "EQUAL")
    f.matched("EQUAL 1.2: 1.2.0", "av-eq", ctx(data=[app_version("1.2.0")]), True)
    f.matched("EQUAL 1.2: 1.2", "av-eq", ctx(data=[app_version("1.2")]), True)
    f.matched("EQUAL 1.2: 1.2.0.9 (a fourth part is ignored)", "av-eq", ctx(data=[app_version("1.2.0.9")]), True)
    f.matched("EQUAL 1.2: 1.2.1", "av-eq", ctx(data=[app_version("1.2.1")]), False)
    f.matched("EQUAL 1.2: 1.2-beta does not parse", "av-eq", ctx(data=[app_version("1.2-beta")]), False)
    f.matched("EQUAL 1.2: no application version", "av-eq", ctx(data=[device("PHONE")]), False)
    f.matched("EQUAL 1.2: no visitor", "av-eq", ctx(), False)
    av("av-gt", "2.10.0", "GREATER")
    f.matched("GREATER 2.10.0: 2.10.1", "av-gt", ctx(data=[app_version("2.10.1")]), True)
    f.matched("GREATER 2.10.0: 2.9.9 (numeric parts)", "av-gt", ctx(data=[app_version("2.9.9")]), False)
    f.matched("GREATER 2.10.0: 10", "av-gt", ctx(data=[app_version("10")]), True)
    f.matched("GREATER 2.10.0: 2.10.0", "av-gt", ctx(data=[app_version("2.10.0")]), False)
    av("av-lt", "3", "LOWER")
    f.matched("LOWER 3: 2.99.99", "av-lt", ctx(data=[app_version("2.99.99")]), True)
    f.matched("LOWER 3: 3.0.0", "av-lt", ctx(data=[app_version("3.0.0")]), False)
    f.matched("LOWER 3: the latest version item counts", "av-lt",
              ctx(data=[app_version("1.0"), app_version("4.0")]), False)
    av("av-bad", "v1", "EQUAL")
    f.matched("a condition version that does not parse: false", "av-bad", ctx(data=[app_version("1")]), False)
    av("av-not", "1.0.0", "EQUAL", include=False)
    f.matched("excluded: another version", "av-not", ctx(data=[app_version("1.0.1")]), True)
    f.matched("excluded: no visitor", "av-not", ctx(), True)
    return f


def pages():
    f = File("pages", "PAGE_URL and PAGE_TITLE read the latest page view, PREVIOUS_PAGE the one before it (distinct "
             "URLs, by the time of their last view: each pageView item is 1 ms after the one before, and a URL seen "
             "again moves to the latest position), PAGE_VIEWS the sum of the view counts.")

    def one(key, ttype, include=True, **fields):
        f.condition_flag(key, tree(group([condition(ttype, include, **fields)])))

    home, cart, pay = "https://shop.example/", "https://shop.example/cart", "https://shop.example/pay"
    one("url-cart", "PAGE_URL", url=cart, matchType="EXACT")
    f.matched("PAGE_URL EXACT: the only page", "url-cart", ctx(data=[page(cart)]), True)
    f.matched("PAGE_URL EXACT: the latest of two", "url-cart", ctx(data=[page(home), page(cart)]), True)
    f.matched("PAGE_URL EXACT: not the latest", "url-cart", ctx(data=[page(cart), page(home)]), False)
    f.matched("PAGE_URL EXACT: a URL seen again becomes the latest", "url-cart",
              ctx(data=[page(cart), page(home), page(cart)]), True)
    f.matched("PAGE_URL EXACT: no page", "url-cart", ctx(data=[device("PHONE")]), False)
    f.matched("PAGE_URL EXACT: no visitor", "url-cart", ctx(), False)
    one("url-contains", "PAGE_URL", url="/car", matchType="CONTAINS")
    f.matched("PAGE_URL CONTAINS: inside", "url-contains", ctx(data=[page(cart)]), True)
    f.matched("PAGE_URL CONTAINS: not inside", "url-contains", ctx(data=[page(pay)]), False)
    one("url-regex", "PAGE_URL", url="https://shop\\.example/[a-z]+", matchType="REGULAR_EXPRESSION")
    f.matched("PAGE_URL REGULAR_EXPRESSION: a full match", "url-regex", ctx(data=[page(pay)]), True)
    f.matched("PAGE_URL REGULAR_EXPRESSION: a search is not enough", "url-regex", ctx(data=[page(pay + "?x=1")]), False)
    one("title", "PAGE_TITLE", title="Checkout", matchType="EXACT")
    f.matched("PAGE_TITLE EXACT: the latest page's title", "title",
              ctx(data=[page(home, "Home"), page(pay, "Checkout")]),
              True)
    f.matched("PAGE_TITLE EXACT: an earlier page's title", "title",
              ctx(data=[page(pay, "Checkout"), page(home, "Home")]),
              False)
    f.matched("PAGE_TITLE: the latest page has no title", "title", ctx(data=[page(pay, "Checkout"), page(home)]), False)
    f.matched("PAGE_TITLE: a page seen again takes its latest title", "title",
              ctx(data=[page(pay, "Checkout"), page(pay, "Pay")]), False)
    one("title-contains", "PAGE_TITLE", title="heck", matchType="CONTAINS")
    f.matched("PAGE_TITLE CONTAINS", "title-contains", ctx(data=[page(pay, "Checkout")]), True)
    one("previous-cart", "PREVIOUS_PAGE", url=cart, matchType="EXACT")
    f.matched("PREVIOUS_PAGE: the page before the latest", "previous-cart", ctx(data=[page(cart), page(pay)]), True)
    f.matched("PREVIOUS_PAGE: the latest is not the previous", "previous-cart",
              ctx(data=[page(pay), page(cart)]), False)
    f.matched("PREVIOUS_PAGE: only one page", "previous-cart", ctx(data=[page(cart)]), False)
    f.matched("PREVIOUS_PAGE: distinct URLs by their last view", "previous-cart",
              ctx(data=[page(home), page(cart), page(pay), page(home)]), False)
    f.matched("PREVIOUS_PAGE: distinct URLs by their last view (2)", "previous-cart",
              ctx(data=[page(cart), page(home), page(cart), page(pay)]), True)
    f.matched("PREVIOUS_PAGE: a repeated latest page is one URL", "previous-cart",
              ctx(data=[page(cart), page(pay), page(pay)]), True)
    one("previous-regex", "PREVIOUS_PAGE", url=".*/ca.*", matchType="REGULAR_EXPRESSION")
    f.matched("PREVIOUS_PAGE REGULAR_EXPRESSION", "previous-regex", ctx(data=[page(cart), page(home)]), True)
    one("views-3", "PAGE_VIEWS", pageCount=3, matchType="EQUAL")
    f.matched("PAGE_VIEWS EQUAL 3: three distinct pages", "views-3",
              ctx(data=[page(home), page(cart), page(pay)]), True)
    f.matched("PAGE_VIEWS EQUAL 3: a URL viewed twice counts 2", "views-3",
              ctx(data=[page(home), page(cart), page(home)]), True)
    f.matched("PAGE_VIEWS EQUAL 3: two views", "views-3", ctx(data=[page(home), page(cart)]), False)
    one("views-gt-1", "PAGE_VIEWS", pageCount=1, matchType="GREATER")
    f.matched("PAGE_VIEWS GREATER 1: two views", "views-gt-1", ctx(data=[page(home), page(home)]), True)
    f.matched("PAGE_VIEWS GREATER 1: one view", "views-gt-1", ctx(data=[page(home)]), False)
    one("views-lt-1", "PAGE_VIEWS", pageCount=1, matchType="LOWER")
    f.matched("PAGE_VIEWS LOWER 1: a visitor without pages counts 0", "views-lt-1", ctx(data=[device("PHONE")]), True)
    f.matched("PAGE_VIEWS LOWER 1: no visitor at all is false", "views-lt-1", ctx(), False)
    f.matched("PAGE_VIEWS: an empty URL is not a page view", "views-lt-1", ctx(data=[page("")]), True)
    return f


def conversions():
    f = File("conversions", "CONVERSIONS: a conversion of `goalId` (absent: any goal; 0 is goal 0) at or after the "
             "visit-scope threshold (default VISITOR with visitCount 25; CURRENT_VISIT starts at the current visit); "
             "previous visits come from the Data API (`remote`).")

    def one(key, include=True, **fields):
        f.condition_flag(key, tree(group([condition("CONVERSIONS", include, **fields)])))

    one("goal-11", goalId=11)
    f.matched("goal 11: converted", "goal-11", ctx(data=[conversion(11, 9.99)]), True)
    f.matched("goal 11: another goal", "goal-11", ctx(data=[conversion(12)]), False)
    f.matched("goal 11: one of several conversions", "goal-11",
              ctx(data=[conversion(12), conversion(11, 1, True)]), True)
    f.matched("goal 11: no conversion", "goal-11", ctx(data=[device("PHONE")]), False)
    f.matched("goal 11: no visitor", "goal-11", ctx(), False)
    one("any-goal")
    f.matched("no goalId: any conversion", "any-goal", ctx(data=[conversion(77)]), True)
    f.matched("no goalId: no conversion", "any-goal", ctx(data=[page("https://x.example/")]), False)
    one("goal-0", goalId=0)
    f.matched("goalId 0: goal 0 only", "goal-0", ctx(data=[conversion(0)]), True)
    f.matched("goalId 0: another goal", "goal-0", ctx(data=[conversion(5)]), False)
    one("not-goal-11", include=False, goalId=11)
    f.matched("excluded: no visitor", "not-goal-11", ctx(), True)
    f.matched("excluded: converted", "not-goal-11", ctx(data=[conversion(11)]), False)

    d1, d2 = NOW_MS - DAY, NOW_MS - 2 * DAY
    older = history(visit(d1, code="v-1"), visit(d2, conversions=[(d2 + 1000, 11, 5.0, False)]))
    newer = history(visit(d1, conversions=[(d1 + 1000, 11, 5.0, False)]), visit(d2))
    one("goal-11-current", goalId=11, visitScope="CURRENT_VISIT")
    f.matched("CURRENT_VISIT: a conversion of a previous visit does not count", "goal-11-current",
              ctx(remote=remote(newer, conversions=True)), False)
    f.matched("CURRENT_VISIT: a conversion added now counts", "goal-11-current",
              ctx(remote=remote(newer, conversions=True), data=[conversion(11)]), True)
    f.matched("default scope (VISITOR, 25 visits): a previous visit's conversion", "goal-11",
              ctx(remote=remote(older, conversions=True)), True)
    one("goal-11-visits-1", goalId=11, visitScope="VISITOR", visitCount=1)
    f.matched("VISITOR, visitCount 1: the current visit only", "goal-11-visits-1",
              ctx(remote=remote(newer, conversions=True)), False)
    one("goal-11-visits-2", goalId=11, visitScope="VISITOR", visitCount=2)
    f.matched("VISITOR, visitCount 2: back to the newest previous visit", "goal-11-visits-2",
              ctx(remote=remote(newer, conversions=True)), True)
    f.matched("VISITOR, visitCount 2: not the visit before", "goal-11-visits-2",
              ctx(remote=remote(older, conversions=True)), False)
    one("goal-11-visits-3", goalId=11, visitScope="VISITOR", visitCount=3)
    f.matched("VISITOR, visitCount 3: two previous visits", "goal-11-visits-3",
              ctx(remote=remote(older, conversions=True)), True)
    return f


def visits():
    f = File("visits", "VISITS (previous visits + 1), SAME_DAY_VISITS (visits started today, UTC, walking the "
             "previous visits newest first until an older one, plus the current visit), NEW_VISITORS, FIRST_VISIT and "
             "LAST_VISIT (now minus the start of the oldest / newest previous visit; each pageView item moves the "
             "clock 1 ms); previous visits from the Data API, a visitor without them counts none.")

    def one(key, ttype, include=True, **fields):
        f.condition_flag(key, tree(group([condition(ttype, include, **fields)])))

    two = history(visit(NOW_MS - DAY), visit(NOW_MS - 2 * DAY))
    only_current = {"currentVisit": visit(NOW_MS - 1000), "previousVisits": []}
    one("visits-3", "VISITS", visitCount=3, matchType="EQUAL")
    f.matched("VISITS EQUAL 3: two previous visits", "visits-3", ctx(remote=remote(two, previousVisitAmount=2)), True)
    f.matched("VISITS EQUAL 3: no previous visits", "visits-3", ctx(remote=remote(only_current)), False)
    one("visits-1", "VISITS", visitCount=1, matchType="EQUAL")
    f.matched("VISITS EQUAL 1: no visitor at all counts the current visit", "visits-1", ctx(), True)
    f.matched("VISITS EQUAL 1: local data only", "visits-1", ctx(data=[device("PHONE")]), True)
    one("visits-gt-2", "VISITS", visitCount=2, matchType="GREATER")
    f.matched("VISITS GREATER 2: three visits", "visits-gt-2", ctx(remote=remote(two, previousVisitAmount=2)), True)
    f.matched("VISITS GREATER 2: one visit", "visits-gt-2", ctx(), False)
    one("visits-lt-3", "VISITS", visitCount=3, matchType="LOWER")
    f.matched("VISITS LOWER 3: three visits", "visits-lt-3", ctx(remote=remote(two, previousVisitAmount=2)), False)

    one("new", "NEW_VISITORS", visitorType="NEW")
    f.matched("NEW: no visitor", "new", ctx(), True)
    f.matched("NEW: a Data API answer without previous visits", "new", ctx(remote=remote(only_current)), True)
    f.matched("NEW: previous visits", "new", ctx(remote=remote(two, previousVisitAmount=2)), False)
    one("returning", "NEW_VISITORS", visitorType="RETURNING")
    f.matched("RETURNING: previous visits", "returning", ctx(remote=remote(two, previousVisitAmount=2)), True)
    f.matched("RETURNING: no visitor", "returning", ctx(), False)

    one("first-2d", "FIRST_VISIT", countInMillis=2 * DAY, matchType="EQUAL")
    f.matched("FIRST_VISIT EQUAL 2 days: the oldest previous visit, exactly", "first-2d",
              ctx(remote=remote(two, previousVisitAmount=2)), True)
    f.matched("FIRST_VISIT EQUAL 2 days: one page view later the clock is 1 ms on", "first-2d",
              ctx(remote=remote(two, previousVisitAmount=2), data=[page("https://x.example/")]), False)
    one("first-2d-1ms", "FIRST_VISIT", countInMillis=2 * DAY + 1, matchType="EQUAL")
    f.matched("FIRST_VISIT EQUAL 2 days + 1 ms: after one page view", "first-2d-1ms",
              ctx(remote=remote(two, previousVisitAmount=2), data=[page("https://x.example/")]), True)
    f.matched("FIRST_VISIT: no previous visit is false", "first-2d", ctx(), False)
    one("last-gt-12h", "LAST_VISIT", countInMillis=12 * HOUR, matchType="GREATER")
    f.matched("LAST_VISIT GREATER 12 h: the newest previous visit, a day ago", "last-gt-12h",
              ctx(remote=remote(two, previousVisitAmount=2)), True)
    one("last-lt-12h", "LAST_VISIT", countInMillis=12 * HOUR, matchType="LOWER")
    f.matched("LAST_VISIT LOWER 12 h: a day ago", "last-lt-12h", ctx(remote=remote(two, previousVisitAmount=2)), False)
    f.matched("LAST_VISIT LOWER 12 h: no previous visit", "last-lt-12h", ctx(data=[device("PHONE")]), False)

    today = history(visit(NOW_MS - HOUR), visit(NOW_MS - 3 * HOUR), visit(NOW_MS - 13 * HOUR),
                    visit(NOW_MS - 2 * HOUR))
    one("today-3", "SAME_DAY_VISITS", visitCount=3, matchType="EQUAL")
    f.matched("SAME_DAY_VISITS EQUAL 3: two today, then one yesterday stops the walk", "today-3",
              ctx(remote=remote(today, previousVisitAmount=4)), True)
    one("today-1", "SAME_DAY_VISITS", visitCount=1, matchType="EQUAL")
    f.matched("SAME_DAY_VISITS EQUAL 1: no visitor counts the current visit", "today-1", ctx(), True)
    f.matched("SAME_DAY_VISITS EQUAL 1: previous visits on other days", "today-1",
              ctx(remote=remote(two, previousVisitAmount=2)), True)
    one("today-gt-1", "SAME_DAY_VISITS", visitCount=1, matchType="GREATER")
    f.matched("SAME_DAY_VISITS GREATER 1: a visit an hour ago", "today-gt-1",
              ctx(remote=remote(today, previousVisitAmount=4)), True)
    return f


def visits_midnight():
    now = "2026-03-01T00:00:00Z"
    start = parse_now(now)
    f = File("visits-midnight", "SAME_DAY_VISITS at midnight UTC (`now` 2026-03-01T00:00:00Z): a visit that started "
             "1 ms before midnight was yesterday, one at midnight today.", now=now)
    f.condition_flag("today-2", tree(group([condition("SAME_DAY_VISITS", visitCount=2, matchType="EQUAL")])))
    f.matched("a previous visit at midnight is today", "today-2", ctx(remote=remote(history(visit(start)))), True)
    f.matched("a previous visit 1 ms before midnight is yesterday", "today-2",
              ctx(remote=remote(history(visit(start - 1)))), False)
    f.condition_flag("first-1ms", tree(group([condition("FIRST_VISIT", countInMillis=1, matchType="EQUAL")])))
    f.matched("FIRST_VISIT reads the clock given by now", "first-1ms", ctx(remote=remote(history(visit(start - 1)))),
              True)
    return f


def prior_assignments():
    f = File("prior-assignments", "Conditions on earlier assignments: the `prior` flags are evaluated first (their "
             "results dropped), leaving their variations assigned. TARGET_FEATURE_FLAG (optional variationKey and "
             "ruleId), TARGET_EXPERIMENT (ANY or EXACT variation), EXCLUSIVE_EXPERIMENT (EXPERIMENT, PERSONALIZATION, "
             "ANY), TARGET_PERSONALIZATION and HEAT_SLICE (from the Data API); visit scopes.")
    parent_rule = f.td()
    parent = f.flag("parent", [parent_rule])
    exp_rule = f.exp(1.0, [("a", 0.5), ("b", 0.5)])
    f.flag("exp-parent", [exp_rule], variations=(OFF, variation("a"), variation("b")))
    f.flag("parent-off", [f.td(exposition=0.0)])
    code_a = find_code("pa-", lambda c: kameleoon_hash(c, exp_rule["experimentId"]) <= 0.5)
    code_b = find_code("pb-", lambda c: kameleoon_hash(c, exp_rule["experimentId"]) > 0.5)

    def one(key, ttype, include=True, **fields):
        f.condition_flag(key, tree(group([condition(ttype, include, **fields)])))

    one("tff", "TARGET_FEATURE_FLAG", featureFlagId=parent["id"])
    f.matched("TARGET_FEATURE_FLAG: the parent was evaluated first", "tff", ctx(prior=["parent"]), True)
    f.matched("TARGET_FEATURE_FLAG: no prior evaluation", "tff", ctx(data=[device("PHONE")]), False)
    f.matched("TARGET_FEATURE_FLAG: no visitor", "tff", ctx(), False)
    f.matched("TARGET_FEATURE_FLAG: a parent that served its default assigns nothing", "tff",
              ctx(prior=["parent-off"]), False)
    one("tff-on", "TARGET_FEATURE_FLAG", featureFlagId=parent["id"], variationKey="on")
    f.matched("TARGET_FEATURE_FLAG variationKey on: assigned on", "tff-on", ctx(prior=["parent"]), True)
    one("tff-off", "TARGET_FEATURE_FLAG", featureFlagId=parent["id"], variationKey="off")
    f.matched("TARGET_FEATURE_FLAG variationKey off: assigned on", "tff-off", ctx(prior=["parent"]), False)
    one("tff-rule", "TARGET_FEATURE_FLAG", featureFlagId=parent["id"], ruleId=parent_rule["id"])
    f.matched("TARGET_FEATURE_FLAG ruleId: that rule", "tff-rule", ctx(prior=["parent"]), True)
    one("tff-other-rule", "TARGET_FEATURE_FLAG", featureFlagId=parent["id"], ruleId=1)
    f.matched("TARGET_FEATURE_FLAG ruleId: another rule", "tff-other-rule", ctx(prior=["parent"]), False)
    one("tff-rule-0", "TARGET_FEATURE_FLAG", featureFlagId=parent["id"], ruleId=0)
    f.matched("TARGET_FEATURE_FLAG ruleId 0 is a rule id like any other", "tff-rule-0", ctx(prior=["parent"]), False)
    exp_flag_id = f.find_flag("exp-parent")["id"]
    one("tff-b", "TARGET_FEATURE_FLAG", featureFlagId=exp_flag_id, variationKey="b")
    f.matched("TARGET_FEATURE_FLAG variationKey b: the experiment gave b", "tff-b", ctx(code_b, prior=["exp-parent"]),
              True, description=note(code_b, exp_rule["experimentId"], what="variation hash") + " > 0.5")
    f.matched("TARGET_FEATURE_FLAG variationKey b: the experiment gave a", "tff-b", ctx(code_a, prior=["exp-parent"]),
              False, description=note(code_a, exp_rule["experimentId"], what="variation hash") + " <= 0.5")
    one("not-tff", "TARGET_FEATURE_FLAG", include=False, featureFlagId=parent["id"])
    f.matched("TARGET_FEATURE_FLAG excluded: never evaluated", "not-tff", ctx(), True)

    exp_id = parent_rule["experimentId"]
    vid = parent_rule["variationByExposition"][0]["variationId"]
    one("te-any", "TARGET_EXPERIMENT", experimentId=exp_id, variationMatchType="ANY")
    f.matched("TARGET_EXPERIMENT ANY: assigned", "te-any", ctx(prior=["parent"]), True)
    f.matched("TARGET_EXPERIMENT ANY: not assigned", "te-any", ctx(prior=["exp-parent"]), False)
    f.matched("TARGET_EXPERIMENT ANY: no visitor", "te-any", ctx(), False)
    one("te-exact", "TARGET_EXPERIMENT", experimentId=exp_id, variationId=vid, variationMatchType="EXACT")
    f.matched("TARGET_EXPERIMENT EXACT: that variation", "te-exact", ctx(prior=["parent"]), True)
    one("te-exact-other", "TARGET_EXPERIMENT", experimentId=exp_id, variationId=vid + 1, variationMatchType="EXACT")
    f.matched("TARGET_EXPERIMENT EXACT: another variation", "te-exact-other", ctx(prior=["parent"]), False)
    d1 = NOW_MS - DAY
    earlier = history(visit(d1, experiments=[(d1 + 500, exp_id, vid)]))
    current_only = {"currentVisit": visit(NOW_MS - 5000, experiments=[(NOW_MS - 4000, exp_id, vid)]),
                    "previousVisits": []}
    f.matched("TARGET_EXPERIMENT ANY: an assignment of a previous visit (Data API) is out of the current visit",
              "te-any", ctx(remote=remote(earlier, experiments=True)), False)
    f.matched("TARGET_EXPERIMENT ANY: without visit history every assignment counts", "te-any",
              ctx(remote=remote(current_only, experiments=True)), True)
    one("te-any-visitor", "TARGET_EXPERIMENT", experimentId=exp_id, variationMatchType="ANY", visitScope="VISITOR")
    f.matched("TARGET_EXPERIMENT ANY, VISITOR scope: a previous visit's assignment", "te-any-visitor",
              ctx(remote=remote(earlier, experiments=True)), True)
    f.matched("TARGET_FEATURE_FLAG: an assignment from the Data API", "tff",
              ctx(remote=remote(current_only, experiments=True)), True)

    one("exclusive", "EXCLUSIVE_EXPERIMENT", campaignType="EXPERIMENT")
    f.matched("EXCLUSIVE_EXPERIMENT EXPERIMENT: no assignment", "exclusive", ctx(), True)
    f.matched("EXCLUSIVE_EXPERIMENT EXPERIMENT: another experiment assigned", "exclusive", ctx(prior=["parent"]), False)
    f.matched("EXCLUSIVE_EXPERIMENT EXPERIMENT: its own earlier assignment does not count", "exclusive",
              ctx(prior=["exclusive"]), True)
    f.matched("EXCLUSIVE_EXPERIMENT EXPERIMENT: a previous visit's assignment (scope VISITOR)", "exclusive",
              ctx(remote=remote(earlier, experiments=True)), False)
    one("exclusive-current", "EXCLUSIVE_EXPERIMENT", campaignType="EXPERIMENT", visitScope="CURRENT_VISIT")
    f.matched("EXCLUSIVE_EXPERIMENT, CURRENT_VISIT: a previous visit's assignment is older", "exclusive-current",
              ctx(remote=remote(earlier, experiments=True)), True)
    pers = history(visit(d1, personalizations=[(d1 + 500, 42, 4201)]))
    one("exclusive-pers", "EXCLUSIVE_EXPERIMENT", campaignType="PERSONALIZATION")
    f.matched("EXCLUSIVE_EXPERIMENT PERSONALIZATION: none", "exclusive-pers", ctx(prior=["parent"]), True)
    f.matched("EXCLUSIVE_EXPERIMENT PERSONALIZATION: one from the Data API", "exclusive-pers",
              ctx(remote=remote(pers, personalization=True)), False)
    one("exclusive-any", "EXCLUSIVE_EXPERIMENT", campaignType="ANY")
    f.matched("EXCLUSIVE_EXPERIMENT ANY: nothing", "exclusive-any", ctx(data=[device("PHONE")]), True)
    f.matched("EXCLUSIVE_EXPERIMENT ANY: an experiment", "exclusive-any", ctx(prior=["parent"]), False)
    one("exclusive-nothing", "EXCLUSIVE_EXPERIMENT", campaignType="SOMETHING")
    f.matched("EXCLUSIVE_EXPERIMENT with an unknown campaignType: false", "exclusive-nothing", ctx(), False)

    one("tp", "TARGET_PERSONALIZATION", personalizationId=42)
    f.matched("TARGET_PERSONALIZATION: a previous visit's, current-visit scope", "tp",
              ctx(remote=remote(pers, personalization=True)), False)
    f.matched("TARGET_PERSONALIZATION: no visitor", "tp", ctx(), False)
    one("tp-visitor", "TARGET_PERSONALIZATION", personalizationId=42, visitScope="VISITOR")
    f.matched("TARGET_PERSONALIZATION, VISITOR scope", "tp-visitor", ctx(remote=remote(pers, personalization=True)),
              True)
    f.matched("TARGET_PERSONALIZATION, VISITOR scope: another id", "tp-visitor",
              ctx(remote=remote(history(visit(d1, personalizations=[(d1, 43, 1)])), personalization=True)), False)

    kcs = {"5": {"11": 15.5, "12": 40}}
    one("heat", "HEAT_SLICE", keyMomentId=5, goalId=11, lowerBound=10, upperBound=20)
    f.matched("HEAT_SLICE: the score within the bounds", "heat", ctx(remote=remote(history(kcs=kcs), kcs=True)), True)
    f.matched("HEAT_SLICE: no score", "heat", ctx(remote=remote(history(kcs={"6": {"11": 15}}), kcs=True)), False)
    f.matched("HEAT_SLICE: no visitor", "heat", ctx(), False)
    one("heat-edge", "HEAT_SLICE", keyMomentId=5, goalId=12, lowerBound=10, upperBound=40)
    f.matched("HEAT_SLICE: the bounds are inclusive", "heat-edge", ctx(remote=remote(history(kcs=kcs), kcs=True)), True)
    one("heat-low", "HEAT_SLICE", keyMomentId=5, goalId=12, lowerBound=0, upperBound=39.5)
    f.matched("HEAT_SLICE: above the upper bound", "heat-low", ctx(remote=remote(history(kcs=kcs), kcs=True)), False)
    return f


def trees():
    f = File("trees", "Targeting trees: conditions and operator lists combined pairwise, left to right (`a AND b AND "
             "c OR d` is (a AND b) AND (c OR d)), at both levels; a firstLevelOrOperators list shorter than needed "
             "is not refused: a missing operator lets the right side decide; isInclude; empty trees, null "
             "conditionsData and "
             "segmentId null, 0 or unknown target everyone; SEGMENT conditions; unknown targeting types are false.")
    for i in range(1, 6):
        f.add_custom_data(i, "c%d" % i)

    def c(i, include=True):
        return condition("CUSTOM_DATUM", include, customDataIndex=str(i), valueMatchType="EXACT", value="y")

    def values(bits):
        """data items making condition i true iff bits[i-1] == '1'."""
        return [cd(i + 1, "y" if b == "1" else "n") for i, b in enumerate(bits)]

    def check(key, bits, yes, what):
        f.matched("%s: %s" % (what, ", ".join("%s=%s" % ("abcde"[i], "T" if b == "1" else "F")
                                                for i, b in enumerate(bits))), key, ctx(data=values(bits)), yes)

    f.condition_flag("and-and-or", tree(group([c(1), c(2), c(3), c(4)], [False, False, True])))
    for bits in ["0001", "1101", "1110", "1100", "0011", "1111"]:
        a, b, cc, d = [x == "1" for x in bits]
        check("and-and-or", bits, (a and b) and (cc or d), "a AND b AND c OR d = (a AND b) AND (c OR d)")
    f.condition_flag("and-or", tree(group([c(1), c(2), c(3)], [False, True])))
    for bits in ["001", "110", "100", "011"]:
        a, b, cc = [x == "1" for x in bits]
        check("and-or", bits, (a and b) or cc, "a AND b OR c = (a AND b) OR c")
    f.condition_flag("or-and", tree(group([c(1), c(2), c(3)], [True, False])))
    for bits in ["100", "010", "011", "000"]:
        a, b, cc = [x == "1" for x in bits]
        check("or-and", bits, a or (b and cc), "a OR b AND c = a OR (b AND c)")
    f.condition_flag("and-x3-or", tree(group([c(1), c(2), c(3), c(4), c(5)], [False, False, False, True])))
    for bits in ["00001", "11001", "11111", "11110"]:
        a, b, cc, d, e = [x == "1" for x in bits]
        check("and-x3-or", bits, (a and b) and ((cc and d) or e),
              "a AND b AND c AND d OR e = (a AND b) AND ((c AND d) OR e)")
    f.condition_flag("first-level", tree(group([c(1)]), group([c(2)]), group([c(3)]), group([c(4)]),
                                         first_ors=[False, False, True]))
    for bits in ["0001", "1101", "1110"]:
        a, b, cc, d = [x == "1" for x in bits]
        check("first-level", bits, (a and b) and (cc or d), "groups a AND b AND c OR d = (a AND b) AND (c OR d)")
    f.condition_flag("first-level-no-operators", tree(group([c(1)]), group([c(2)]), first_ors=[]))
    for bits, yes in [("10", False), ("01", True), ("11", True)]:
        check("first-level-no-operators", bits, yes,
              "two groups and no firstLevelOrOperators: the second group decides")
    f.condition_flag("groups", tree(group([c(1), c(2)], [True]), group([c(3), c(4)], [True]), first_ors=[False]))
    for bits in ["1010", "0101", "1100"]:
        a, b, cc, d = [x == "1" for x in bits]
        check("groups", bits, (a or b) and (cc or d), "(a OR b) AND (c OR d)")
    f.condition_flag("exclude", tree(group([c(1, include=False), c(2)])))
    check("exclude", "01", True, "NOT a AND b")
    check("exclude", "11", False, "NOT a AND b")
    f.matched("NOT a AND b: a missing entirely", "exclude", ctx(data=[cd(2, "y")]), True)

    f.condition_flag("empty-tree", tree())
    f.matched("an empty tree targets everyone", "empty-tree", ctx(), True)
    f.condition_flag("empty-group", tree(group([])))
    f.matched("a group without conditions targets everyone", "empty-group", ctx(), True)
    f.condition_flag("null-conditions", None)
    f.matched("null conditionsData targets everyone", "null-conditions", ctx(), True)
    f.flag("segment-null", [f.td(segment=None)])
    f.matched("segmentId null targets everyone", "segment-null", ctx(), True)
    f.flag("segment-0", [f.td(segment=0)])
    f.matched("segmentId 0 targets everyone", "segment-0", ctx(), True)
    f.flag("segment-unknown", [f.td(segment=4242)])
    f.matched("a segmentId not in segments targets everyone", "segment-unknown", ctx(), True)

    inner = f.segment(tree(group([c(1)])))
    f.condition_flag("segment-cond", tree(group([condition("SEGMENT", segmentId=inner), c(2)])))
    check("segment-cond", "11", True, "SEGMENT (a) AND b")
    check("segment-cond", "01", False, "SEGMENT (a) AND b")
    f.condition_flag("segment-missing", tree(group([condition("SEGMENT", segmentId=999)])))
    f.matched("SEGMENT of a missing segment: false", "segment-missing", ctx(), False)
    f.condition_flag("segment-missing-excluded", tree(group([condition("SEGMENT", False, segmentId=999)])))
    f.matched("SEGMENT of a missing segment, excluded: true", "segment-missing-excluded", ctx(), True)
    f.condition_flag("explicit-trigger", tree(group([condition("EXPLICIT_TRIGGER")])))
    f.matched("EXPLICIT_TRIGGER is false", "explicit-trigger", ctx(data=[cd(1, "y")]), False)
    f.condition_flag("unknown-type", tree(group([condition("NO_SUCH_CONDITION"), c(1)], [True])))
    f.matched("an unknown targetingType is false (ORed with a true condition)", "unknown-type",
              ctx(data=[cd(1, "y")]), True)
    f.matched("an unknown targetingType is false", "unknown-type", ctx(data=[cd(1, "n")]), False)
    f.condition_flag("unknown-type-excluded", tree(group([condition("NO_SUCH_CONDITION", False)])))
    f.matched("an unknown targetingType excluded is true", "unknown-type-excluded", ctx(), True)
    f.condition_flag("include-absent", tree(group([condition("CUSTOM_DATUM", None, customDataIndex="1",
                                                             valueMatchType="EXACT", value="y")])))
    f.matched("isInclude absent means included", "include-absent", ctx(data=[cd(1, "y")]), True)
    return f


def rules_targeted_delivery():
    f = File("rules-targeted-delivery", "TARGETED_DELIVERY rules: in when H(code, rule id) <= exposition (the edge "
             "set to a visitor's hash exactly, and to the double just below it); in serves the rule's first "
             "variation; out stops at the default without reading later rules; a rule without variations serves "
             "the default; rules in array order, whatever `order` says.")
    r = f.td(exposition=0.5)
    code = find_code("td-", lambda c: True)
    h = kameleoon_hash(code, r["id"])
    r["exposition"] = h
    later = f.td(key="later")
    f.flag("edge-in", [r, later], variations=(OFF, ON, variation("later")))
    f.served("exposition equal to the hash: in", "edge-in", ctx(code), r["id"], "on", description=note(code, r["id"]))
    r2 = f.td(exposition=below(h), rule_id=r["id"] + 100)
    h2 = kameleoon_hash(code, r2["id"])
    r2["exposition"] = h2
    f.flag("edge-in-2", [r2], variations=(OFF, ON))
    f.served("exposition equal to the hash (another rule id): in", "edge-in-2", ctx(code), r2["id"], "on",
             description=note(code, r2["id"]))
    r3 = f.td()
    r3["exposition"] = below(kameleoon_hash(code, r3["id"]))
    later3 = f.td(key="later")
    f.flag("edge-out", [r3, later3], variations=(OFF, ON, variation("later")))
    f.default("exposition one double below the hash: out, and a targeted-delivery miss stops", "edge-out", ctx(code),
              description=note(code, r3["id"]) + "; exposition %r" % r3["exposition"])
    half = f.td(exposition=0.5)
    f.flag("half", [half])
    lo = find_code("lo-", lambda c: kameleoon_hash(c, half["id"]) <= 0.5)
    hi = find_code("hi-", lambda c: kameleoon_hash(c, half["id"]) > 0.5)
    f.served("exposition 0.5: hash below", "half", ctx(lo), half["id"], "on", description=note(lo, half["id"]))
    f.default("exposition 0.5: hash above", "half", ctx(hi), description=note(hi, half["id"]))
    zero = f.td(exposition=0.0)
    f.flag("zero", [zero])
    f.default("exposition 0: nobody", "zero", ctx(lo), description=note(lo, zero["id"]))
    full = f.td(exposition=1.0)
    f.flag("full", [full])
    f.served("exposition 1: everybody", "full", ctx(hi), full["id"], "on", description=note(hi, full["id"]))
    first = f.rule("TARGETED_DELIVERY", 1.0, [("on", 1.0), ("other", 0.0)])
    f.flag("first-variation", [first], variations=(OFF, ON, variation("other")))
    f.served("the first variationByExposition is served, whatever the expositions", "first-variation", ctx(),
             first["id"],
             "on")
    none = f.rule("TARGETED_DELIVERY", 1.0, [])
    after = f.td()
    f.flag("no-variations", [none, after])
    f.default("a targeted-delivery rule without variations serves the default and stops", "no-variations", ctx())
    seg = f.segment(tree(group([condition("DEVICE_TYPE", device="PHONE")])))
    phone_rule = f.td(key="phone", segment=seg)
    everyone = f.td(key="on")
    f.flag("two-rules", [phone_rule, everyone], variations=(OFF, ON, variation("phone")))
    f.served("the first rule whose segment matches", "two-rules", ctx(data=[device("PHONE")]), phone_rule["id"],
             "phone")
    f.served("a rule whose segment does not match is skipped", "two-rules", ctx(data=[device("DESKTOP")]),
             everyone["id"], "on")
    f.served("no visitor: the segment does not match", "two-rules", ctx(), everyone["id"], "on")
    a = f.td(key="a", order=2)
    b = f.td(key="b", order=1)
    f.flag("array-order", [a, b], variations=(OFF, variation("a"), variation("b")))
    f.served("rules are read in array order, not by `order`", "array-order", ctx(), a["id"], "a")
    return f


def rules_experimentation():
    f = File("rules-experimentation", "EXPERIMENTATION rules: in when H(code, rule id) <= exposition, then the "
             "first variation whose running sum of expositions is >= H(code, experiment id); exposition edges and "
             "variation edges exactly on a visitor's hash; an exposition miss, or expositions summing below the "
             "hash, go on to the next rule.")
    code = "exp-visitor-1"
    r = f.exp(1.0, [("a", 0.5), ("b", 0.5)])
    hr = kameleoon_hash(code, r["id"])
    r["exposition"] = hr
    f.flag("edge-in", [r], variations=(OFF, variation("a"), variation("b")))
    hv = kameleoon_hash(code, r["experimentId"])
    key = "a" if hv <= 0.5 else "b"
    f.served("exposition equal to the rule hash: in", "edge-in", ctx(code), r["id"], key,
             description=note(code, r["id"], what="rule hash") + "; " + note(code, r["experimentId"],
                                                                                what="variation hash"))
    r2 = f.exp(1.0, [("a", 0.5), ("b", 0.5)])
    r2["exposition"] = below(kameleoon_hash(code, r2["id"]))
    nxt = f.td(key="fallback")
    f.flag("edge-out", [r2, nxt], variations=(OFF, variation("a"), variation("b"), variation("fallback")))
    f.served("exposition one double below the rule hash: out, the next rule is read", "edge-out", ctx(code), nxt["id"],
             "fallback", description=note(code, r2["id"], what="rule hash"))
    r3 = f.exp(1.0, [("a", 0.5), ("b", 0.5)])
    hv3 = kameleoon_hash(code, r3["experimentId"])
    r3["variationByExposition"][0]["exposition"] = hv3
    r3["variationByExposition"][1]["exposition"] = 1.0 - hv3
    f.flag("variation-edge-a", [r3], variations=(OFF, variation("a"), variation("b")))
    f.served("first exposition equal to the variation hash: the first variation", "variation-edge-a", ctx(code),
             r3["id"], "a", description=note(code, r3["experimentId"], what="variation hash"))
    r4 = f.exp(1.0, [("a", 0.5), ("b", 0.5)])
    hv4 = kameleoon_hash(code, r4["experimentId"])
    r4["variationByExposition"][0]["exposition"] = below(hv4)
    r4["variationByExposition"][1]["exposition"] = 1.0 - below(hv4)
    f.flag("variation-edge-b", [r4], variations=(OFF, variation("a"), variation("b")))
    f.served("first exposition one double below the variation hash: the second variation", "variation-edge-b",
             ctx(code), r4["id"], "b", description=note(code, r4["experimentId"], what="variation hash"))
    r5 = f.exp(1.0, [("a", 0.05), ("b", 0.05)])
    code5 = find_code("short-", lambda c: kameleoon_hash(c, r5["experimentId"]) > 0.1)
    nxt5 = f.td(key="fallback")
    f.flag("short-sum", [r5, nxt5], variations=(OFF, variation("a"), variation("b"), variation("fallback")))
    f.served("expositions summing below the variation hash: the next rule", "short-sum", ctx(code5), nxt5["id"],
             "fallback", description=note(code5, r5["experimentId"], what="variation hash"))
    r5b = f.exp(1.0, [("a", 0.05), ("b", 0.05)])
    f.flag("short-sum-last", [r5b], variations=(OFF, variation("a"), variation("b")))
    code5b = find_code("short-", lambda c: kameleoon_hash(c, r5b["experimentId"]) > 0.1)
    f.default("expositions summing below the variation hash, no rule after: the default", "short-sum-last",
              ctx(code5b), description=note(code5b, r5b["experimentId"], what="variation hash"))
    three = f.exp(1.0, [("a", 1 / 3), ("b", 1 / 3), ("c", 1 / 3)])
    f.flag("three", [three], variations=(OFF, variation("a"), variation("b"), variation("c")))
    for i, key in enumerate("abc"):
        lo, hi = i / 3, (i + 1) / 3
        c = find_code("tri-", lambda c: lo < kameleoon_hash(c, three["experimentId"]) <= hi - 1e-9)
        f.served("three variations: %s" % key, "three", ctx(c), three["id"], key,
                 description=note(c, three["experimentId"], what="variation hash"))
    zero = f.exp(1.0, [("a", 0.0), ("b", 1.0)])
    f.flag("zero-first", [zero], variations=(OFF, variation("a"), variation("b")))
    f.served("a variation of exposition 0 is never picked", "zero-first", ctx("z-1"), zero["id"], "b",
             description=note("z-1", zero["experimentId"], what="variation hash"))
    half = f.exp(0.5, [("a", 1.0)])
    after = f.td(key="fallback")
    f.flag("half", [half, after], variations=(OFF, variation("a"), variation("fallback")))
    lo = find_code("h-", lambda c: kameleoon_hash(c, half["id"]) <= 0.5)
    hi = find_code("h-", lambda c: kameleoon_hash(c, half["id"]) > 0.5)
    f.served("exposition 0.5, rule hash below: in", "half", ctx(lo), half["id"], "a", description=note(lo, half["id"]))
    f.served("exposition 0.5, rule hash above: next rule", "half", ctx(hi), after["id"], "fallback",
             description=note(hi, half["id"]))
    seg = f.segment(tree(group([condition("DEVICE_TYPE", device="PHONE")])))
    targeted = f.exp(1.0, [("a", 1.0)], segment=seg)
    f.flag("targeted", [targeted], variations=(OFF, variation("a")))
    f.served("a targeted experiment: in the segment", "targeted", ctx(data=[device("PHONE")]), targeted["id"], "a")
    f.default("a targeted experiment: not in the segment", "targeted", ctx(data=[device("TABLET")]))
    return f


def respool():
    f = File("respool", "respoolTime: appended to the hashed string (rule and variation hashes) when non-zero, so a "
             "new respool time re-draws visitors; 0 or null is no respool.")
    t = 1712345678
    plain = f.exp(1.0, [("a", 0.5), ("b", 0.5)])
    f.flag("plain", [plain], variations=(OFF, variation("a"), variation("b")))
    pooled = f.exp(1.0, [("a", 0.5), ("b", 0.5)], respool=t, experiment_id=plain["experimentId"] + 1000)
    f.flag("pooled", [pooled], variations=(OFF, variation("a"), variation("b")))
    e = pooled["experimentId"]
    plain_e = plain["experimentId"]
    ab = find_code("rp-", lambda c: kameleoon_hash(c, e) <= 0.5 < kameleoon_hash(c, e, t))
    ba = find_code("rp-", lambda c: kameleoon_hash(c, e, t) <= 0.5 < kameleoon_hash(c, e))
    f.served("respool moves a visitor from a to b", "pooled", ctx(ab), pooled["id"], "b",
             description=note(ab, e, t, "variation hash") + "; without respool " + repr(kameleoon_hash(ab, e)))
    f.served("respool moves a visitor from b to a", "pooled", ctx(ba), pooled["id"], "a",
             description=note(ba, e, t, "variation hash") + "; without respool " + repr(kameleoon_hash(ba, e)))
    key = "a" if kameleoon_hash(ab, plain_e) <= 0.5 else "b"
    f.served("without respool", "plain", ctx(ab), plain["id"], key,
             description=note(ab, plain_e, what="variation hash"))
    zero = f.exp(1.0, [("a", 0.5), ("b", 0.5)], respool=0)
    f.flag("respool-0", [zero], variations=(OFF, variation("a"), variation("b")))
    e0 = zero["experimentId"]
    z = find_code("rp0-", lambda c: kameleoon_hash(c, e0) <= 0.5 < kameleoon_hash(c + str(e0), "0"))
    f.served("respoolTime 0 is no respool", "respool-0", ctx(z), zero["id"], "a",
             description=note(z, e0, 0, "variation hash") + "; with \"0\" appended it would be " +
             repr(kameleoon_hash(z + str(e0), "0")))
    neg = f.td(respool=-7)
    neg["exposition"] = kameleoon_hash("rp-neg", neg["id"], -7)
    f.flag("negative-respool", [neg])
    f.served("a negative respoolTime is appended too", "negative-respool", ctx("rp-neg"), neg["id"], "on",
             description=note("rp-neg", neg["id"], -7, "rule hash") + "; without respool " +
             repr(kameleoon_hash("rp-neg", neg["id"])))
    edge = f.td(respool=t)
    code = "rp-edge"
    edge["exposition"] = kameleoon_hash(code, edge["id"], t)
    f.flag("edge-in", [edge])
    f.served("targeted delivery: exposition equal to the respooled rule hash", "edge-in", ctx(code), edge["id"], "on",
             description=note(code, edge["id"], t, "rule hash"))
    edge2 = f.td(respool=t)
    edge2["exposition"] = below(kameleoon_hash(code, edge2["id"], t))
    f.flag("edge-out", [edge2])
    f.default("targeted delivery: exposition one double below the respooled rule hash", "edge-out", ctx(code),
              description=note(code, edge2["id"], t, "rule hash") + "; without respool " +
              repr(kameleoon_hash(code, edge2["id"])))
    return f


def holdout():
    f = File("holdout", "The holdout: H(code, holdout experimentId) without respool picks a holdout variation by "
             "running sums; `in-holdout` serves every flag's default; the holdout variation is saved as an "
             "assignment, so EXCLUSIVE_EXPERIMENT sees it; the environment check comes first.")
    hid = 77001
    f.holdout = {"experimentId": hid, "variationByExposition": [
        {"variationKey": "in-holdout", "variationId": 77011, "exposition": 0.2},
        {"variationKey": "off", "variationId": 77012, "exposition": 0.8}]}
    everyone = f.td()
    f.flag("everyone", [everyone])
    exp = f.exp(1.0, [("a", 1.0)])
    f.flag("experiment", [exp], variations=(OFF, variation("a")))
    inside = find_code("ho-", lambda c: kameleoon_hash(c, hid) <= 0.2)
    outside = find_code("ho-", lambda c: kameleoon_hash(c, hid) > 0.2)
    f.default("in the holdout: the default", "everyone", ctx(inside), description=note(inside, hid))
    f.default("in the holdout: an experiment's default too", "experiment", ctx(inside), description=note(inside, hid))
    f.served("out of the holdout: the rule", "everyone", ctx(outside), everyone["id"], "on",
             description=note(outside, hid))
    f.served("out of the holdout: the experiment", "experiment", ctx(outside), exp["id"], "a",
             description=note(outside, hid))
    f.flag("off-env", [f.td()], enabled=False)
    f.disabled("a disabled flag is disabled before the holdout", "off-env", ctx(inside))
    seg = f.segment(tree(group([condition("EXCLUSIVE_EXPERIMENT", campaignType="EXPERIMENT")])))
    excl = f.td(segment=seg)
    f.flag("exclusive", [excl])
    f.default("EXCLUSIVE_EXPERIMENT sees the holdout's own assignment", "exclusive", ctx(outside),
              description=note(outside, hid))
    seg2 = f.segment(tree(group([condition("TARGET_EXPERIMENT", experimentId=hid, variationMatchType="ANY")])))
    f.flag("saw-holdout", [f.td(segment=seg2)])
    f.served("the holdout assignment is there for TARGET_EXPERIMENT", "saw-holdout", ctx(outside),
             f.find_flag("saw-holdout")["rules"][0]["id"], "on", description=note(outside, hid))
    return f


def holdout_edges():
    code = "holdout-edge"
    hid = 88001
    h = kameleoon_hash(code, hid)
    f = File("holdout-edges", "Holdout edges: the in-holdout exposition set to the visitor's hash exactly (in) or the "
             "double below (out); holdout expositions summing below the hash leave the visitor out and assign "
             "nothing; the holdout hash never includes a respool time.")
    f.holdout = {"experimentId": hid, "variationByExposition": [
        {"variationKey": "in-holdout", "variationId": 88011, "exposition": h},
        {"variationKey": "off", "variationId": 88012, "exposition": 1.0 - h}]}
    r = f.td(respool=1712345678)
    f.flag("everyone", [r])
    f.default("in-holdout exposition equal to the hash: in the holdout", "everyone", ctx(code),
              description=note(code, hid))
    f.served("another visitor, hash above: out", "everyone",
             ctx(find_code("he-", lambda c: kameleoon_hash(c, hid) > h)), r["id"], "on")
    return f


def holdout_short():
    code = "holdout-edge"
    hid = 88001
    h = kameleoon_hash(code, hid)
    f = File("holdout-short", "A holdout whose in-holdout exposition is one double below the visitor's hash (out), "
             "and whose expositions sum below some hashes: those visitors are in no holdout variation, and nothing "
             "is assigned.")
    f.holdout = {"experimentId": hid, "variationByExposition": [
        {"variationKey": "in-holdout", "variationId": 88011, "exposition": below(h)},
        {"variationKey": "off", "variationId": 88012, "exposition": 0.1}]}
    r = f.td()
    f.flag("everyone", [r])
    f.served("in-holdout exposition one double below the hash: out", "everyone", ctx(code), r["id"], "on",
             description=note(code, hid))
    beyond = find_code("hs-", lambda c: kameleoon_hash(c, hid) > h + 0.1)
    seg = f.segment(tree(group([condition("EXCLUSIVE_EXPERIMENT", campaignType="EXPERIMENT")])))
    excl = f.td(segment=seg)
    f.flag("exclusive", [excl])
    f.served("beyond every holdout variation: out, and no holdout assignment", "exclusive", ctx(beyond), excl["id"],
             "on", description=note(beyond, hid))
    return f


def holdout_bucketing():
    hid = 55001
    f = File("holdout-bucketing", "The holdout hashes the evaluated flag's code: its bucketing custom data when the "
             "flag has one and the visitor has it, else the visitor code.")
    account = f.add_custom_data(4, "account")
    f.holdout = {"experimentId": hid, "variationByExposition": [
        {"variationKey": "in-holdout", "variationId": 55011, "exposition": 0.5},
        {"variationKey": "off", "variationId": 55012, "exposition": 0.5}]}
    by_account = f.td()
    f.flag("by-account", [by_account], bucketing=account["id"])
    plain = f.td()
    f.flag("plain", [plain])
    acct = find_code("acct-", lambda c: kameleoon_hash(c, hid) <= 0.5)
    code = find_code("hb-", lambda c: kameleoon_hash(c, hid) > 0.5)
    f.default("the account is in the holdout", "by-account", ctx(code, data=[cd(4, acct)]),
              description=note(acct, hid) + "; the visitor code's " + repr(kameleoon_hash(code, hid)))
    f.served("a flag without bucketing custom data: the visitor code is out", "plain", ctx(code, data=[cd(4, acct)]),
             plain["id"], "on", description=note(code, hid))
    f.served("without the account: the visitor code is out", "by-account", ctx(code), by_account["id"], "on",
             description=note(code, hid))
    return f

def mutually_exclusive():
    group_name = "checkout-group"
    f = File("mutually-exclusive", "Mutually exclusive groups: the group's flags sorted by id, flag i = min(floor("
             "H(code + group name) * n), n - 1) is evaluated, the others serve their default; disabled flags keep "
             "their share; a group of one.")
    # Array order differs from id order: the group is sorted by id.
    c_rule, a_rule, b_rule = f.td(), f.td(), f.td()
    f.flag("me-c", [c_rule], me_group=group_name, flag_id=30)
    f.flag("me-a", [a_rule], me_group=group_name, flag_id=10)
    f.flag("me-b", [b_rule], me_group=group_name, flag_id=20)
    by_index = [("me-a", a_rule), ("me-b", b_rule), ("me-c", c_rule)]
    for i in range(3):
        code = find_code("me-", lambda c: min(int(me_hash(c, group_name) * 3), 2) == i)
        h = "ME hash of %s = %r: flag %d of 3" % (json.dumps(code + group_name), me_hash(code, group_name), i)
        for j, (key, rule) in enumerate(by_index):
            if i == j:
                f.served("ME slot %d: %s is evaluated" % (i, key), key, ctx(code), rule["id"], "on", description=h)
            else:
                f.default("ME slot %d: %s serves its default" % (i, key), key, ctx(code), description=h)
    solo = f.td()
    f.flag("solo", [solo], me_group="solo-group", flag_id=40)
    f.served("a group of one flag", "solo", ctx("anyone"), solo["id"], "on")
    x = f.td()
    f.flag("me-x", [x], me_group="pair", flag_id=50)
    f.flag("me-y", [f.td()], me_group="pair", flag_id=51, enabled=False)
    x_code = find_code("pair-", lambda c: me_hash(c, "pair") < 0.5)
    y_code = find_code("pair-", lambda c: me_hash(c, "pair") >= 0.5)
    f.served("pair: the enabled flag's share", "me-x", ctx(x_code), x["id"], "on",
             description="ME hash %r" % me_hash(x_code, "pair"))
    f.default("pair: the disabled flag keeps its share", "me-x", ctx(y_code),
              description="ME hash %r" % me_hash(y_code, "pair"))
    f.disabled("pair: the disabled flag itself", "me-y", ctx(y_code))
    f.flag("no-group", [f.td()], me_group="", flag_id=60)
    f.served("an empty group name is no group", "no-group", ctx(y_code),
             f.find_flag("no-group")["rules"][0]["id"], "on")
    return f


def consent_file(name, behaviour):
    full = behaviour == "FULLY_BLOCK"
    f = File(name, "Consent required (consentType REQUIRED), consentOptOutBehavior %s: an explicit "
             "setLegalConsent(false) blocks experimentation rules that the visitor reaches (hash within the "
             "exposition): %s. Targeted-delivery rules are never blocked; consent true or never set (with or "
             "without a visitor) evaluates normally." % (
                 behaviour, "the flag is disabled for the visitor (FeatureEnvironmentDisabled, blockedBy consent)"
                 if full else "the evaluation stops with the default variation"),
             consent={"consentType": "REQUIRED", "consentOptOutBehavior": behaviour})
    exp = f.exp(1.0, [("a", 1.0)])
    f.flag("experiment", [exp], variations=(OFF, variation("a")))
    td = f.td()
    f.flag("delivery", [td])
    exp2 = f.exp(1.0, [("a", 1.0)])
    td2 = f.td()
    f.flag("experiment-then-delivery", [exp2, td2], variations=(OFF, ON, variation("a")))
    seg = f.segment(tree(group([condition("DEVICE_TYPE", device="PHONE")])))
    exp3 = f.exp(1.0, [("a", 1.0)], segment=seg)
    td3 = f.td()
    f.flag("targeted-experiment", [exp3, td3], variations=(OFF, ON, variation("a")))
    exp4 = f.exp(0.5, [("a", 1.0)])
    td4 = f.td()
    f.flag("half-experiment", [exp4, td4], variations=(OFF, ON, variation("a")))
    out4 = find_code("cs-", lambda c: kameleoon_hash(c, exp4["id"]) > 0.5)
    in4 = find_code("cs-", lambda c: kameleoon_hash(c, exp4["id"]) <= 0.5)

    def blocked(case_name, key, context, description=None):
        if full:
            f.disabled(case_name, key, context, blocked_by="consent", description=description)
        else:
            f.default(case_name, key, context, description=description)

    blocked("consent false: an experiment", "experiment", ctx(consent=False))
    f.served("consent true: an experiment", "experiment", ctx(consent=True), exp["id"], "a")
    f.served("consent never set, a visitor: an experiment", "experiment", ctx(data=[device("PHONE")]), exp["id"], "a")
    f.served("consent never set, no visitor: an experiment", "experiment", ctx(), exp["id"], "a")
    f.served("consent false: targeted delivery is not blocked", "delivery", ctx(consent=False), td["id"], "on")
    blocked("consent false: blocked at the experiment, the later rule is not read", "experiment-then-delivery",
            ctx(consent=False))
    f.served("consent false: an experiment whose segment does not match is not reached", "targeted-experiment",
             ctx(consent=False, data=[device("DESKTOP")]), td3["id"], "on")
    blocked("consent false: an experiment whose segment matches", "targeted-experiment",
            ctx(consent=False, data=[device("PHONE")]))
    f.served("consent false: an experiment whose exposition the visitor misses is not reached", "half-experiment",
             ctx(out4, consent=False), td4["id"], "on", description=note(out4, exp4["id"]))
    blocked("consent false: within the experiment's exposition", "half-experiment", ctx(in4, consent=False),
            description=note(in4, exp4["id"]))
    return f


def consent_partial():
    return consent_file("consent-partial", "PARTIALLY_BLOCK")


def consent_full():
    return consent_file("consent-full", "FULLY_BLOCK")


def consent_not_required():
    f = File("consent-not-required", "Consent not required (consentType other than REQUIRED): setLegalConsent(false) "
             "changes nothing, whatever consentOptOutBehavior says; an unknown consentOptOutBehavior is partial "
             "blocking.", consent={"consentType": "OPTIONAL", "consentOptOutBehavior": "FULLY_BLOCK"})
    exp = f.exp(1.0, [("a", 1.0)])
    f.flag("experiment", [exp], variations=(OFF, variation("a")))
    f.served("consent false, not required: an experiment", "experiment", ctx(consent=False), exp["id"], "a")
    f.served("consent true, not required", "experiment", ctx(consent=True), exp["id"], "a")
    return f


def consent_unknown_behaviour():
    f = File("consent-unknown-behaviour", "consentOptOutBehavior other than FULLY_BLOCK (here BLOCK_ALL) is partial "
             "blocking: the default variation.", consent={"consentType": "REQUIRED",
                                                          "consentOptOutBehavior": "BLOCK_ALL"})
    exp = f.exp(1.0, [("a", 1.0)])
    f.flag("experiment", [exp], variations=(OFF, variation("a")))
    f.default("consent false: partial blocking", "experiment", ctx(consent=False))
    f.served("consent true", "experiment", ctx(consent=True), exp["id"], "a")
    return f


def consent_holdout():
    hid = 66001
    f = File("consent-holdout", "A holdout with consent required and FULLY_BLOCK: a visitor with consent false is "
             "blocked at the holdout, before any rule, even for targeted-delivery flags; consent true or never set "
             "goes through the holdout.", consent={"consentType": "REQUIRED", "consentOptOutBehavior": "FULLY_BLOCK"})
    f.holdout = {"experimentId": hid, "variationByExposition": [
        {"variationKey": "in-holdout", "variationId": 66011, "exposition": 0.3},
        {"variationKey": "off", "variationId": 66012, "exposition": 0.7}]}
    td = f.td()
    f.flag("delivery", [td])
    outside = find_code("ch-", lambda c: kameleoon_hash(c, hid) > 0.3)
    inside = find_code("ch-", lambda c: kameleoon_hash(c, hid) <= 0.3)
    f.disabled("consent false: blocked at the holdout", "delivery", ctx(outside, consent=False), blocked_by="consent",
               description=note(outside, hid))
    f.served("consent true, out of the holdout", "delivery", ctx(outside, consent=True), td["id"], "on",
             description=note(outside, hid))
    f.default("consent never set, in the holdout", "delivery", ctx(inside), description=note(inside, hid))
    f.flag("off-env", [f.td()], enabled=False)
    f.disabled("a disabled flag: disabled, not blocked", "off-env", ctx(outside, consent=False))
    return f


def consent_holdout_partial():
    hid = 66001
    f = File("consent-holdout-partial", "A holdout with consent required and PARTIALLY_BLOCK: the holdout evaluates "
             "normally for a visitor with consent false; experimentation rules then serve the default.",
             consent={"consentType": "REQUIRED", "consentOptOutBehavior": "PARTIALLY_BLOCK"})
    f.holdout = {"experimentId": hid, "variationByExposition": [
        {"variationKey": "in-holdout", "variationId": 66011, "exposition": 0.3},
        {"variationKey": "off", "variationId": 66012, "exposition": 0.7}]}
    td = f.td()
    f.flag("delivery", [td])
    exp = f.exp(1.0, [("a", 1.0)])
    f.flag("experiment", [exp], variations=(OFF, variation("a")))
    outside = find_code("ch-", lambda c: kameleoon_hash(c, hid) > 0.3)
    inside = find_code("ch-", lambda c: kameleoon_hash(c, hid) <= 0.3)
    f.served("consent false, out of the holdout: targeted delivery", "delivery", ctx(outside, consent=False), td["id"],
             "on", description=note(outside, hid))
    f.default("consent false, in the holdout", "delivery", ctx(inside, consent=False), description=note(inside, hid))
    f.default("consent false, out of the holdout: an experiment is blocked", "experiment",
              ctx(outside, consent=False), description=note(outside, hid))
    return f


def outcomes():
    f = File("outcomes", "Every row of the outcome table: a rule's variation (its key, or \"\" when the key is not "
             "among the flag's variations), the default variation (also a key that is not among the variations), "
             "environmentEnabled false (also absent), consent false with FULLY_BLOCK reaching an experiment, an "
             "unknown flag, an invalid visitor code (empty, over 255 characters counted as code points).",
             consent={"consentType": "REQUIRED", "consentOptOutBehavior": "FULLY_BLOCK"})
    r = f.rule("EXPERIMENTATION", 1.0, [("on", 1.0, 4008)], rule_id=4001, experiment_id=4002)
    f.flag("ff_checkout", [r], variations=(OFF, variation("on", "On", [variable("color", "STRING", "red")])))
    f.served("a rule served a variation", "ff_checkout", ctx("7b1c9f2e3d4a5b6c"), 4001, "on")
    ghost = f.td(key="ghost")
    f.flag("ghost-variation", [ghost])
    f.served("a rule served a key that is not among the variations: \"\"", "ghost-variation", ctx(), ghost["id"],
             "ghost")
    f.flag("default-on", [], default="on")
    f.default("no rule: the default variation, active", "default-on", ctx())
    f.flag("default-off", [])
    f.default("no rule: the default variation off, not active", "default-off", ctx())
    f.flag("default-ghost", [], default="missing")
    f.default("a default key that is not among the variations: \"\", active", "default-ghost", ctx())
    f.flag("disabled", [f.td()], enabled=False)
    f.disabled("environmentEnabled false", "disabled", ctx())
    f.disabled("environmentEnabled false, with data", "disabled", ctx(data=[device("PHONE")]))
    absent = f.flag("env-absent", [f.td()])
    del absent["environmentEnabled"]
    f.disabled("environmentEnabled absent is false", "env-absent", ctx())
    f.disabled("consent false, FULLY_BLOCK, an experiment reached", "ff_checkout", ctx(consent=False),
               blocked_by="consent")
    f.not_found("unknown flag", "ff_nope", ctx())
    f.not_found("flag keys are case-sensitive", "FF_CHECKOUT", ctx())
    f.not_found("an empty flag key", "", ctx())
    f.invalid("empty visitor code", "ff_checkout", ctx(""))
    f.invalid("a visitor code of 256 characters", "ff_checkout", ctx("v" * 256))
    f.served("a visitor code of 255 characters", "ff_checkout", ctx("v" * 255), 4001, "on")
    f.served("255 non-ASCII characters (765 UTF-8 bytes) are valid: code points are counted", "ff_checkout",
             ctx("\u00e9" * 85 + "\u65e5" * 170), 4001, "on")
    f.invalid("256 non-ASCII characters", "ff_checkout", ctx("\u00e9" * 256))
    f.invalid("an invalid visitor code before an unknown flag", "ff_nope", ctx(""))
    f.disabled("a disabled flag before consent", "disabled", ctx(consent=False))
    return f


def bucketing():
    f = File("bucketing", "The code hashed: the first value of the custom data named by bucketingCustomDataId (through "
             "customData[].id to its index) when the visitor has it; else the mapping identifier (set by a Data API "
             "answer's newest visitorCode); else the visitor code. A bucketingCustomDataId whose index is 0 is "
             "ignored (Python reads index 0 as absent).")
    account = f.add_custom_data(4, "account")
    zero = f.add_custom_data(0, "zero")
    mapping = f.add_custom_data(5, "user", isMappingIdentifier=True)
    r = f.td()
    r["exposition"] = kameleoon_hash("acct-1", r["id"])
    f.flag("by-account", [r], bucketing=account["id"])
    out = find_code("bk-", lambda c: kameleoon_hash(c, r["id"]) > r["exposition"])
    f.served("the account's hash sits exactly on the exposition", "by-account", ctx(out, data=[cd(4, "acct-1")]),
             r["id"], "on", description=note("acct-1", r["id"]) + "; the visitor code's: " +
             repr(kameleoon_hash(out, r["id"])))
    f.default("without the account, the visitor code is hashed", "by-account", ctx(out, data=[device("PHONE")]),
              description=note(out, r["id"]))
    f.served("only the first value is hashed", "by-account", ctx(out, data=[cd(4, "acct-1", "acct-2")]), r["id"], "on",
             description=note("acct-1", r["id"]))
    f.served("the account by name", "by-account", ctx(out, data=[cd_named("account", "acct-1")]), r["id"], "on")
    acct_out = find_code("acct-x", lambda c: kameleoon_hash(c, r["id"]) > r["exposition"])
    inside = find_code("bk-in-", lambda c: kameleoon_hash(c, r["id"]) <= r["exposition"])
    f.default("another account is hashed, not the visitor code", "by-account", ctx(inside, data=[cd(4, acct_out)]),
              description=note(acct_out, r["id"]) + "; the visitor code's: " + repr(kameleoon_hash(inside, r["id"])))
    f.served("an account from the Data API", "by-account",
             ctx(out, remote=remote(history(current=visit(NOW_MS - 5000, custom=[(NOW_MS - 4000, 4, {"acct-1": 1})]))
                                   , visitorCode=False)), r["id"], "on")
    e = f.exp(1.0, [("a", 0.5), ("b", 0.5)])
    f.flag("exp-by-account", [e], variations=(OFF, variation("a"), variation("b")), bucketing=account["id"])
    key = "a" if kameleoon_hash("acct-7", e["experimentId"]) <= 0.5 else "b"
    for code in ["dev-1", "dev-2"]:
        f.served("two devices of one account share the variation (%s)" % code, "exp-by-account",
                 ctx(code, data=[cd(4, "acct-7")]), e["id"], key, description=note("acct-7", e["experimentId"]))
    z = f.td()
    z["exposition"] = below(kameleoon_hash("zero-value", z["id"]))
    f.flag("by-index-0", [z], bucketing=zero["id"])
    code0 = find_code("z0-", lambda c: kameleoon_hash(c, z["id"]) <= z["exposition"])
    f.served("a bucketing custom data at index 0 is ignored: the visitor code is hashed", "by-index-0",
             ctx(code0, data=[cd(0, "zero-value")]), z["id"], "on",
             description=note(code0, z["id"]) + "; the value's hash %r is above the exposition" %
             kameleoon_hash("zero-value", z["id"]))
    m = f.td()
    mapped = "crm-42"
    m["exposition"] = kameleoon_hash(mapped, m["id"])
    f.flag("by-mapping", [m])
    m_out = find_code("mp-", lambda c: kameleoon_hash(c, m["id"]) > m["exposition"])
    newest = history(visit(NOW_MS - DAY, code=mapped), visit(NOW_MS - 2 * DAY, code="crm-older"))
    f.served("the Data API's newest visitorCode becomes the code hashed", "by-mapping",
             ctx(m_out, remote=remote(newest)),
             m["id"], "on", description=note(mapped, m["id"]) + "; the visitor code's " +
             repr(kameleoon_hash(m_out, m["id"])))
    f.served("the current visit's visitorCode comes first", "by-mapping",
             ctx(m_out, remote=remote(history(visit(NOW_MS - DAY, code="crm-older"),
                                              current=visit(NOW_MS - 1000, code=mapped)))), m["id"], "on")
    f.default("with filter visitorCode false the visitor code is hashed", "by-mapping",
              ctx(m_out, remote=remote(newest, visitorCode=False)), description=note(m_out, m["id"]))
    f.default("a mapping-identifier custom data maps the visitor to itself: the visitor code is hashed", "by-mapping",
              ctx(m_out, data=[cd(5, mapped)]), description=note(m_out, m["id"]))
    me_rules = [f.td(), f.td()]
    f.flag("me-account-1", [me_rules[0]], me_group="accounts", bucketing=account["id"], flag_id=91)
    f.flag("me-account-2", [me_rules[1]], me_group="accounts", bucketing=account["id"], flag_id=92)
    acct = find_code("acct-me-", lambda c: me_hash(c, "accounts") >= 0.5)
    dev = find_code("dev-me-", lambda c: me_hash(c, "accounts") < 0.5)
    f.served("a mutually exclusive group hashes the account too", "me-account-2", ctx(dev, data=[cd(4, acct)]),
             me_rules[1]["id"], "on", description="ME hash of %s = %r; the visitor code's %r" % (
                 json.dumps(acct + "accounts"), me_hash(acct, "accounts"), me_hash(dev, "accounts")))
    f.default("a mutually exclusive group hashes the account too (the other flag)", "me-account-1",
              ctx(dev, data=[cd(4, acct)]))
    both = f.td()
    both["exposition"] = kameleoon_hash("acct-1", both["id"])
    f.flag("account-over-mapping", [both], bucketing=account["id"])
    f.served("the bucketing custom data comes before the mapping identifier", "account-over-mapping",
             ctx(m_out, remote=remote(newest), data=[cd(4, "acct-1")]), both["id"], "on",
             description=note("acct-1", both["id"]))
    return f


def remote_data():
    f = File("remote-data", "Data API answers (`remote`, added before the data items and without overwriting): custom "
             "data (the current visit first, then previous visits; within a visit the last event), page views "
             "(counted per URL), geolocation, device/browser/OS only when the filter asks, conversion-based scores "
             "(cbs) choosing an experiment's variation.")
    f.add_custom_data(1, "plan")
    d1, d2 = NOW_MS - DAY, NOW_MS - 2 * DAY

    def one(key, ttype, include=True, **fields):
        f.condition_flag(key, tree(group([condition(ttype, include, **fields)])))

    one("plan-pro", "CUSTOM_DATUM", customDataIndex="1", valueMatchType="EXACT", value="pro")
    f.matched("custom data from a previous visit", "plan-pro",
              ctx(remote=remote(history(visit(d1, custom=[(d1, 1, {"pro": 2})])))), True)
    f.matched("within a visit the last event wins", "plan-pro",
              ctx(remote=remote(history(visit(d1, custom=[(d1, 1, {"pro": 1}), (d1 + 5, 1, {"free": 1})])))), False)
    f.matched("within a visit the last event wins (2)", "plan-pro",
              ctx(remote=remote(history(visit(d1, custom=[(d1, 1, {"free": 1}), (d1 + 5, 1, {"pro": 1})])))), True)
    f.matched("the current visit before previous visits", "plan-pro",
              ctx(remote=remote(history(visit(d1, custom=[(d1, 1, {"free": 1})]),
                                        current=visit(NOW_MS - 1000, custom=[(NOW_MS - 900, 1, {"pro": 1})])))),
              True)
    f.matched("the newest previous visit before older ones", "plan-pro",
              ctx(remote=remote(history(visit(d1, custom=[(d1, 1, {"free": 1})]),
                                        visit(d2, custom=[(d2, 1, {"pro": 1})])), previousVisitAmount=2)), False)
    f.matched("every value of valuesCountMap", "plan-pro",
              ctx(remote=remote(history(visit(d1, custom=[(d1, 1, {"free": 1, "pro": 3})])))), True)
    f.matched("local data added after the Data API's replaces it", "plan-pro",
              ctx(remote=remote(history(visit(d1, custom=[(d1, 1, {"pro": 1})]))), data=[cd(1, "free")]), False)
    one("pages-3", "PAGE_VIEWS", pageCount=3, matchType="EQUAL")
    url = "https://shop.example/"
    f.matched("page views counted per URL", "pages-3",
              ctx(remote=remote(history(visit(d1, pages=[(d1, url, "Home"), (d1 + 9, url, "Home"),
                                                         (d1 + 20, url + "cart", "Cart")])), pageViews=True)), True)
    f.matched("Data API page views add to local ones", "pages-3",
              ctx(remote=remote(history(visit(d1, pages=[(d1, url, "Home")])), pageViews=True),
                  data=[page(url), page(url + "x")]), True)
    one("latest-cart", "PAGE_URL", url=url + "cart", matchType="EXACT")
    f.matched("a local page view is later than the Data API's", "latest-cart",
              ctx(remote=remote(history(visit(d1, pages=[(d1, url + "cart", "Cart")])), pageViews=True),
                  data=[page(url)]), False)
    f.matched("the Data API's latest page", "latest-cart",
              ctx(remote=remote(history(visit(d1, pages=[(d1, url, "Home"), (d1 + 5, url + "cart", "Cart")])),
                                pageViews=True)), True)
    one("france", "GEOLOCATION", country="France")
    f.matched("geolocation from the Data API", "france",
              ctx(remote=remote(history(visit(d1, geos=[{"country": "Spain"}, {"country": "France"}])),
                                geolocation=True)), True)
    f.matched("the geolocation of the newest visit that has one", "france",
              ctx(remote=remote(history(visit(d1, geos=[{"country": "Spain"}]),
                                        visit(d2, geos=[{"country": "France"}])),
                                geolocation=True, previousVisitAmount=2)), False)
    one("phone", "DEVICE_TYPE", device="PHONE")
    static = {"visitNumber": 3, "deviceType": "PHONE", "browser": "CHROME", "browserVersion": 120.0, "os": "ANDROID"}
    f.matched("device from static data when the filter asks for it", "phone",
              ctx(remote=remote(history(visit(d1, static=static)), device=True)), True)
    f.matched("device from static data: not without the filter", "phone",
              ctx(remote=remote(history(visit(d1, static=static)))), False)
    f.matched("a local device added after the Data API's replaces it", "phone",
              ctx(remote=remote(history(visit(d1, static=static)), device=True), data=[device("TABLET")]), False)
    one("android", "OPERATING_SYSTEM", os="ANDROID")
    f.matched("operating system from static data", "android",
              ctx(remote=remote(history(visit(d1, static=static)), operatingSystem=True)), True)
    one("chrome-120", "BROWSER", browser="CHROME", version="120", versionMatchType="EQUAL")
    f.matched("browser and version from static data", "chrome-120",
              ctx(remote=remote(history(visit(d1, static=static)), browser=True)), True)

    e = f.exp(1.0, [("a", 0.5, 3101), ("b", 0.5, 3102), ("c", 0.0, 3103)])
    f.flag("cbs", [e], variations=(OFF, variation("a"), variation("b"), variation("c")))
    code = find_code("cbs-", lambda c: kameleoon_hash(c, e["experimentId"]) <= 0.5)
    exp_key = str(e["experimentId"])
    f.served("without scores: the hash picks a", "cbs", ctx(code), e["id"], "a",
             description=note(code, e["experimentId"], what="variation hash"))
    f.served("the best-scored variation is served", "cbs",
             ctx(code, remote=remote(history(cbs={exp_key: {"3101": 0.2, "3102": 0.9}}), cbs=True)), e["id"], "b")
    f.served("a variation of exposition 0 can be served by scores", "cbs",
             ctx(code, remote=remote(history(cbs={exp_key: {"3103": 5, "3101": 1}}), cbs=True)), e["id"], "c")
    f.served("the best score of variations the rule has", "cbs",
             ctx(code, remote=remote(history(cbs={exp_key: {"9999": 9, "3102": 1}}), cbs=True)), e["id"], "b")
    tie = kameleoon_hash(code, e["experimentId"])
    pick = "abc"[min(int(tie * 3), 2)]
    f.served("equal best scores: H(code, experiment) picks among them", "cbs",
             ctx(code, remote=remote(history(cbs={exp_key: {"3101": 2, "3102": 2, "3103": 2}}), cbs=True)), e["id"],
             pick, description=note(code, e["experimentId"]) + ": index %d of 3" % min(int(tie * 3), 2))
    f.served("scores of another experiment are ignored", "cbs",
             ctx(code, remote=remote(history(cbs={"1": {"3102": 9}}), cbs=True)), e["id"], "a")
    return f


def variables():
    f = File("variables", "Variables of every type in the served variation: BOOLEAN, NUMBER, STRING, JS and CSS as "
             "given, JSON parsed from its string; an unknown type has the value null; a variable without `value` "
             "has false; the default variation's variables; none for a key that is not among the variations.")
    all_types = variation("on", "On", [
        variable("enabled", "BOOLEAN", True), variable("limit", "NUMBER", 3.5), variable("count", "NUMBER", 7),
        variable("color", "STRING", "red"), variable("config", "JSON", "{\"a\": [1, 2], \"b\": {\"c\": null}}"),
        variable("list", "JSON", "[1, \"x\"]"), variable("script", "JS", "console.log('hi');"),
        variable("style", "CSS", ".banner { color: red; }"), variable("when", "DATE", "2026-01-01"),
        {"key": "bare", "type": "BOOLEAN"}, variable("empty", "STRING", "")])
    off = variation("off", "Off", [variable("enabled", "BOOLEAN", False), variable("color", "STRING", "grey")])
    r = f.td()
    f.flag("all-types", [r], variations=(off, all_types))
    f.served("every variable type", "all-types", ctx(), r["id"], "on")
    f.flag("default-variables", [], variations=(off, all_types))
    f.default("the default variation's variables", "default-variables", ctx())
    g = f.td(key="ghost")
    f.flag("ghost", [g], variations=(off, all_types))
    f.served("a key that is not among the variations has no variables", "ghost", ctx(), g["id"], "ghost")
    named = variation("on", "", [variable("n", "NUMBER", -0.25)])
    r2 = f.td()
    f.flag("unnamed", [r2], variations=(OFF, named))
    f.served("a variation with an empty name", "unnamed", ctx(), r2["id"], "on")
    nameless = {"key": "on", "variables": [variable("s", "STRING", "\u00e9t\u00e9 \u2603")]}
    r3 = f.td()
    f.flag("nameless", [r3], variations=(OFF, nameless))
    f.served("a variation without name: \"\"; non-ASCII string values", "nameless", ctx(), r3["id"], "on")
    return f


def refused(name, description, mutate, path):
    """A document Kameleoon's SDK fails to parse as a whole: `eval` and `validate` exit 3, naming the path."""
    def build():
        f = File(name, description + " Kameleoon's SDK fails to parse the document, so the whole configuration is "
                 "refused (`burgee eval`/`validate` exit 3; no request is evaluated).")
        f.add_custom_data(1, "plan")
        seg = f.segment(tree(group([condition("CUSTOM_DATUM", customDataIndex="1", valueMatchType="EXACT",
                                              value="pro"), condition("DEVICE_TYPE", device="PHONE")], [True])))
        f.flag("healthy", [f.td(segment=seg)])
        f.flag("other", [f.exp(1.0, [("on", 1.0)])])
        mutate(f)
        f.problems = [{"severity": "error", "path": path}]
        return f
    build.__name__ = name
    return build


def _drop_rule_id(f):
    del f.flags[1]["rules"][0]["id"]


def _short_or_operators(f):
    f.segments[0]["conditionsData"]["firstLevel"][0]["orOperators"] = []


def _numeric_index(f):
    f.segments[0]["conditionsData"]["firstLevel"][0]["conditions"][0]["customDataIndex"] = 1


def _unknown_operator(f):
    f.segments[0]["conditionsData"]["firstLevel"][0]["conditions"][0]["valueMatchType"] = "NOPE"


def _no_index(f):
    del f.segments[0]["conditionsData"]["firstLevel"][0]["conditions"][0]["customDataIndex"]


def _no_first_level(f):
    del f.segments[0]["conditionsData"]["firstLevel"]


CONDITION_0 = "/segments/0/conditionsData/firstLevel/0/conditions/0"

FILES = [
    custom_data, visitor_code_and_sdk, device_browser_os, geolocation_cookies, application_version, pages,
    conversions, visits, visits_midnight, prior_assignments, trees, rules_targeted_delivery, rules_experimentation,
    respool, holdout, holdout_edges, holdout_short, holdout_bucketing, mutually_exclusive, consent_partial,
    consent_full, consent_not_required, consent_unknown_behaviour, consent_holdout, consent_holdout_partial, outcomes,
    bucketing, remote_data, variables,
    refused("refused-rule-without-id", "A rule without `id`.", _drop_rule_id, "/featureFlags/1/rules/0/id"),
    refused("refused-short-or-operators", "A condition group with two conditions and no orOperators.",
            _short_or_operators, "/segments/0/conditionsData/firstLevel/0/orOperators"),
    refused("refused-numeric-custom-data-index", "A CUSTOM_DATUM customDataIndex that is a number, not a string.",
            _numeric_index, CONDITION_0 + "/customDataIndex"),
    refused("refused-unknown-operator", "A CUSTOM_DATUM valueMatchType that is no operator name (NOPE).",
            _unknown_operator, CONDITION_0 + "/valueMatchType"),
    refused("refused-no-custom-data-index", "A CUSTOM_DATUM condition without customDataIndex.", _no_index,
            CONDITION_0 + "/customDataIndex"),
    refused("refused-no-first-level", "A segment's conditionsData without firstLevel.", _no_first_level,
            "/segments/0/conditionsData/firstLevel"),
]


# ---------------------------------------------------------------------------------------------
# Verification against Kameleoon's Python SDK


def verify(documents):
    """Replays every case through Kameleoon's Python SDK (sdk_replay.py) and counts the differences."""
    import sdk_replay  # noqa: E402 - imports the SDK, which only --verify needs
    replay = sdk_replay.Replay()
    failures = 0
    total = 0
    for doc in documents:
        try:
            replay.load(doc["definitions"])
        except Exception as error:  # pylint: disable=broad-except
            if not doc.get("documentError"):
                failures += 1
                print("%s: the SDK refuses the document: %r" % (doc["name"], error))
            continue
        if doc.get("documentError"):
            failures += 1
            print("%s: the SDK accepts the document" % doc["name"])
            continue
        now_ms = parse_now(doc.get("now", DEFAULT_NOW))
        for case in doc["cases"]:
            total += 1
            try:
                got = replay.evaluate(case["flag"], case["context"], now_ms, note=lambda text: print("note: " + text))
            except Exception as error:  # pylint: disable=broad-except
                got = {"exception": repr(error)}
            if got != case["expect"]:
                failures += 1
                print("%s / %s:\n  expected %s\n  Python   %s" % (doc["name"], case["name"],
                                                                json.dumps(case["expect"]), json.dumps(got)))
    print("kameleoon-client-python %s" % replay.version)
    return failures


# ---------------------------------------------------------------------------------------------



if __name__ == "__main__":
    casefiles.main(HERE, FILES, verify=verify, oracle="Kameleoon's Python SDK", width=36,
                   extra_files_are_stale=True)
