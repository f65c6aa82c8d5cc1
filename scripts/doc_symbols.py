"""The public symbols of the package's library modules, read from the symbol graphs that
`swift package dump-symbol-graph --minimum-access-level public` writes
(.build/<triple>/symbolgraph/<Module>.symbols.json, and <Module>@<Other>.symbols.json for its
extensions of other modules' types). Shared by scripts/doc-coverage.py and scripts/doc-topics.py.
"""
import glob, json, os, re, subprocess, sys

root = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
MODULES = ["BurgeeCore", "Burgee", "BurgeeServer", "BurgeeRelay", "BurgeeRedis", "BurgeeTesting"]
# Extension blocks carry no documentation of their own; their members do.
UNDOCUMENTED_KINDS = {"swift.extension"}


def symbol_graph_folder(dump):
    """The folder of the symbol graphs; with `dump`, written first (a build of the modules)."""
    if dump:
        subprocess.run(["swift", "package", "dump-symbol-graph", "--minimum-access-level", "public"],
                       cwd=root, check=True, stdout=subprocess.DEVNULL)
    folders = sorted(glob.glob(os.path.join(root, ".build", "*", "symbolgraph")), key=os.path.getmtime)
    if not folders:
        sys.exit("no symbol graphs under .build/: run `swift package dump-symbol-graph "
                 "--minimum-access-level public` (or pass --dump)")
    return folders[-1]


class Symbol:
    def __init__(self, module, raw):
        self.module = module
        self.raw = raw
        self.kind = raw["kind"]["identifier"]
        self.path = raw["pathComponents"]
        self.precise = raw["identifier"]["precise"]
        uri = raw.get("location", {}).get("uri", "")
        self.file = os.path.relpath(uri[len("file://"):], root) if uri.startswith("file://") else None
        self.line = raw.get("location", {}).get("position", {}).get("line", 0) + 1
        comment = raw.get("docComment") or {}
        self.doc_module = comment.get("module")
        self.doc = "\n".join(l.get("text", "") for l in comment.get("lines", [])).strip()

    @property
    def name(self):
        return "/".join(self.path)

    @property
    def declared_here(self):
        """Declared in this package's Sources, not synthesized, not inherited from another module."""
        return (self.file is not None and self.file.startswith("Sources" + os.sep + self.module + os.sep)
                and "::SYNTHESIZED::" not in self.precise and self.kind not in UNDOCUMENTED_KINDS)


def module_symbols(folder, module):
    """The public symbols a module declares: its own graph and its extensions of other modules."""
    symbols, seen = [], set()
    for path in sorted(glob.glob(os.path.join(folder, module + ".symbols.json"))
                       + glob.glob(os.path.join(folder, module + "@*.symbols.json"))):
        graph = json.load(open(path, encoding="utf-8"))
        for raw in graph["symbols"]:
            symbol = Symbol(module, raw)
            if symbol.precise in seen or not symbol.declared_here:
                continue
            seen.add(symbol.precise)
            symbols.append(symbol)
    return symbols


def extended_module(symbol):
    """The other module whose type this symbol extends, or None for the module's own types."""
    return symbol.raw.get("swiftExtension", {}).get("extendedModule") if symbol.raw.get("swiftExtension") else None
