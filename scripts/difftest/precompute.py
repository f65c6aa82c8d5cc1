#!/usr/bin/env python3
"""Datadog's precomputed assignments served by `burgee serve` against Datadog's own evaluator for
the same flags and subjects.

For each seed, the Datadog generator (formats/datadog.py) draws a UFC document and subjects;
`burgee serve --format datadog` serves the document on loopback and is asked
`POST /precompute-assignments` for each subject, in the request Datadog's iOS flags SDK sends
(`{"data":{"type":"precompute-assignments-request","attributes":{"env","source","subject":
{"targeting_key","targeting_attributes"}}}}`).

The reference is ddtrace's evaluator (oracles/ufc.py) asked every flag of the document for the
subject, each with its own variation type: the flags it assigns a variation from an allocation are
the precomputed ones, as Eppo's core precomputes them (flags that serve the default value,
disabled flags and errors are left out; an allocation bounded in time but without rules is an
assignment whose reason Datadog calls `DEFAULT`). Both evaluate on the wall clock. Compared: the
set of flags, and each flag's `variationValue`, `variationKey`, `allocationKey`, `reason`, `doLog`
and `variationType` (the client SDKs' names of the flag's type). A subject Burgee refuses (400)
must have a list or an object among its attributes, which Datadog's evaluator refuses too.

    .build/difftest-venv/bin/python scripts/difftest/precompute.py --seeds 100 --contexts 20

The last line is `N passed, M failed` (one per subject); the exit status is 1 when any failed.
"""
import json
import os
import sys
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import serving  # noqa: E402
from formats import datadog  # noqa: E402

CLIENT_TYPES = {"STRING": "string", "BOOLEAN": "boolean", "INTEGER": "integer", "NUMERIC": "float", "JSON": "object"}
REQUEST_TYPES = {"STRING": "string", "BOOLEAN": "boolean", "INTEGER": "int", "NUMERIC": "double", "JSON": "json"}


def fetch(base, context):
    subject = {"targeting_attributes": context.get("attributes") or {}}
    if "targetingKey" in context and context["targetingKey"] is not None:
        subject["targeting_key"] = context["targetingKey"]
    body = {"data": {"type": "precompute-assignments-request", "attributes": {
        "env": {"name": "prod", "dd_env": "prod"}, "source": {"sdk_name": "dd-sdk-ios", "sdk_version": "3.0.0"},
        "subject": subject}}}
    request = urllib.request.Request(base + "/precompute-assignments", data=datadog.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/vnd.api+json", "dd-client-token": "pub-test"})
    return serving.fetch(request)


def reference(document, context):
    """The flags ddtrace assigns to the subject: key → its answer; None when it refused the document."""
    flags = datadog.ufc(document)["flags"]
    keys = list(flags)
    requests = [{"flag": key, "type": REQUEST_TYPES.get(flags[key].get("variationType"), "json"), "context": context}
                for key in keys]
    answers = datadog.oracle_now(document, requests)
    if any("documentRejected" in a for a in answers):
        return None
    return {key: dict(answer, variationType=CLIENT_TYPES.get(flags[key].get("variationType")))
            for key, answer in zip(keys, answers)
            if answer["variation"] is not None and answer["reason"].get("kind") not in ("ERROR", "DISABLED")}


def differences(got, want):
    served = ((got.get("data") or {}).get("attributes") or {}).get("flags")
    if not isinstance(served, dict):
        return [f"no data.attributes.flags in {json.dumps(got)[:200]}"]
    found = []
    if sorted(served) != sorted(want):
        found.append(f"flags {sorted(served)} vs {sorted(want)}")
    for key in sorted(set(served) & set(want)):
        s, w = served[key], want[key]
        if not datadog.same(s.get("variationValue"), w["value"], ints=w.get("type") in ("int", "json")):
            found.append(f"{key}: value {json.dumps(s.get('variationValue'))} vs {json.dumps(w['value'])}")
        for mine, theirs in (("variationKey", "variation"), ("allocationKey", "allocationKey"), ("doLog", "doLog"),
                             ("variationType", "variationType")):
            if s.get(mine) != w.get(theirs):
                found.append(f"{key}: {mine} {s.get(mine)!r} vs {w.get(theirs)!r}")
        if s.get("reason") != w["reason"].get("kind"):
            found.append(f"{key}: reason {s.get('reason')} vs {w['reason'].get('kind')}")
    return found


def refused_rightly(context):
    return any(isinstance(v, (list, dict)) for v in (context.get("attributes") or {}).values())


def main():
    args = serving.arguments(__doc__.split("\n\n")[0], "precompute difftest")
    tally = serving.Tally(args.max_report, "flags", "refused", "documents rejected")
    for seed, rng, workdir in serving.seeds(args, "datadog-precompute"):
        definitions = os.path.join(workdir, "ufc.json")
        document, requests = datadog.generate(rng, args.contexts)
        with open(definitions, "w") as f:
            f.write(datadog.encode(document))
        with open(os.path.join(workdir, "serve.log"), "w") as log:
            try:
                process, base = serving.serve(args.burgee, "datadog", definitions, log)
            except RuntimeError:
                # A document burgee serve refuses is one the SDK refuses too (checked below).
                process = None
        try:
            for index, request in enumerate(requests):
                context = request["context"]
                want = reference(document, context)
                if want is None:
                    tally.counts["documents rejected"] += 1
                    tally.add([] if process is None else ["ddtrace refused the document; burgee serve served it"],
                              f"seed {seed}")
                    break
                if process is None:
                    tally.add(["burgee serve refused the document; ddtrace took it"], f"seed {seed}")
                    break
                status, got = fetch(base, context)
                if status == 400 and refused_rightly(context):
                    tally.counts["refused"] += 1
                    tally.add([], "")
                    continue
                found = differences(got, want) if status == 200 else [f"answered {status}: {got}"]
                tally.counts["flags"] += len(want)
                tally.add(found, f"seed {seed} subject {index}",
                          ["subject: " + datadog.dumps(context), "document: " + datadog.encode(document)[:2000]])
        finally:
            if process is not None:
                process.terminate()
                process.wait(timeout=30)
    tally.finish()


if __name__ == "__main__":
    main()
