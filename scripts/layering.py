#!/usr/bin/env python3
"""The core's layers point one way: a check run by CI (docs/architecture.md, "Layers").

Fails when
1. code in Sources/BurgeeCore outside Formats/<X>/ names a type declared inside Formats/<X>/
   (the format registry, which lists every format, is the one file allowed to);
2. an identifier in Sources/BurgeeCore outside Formats/<X>/ and the registry, or anywhere in
   Sources/Burgee, names a vendor (comments and string literals are free to).

Vendor modules (Sources/Burgee<Vendor>), the server's vendor folders and the command line's vendor
tooling belong to their vendor and are not checked here.

    python3 scripts/layering.py           # check; prints what it checked
    python3 scripts/layering.py --root R  # check another tree (the script's test)
"""
import argparse
import os
import re
import sys

# Files that list every format by design: the registry and the enum it maps.
REGISTRY_FILES = {
    "Formats/Seam/FormatRegistry.swift",
}
# Vendors' names as words of an identifier. `split` alone is the standard library's method, so
# Split counts only as a word of a longer identifier.
VENDOR_WORDS = {"unleash", "flagd", "kameleoon", "datadog", "eppo", "ufc", "launchdarkly"}
# An identifier's words: `launchDarklyDate` → launch, darkly, date; `UFCFlag` → ufc, flag.
WORD = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")
# Top-level declarations only: a nested `Kind` belongs to its enclosing type, which is what others name.
DECLARATION = re.compile(
    r"^(?:(?:public|package|internal|fileprivate|private|final|indirect|@\w+(?:\([^)]*\))?)\s+)*"
    r"(?:struct|class|enum|protocol|actor|typealias)\s+([A-Z][A-Za-z0-9_]*)", re.M)
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def strip_comments_and_strings(text):
    """Swift source with comments and string literals blanked (line structure kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            i = j
            continue
        if text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append("\n" * text.count("\n", i, j))
            i = j
            continue
        if c == '"' or (c == "#" and re.match(r'#+"', text[i:])):
            m = re.match(r'(#*)("""|")', text[i:])
            hashes, quote = m.group(1), m.group(2)
            close = quote + hashes
            j = i + len(m.group(0))
            while j < n:
                if text[j] == "\\" and not hashes:
                    j += 2
                    continue
                if text.startswith(close, j):
                    j += len(close)
                    break
                if quote == '"' and text[j] == "\n":
                    break
                j += 1
            out.append(' "" ' + "\n" * text.count("\n", i, j))
            i = j
            continue
        out.append(c)
        i += 1
    return "".join(out)


def swift_files(folder):
    for base, _, files in os.walk(folder):
        for name in sorted(files):
            if name.endswith(".swift"):
                yield os.path.join(base, name)


def format_of(relative):
    """`Formats/Flagd/…` → `Flagd`; `Formats/Seam/…` and files directly in Formats/ → None."""
    parts = relative.split("/")
    if len(parts) > 2 and parts[0] == "Formats" and parts[1] != "Seam":
        return parts[1]
    return None


def names_vendor(identifier):
    words = [w.lower() for w in WORD.findall(identifier)]
    pairs = {a + b for a, b in zip(words, words[1:])}
    if VENDOR_WORDS & (set(words) | pairs):
        return True
    return "split" in words and len(words) > 1


def check(root):
    core = os.path.join(root, "Sources", "BurgeeCore")
    sdk = os.path.join(root, "Sources", "Burgee")
    sources = {}
    for path in swift_files(core):
        rel = os.path.relpath(path, core)
        with open(path, encoding="utf-8") as f:
            sources[rel] = strip_comments_and_strings(f.read())
    owner = {}
    for rel, text in sources.items():
        fmt = format_of(rel)
        if fmt:
            for name in DECLARATION.findall(text):
                owner[name] = fmt
    problems = []
    for rel, text in sorted(sources.items()):
        fmt = format_of(rel)
        if rel in REGISTRY_FILES:
            continue
        for lineno, line in enumerate(text.split("\n"), 1):
            for ident in IDENTIFIER.findall(line):
                declared_in = owner.get(ident)
                if declared_in and declared_in != fmt:
                    problems.append(f"Sources/BurgeeCore/{rel}:{lineno}: names {ident} of Formats/{declared_in}/")
                elif fmt is None and names_vendor(ident):
                    problems.append(f"Sources/BurgeeCore/{rel}:{lineno}: identifier {ident} names a vendor")
    sdk_files = 0
    if os.path.isdir(sdk):
        for path in swift_files(sdk):
            sdk_files += 1
            with open(path, encoding="utf-8") as f:
                text = strip_comments_and_strings(f.read())
            rel = os.path.relpath(path, root)
            for lineno, line in enumerate(text.split("\n"), 1):
                for ident in IDENTIFIER.findall(line):
                    if names_vendor(ident):
                        problems.append(f"{rel}:{lineno}: identifier {ident} names a vendor")
    return problems, len(sources), len(owner), sdk_files


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", default=os.path.join(os.path.dirname(__file__), ".."))
    args = parser.parse_args()
    problems, core_files, format_types, sdk_files = check(args.root)
    for p in problems:
        print(p)
    if problems:
        print(f"layering: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    print(f"layering: {core_files} BurgeeCore files ({format_types} types declared in format folders), "
          f"{sdk_files} Burgee files: the layers point one way")
    return 0


if __name__ == "__main__":
    sys.exit(main())
