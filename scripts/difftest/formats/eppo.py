"""Eppo (UFC, Eppo's dialect): random documents, evaluated by burgee and by Eppo's Python SDK.

The oracle is `eppo-server-sdk` offline through oracles/ufc.py (which says how it runs and how its
clock is fixed); the generator is formats/datadog.py's in Eppo's dialect: totalShards on the flag
(sometimes also on shards, where Eppo ignores it), JSON values as strings holding JSON,
extraLogging on splits, numeric-string and semver comparands for GTE/GT/LTE/LT, no SEMVER_*
operators except as unknown ones, targeting keys that are mostly strings (a few are not: the typed
Python API refuses them). Each document's clock is its `createdAt` (`--now`).

Eppo has no reasons; the oracle maps its evaluation codes to Burgee's (oracles/ufc.py). Compared:
value, variation, reason kind and error kind, and the `eppo` member's allocationKey (the allocation
Eppo's details name as matched, also when serving it failed), doLog and flagEvaluationCode, and its
extraLogging when the SDK logged an assignment event (the event is where the SDK shows it). Values
compare as formats/datadog.py says: an INTEGER flag's value is a Python int (Eppo's, through a
double: 2^53 + 1 is 2^53, 2^63 is i64::MAX), which burgee must write as that integer. The classes of
inputs counted are formats/datadog.py's.
"""
import json

from formats import datadog as ufc_format

NAME = "eppo"


def generate(rng, n):
    doc, hints = ufc_format.document(rng, NAME)
    return doc, ufc_format.requests(rng, doc, hints, n, NAME)


def burgee_args(document):
    return ["--now", ufc_format.now_of(document)]


def oracle(document, requests):
    from oracles import ufc as engines
    return engines.evaluate(NAME, document, requests, now=ufc_format.now_of(document))


def oracle_now(document, requests):
    """The oracle on the wall clock, as a server that evaluates requests as they come."""
    from oracles import ufc as engines
    return engines.evaluate(NAME, document, requests, now=None)


def compare(request, burgee, answer):
    fields = ["allocationKey", "doLog", "flagEvaluationCode"] + (["extraLogging"] if answer.get("doLog") else [])
    difference = ufc_format.compare_common(burgee, answer, "eppo", fields)
    if difference is None and answer.get("details") is not None:
        got = dict(((burgee.get("eppo") or {}).get("details")) or {})
        for name in ("timestamp", "configFetchedAt"):
            if not isinstance(got.pop(name, None), str):
                return f"details: {name} missing"
        if got != answer["details"]:
            keys = sorted(k for k in set(got) | set(answer["details"]) if got.get(k) != answer["details"].get(k))
            return "details differ in " + ", ".join(keys) + ": " + "; ".join(
                f"{k}: {json.dumps(got.get(k))} vs {json.dumps(answer['details'].get(k))}" for k in keys[:3])
    return difference


def reduce(document, flag):
    return ufc_format.reduce(document, flag)


def encode(document):
    return ufc_format.encode(document)


def classes(document, requests):
    return ufc_format.count_classes(document, requests, NAME)
