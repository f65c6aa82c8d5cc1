#!/usr/bin/env python3
"""Writes a harness's seed corpus from spec-fixtures: definitions documents, contexts, streams."""
import glob, json, os, sys

harness, corpus = sys.argv[1], sys.argv[2]
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "spec-fixtures")
seeds = []
for path in sorted(glob.glob(os.path.join(root, "**", "*.json"), recursive=True)):
    try:
        fixture = json.load(open(path, encoding="utf-8"))
    except ValueError:
        continue
    if not isinstance(fixture, dict):
        continue
    # Native, LaunchDarkly and flagd case files hold their document in "definitions", Unleash's
    # (in the specification's shape) in "state".
    definitions = fixture.get("definitions", fixture.get("state"))
    cases = fixture.get("cases", []) if isinstance(fixture.get("cases"), list) else []
    if harness == "definitions" and definitions is not None:
        seeds.append(json.dumps(definitions))
    elif harness == "request":
        for case in cases[:8]:
            if isinstance(case, dict) and "context" in case:
                seeds.append(json.dumps({"flag": case.get("flag", ""), "context": case["context"]}))
    elif harness == "stream" and isinstance(definitions, dict):
        put = json.dumps(definitions)
        flags = definitions.get("flags") or {}
        events = "event: put\ndata: " + put + "\n\n"
        for key, flag in list(flags.items())[:2]:
            patch = {"kind": "flag", "key": key, "version": 99, "object": flag}
            events += "event: patch\ndata: " + json.dumps(patch) + "\n\n"
            events += "event: delete\ndata: " + json.dumps({"kind": "flag", "key": key, "version": 100}) + "\n\n"
        seeds.append("\x05" + events)
if harness == "resp":
    # Redis replies of every type, and a pipeline of them, as a server sends them.
    seeds += ["+OK\r\n", "-ERR unknown\r\n", ":42\r\n", "$5\r\nhello\r\n", "$-1\r\n", "*-1\r\n",
              "*3\r\n:1\r\n$1\r\na\r\n*1\r\n+x\r\n", "_\r\n", "#t\r\n", ",3.25\r\n", ",nan\r\n",
              "(3492890328409238509324850943850943825024385\r\n", "!3\r\nERR\r\n", "=7\r\ntxt:abc\r\n",
              "%1\r\n+k\r\n:1\r\n", "~2\r\n+a\r\n+b\r\n", ">2\r\n$7\r\nmessage\r\n$2\r\nhi\r\n",
              "|1\r\n+a\r\n+b\r\n*1\r\n:2\r\n", "+OK\r\n:7\r\n$3\r\nabc\r\n"]
for index, seed in enumerate(seeds):
    with open(os.path.join(corpus, "seed-%04d" % index), "w", encoding="utf-8") as out:
        out.write(seed)
