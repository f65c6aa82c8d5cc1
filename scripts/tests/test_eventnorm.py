"""Tests of scripts/difftest/eventnorm.py, the normalisers of the events difftest.

    python3 -m unittest discover -s scripts/tests
"""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "difftest"))

import eventnorm  # noqa: E402


def post(path, body):
    return {"path": path, "body": body}


class SplitTests(unittest.TestCase):
    def test_impressions_drop_times_and_batching_and_keep_whether_a_previous_time_was_given(self):
        one = [post("/api/testImpressions/bulk", [{"f": "f1", "i": [
            {"k": "a", "t": "on", "m": 1, "c": 5, "r": "rule", "b": None, "pt": None},
            {"k": "a", "t": "on", "m": 2, "c": 5, "r": "rule", "b": None, "pt": 1}]}])]
        two = [post("/api/testImpressions/bulk", [{"f": "f1", "i": [
            {"k": "a", "t": "on", "m": 9, "c": 5.0, "r": "rule", "b": None, "pt": 7}]}]),
               post("/api/testImpressions/bulk", [{"f": "f1", "i": [
                   {"k": "a", "t": "on", "m": 8, "c": 5, "r": "rule", "b": None}]}])]
        self.assertEqual(eventnorm.split_impressions(one), eventnorm.split_impressions(two))
        self.assertNotEqual(eventnorm.split_impressions(one),
                            eventnorm.split_impressions(one + two))

    def test_counts_sum_over_posts_and_hours_and_keep_an_hour_that_is_not_whole_apart(self):
        posts = [post("/api/testImpressions/count", {"pf": [{"f": "f1", "m": 3600000, "rc": 2},
                                                            {"f": "f2", "m": 7200000, "rc": 0}]}),
                 post("/api/testImpressions/count", {"pf": [{"f": "f1", "m": 7200000, "rc": 3},
                                                            {"f": "f3", "m": 1234, "rc": 1}]})]
        self.assertEqual(eventnorm.split_counts(posts), {"f1": 5, "f3@1234": 1})

    def test_unique_keys_are_a_union_per_feature(self):
        posts = [post("/api/v1/keys/ss", {"keys": [{"f": "f1", "ks": ["b", "a"]}]}),
                 post("/api/v1/keys/ss", {"keys": [{"f": "f1", "ks": ["a", "c"]}, {"f": "f2", "ks": []}]})]
        self.assertEqual(eventnorm.split_unique_keys(posts), {"f1": ["a", "b", "c"], "f2": []})

    def test_events_drop_the_timestamp_and_read_5_and_5_0_alike(self):
        a = [post("/api/events/bulk", [{"eventTypeId": "click", "trafficTypeName": "user", "key": "k",
                                        "value": 5, "timestamp": 1, "properties": {"n": 1}}])]
        b = [post("/api/events/bulk", [{"eventTypeId": "click", "trafficTypeName": "user", "key": "k",
                                        "value": 5.0, "timestamp": 2, "properties": {"n": 1.0}}])]
        self.assertEqual(eventnorm.split_events(a), eventnorm.split_events(b))

    def test_posts_to_other_paths_are_ignored(self):
        self.assertEqual(eventnorm.split_summary([post("/api/v1/metrics/usage", {"x": 1})]),
                         {"impressions": {}, "counts": {}, "uniqueKeys": {}, "events": {}})


class UnleashTests(unittest.TestCase):
    def test_toggles_sum_over_posts_and_drop_zero_counts(self):
        posts = [post("/api/client/metrics", {"bucket": {"toggles": {
                     "t1": {"yes": 1, "no": 0, "variants": {"a": 1}}, "t2": {"yes": 0, "no": 0, "variants": {}}}}}),
                 post("/api/client/metrics", {"bucket": {"toggles": {"t1": {"yes": 2, "no": 1, "variants": {"a": 2, "b": 0}}}}})]
        self.assertEqual(eventnorm.unleash_toggles(posts), {"t1": {"yes": 3, "no": 1, "variants": {"a": 3}}})

    def test_burgee_counting_adds_the_variants_of_is_enabled_and_drops_disabled(self):
        toggles = {"t1": {"yes": 2, "no": 1, "variants": {"a": 1, "disabled": 1}}}
        self.assertEqual(eventnorm.unleash_as_burgee_counts(toggles, {"t1": {"a": 1, "disabled": 2}, "t2": {"b": 1}}),
                         {"t1": {"yes": 2, "no": 1, "variants": {"a": 2}}, "t2": {"yes": 0, "no": 0, "variants": {"b": 1}}})


class LaunchDarklyTests(unittest.TestCase):
    GO = [
        {"kind": "index", "creationDate": 1, "context": {"kind": "user", "key": "a", "_meta": {
            "redactedAttributes": ["b", "a"]}}},
        {"kind": "feature", "creationDate": 1, "key": "f", "version": 2, "context": {"kind": "user", "key": "a"},
         "variation": 0, "value": True, "default": False, "reason": {"kind": "FALLTHROUGH"}},
        {"kind": "custom", "creationDate": 2, "key": "click", "contextKeys": {"user": "a", "org": "o"},
         "metricValue": 1},
        {"kind": "summary", "startDate": 1, "endDate": 2, "features": {"f": {
            "default": False, "contextKinds": ["user", "org"],
            "counters": [{"variation": 0, "version": 2, "value": True, "count": 1}]}}}]
    PYTHON = [
        {"kind": "index", "creationDate": 5, "context": {"key": "a", "kind": "user", "_meta": {
            "redactedAttributes": ["a", "b"]}}},
        {"kind": "feature", "creationDate": 5, "key": "f", "value": True, "default": False, "version": 2,
         "variation": 0, "reason": {"kind": "FALLTHROUGH", "ruleId": None}, "context": {"key": "a", "kind": "user"}},
        {"kind": "custom", "creationDate": 6, "key": "click", "context": {
            "kind": "multi", "user": {"key": "a", "name": "n"}, "org": {"key": "o"}}, "metricValue": 1.0},
        {"kind": "summary", "startDate": 5, "endDate": 6, "features": {"f": {
            "default": False, "contextKinds": ["org", "user"],
            "counters": [{"count": 1, "value": True, "variation": 0, "version": 2}]}}}]

    def test_python_is_normalised_towards_go(self):
        go = eventnorm.launchdarkly_summary([post("/bulk", self.GO), post("/diagnostic", {"kind": "diagnostic"})])
        python = eventnorm.launchdarkly_summary([post("/bulk", self.PYTHON)], vendor=True)
        self.assertEqual(eventnorm.differences(go, python), [])
        # Burgee's side is taken as sent: an inlined context in a custom event is a difference.
        self.assertNotEqual(eventnorm.launchdarkly_summary([post("/bulk", self.PYTHON)]), go)

    def test_summaries_of_several_posts_add_up_and_events_keep_their_order(self):
        one = eventnorm.launchdarkly_summary([post("/bulk", self.GO[:2] + self.GO[3:]),
                                              post("/bulk", self.GO[2:])])
        self.assertEqual(one["summary"]["f"]["counters"], {eventnorm.canonical(
            {"variation": 0, "version": 2, "value": True}): 2})
        swapped = eventnorm.launchdarkly_summary([post("/bulk", [self.GO[1], self.GO[0]])])
        found = eventnorm.differences(swapped, eventnorm.launchdarkly_summary([post("/bulk", self.GO[:2])]))
        self.assertEqual(len(found), 2)  # one event moved: where it is missing and where it is extra
        self.assertTrue(all(sentence.startswith("events[") for sentence in found))


class KameleoonTests(unittest.TestCase):
    PYTHON = ("nonce=A1B2&eventType=experiment&id=4002&variationId=4008&visitorCode=alice&userAgent=curl%2F8.0\n"
              "nonce=C3D4&eventType=conversion&goalId=11&revenue=0.0&negative=false&visitorCode=alice\n"
              "nonce=E5F6&eventType=customData&index=1&valuesCountMap=%7B%22pro%22%3A1%2C%22beta%22%3A1%7D"
              "&overwrite=true&visitorCode=%C3%BCber")
    SWIFT = ["nonce=0000000000000001&eventType=customData&index=1&overwrite=true"
             "&valuesCountMap=%7B%22beta%22%3A1%2C%22pro%22%3A1%7D&visitorCode=%C3%BCber",
             "nonce=0000000000000002&eventType=conversion&goalId=11&negative=false&revenue=0&visitorCode=alice"
             "&userAgent=curl%2F8.0\n"
             "nonce=0000000000000003&eventType=experiment&id=4002&variationId=4008&visitorCode=alice"]

    def test_lines_drop_the_nonce_batching_order_and_where_the_user_agent_goes(self):
        python = eventnorm.kameleoon_tracking([post("/visit/events", self.PYTHON), post("/oauth/token", "x")])
        swift = eventnorm.kameleoon_tracking([post("/visit/events", body) for body in self.SWIFT])
        self.assertEqual(eventnorm.differences(swift, python), [])
        self.assertEqual(python["userAgents"], {"alice": ["curl/8.0"]})
        self.assertEqual(sum(python["lines"].values()), 3)

    def test_numbers_compare_as_numbers_and_each_line_counts(self):
        def tracking(*bodies, **options):
            return eventnorm.kameleoon_tracking([post("/visit/events", body) for body in bodies], **options)

        one = tracking("nonce=1&eventType=conversion&goalId=11&revenue=1.50&visitorCode=a")
        two = tracking({"unreadable": "nonce=2&eventType=conversion&goalId=11.0&revenue=1.5&visitorCode=a"})
        self.assertEqual(one, two)
        both = tracking("nonce=1&eventType=activity&visitorCode=a\nnonce=2&eventType=activity&visitorCode=a\n")
        self.assertEqual(list(both["lines"].values()), [2])
        self.assertNotEqual(tracking("nonce=1&eventType=activity&visitorCode=b"),
                            tracking("nonce=1&eventType=activity&visitorCode=a"))


class DatadogTests(unittest.TestCase):
    @staticmethod
    def exposure(timestamp, flag="f", variant="on", subject="alice", **extra):
        e = {"timestamp": timestamp, "allocation": {"key": "a1"}, "flag": {"key": flag},
             "variant": {"key": variant}, "subject": {"id": subject, "attributes": {"n": 1, "plan": "pro"}}}
        e.update(extra)
        return e

    def test_exposures_drop_timestamps_context_and_batching_and_count_repeats(self):
        agent = [post("/evp_proxy/v2/api/v2/exposures", {
            "context": {"service": "python", "env": "ci"},
            "exposures": [self.exposure(1), self.exposure(2, subject="bob", serial_id=3)]}),
            post("/evp_proxy/v2/api/v2/exposures", {"exposures": [self.exposure(3)]})]
        intake = [post("/api/v2/exposures", {"context": {"service": "burgee"}, "exposures": [
            self.exposure(9), self.exposure(9), self.exposure(8, subject="bob", serial_id=3.0)]})]
        normalised = eventnorm.datadog_exposures(agent)
        self.assertEqual(normalised, eventnorm.datadog_exposures(intake))
        self.assertEqual(sorted(normalised.values()), [1, 2])

    def test_each_member_but_the_timestamp_counts(self):
        base = eventnorm.datadog_exposures([post("/api/v2/exposures", {"exposures": [self.exposure(1)]})])
        for changed in (self.exposure(1, variant="off"), self.exposure(1, serial_id=1),
                        dict(self.exposure(1), subject={"id": "alice"}),
                        dict(self.exposure(1), subject={"id": "alice", "attributes": {"n": 2, "plan": "pro"}})):
            self.assertNotEqual(eventnorm.datadog_exposures([post("/api/v2/exposures", {"exposures": [changed]})]),
                                base)

    def test_posts_to_other_paths_are_ignored(self):
        self.assertEqual(eventnorm.datadog_exposures([post("/evp_proxy/v2/api/v2/flagevaluation",
                                                           {"exposures": [self.exposure(1)]})]), {})


class DifferencesTests(unittest.TestCase):
    def test_names_each_differing_leaf(self):
        self.assertEqual(eventnorm.differences({"a": {"x": 1, "y": 2}, "b": 1}, {"a": {"x": 1, "y": 3}, "c": 2}),
                         ["a.y: burgee 2, vendor 3", "b: burgee 1, vendor none", "c: burgee none, vendor 2"])
        self.assertEqual(eventnorm.differences({"a": 1}, {"a": 1}), [])


if __name__ == "__main__":
    unittest.main()
