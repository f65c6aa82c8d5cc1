#!/usr/bin/env python3
"""Differential tests: random documents and contexts evaluated by Burgee and by a vendor's engine.

For each seed, the format's generator writes one document and its requests; `burgee eval --format F
--requests` evaluates them, the vendor's own engine (the oracle, installed from PyPI by setup.sh)
evaluates them too, and every request whose answers differ is printed with the document reduced to
the flag it concerns. The last line is `N passed, M failed`; the exit status is 1 when any failed.

    scripts/difftest/setup.sh                     # the oracles, in .build/difftest-venv
    .build/difftest-venv/bin/python scripts/difftest/difftest.py unleash --seeds 20 --requests 60

A format is a module in formats/ with:
    NAME                      the `--format` value
    generate(rng, n)          -> (document, [request]); requests in the line contract of `eval --requests`
    burgee_args(document)     -> extra arguments for `burgee eval` (for example `--now`)
    oracle(document, requests)-> [answer], one per request, in the shape compare() reads
    compare(request, burgee, answer) -> None when they agree, else a sentence saying how they differ
    reduce(document, flag)    -> the document cut down to `flag` and what it depends on
and optionally:
    store_write(document, url, prefix)   writes the document into a Redis with the vendor's own SDK,
                                 in its layout (for --through-store vendor)
    store_read(url, prefix)   -> the document the vendor's own SDK reads from that layout (for
                                 --through-store burgee); without it the document goes through
                                 Burgee's own layout, written by `burgee serve --store` and read by
                                 `burgee eval --store`
    oracle_from_store(requests, url, prefix)
                           -> the oracle's answers as the vendor's SDK in consumer mode gives them,
                                 reading the store Burgee wrote (--through-store burgee), in place
                                 of store_read and oracle
    oracle_through_store(document, requests, url, prefix)
                           -> the oracle's answers when Burgee reads the vendor's layout (what
                                 else the vendor's SDK reads from that store: LaunchDarkly's big segments)
    STORE_WRITTEN_KEY         the key whose presence says the layout was written ("{prefix}:$inited");
                                 Burgee's layout: "{prefix}:definitions"
    encode(document)          -> the document's JSON text (default: json.dumps), for a format whose
                                 documents hold numbers Python's json would write otherwise
    classes(document, requests) -> {class: count}: how many of the requests exercise each class of
                                 input (inputclasses.py); the run prints the sums (`classes: a=N,
                                 b=M`) before its last line, and how many patterns of each construct
                                 regexgen.py drew (`regex constructs: …`)
"""
import argparse
import importlib
import json
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)


def default_burgee():
    for configuration in ("debug", "release"):
        path = os.path.join(ROOT, ".build", configuration, "burgee")
        if os.path.exists(path):
            return path
    return None


def run_burgee(burgee, fmt, text, requests, extra, workdir, store=None):
    """`burgee eval` of `requests` on the document `text`, or on what `store` ((url, prefix)) holds."""
    definitions = os.path.join(workdir, "definitions.json")
    lines = os.path.join(workdir, "requests.jsonl")
    with open(definitions, "w") as f:
        f.write(text)
    with open(lines, "w") as f:
        for request in requests:
            f.write(json.dumps(request) + "\n")
    source = ["--store", store[0], "--store-prefix", store[1]] if store else ["--definitions", definitions]
    command = [burgee, "eval", "--format", fmt] + source + ["--requests", lines] + extra
    completed = subprocess.run(command, capture_output=True, text=True, timeout=120)
    if completed.returncode != 0:
        return None, f"burgee exited {completed.returncode}: {completed.stderr.strip()[:2000]}"
    results = [json.loads(line) for line in completed.stdout.splitlines() if line.strip()]
    if len(results) != len(requests):
        return None, f"burgee answered {len(results)} lines for {len(requests)} requests"
    return results, None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("format", help="the format module in formats/ (unleash, launchdarkly, flagd, split, kameleoon, datadog, eppo)")
    parser.add_argument("--seeds", type=int, default=20, help="how many documents")
    parser.add_argument("--seed-start", type=int, default=0, help="the first seed")
    parser.add_argument("--requests", type=int, default=60, help="requests per document")
    parser.add_argument("--burgee", default=default_burgee(), help="the burgee executable")
    parser.add_argument("--max-report", type=int, default=20, help="disagreements printed in full")
    parser.add_argument("--quiet", action="store_true", help="print only the summary")
    parser.add_argument("--through-store", choices=["vendor", "burgee"],
                        help="pass every document through a real Redis (redis-server, started here) in the vendor's "
                             "layout: written by the vendor's SDK and read by `burgee eval --store` (vendor), or "
                             "written by `burgee serve --store` and read back by the vendor's SDK, whose reading the "
                             "oracle evaluates (burgee); formats without a vendor's layout go through Burgee's, "
                             "written by `burgee serve --store` and read by `burgee eval --store` (burgee)")
    args = parser.parse_args()
    if not args.burgee:
        sys.exit("difftest: no burgee executable; build it (swift build) or pass --burgee")
    module = importlib.import_module("formats." + args.format)
    encode = getattr(module, "encode", json.dumps)
    classify = getattr(module, "classes", None)

    redis = None
    if args.through_store:
        if args.through_store == "vendor" and not hasattr(module, "store_write"):
            sys.exit(f"difftest: {args.format} has no vendor's store layout")
        import storeround
        redis = storeround.RedisServer()

    passed = failed = reported = 0
    classes = {}
    with tempfile.TemporaryDirectory(prefix="difftest-") as workdir:
        for seed in range(args.seed_start, args.seed_start + args.seeds):
            rng = random.Random(f"{module.NAME}:{seed}")
            document, requests = module.generate(rng, args.requests)
            if classify:
                for name, count in classify(document, requests).items():
                    classes[name] = classes.get(name, 0) + count
            store, oracle_document, from_store = None, document, None
            if args.through_store == "vendor":
                store = (redis.url, f"seed{seed}")
                module.store_write(document, *store)
            elif args.through_store == "burgee":
                prefix = f"seed{seed}"
                written = getattr(module, "STORE_WRITTEN_KEY", "{prefix}:definitions").format(prefix=prefix)
                storeround.serve_into_store(args.burgee, module.NAME, encode(document), redis.url, prefix, workdir,
                                            written)
                if hasattr(module, "oracle_from_store"):
                    from_store = (redis.url, prefix)
                elif hasattr(module, "store_read"):
                    oracle_document = module.store_read(redis.url, prefix)
                else:
                    store = (redis.url, prefix)
            results, error = run_burgee(args.burgee, module.NAME, encode(document), requests,
                                        module.burgee_args(document), workdir, store=store)
            through_store = getattr(module, "oracle_through_store", None)
            if from_store:
                answers = module.oracle_from_store(requests, *from_store)
            elif store and through_store:
                answers = through_store(oracle_document, requests, *store)
            else:
                answers = module.oracle(oracle_document, requests)
            for index, request in enumerate(requests):
                difference = error or module.compare(request, results[index], answers[index])
                if difference is None:
                    passed += 1
                    continue
                failed += 1
                if reported < args.max_report and not args.quiet:
                    reported += 1
                    print(f"--- seed {seed} request {index}: {difference}")
                    print("request: " + json.dumps(request))
                    print("burgee:  " + json.dumps(results[index] if results else None))
                    print("oracle:  " + json.dumps(answers[index]))
                    print("document: " + encode(module.reduce(document, request.get("flag"))))
                if error:
                    failed += len(requests) - index - 1
                    break
    if classify:
        print("classes: " + ", ".join(f"{name}={count}" for name, count in classes.items()))
    import regexgen
    if regexgen.COUNTS:
        print("regex constructs: " + ", ".join(f"{name}={count}" for name, count in sorted(regexgen.counts().items())))
    if redis:
        redis.stop()
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
