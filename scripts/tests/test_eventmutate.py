"""Tests of scripts/difftest/eventmutate.py, the mutations of the events difftest's mutation check
(events.py --mutate): each alters one thing, leaves its input alone, and the normalised form of
what it returns differs from that of what it was given.

    python3 -m unittest discover -s scripts/tests
"""
import copy
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "difftest"))

import eventmutate  # noqa: E402
import eventnorm  # noqa: E402


def post(path, body):
    return {"path": path, "body": body}


class MutationTestCase(unittest.TestCase):
    def assertMutated(self, fmt, kind, posts, normalise, **options):
        """The mutation's (mutated posts, description); its input unchanged, the normalised forms
        different."""
        before = copy.deepcopy(posts)
        result = eventmutate.mutate(fmt, kind, posts, **options)
        self.assertIsNotNone(result)
        mutated, description = result
        self.assertEqual(posts, before)
        self.assertIsInstance(description, str)
        self.assertNotEqual(normalise(mutated), normalise(posts))
        self.assertTrue(eventnorm.differences(normalise(mutated), normalise(posts)))
        return mutated, description


# --- LaunchDarkly -----------------------------------------------------------------------------

def ld_context(**extra):
    return dict({"kind": "user", "key": "u1"}, **extra)


LD_POSTS = [post("/bulk", [
    {"kind": "index", "creationDate": 1, "context": ld_context(
        name="Ann", _meta={"redactedAttributes": ["email", "/address/city"]}, address={"street": "x"})},
    {"kind": "feature", "creationDate": 1, "key": "f1", "version": 2, "variation": 0, "value": True,
     "default": False, "contextKeys": {"user": "u1"}},
    {"kind": "summary", "startDate": 1, "endDate": 2, "features": {"f1": {"default": False, "contextKinds": ["user"],
     "counters": [{"value": True, "variation": 0, "version": 2, "count": 3}]}}},
]), post("/diagnostic", {"kind": "diagnostic"})]


class LaunchDarklyTests(MutationTestCase):
    def test_counter_adds_one_to_a_summary_count(self):
        mutated, _ = self.assertMutated("launchdarkly", "counter", LD_POSTS, eventnorm.launchdarkly_summary)
        counters = eventnorm.launchdarkly_summary(mutated)["summary"]["f1"]["counters"]
        self.assertEqual(list(counters.values()), [4])
        self.assertEqual(eventnorm.launchdarkly_summary(mutated)["events"],
                         eventnorm.launchdarkly_summary(LD_POSTS)["events"])

    def test_drop_leaves_out_the_first_index_feature_or_custom_event(self):
        mutated, description = self.assertMutated("launchdarkly", "drop", LD_POSTS, eventnorm.launchdarkly_summary)
        self.assertEqual([e["kind"] for e in mutated[0]["body"]], ["feature", "summary"])
        self.assertIn("index", description)
        summary_only = [post("/bulk", [LD_POSTS[0]["body"][2]])]
        self.assertIsNone(eventmutate.mutate("launchdarkly", "drop", summary_only))

    def test_redaction_restores_the_first_redacted_attribute(self):
        mutated, description = self.assertMutated("launchdarkly", "redaction", LD_POSTS,
                                                  eventnorm.launchdarkly_summary)
        context = mutated[0]["body"][0]["context"]
        self.assertEqual(context["email"], eventmutate.REDACTION_VALUE)
        self.assertEqual(context["_meta"], {"redactedAttributes": ["/address/city"]})
        self.assertIn("'email'", description)

    def test_redaction_of_a_reference_restores_a_nested_attribute_and_drops_an_empty_meta(self):
        posts = [post("/bulk", [{"kind": "index", "context": ld_context(
            address={"street": "x"}, _meta={"redactedAttributes": ["/address/a~1b"]})}])]
        mutated, _ = self.assertMutated("launchdarkly", "redaction", posts, eventnorm.launchdarkly_summary)
        self.assertEqual(mutated[0]["body"][0]["context"],
                         ld_context(address={"street": "x", "a/b": eventmutate.REDACTION_VALUE}))

    def test_redaction_in_a_multi_context(self):
        context = {"kind": "multi", "user": {"key": "u1"},
                   "org": {"key": "o1", "_meta": {"redactedAttributes": ["plan"]}}}
        posts = [post("/bulk", [{"kind": "feature", "key": "f", "context": context}])]
        mutated, description = self.assertMutated("launchdarkly", "redaction", posts, eventnorm.launchdarkly_summary)
        self.assertEqual(mutated[0]["body"][0]["context"]["org"], {"key": "o1", "plan": eventmutate.REDACTION_VALUE})
        self.assertIn("org", description)

    def test_redaction_without_a_redacted_attribute_has_nothing_to_mutate(self):
        posts = [post("/bulk", [{"kind": "index", "context": ld_context(_meta={"redactedAttributes": []})},
                                {"kind": "custom", "key": "e", "contextKeys": {"user": "u1"}}])]
        self.assertIsNone(eventmutate.mutate("launchdarkly", "redaction", posts))

    def test_redaction_applies_to_launchdarkly_only(self):
        with self.assertRaises(ValueError):
            eventmutate.mutate("split", "redaction", [])


# --- Split ------------------------------------------------------------------------------------

SPLIT_IMPRESSIONS = post("/api/testImpressions/bulk", [{"f": "f1", "i": [
    {"k": "a", "t": "on", "m": 1, "c": 5, "r": "rule", "b": None, "pt": None}]}])
SPLIT_COUNTS = post("/api/testImpressions/count", {"pf": [{"f": "f1", "m": 3600000, "rc": 4}]})
SPLIT_EVENTS = post("/api/events/bulk", [{"eventTypeId": "e", "trafficTypeName": "user", "key": "a",
                                          "value": 1.5, "properties": None, "timestamp": 1}])


class SplitTests(MutationTestCase):
    def test_counter_adds_one_to_an_impressions_count(self):
        posts = [SPLIT_IMPRESSIONS, SPLIT_COUNTS]
        mutated, _ = self.assertMutated("split", "counter", posts, eventnorm.split_summary)
        self.assertEqual(eventnorm.split_counts(mutated), {"f1": 5})
        self.assertEqual(eventnorm.split_impressions(mutated), eventnorm.split_impressions(posts))

    def test_counter_without_counts_sends_an_impression_twice(self):
        mutated, _ = self.assertMutated("split", "counter", [SPLIT_IMPRESSIONS], eventnorm.split_summary)
        self.assertEqual(list(eventnorm.split_impressions(mutated).values()), [2])

    def test_drop_leaves_out_an_impression_else_an_event(self):
        mutated, _ = self.assertMutated("split", "drop", [SPLIT_IMPRESSIONS, SPLIT_EVENTS], eventnorm.split_summary)
        self.assertEqual(eventnorm.split_impressions(mutated), {})
        self.assertEqual(eventnorm.split_events(mutated), eventnorm.split_events([SPLIT_EVENTS]))
        mutated, _ = self.assertMutated("split", "drop", [SPLIT_COUNTS, SPLIT_EVENTS], eventnorm.split_summary)
        self.assertEqual(eventnorm.split_events(mutated), {})

    def test_nothing_to_mutate(self):
        self.assertIsNone(eventmutate.mutate("split", "counter", [SPLIT_EVENTS]))
        self.assertIsNone(eventmutate.mutate("split", "drop", [SPLIT_COUNTS]))


# --- Unleash ----------------------------------------------------------------------------------

def unleash_posts(toggles):
    return [post("/api/client/register", {"appName": "a"}),
            post("/api/client/metrics", {"bucket": {"start": "s", "stop": "t", "toggles": toggles}})]


def unleash_normalise(posts):
    return {"toggles": eventnorm.unleash_toggles(posts)}


class UnleashTests(MutationTestCase):
    def test_counter_adds_one_to_yes_or_to_no(self):
        mutated, _ = self.assertMutated("unleash", "counter", unleash_posts(
            {"t0": {"yes": 0, "no": 0, "variants": {}}, "t1": {"yes": 2, "no": 1, "variants": {"v": 3}}}),
            unleash_normalise)
        self.assertEqual(eventnorm.unleash_toggles(mutated)["t1"], {"yes": 3, "no": 1, "variants": {"v": 3}})
        mutated, _ = self.assertMutated("unleash", "counter", unleash_posts({"t": {"yes": 0, "no": 2}}),
                                        unleash_normalise)
        self.assertEqual(eventnorm.unleash_toggles(mutated)["t"]["no"], 3)

    def test_drop_leaves_out_the_first_toggle_that_counts(self):
        mutated, description = self.assertMutated("unleash", "drop", unleash_posts(
            {"t0": {"yes": 0, "no": 0, "variants": {}}, "t1": {"yes": 0, "no": 0, "variants": {"v": 1}},
             "t2": {"yes": 1, "no": 0}}), unleash_normalise)
        self.assertEqual(set(eventnorm.unleash_toggles(mutated)), {"t2"})
        self.assertIn("t1", description)

    def test_nothing_to_mutate(self):
        posts = unleash_posts({"t0": {"yes": 0, "no": 0, "variants": {}}})
        self.assertIsNone(eventmutate.mutate("unleash", "counter", posts))
        self.assertIsNone(eventmutate.mutate("unleash", "drop", posts))


# --- Eppo, Datadog, Kameleoon -----------------------------------------------------------------

EPPO_EVENTS = [{"featureFlag": "f", "allocation": "a", "variation": "v", "subject": "s", "subjectAttributes": {},
                "timestamp": "t", "metaData": {}},
               {"featureFlag": "g", "allocation": "a", "variation": "w", "subject": "s", "subjectAttributes": {}}]

DATADOG_POSTS = [post("/api/v2/exposures", {"context": {"service": "x"}, "exposures": [
    {"timestamp": 1, "flag": {"key": "f"}, "allocation": {"key": "a"}, "variant": {"key": "v"},
     "subject": {"id": "s", "attributes": {}}},
    {"timestamp": 2, "flag": {"key": "g"}, "allocation": {"key": "a"}, "variant": {"key": "w"},
     "subject": {"id": "s"}}]})]

KAMELEOON_POSTS = [post("/visit/events", "nonce=1&eventType=activity&visitorCode=v1\n"
                        "nonce=2&eventType=experiment&id=5&variationId=7&visitorCode=v1&userAgent=ua\n"
                        "nonce=3&eventType=conversion&goalId=11&revenue=0&visitorCode=v1\n")]


def eppo_normalise(events):
    return {"assignments": eventnorm.eppo_assignments(events)}


def datadog_normalise(posts):
    return {"exposures": eventnorm.datadog_exposures(posts)}


def kameleoon_normalise(posts):
    return eventnorm.kameleoon_tracking(posts)


class CountedEventTests(MutationTestCase):
    def test_eppo(self):
        mutated, _ = self.assertMutated("eppo", "counter", EPPO_EVENTS, eppo_normalise)
        self.assertEqual(sorted(eventnorm.eppo_assignments(mutated).values()), [1, 2])
        mutated, _ = self.assertMutated("eppo", "drop", EPPO_EVENTS, eppo_normalise)
        self.assertEqual([e["featureFlag"] for e in mutated], ["g"])
        self.assertIsNone(eventmutate.mutate("eppo", "counter", []))
        self.assertIsNone(eventmutate.mutate("eppo", "drop", []))

    def test_datadog(self):
        mutated, _ = self.assertMutated("datadog", "counter", DATADOG_POSTS, datadog_normalise)
        self.assertEqual(sorted(eventnorm.datadog_exposures(mutated).values()), [1, 2])
        mutated, description = self.assertMutated("datadog", "drop", DATADOG_POSTS, datadog_normalise)
        self.assertEqual(len(mutated[0]["body"]["exposures"]), 1)
        self.assertIn("'f'", description)
        empty = [post("/api/v2/exposures", {"context": {}, "exposures": []}), post("/other", {"exposures": [{}]})]
        self.assertIsNone(eventmutate.mutate("datadog", "counter", empty))
        self.assertIsNone(eventmutate.mutate("datadog", "drop", empty))

    def test_kameleoon(self):
        # The first line is the activity line: compared, like every other.
        mutated, description = self.assertMutated("kameleoon", "counter", KAMELEOON_POSTS, kameleoon_normalise)
        self.assertIn("activity", description)
        mutated, description = self.assertMutated("kameleoon", "drop", KAMELEOON_POSTS, kameleoon_normalise)
        self.assertIn("activity", description)
        self.assertIsNone(eventmutate.mutate("kameleoon", "drop", [post("/other", "eventType=activity")]))


if __name__ == "__main__":
    unittest.main()
