#!/usr/bin/env python3
"""Lists the public types and global symbols of each library module that no `## Topics` section
of its DocC catalog (Sources/<Module>/<Module>.docc/*.md) curates.

Members are curated on their type's page by DocC itself; a catalog's own topic groups place the
top-level symbols. Symbols come from the symbol graphs (scripts/doc_symbols.py), so after an API
change: `swift package dump-symbol-graph --minimum-access-level public`, then this script.

Usage: scripts/doc-topics.py [--dump] [--draft] [--check]
  --dump    writes the symbol graphs first (builds the modules)
  --draft   prints, per module, topic groups (by source folder) of the uncurated symbols, to paste
            into the landing page and rename
  --check   exits 1 when a symbol is uncurated or a Topics link names no public symbol (CI)
"""
import glob, os, re, sys
from doc_symbols import MODULES, module_symbols, root, symbol_graph_folder

LINK = re.compile(r"``([^`]+)``")


def curated_links(module):
    """The symbol links of every Topics section of the module's catalog, without the module name."""
    links = set()
    for path in glob.glob(os.path.join(root, "Sources", module, module + ".docc", "**", "*.md"), recursive=True):
        in_topics = False
        for line in open(path, encoding="utf-8"):
            if line.startswith("## "):
                in_topics = line.strip() == "## Topics"
            elif in_topics and line.lstrip().startswith("- "):
                links.update(normalise(link, module) for link in LINK.findall(line))
    return links


def normalise(link, module):
    """`Module/Type/member-abc12` → `Type/member`: the path as the symbol graph gives it."""
    parts = link.split("/")
    if parts[0] in MODULES:
        parts = parts[1:]
    return "/".join(re.sub(r"-(swift\.\w+|[0-9a-z]{3,6}|\w+\.\w+)$", "", p) for p in parts)


def top_level(symbol):
    return len(symbol.path) == 1


folder = symbol_graph_folder("--dump" in sys.argv)
uncurated_total, stale_total = 0, 0
for module in MODULES:
    symbols = module_symbols(folder, module)
    links = curated_links(module)
    names = {s.name for s in symbols}
    uncurated = sorted((s for s in symbols if top_level(s) and s.name not in links), key=lambda s: (s.file, s.name))
    # A link in Topics to a symbol of another module, or to a member, is not checked here (DocC's
    # build reports the links it cannot resolve); a top-level name that is gone is.
    stale = sorted(l for l in links if "/" not in l and l not in names
                   and l not in {s.path[0] for s in symbols})
    uncurated_total += len(uncurated)
    stale_total += len(stale)
    if "--draft" in sys.argv and uncurated:
        print("<!-- %s: %d uncurated -->" % (module, len(uncurated)))
        groups = {}
        for s in uncurated:
            parts = s.file.split(os.sep)
            groups.setdefault(parts[2] if len(parts) > 3 else module, []).append(s)
        for group, members in sorted(groups.items()):
            print("### %s\n" % group)
            for s in members:
                print("- ``%s``" % s.name)
            print()
    else:
        for s in uncurated:
            print("%s: %s (%s, %s) is in no Topics section" % (module, s.name, s.kind, s.file))
        for l in stale:
            print("%s: Topics link ``%s`` names no public symbol of %s" % (module, l, module))
if uncurated_total or stale_total:
    print("doc topics: %d uncurated, %d stale links" % (uncurated_total, stale_total), file=sys.stderr)
    if "--check" in sys.argv:
        sys.exit(1)
else:
    print("doc topics: every public type and global symbol is curated")
