#!/usr/bin/env python3
"""Fails when a public symbol of a library module has no doc comment.

Reads the symbol graphs of `swift package dump-symbol-graph --minimum-access-level public`
(scripts/doc_symbols.py): every public symbol declared in the package's Sources (types, members,
extension members) must have a non-empty `///` comment. Synthesized symbols (protocol default
implementations, memberwise conformances) and symbols declared in other modules are not ours to
document and are skipped; an implementation of a protocol requirement whose comment DocC inherits
counts as documented.

Usage: scripts/doc-coverage.py [--dump]   --dump writes the symbol graphs first (builds the modules)
"""
import sys
from doc_symbols import MODULES, module_symbols, symbol_graph_folder

folder = symbol_graph_folder("--dump" in sys.argv)
missing, total = [], 0
for module in MODULES:
    for symbol in module_symbols(folder, module):
        total += 1
        if not symbol.doc:
            missing.append(symbol)
for symbol in sorted(missing, key=lambda s: (s.file, s.line)):
    print("%s:%d: %s %s has no doc comment" % (symbol.file, symbol.line, symbol.kind, symbol.name))
if missing:
    print("doc coverage: %d of %d public symbols undocumented" % (len(missing), total))
    sys.exit(1)
print("doc coverage: all %d public symbols documented" % total)
