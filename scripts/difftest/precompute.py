#!/usr/bin/env python3
"""Datadog's and Eppo's precomputed assignments served by `burgee serve` against the vendor's own
evaluator for the same flags and subjects.

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

With `--format eppo`, the Eppo generator's documents are served by `burgee serve --format eppo` and
asked `POST /assignments?apiKey=…` in the request Eppo's precomputed JavaScript client sends
(`{"subject_key","subject_attributes":{"numericAttributes","categoricalAttributes"}}`, numbers apart
from the rest). The answer is obfuscated: the script finds each flag by the MD5 of the answer's salt
and the flag's key, and decodes the base64 of its values. The reference is `eppo-server-sdk`'s typed
calls for every flag (its precomputed configuration is not offered in Python): the flags whose
evaluation code is `MATCH`. Compared: the flags, `variationType`, `doLog`, and the decoded
`variationValue` (the text Eppo's core writes: `true`/`false`, a number as Rust writes an `f64`, a JSON
flag's value as the document wrote it), `allocationKey`, `variationKey` and `extraLogging` (these
three only when logged). A refused subject (400) must have no string key, an empty one, or a list or
an object among its attributes.

    .build/difftest-venv/bin/python scripts/difftest/precompute.py --seeds 100 --contexts 20
    .build/difftest-venv/bin/python scripts/difftest/precompute.py --format eppo --seeds 100 --contexts 20

The last line is `N passed, M failed` (one per subject); the exit status is 1 when any failed.
"""
import base64
import hashlib
import json
import os
import sys
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import serving  # noqa: E402
from formats import datadog, eppo  # noqa: E402

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


def fetch_eppo(base, context):
    attributes = context.get("attributes") or {}
    numeric = {k: v for k, v in attributes.items() if isinstance(v, (int, float)) and not isinstance(v, bool)}
    categorical = {k: v for k, v in attributes.items() if k not in numeric}
    body = {"subject_key": context.get("targetingKey"),
            "subject_attributes": {"numericAttributes": numeric, "categoricalAttributes": categorical}}
    if "targetingKey" not in context:
        del body["subject_key"]
    request = urllib.request.Request(base + "/assignments?apiKey=eppo-key&sdkName=js-client-sdk&sdkVersion=3.0.0",
                                     data=datadog.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    return serving.fetch(request)


def value_text(document, key, answer):
    """The text Eppo's core writes of an assigned value."""
    flag = datadog.ufc(document)["flags"][key]
    if flag.get("variationType") == "JSON":
        # Variations are found by their inner key, as both engines find them.
        # Variations are {"key","value"} or the sequence form [key, value], which Eppo reads too.
        values = [v["value"] if isinstance(v, dict) else v[1] for v in flag["variations"].values()
                  if isinstance(v, dict) and v.get("key") == answer["variation"]
                  or isinstance(v, list) and len(v) == 2 and v[0] == answer["variation"]]
        if not values:
            return f"<no variation {answer['variation']!r} in {json.dumps(flag['variations'])[:300]}>"
        return values[0]
    value = answer["value"]
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)) or isinstance(value, datadog.RawNumber):
        return datadog.rust_display(value.value if isinstance(value, datadog.RawNumber) else value)
    return value


def differences_eppo(document, got, want):
    if not isinstance(got, dict) or got.get("format") != "PRECOMPUTED" or got.get("obfuscated") is not True:
        return [f"not an obfuscated precomputed configuration: {json.dumps(got)[:200]}"]
    salt = got.get("salt") or ""
    by_hash = {hashlib.md5((salt + key).encode()).hexdigest(): key for key in datadog.ufc(document)["flags"]}
    served = {}
    for hashed, flag in (got.get("flags") or {}).items():
        if hashed not in by_hash:
            return [f"a flag key that is no flag's MD5 with the salt: {hashed}"]
        served[by_hash[hashed]] = flag
    decode = lambda text: base64.b64decode(text).decode()  # noqa: E731
    found = []
    if sorted(served) != sorted(want):
        found.append(f"flags {sorted(served)} vs {sorted(want)}")
    for key in sorted(set(served) & set(want)):
        s, w = served[key], want[key]
        if decode(s.get("variationValue", "")) != value_text(document, key, w):
            found.append(f"{key}: value {decode(s.get('variationValue', ''))!r} vs {value_text(document, key, w)!r}")
        if s.get("variationType") != w["variationType"] or s.get("doLog") != w["doLog"]:
            found.append(f"{key}: type/doLog {s.get('variationType')}/{s.get('doLog')} vs {w['variationType']}/{w['doLog']}")
        if w["doLog"]:
            got_extra = {decode(k): decode(v) for k, v in (s.get("extraLogging") or {}).items()}
            for mine, theirs in ((decode(s.get("allocationKey", "")), w["allocationKey"]),
                                 (decode(s.get("variationKey", "")), w["variation"]), (got_extra, w["extraLogging"])):
                if mine != theirs:
                    found.append(f"{key}: {mine!r} vs {theirs!r}")
        elif any(member in s for member in ("allocationKey", "variationKey", "extraLogging")):
            found.append(f"{key}: allocation, variation or extraLogging of an assignment that is not logged")
    return found


def reference(document, context, vendor):
    """The flags the vendor's engine assigns to the subject: key → its answer; None when it refused
    the document. ddtrace's: a variation from an allocation; eppo-server-sdk's: evaluation code MATCH."""
    flags = datadog.ufc(document)["flags"]
    keys = list(flags)
    requests = [{"flag": key, "type": REQUEST_TYPES.get(flags[key].get("variationType"), "json"), "context": context}
                for key in keys]
    answers = (eppo if vendor == "eppo" else datadog).oracle_now(document, requests)
    if any("documentRejected" in a for a in answers):
        return None
    if vendor == "eppo":
        assigned = lambda a: a.get("flagEvaluationCode") == "MATCH"  # noqa: E731
        types = {key: flags[key].get("variationType") for key in keys}
    else:
        assigned = lambda a: a["variation"] is not None and a["reason"].get("kind") not in ("ERROR", "DISABLED")  # noqa: E731
        types = {key: CLIENT_TYPES.get(flags[key].get("variationType")) for key in keys}
    return {key: dict(answer, variationType=types[key]) for key, answer in zip(keys, answers) if assigned(answer)}


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


def refused_rightly(context, vendor):
    if vendor == "eppo" and (not isinstance(context.get("targetingKey"), str) or context["targetingKey"] == ""):
        return True
    return any(isinstance(v, (list, dict)) for v in (context.get("attributes") or {}).values())


def main():
    args = serving.arguments(__doc__.split("\n\n")[0], "precompute difftest",
                             lambda parser: parser.add_argument("--format", choices=["datadog", "eppo"], default="datadog"))
    vendor = args.format
    module = eppo if vendor == "eppo" else datadog
    tally = serving.Tally(args.max_report, "flags", "refused", "documents rejected")
    for seed, rng, workdir in serving.seeds(args, f"{vendor}-precompute"):
        definitions = os.path.join(workdir, "ufc.json")
        document, requests = module.generate(rng, args.contexts)
        with open(definitions, "w") as f:
            f.write(datadog.encode(document))
        with serving.served(args.burgee, vendor, definitions, workdir, refusable=True,
                            extra=["--sdk-key", "eppo-key"] if vendor == "eppo" else []) as base:
            for index, request in enumerate(requests):
                context = request["context"]
                want = reference(document, context, vendor)
                if want is None:
                    tally.counts["documents rejected"] += 1
                    tally.add([] if base is None else ["the SDK refused the document; burgee serve served it"],
                              f"seed {seed}")
                    break
                if base is None:
                    tally.add(["burgee serve refused the document; the SDK took it"], f"seed {seed}")
                    break
                status, got = fetch_eppo(base, context) if vendor == "eppo" else fetch(base, context)
                if status == 400 and refused_rightly(context, vendor):
                    tally.counts["refused"] += 1
                    tally.add([], "")
                    continue
                found = [f"answered {status}: {got}"] if status != 200 else \
                    differences_eppo(document, got, want) if vendor == "eppo" else differences(got, want)
                tally.counts["flags"] += len(want)
                tally.add(found, f"seed {seed} subject {index}",
                          ["subject: " + datadog.dumps(context), "document: " + datadog.encode(document)[:2000]])
    tally.finish()


if __name__ == "__main__":
    main()
