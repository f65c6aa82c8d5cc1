"""What the case-file generators of spec-fixtures/ share: writing their files, checking them, and
handing them to a vendor's SDK to verify.

A generator builds its files as objects with `name`, `cases` and `document()`, and calls
`main(here, files, ...)`:

    python3 generate.py            # rewrites the *.json case files next to the generator
    python3 generate.py --check    # exits 1 if any case file differs from what it would write
                                   # (with `extra_files_are_stale`, also if another .json is there)
    python3 generate.py --verify   # hands every document to `verify`, exits 1 on any difference
"""

import json
import os
import sys


def render(document):
    """A case file's text: two-space indents, ASCII only, a final newline."""
    return json.dumps(document, indent=2, ensure_ascii=True) + "\n"


def main(here, files, verify=None, oracle=None, width=24, extra_files_are_stale=False):
    """Writes, checks or verifies the case files `files` (functions that build them) in `here`.

    `verify(documents)` returns how many cases differ from `oracle` (the SDK's name).
    """
    args = sys.argv[1:]
    check = "--check" in args
    verifying = "--verify" in args and verify is not None
    built = [build() for build in files]
    documents = []
    stale = []
    total = 0
    for f in built:
        text = render(f.document())
        documents.append(json.loads(text))
        path = os.path.join(here, f.name + ".json")
        total += len(f.cases)
        if check:
            try:
                with open(path, encoding="utf-8") as handle:
                    if handle.read() != text:
                        stale.append(f.name)
            except FileNotFoundError:
                stale.append(f.name)
        elif not verifying:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text)
            print("%-*s %3d cases" % (width, f.name, len(f.cases)))
    if check and extra_files_are_stale:
        names = {f.name + ".json" for f in built}
        stale.extend(sorted(n for n in os.listdir(here) if n.endswith(".json") and n not in names))
    if verifying:
        failures = verify(documents)
        print("%d cases in %d files, %d differ from %s" % (total, len(documents), failures, oracle))
        sys.exit(1 if failures else 0)
    if check:
        print("case files are up to date" if not stale else "stale case files: " + ", ".join(stale))
        sys.exit(1 if stale else 0)
    print("%-*s %3d cases" % (width, "total", total))
