#!/usr/bin/env python3
"""Lists the public types that `import Burgee` shows, nested ones included: Burgee's own and the
BurgeeCore types that Sources/Burgee/Exports.swift re-exports (with their nested types).

Run after `swift package dump-symbol-graph --minimum-access-level public`; `-v` lists them;
`--max N` fails when there are more than N (docs-check.sh keeps the API at 41)."""
import json, re, sys

GRAPHS = ".build/x86_64-unknown-linux-gnu/symbolgraph/"
KINDS = {"swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias", "swift.actor"}


def public_types(module):
    graph = json.load(open(GRAPHS + module + ".symbols.json"))
    return [".".join(s["pathComponents"]) for s in graph["symbols"]
            if s["kind"]["identifier"] in KINDS and s["accessLevel"] == "public"]


exports = open("Sources/Burgee/Exports.swift").read()
reexported = set(re.findall(r"^@_exported import \w+ BurgeeCore\.(\w+)$", exports, re.M))
names = [("Burgee", n) for n in public_types("Burgee")]
names += [("BurgeeCore", n) for n in public_types("BurgeeCore") if n.split(".")[0] in reexported]
names.sort()
if "-v" in sys.argv:
    for module, name in names:
        print(f"{module:11} {name}")
top = sum(1 for _, n in names if "." not in n)
print(f"import Burgee: {len(names)} public types ({top} top-level, {len(names) - top} nested)")
if "--max" in sys.argv:
    limit = int(sys.argv[sys.argv.index("--max") + 1])
    if len(names) > limit:
        sys.exit(f"more than {limit} public types: make what users do not need package, or nest it")
