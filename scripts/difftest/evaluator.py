#!/usr/bin/env python3
"""The Split Evaluator REST API served by `burgee serve` against Split's own SDK for the same flags
and requests.

For each seed, the Split generator (formats/split.py) draws a document and requests (a flag, a key,
a bucketing key, attributes); `burgee serve --format split` serves the document on loopback and
each request goes to one of the evaluator's routes, as a client of Split's self-hosted Split
Evaluator sends it: `GET /client/get-treatment` (attributes as JSON in the query),
`POST /client/get-treatment-with-config` (attributes in the JSON body), `GET /client/get-treatments`
and `POST /client/get-treatments-with-config` (the flag among `split-names`, with an unknown one).

The evaluator checks its parameters first (utils/inputValidation of splitio/split-evaluator):
keys trimmed, 1 to 250 characters; flag names trimmed, not empty; attributes a JSON object. A
request this script finds invalid by those rules must get 400 with the evaluator's messages; the
others are evaluated by `splitio_client` 10.7.0 (formats/split.py's oracle) with the key, the
bucketing key and the flag name as the evaluator passes them on (trimmed; a number key as its
text), and the treatment and the configuration must be the SDK's.

    .build/difftest-venv/bin/python scripts/difftest/evaluator.py --seeds 100 --contexts 20

The last line is `N passed, M failed` (one per request); the exit status is 1 when any failed.
"""
import json
import os
import sys
import urllib.parse
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import serving  # noqa: E402
from formats import split  # noqa: E402

ROUTES = ["get-treatment", "get-treatment-with-config", "get-treatments", "get-treatments-with-config"]


def trimmed(value):
    """JavaScript's `trim`."""
    return value.strip(" \t\n\r\v\f\u00a0\ufeff\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009"
                       "\u200a\u2028\u2029\u202f\u205f\u3000")


def as_text(key):
    """A key as a query carries it: a string as it is, a number as its text; None for none."""
    if key is None or isinstance(key, bool):
        return None if key is None else ("true" if key else "false")
    if isinstance(key, (int, float)):
        return json.dumps(key)
    return key


def problems(flag, key, bucketing, attributes, has_bucketing, many):
    """What the evaluator refuses in the request, as a count of messages (an empty name among
    `split-names` is dropped, not refused)."""
    found = 0
    for value, present in ((key, True), (bucketing, has_bucketing)):
        if not present:
            continue
        if value is None or not trimmed(value) or len(trimmed(value).encode("utf-16-le")) // 2 > 250:
            found += 1
    if not trimmed(flag) and not many:
        found += 1
    if attributes is not None and not isinstance(attributes, dict):
        found += 1
    return found


def ask(base, route, flag, key, bucketing, attributes, rng):
    query = []
    if key is not None:
        query.append(("key", key))
    if bucketing is not None:
        query.append(("bucketing-key", bucketing))
    many = route.startswith("get-treatments")
    query.append(("split-names", flag + ",flag-unknown") if many else ("split-name", flag))
    post = route.endswith("with-config")
    if attributes is not None and not post:
        query.append(("attributes", json.dumps(attributes)))
    rng.shuffle(query)
    url = f"{base}/client/{route}?" + urllib.parse.urlencode(query, quote_via=urllib.parse.quote)
    if post:
        body = json.dumps({} if attributes is None else {"attributes": attributes}).encode()
        request = urllib.request.Request(url, data=body, method="POST", headers={"Content-Type": "application/json"})
    else:
        request = urllib.request.Request(url)
    return serving.fetch(request)


def main():
    args = serving.arguments(__doc__.split("\n\n")[0], "Split Evaluator difftest")
    tally = serving.Tally(args.max_report, "evaluated", "refused")
    for seed, rng, workdir in serving.seeds(args, "split-evaluator"):
        definitions = os.path.join(workdir, "split.json")
        document, requests = split.generate(rng, args.contexts)
        with open(definitions, "w") as f:
            f.write(json.dumps(document))
        with serving.served(args.burgee, "split", definitions, workdir) as base:
            asked, expected = [], []
            for request in requests:
                context = request.get("context") or {}
                key = as_text(context.get("key"))
                has_bucketing = "bucketingKey" in context
                bucketing = as_text(context.get("bucketingKey")) if has_bucketing else None
                attributes = context.get("attributes")
                route = rng.choice(ROUTES)
                status, got = ask(base, route, request["flag"], key, bucketing, attributes, rng)
                refused = problems(request["flag"], key, bucketing, attributes, has_bucketing, route.startswith("get-treatments"))
                asked.append((request, route, status, got, refused))
                if not refused:
                    # What the evaluator passes on to its SDK: trimmed key, bucketing key and name.
                    normalized = {"key": trimmed(key)}
                    if has_bucketing:
                        normalized["bucketingKey"] = trimmed(bucketing)
                    if isinstance(attributes, dict):
                        normalized["attributes"] = attributes
                    expected.append({"flag": trimmed(request["flag"]), "context": normalized})
            answers = iter(split.oracle(document, expected)) if expected else iter(())
            for request, route, status, got, refused in asked:
                heading = f"seed {seed} {route} {json.dumps(request, ensure_ascii=False)}"
                if refused:
                    tally.counts["refused"] += 1
                    try:
                        messages = json.loads(got).get("error") if status == 400 else None
                    except ValueError:
                        messages = None
                    ok = isinstance(messages, list) and len(messages) == refused
                    tally.add([] if ok else [f"answered {status} {got}, {refused} problem(s) expected"], heading)
                    continue
                answer = next(answers)
                tally.counts["evaluated"] += 1
                if status != 200:
                    tally.add([f"answered {status} {got}"], heading)
                    continue
                flag = trimmed(request["flag"])
                if not flag:
                    # Only the unknown flag was left of `split-names`.
                    tally.add([] if list(got) == ["flag-unknown"] else [f"answered {got}"], heading)
                    continue
                served = got if route.startswith("get-treatment") and not route.startswith("get-treatments") else got.get(flag, {})
                found = []
                if served.get("treatment") != answer["treatment"]:
                    found.append(f"treatment {served.get('treatment')} vs {answer['treatment']}")
                if route.endswith("with-config") and served.get("config") != answer["config"]:
                    found.append(f"config {served.get('config')!r} vs {answer['config']!r}")
                if route.startswith("get-treatments") and got.get("flag-unknown") != (
                        {"treatment": "control", "config": None} if route.endswith("with-config") else {"treatment": "control"}):
                    found.append(f"flag-unknown {got.get('flag-unknown')}")
                tally.add(found, heading)
    tally.finish()


if __name__ == "__main__":
    main()
