#!/usr/bin/env python3
"""Runs flagd-testbed's evaluation scenarios through `burgee eval --format flagd --requests`.

    scripts/flagd-testbed/run.py TESTBED [--burgee PATH] [--verbose]

TESTBED is a checkout of github.com/open-feature/flagd-testbed or its git directory (read with
`git show HEAD:…`); nothing of it is copied into this repository. Two suites are read:

- `evaluator/gherkin/*.feature`, the evaluator suite, against `evaluator/flags/testkit-flags.json`;
- from the providers' suite `gherkin/`, the features about evaluating flags from flag files
  (evaluation, targeting, metadata, disabled, selector, contextEnrichment), against the documents
  flagd's test harness serves (launchpad/): every `flags/*.json` but `selector-*` deep-merged,
  beside `flags/selector-flags.json`, with the harness's static context (`context-value`) under
  each evaluation context, as an in-process provider adds it.

Skipped: config, connection, events, rpc-caching and sync-payload (a provider's configuration,
connections, events, caching and sync payloads, not evaluation), scenarios tagged
@deprecated (the pre-0.12 "no default variant is FLAG_NOT_FOUND" behaviour, replaced by
@no-default-variant), and scenarios whose steps need a connection (@grace, @caching, events).

Each `Examples:` block tagged @fractional-v1, @fractional-v2 or @fractional-v3 runs with the
matching `--flagd-fractional` rule (v1, v2, cbor); every other scenario with cbor, the newest.
The last line is `N passed, M failed`; the exit status is 1 when any failed.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "scripts", "difftest"))
from difftest import default_burgee  # noqa: E402  (the same executable the differential tests find)

PROVIDER_FEATURES = ["evaluation", "targeting", "metadata", "disabled", "selector", "contextEnrichment"]
SKIPPED_TAGS = {"@deprecated", "@grace", "@caching", "@events", "@sync-payload"}
RULES = {"@fractional-v1": "v1", "@fractional-v2": "v2", "@fractional-v3": "cbor"}
TYPES = {"Boolean": "boolean", "String": "string", "Integer": "int", "Float": "double", "Object": "json"}


class Testbed:
    """Reads files from a checkout or from a git directory."""

    def __init__(self, path):
        self.path = path
        self.git = not os.path.isdir(os.path.join(path, "gherkin"))

    def read(self, name):
        if self.git:
            return subprocess.run(["git", "--git-dir", self.path, "show", "HEAD:" + name], check=True,
                                  capture_output=True).stdout.decode("utf-8")
        with open(os.path.join(self.path, name), encoding="utf-8") as f:
            return f.read()

    def list(self, folder):
        if self.git:
            out = subprocess.run(["git", "--git-dir", self.path, "ls-tree", "--name-only", "HEAD", folder + "/"],
                                 check=True, capture_output=True, text=True).stdout
            return sorted(os.path.basename(line) for line in out.splitlines())
        return sorted(os.listdir(os.path.join(self.path, folder)))


# MARK: Gherkin

def cells(line):
    """The cells of a table row; `\\|`, `\\\\` and `\\n` are Gherkin's escapes in cells."""
    body = line.strip()[1:]
    out, cell, i = [], "", 0
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body) and body[i + 1] in "|\\n":
            cell += "\n" if body[i + 1] == "n" else body[i + 1]
            i += 2
            continue
        if c == "|":
            out.append(cell.strip())
            cell = ""
        else:
            cell += c
        i += 1
    return out


def scenarios(text, name):
    """Yields (title, tags, steps) for every scenario, outlines expanded; a step is (text, table)."""
    lines = text.splitlines()
    feature_tags, pending_tags = set(), set()
    background, current, kind = [], None, None
    outline = None  # (title, tags, steps)
    examples_tags, header = set(), None
    found = []

    def flush():
        nonlocal current
        if current is not None and kind == "scenario":
            found.append(current)
        current = None

    i = 0
    while i < len(lines):
        raw = lines[i]
        line = raw.strip()
        i += 1
        if not line or line.startswith("#"):
            continue
        if line.startswith("@"):
            pending_tags |= set(line.split("#")[0].split())
            continue
        if line.startswith("Feature:"):
            feature_tags, pending_tags = pending_tags, set()
            continue
        if line.startswith("Background:"):
            flush()
            kind, current = "background", None
            pending_tags = set()
            continue
        if line.startswith("Scenario Outline:") or line.startswith("Scenario Template:"):
            flush()
            kind = "outline"
            outline = (f"{name}: {line.split(':', 1)[1].strip()}", feature_tags | pending_tags, list(background))
            pending_tags, header = set(), None
            continue
        if line.startswith("Scenario:") or line.startswith("Example:"):
            flush()
            kind = "scenario"
            current = (f"{name}: {line.split(':', 1)[1].strip()}", feature_tags | pending_tags, list(background))
            pending_tags = set()
            continue
        if line.startswith("Examples:") or line.startswith("Scenarios:"):
            examples_tags, pending_tags, header = pending_tags, set(), None
            kind = "examples"
            continue
        if line.startswith("|"):
            row = cells(line)
            if kind == "examples":
                if header is None:
                    header = row
                    continue
                values = dict(zip(header, row))
                title, tags, steps = outline

                def fill(s):
                    return re.sub(r"<([^>]+)>", lambda m: values.get(m.group(1), m.group(0)), s)
                expanded = [(fill(t), [[fill(c) for c in r] for r in table] if table else None) for t, table in steps]
                found.append((f"{title} {row}", tags | examples_tags, expanded))
                continue
            target = background if kind == "background" else (outline[2] if kind == "outline" else current[2])
            text_, table = target[-1]
            target[-1] = (text_, (table or []) + [row])
            continue
        step = re.sub(r"^(Given|When|Then|And|But)\s+", "", line)
        if kind == "background":
            background.append((step, None))
        elif kind == "outline":
            outline[2].append((step, None))
        elif kind == "scenario":
            current[2].append((step, None))
    flush()
    return found


# MARK: Documents

def deep_merge(dst, src):
    for key, value in src.items():
        if isinstance(value, dict) and isinstance(dst.get(key), dict):
            dst[key] = deep_merge(dst[key], value)
        else:
            dst[key] = value
    return dst


def provider_documents(testbed):
    all_flags = {}
    for name in testbed.list("flags"):
        if name.endswith(".json") and not name.startswith("selector-"):
            deep_merge(all_flags, json.loads(testbed.read("flags/" + name)))
    selector = json.loads(testbed.read("flags/selector-flags.json"))
    combined = json.loads(testbed.read("flags/selector-flag-combined-metadata.json"))
    config = json.loads(testbed.read("launchpad/configs/default.json"))
    static_context = config.get("context-value", {})
    return {
        "stable": ([all_flags, selector], static_context),
        "flags/allFlags.json": ([all_flags], static_context),
        "rawflags/selector-flags.json": ([selector], static_context),
        "rawflags/selector-flag-combined-metadata.json": ([combined], {}),
        "metadata": ([combined], {}),
    }


# MARK: Steps

def typed(type_name, text):
    if type_name in ("Boolean", "boolean"):
        return text == "true"
    if type_name in ("Integer", "int"):
        return int(text)
    if type_name in ("Float", "double"):
        return float(text)
    if type_name in ("Object", "json"):
        return json.loads(text.replace('\\"', '"'))
    return text


class Case:
    def __init__(self, title, tags, steps):
        self.title, self.tags, self.steps = title, tags, steps
        self.source, self.selector = "evaluator", None
        self.flag = self.type = self.default = None
        self.context = {}
        self.checks = []
        self.unsupported = None
        for text, table in steps:
            self.step(text, table)
        self.rule = next((RULES[t] for t in tags if t in RULES), "cbor")

    def step(self, text, table):
        m = re.fullmatch(r'an option "([^"]*)" of type "([^"]*)" with value "([^"]*)"', text)
        if m:
            if m.group(1) == "selector":
                self.selector = m.group(3)
            return
        if text in ("an evaluator",):
            self.source = "evaluator"
            return
        m = re.fullmatch(r"a (\w+) flagd provider", text)
        if m:
            if m.group(1) not in ("stable", "metadata"):
                self.unsupported = f"a {m.group(1)} provider"
            self.source = self.selector or m.group(1)
            return
        m = re.fullmatch(r'a (\w+)-flag with key "([^"]*)" and a (?:default|fallback) value "(.*)"', text)
        if m:
            self.type = TYPES[m.group(1)]
            self.flag = m.group(2)
            self.default = typed(self.type, m.group(3))
            return
        m = re.fullmatch(r'a context containing a key "([^"]*)", with type "([^"]*)" and with value "(.*)"', text)
        if m:
            self.context[m.group(1)] = typed(m.group(2), m.group(3))
            return
        m = re.fullmatch(r'a context containing a targeting key with value "(.*)"', text)
        if m:
            self.context["targetingKey"] = m.group(1)
            return
        m = re.fullmatch(r'a context containing a nested property with outer key "([^"]*)" and inner key "([^"]*)", '
                         r'with value "(.*)"', text)
        if m:
            self.context.setdefault(m.group(1), {})[m.group(2)] = m.group(3)
            return
        if text == "the flag was evaluated with details":
            if any(kind == "evaluate" for kind, _ in self.checks):
                self.unsupported = "evaluates twice"
            self.checks.append(("evaluate", None))
            return
        m = re.fullmatch(r'the resolved details value should be "(.*)"', text)
        if m:
            self.checks.append(("value", m.group(1)))
            return
        m = re.fullmatch(r'the (reason|error-code|variant) should be "(.*)"', text)
        if m:
            self.checks.append((m.group(1), m.group(2)))
            return
        if text == "the resolved metadata should contain":
            self.checks.append(("metadata", table[1:]))
            return
        if text == "the resolved metadata is empty":
            self.checks.append(("metadata-empty", None))
            return
        self.unsupported = f"step '{text}'"

    def request(self, static_context):
        context = dict(static_context)
        context.update(self.context)
        return {"flag": self.flag, "context": context, "type": self.type, "default": self.default}

    def verify(self, line):
        """Failures, as sentences; empty when every check holds."""
        flagd = line.get("flagd") or {}
        failures = []
        for kind, expected in self.checks:
            if kind == "value":
                got = flagd["value"] if "value" in flagd else self.default
                want = typed(self.type, expected)
                if not equal(got, want):
                    failures.append(f"value {json.dumps(got)} ≠ {json.dumps(want)}")
            elif kind == "reason" and flagd.get("reason") != expected:
                failures.append(f"reason {flagd.get('reason')} ≠ {expected}")
            elif kind == "error-code" and (flagd.get("errorCode") or "") != expected:
                failures.append(f"errorCode {flagd.get('errorCode')} ≠ {expected or None}")
            elif kind == "variant" and flagd.get("variant") != expected:
                failures.append(f"variant {flagd.get('variant')} ≠ {expected}")
            elif kind == "metadata":
                metadata = flagd.get("flagMetadata") or {}
                for key, type_name, value in expected:
                    if not equal(metadata.get(key), typed(type_name, value)):
                        failures.append(f"metadata {key} {json.dumps(metadata.get(key))} ≠ {value}")
            elif kind == "metadata-empty" and flagd.get("flagMetadata"):
                failures.append(f"metadata {json.dumps(flagd.get('flagMetadata'))} is not empty")
        return failures


def equal(a, b):
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    return a == b


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("testbed", help="a checkout of flagd-testbed, or its git directory")
    parser.add_argument("--burgee", default=default_burgee(), help="the burgee executable")
    parser.add_argument("--verbose", action="store_true", help="print every scenario")
    args = parser.parse_args()
    if not args.burgee:
        sys.exit("flagd-testbed: no burgee executable; build it (swift build) or pass --burgee")
    testbed = Testbed(args.testbed)

    cases = []
    for name in testbed.list("evaluator/gherkin"):
        if name.endswith(".feature"):
            cases += [Case(*s) for s in scenarios(testbed.read("evaluator/gherkin/" + name), "evaluator/" + name)]
    for feature in PROVIDER_FEATURES:
        for title, tags, steps in scenarios(testbed.read(f"gherkin/{feature}.feature"), f"gherkin/{feature}.feature"):
            case = Case(title, tags, steps)
            if case.source == "evaluator":
                case.source = "stable"
            cases.append(case)

    documents = {"evaluator": ([json.loads(testbed.read("evaluator/flags/testkit-flags.json"))], {})}
    documents.update(provider_documents(testbed))

    skipped = [c for c in cases if c.tags & SKIPPED_TAGS or c.unsupported or not c.flag]
    runnable = [c for c in cases if c not in skipped]
    groups = {}
    for case in runnable:
        groups.setdefault((case.source, case.rule), []).append(case)

    passed = failed = 0
    with tempfile.TemporaryDirectory(prefix="flagd-testbed-") as work:
        for (source, rule), group in sorted(groups.items()):
            docs, static_context = documents[source]
            command = [args.burgee, "eval", "--format", "flagd", "--flagd-fractional", rule]
            for i, document in enumerate(docs):
                path = os.path.join(work, f"{len(command)}-{i}.json")
                with open(path, "w", encoding="utf-8") as f:
                    json.dump(document, f, ensure_ascii=False)
                command += ["--definitions", path]
            requests = os.path.join(work, "requests.jsonl")
            with open(requests, "w", encoding="utf-8") as f:
                for case in group:
                    f.write(json.dumps(case.request(static_context), ensure_ascii=False) + "\n")
            completed = subprocess.run(command + ["--requests", requests], capture_output=True, text=True)
            lines = [json.loads(l) for l in completed.stdout.splitlines() if l.strip()]
            if completed.returncode != 0 or len(lines) != len(group):
                print(f"FAIL burgee ({source}, {rule}) exited {completed.returncode}: {completed.stderr.strip()[:500]}")
                failed += len(group)
                continue
            for case, line in zip(group, lines):
                failures = case.verify(line)
                if failures:
                    failed += 1
                    print(f"FAIL {case.title} [{source}, {rule}]: {'; '.join(failures)}")
                    print(f"     request: {json.dumps(case.request(static_context), ensure_ascii=False)}")
                    print(f"     burgee:  {json.dumps(line.get('flagd'), ensure_ascii=False)}")
                else:
                    passed += 1
                    if args.verbose:
                        print(f"ok   {case.title} [{source}, {rule}]")
    if args.verbose:
        for case in skipped:
            print(f"skip {case.title}: {case.unsupported or ' '.join(sorted(case.tags & SKIPPED_TAGS)) or 'no flag'}")
    print(f"{passed} passed, {failed} failed ({len(skipped)} scenarios skipped)")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
