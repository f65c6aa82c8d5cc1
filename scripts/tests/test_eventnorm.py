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


class DifferencesTests(unittest.TestCase):
    def test_names_each_differing_leaf(self):
        self.assertEqual(eventnorm.differences({"a": {"x": 1, "y": 2}, "b": 1}, {"a": {"x": 1, "y": 3}, "c": 2}),
                         ["a.y: burgee 2, vendor 3", "b: burgee 1, vendor none", "c: burgee none, vendor 2"])
        self.assertEqual(eventnorm.differences({"a": 1}, {"a": 1}), [])


if __name__ == "__main__":
    unittest.main()
