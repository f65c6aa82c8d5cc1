#!/usr/bin/env python3
"""Fails when the documentation names a type or a file that the repository does not have.

Reads README.md, docs/*.md and the DocC articles (Sources/*/*.docc/**/*.md) outside fenced blocks
(scripts/snippets.py compiles those). Checked:

- a code span holding a type-shaped name: an identifier in UpperCamelCase (`SnapshotCell`),
  possibly qualified (`DefinitionsFormat.flagd` checks `DefinitionsFormat`), generic
  (`Locked<Value>` checks `Locked`) or called (`Context(key:)` checks `Context`). It must be
  declared in Sources/, Tests/, scripts/, Benchmarks/, Fuzz/ or Examples/ (a Swift struct, class,
  enum, protocol, actor, typealias or associatedtype; a Python class), be a module, target or
  product name of a Package.swift, be a benchmark or scenario name that Benchmarks/ spells
  (`ClientRollout5050`: "Client" + "Rollout5050"), or be listed in scripts/docs-names-allowed.txt
  (names from outside: the vendors' SDKs, Swift and its packages, HTTP). Names in capitals
  (`JSON`, `SEMVER_EQ`) are not type-shaped. The allow-list fails the check too when it lists a
  name the project declares, or one the documentation does not write.
- a code span holding a file-shaped name: a path that starts with a folder of the repository
  (`Sources/…`, `docs/…`, `scripts/…`, `spec-fixtures/…`, `.ci/…`, …) must exist; a name ending
  in .swift, .py, .sh or .md must exist somewhere in the repository (`Snapshot.swift`, or
  `Formats/Flagd/FlagdReader.swift` as the end of a path). A .json or .yaml name alone is not
  checked: it is as often a user's document (`flags.json`), a vendor's file or a member
  (`reason.json`). Patterns (`Formats/<X>/`, `*`, `…`), URLs and absolute paths are skipped.
- a path written in prose that starts with a folder of the repository must exist.

Needs no build. Usage: scripts/docs-names.py [--root DIR] [--allowed FILE] [-v]
Prints what it checked and exits 0, or lists each unknown name with its place and exits 1.
Its test: scripts/tests/test_docs_names.py.
"""
import argparse, glob, os, re, sys

SCRIPT_DIR = os.path.dirname(os.path.abspath(__file__))
# Where the code that declares names lives.
CODE_FOLDERS = ["Sources", "Tests", "scripts", "Benchmarks", "Fuzz", "Examples"]
# A path that starts so names a place in the repository.
REPO_FOLDERS = ["Sources", "Tests", "scripts", "docs", "spec-fixtures", "Benchmarks", "Fuzz", "Examples", ".ci"]
REPO_PREFIXES = tuple(folder + "/" for folder in REPO_FOLDERS)
# A name ending so names a file of the project wherever it is written.
SOURCE_SUFFIXES = (".swift", ".py", ".sh", ".md")
SKIPPED_FOLDERS = {".git", ".swiftpm", "node_modules", "__pycache__"}

SWIFT_DECLARATION = re.compile(
    r"\b(?:struct|class|enum|protocol|actor|typealias|associatedtype)\s+([A-Za-z_]\w*)")
PYTHON_DECLARATION = re.compile(r"^\s*class\s+([A-Za-z_]\w*)", re.M)
PACKAGE_NAME = re.compile(r"\bname:\s*\"([^\"]+)\"")
# Benchmark and scenario names are Swift string literals in Benchmarks/, whole (`"SimpleFlag"`) or
# built from pieces (`"Client" + name`, `"CoreSimpleFlag\(suffix)"`).
STRING_LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
INTERPOLATION = re.compile(r"\\\(.*?\)")

FENCE = re.compile(r"^\s*(```|~~~)")
# A code span may run over a line break, not over a blank line.
CODE_SPAN = re.compile(r"(`+)((?:(?!\n[ \t]*\n).)+?)\1", re.S)
# UpperCamelCase (at least one lowercase letter: `JSON`, `GET`, `SEMVER_EQ` are not types), then
# generic arguments, optionality, members or a call.
TYPE_SHAPED = re.compile(
    r"(?P<head>[A-Z][A-Za-z0-9]*)(?:<[^`]*>)?[?!]?(?:\.[A-Za-z_]\w*[?!]?)*(?:\([^`]*\))?[?!]?")
# What makes a span a pattern rather than a path.
PATTERN_MARKS = ("<", ">", "*", "…", "...", "{", "}", "$", " ", "[", "]", "|")
# A repository path in prose: not the end of a URL or of a relative link (`../Sources/…`).
PROSE_PATH = re.compile(r"(?<![\w/.-])(?:%s)/[\w./+-]*" % "|".join(re.escape(f) for f in REPO_FOLDERS))


def walk(root, folder=""):
    """Paths (relative to root, with /) of the files under root/folder, build products left out."""
    base = os.path.join(root, folder) if folder else root
    for directory, subdirs, files in os.walk(base):
        subdirs[:] = sorted(d for d in subdirs if d not in SKIPPED_FOLDERS and not d.startswith(".build"))
        for name in sorted(files):
            yield os.path.relpath(os.path.join(directory, name), root).replace(os.sep, "/")


def read(root, path):
    with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
        return f.read()


def declared_names(root):
    """{name: the file that declares it}: types the code declares, and Package.swift's names."""
    names = {}
    for folder in CODE_FOLDERS:
        for path in walk(root, folder):
            pattern = {".swift": SWIFT_DECLARATION, ".py": PYTHON_DECLARATION}.get(os.path.splitext(path)[1])
            if pattern:
                for name in pattern.findall(read(root, path)):
                    names.setdefault(name, path)
    for path in walk(root):
        if os.path.basename(path) == "Package.swift":
            for name in PACKAGE_NAME.findall(read(root, path)):
                names.setdefault(name, path)
    return names


def benchmark_pieces(root):
    """The pieces of Benchmarks/' string literals that could start or continue a name."""
    pieces = set()
    for path in walk(root, "Benchmarks"):
        if path.endswith(".swift"):
            for literal in STRING_LITERAL.findall(read(root, path)):
                for piece in INTERPOLATION.split(literal):
                    if re.fullmatch(r"[A-Z0-9][A-Za-z0-9]*", piece):
                        pieces.add(piece)
    return pieces


def is_benchmark_name(name, pieces, parts=3):
    """Whether name is at most `parts` pieces or interpolated numbers end to end
    (`ClientPreparedTenRulesLastMatches`, `ClientSimpleFlag2Threads`)."""
    if name in pieces:
        return True
    if parts == 1:
        return False
    return any((name[:end] in pieces or name[:end].isdigit()) and is_benchmark_name(name[end:], pieces, parts - 1)
               for end in range(1, len(name)))


def allowed_names(path):
    """Names from outside the project: one a line, `#` starts a comment."""
    names = set()
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                name = line.split("#", 1)[0].strip()
                if name:
                    names.add(name)
    return names


def documents(root):
    paths = [os.path.join(root, "README.md")] + sorted(glob.glob(os.path.join(root, "docs", "*.md")))
    paths += sorted(glob.glob(os.path.join(root, "Sources", "*", "*.docc", "**", "*.md"), recursive=True))
    return [os.path.relpath(p, root).replace(os.sep, "/") for p in paths if os.path.isfile(p)]


def prose(text):
    """The text with fenced blocks blanked (their lines kept, so that line numbers hold)."""
    lines, fenced = [], False
    for line in text.split("\n"):
        if FENCE.match(line):
            fenced = not fenced
            lines.append("")
        else:
            lines.append("" if fenced else line)
    return "\n".join(lines)


def line_of(text, offset):
    return text.count("\n", 0, offset) + 1


def code_spans(text):
    """(line, span text) of each code span, and the text with the spans blanked."""
    spans = [(line_of(text, m.start()), m.group(2).replace("\n", " ").strip()) for m in CODE_SPAN.finditer(text)]
    rest = CODE_SPAN.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
    return spans, rest


def prose_paths(text):
    """(line, path) of each repository path written outside code spans; patterns skipped."""
    for match in PROSE_PATH.finditer(text):
        following = text[match.end():match.end() + 1]
        if following and following in "<*…{$[":
            continue
        yield line_of(text, match.start()), match.group(0).rstrip(".,:;")


def type_head(span):
    """The type a type-shaped span names, or None."""
    match = TYPE_SHAPED.fullmatch(span)
    if not match or not re.search(r"[a-z]", match.group("head")):
        return None
    return match.group("head")


def file_path(span):
    """The path a file-shaped span names, or None (patterns, URLs, other spans)."""
    if "://" in span or span.startswith(("/", "~", "../", "./")):
        return None
    if not (span.startswith(REPO_PREFIXES) or span.endswith(SOURCE_SUFFIXES)):
        return None
    if re.fullmatch(r"\.\w+", span) or any(mark in span for mark in PATTERN_MARKS):
        return None
    if not re.fullmatch(r"[\w.+@-]+(/[\w.+@-]+)*/?", span):
        return None
    return span


class Files:
    """The repository's files and folders: a path looked up whole, or as the end of one."""

    def __init__(self, root):
        self.files = set(walk(root))
        self.folders = set()
        for path in self.files:
            folder = os.path.dirname(path)
            while folder and folder not in self.folders:
                self.folders.add(folder)
                folder = os.path.dirname(folder)

    def exists(self, path):
        whole = path.rstrip("/")
        if path.startswith(REPO_PREFIXES):
            return whole in self.files or whole in self.folders
        among = self.folders if path.endswith("/") else self.files
        return whole in among or any(p.endswith("/" + whole) for p in among)


def check(root, allowed_path, verbose=False):
    """(findings, counts, allowed, declared): each finding is (document, line, name, what)."""
    declared = declared_names(root)
    pieces = benchmark_pieces(root)
    allowed = allowed_names(allowed_path)
    files = Files(root)
    findings = []
    counts = {"documents": 0, "types": 0, "type names": set(), "paths": 0, "path names": set()}

    def check_path(document, line, path):
        counts["paths"] += 1
        counts["path names"].add(path)
        if not files.exists(path):
            findings.append((document, line, path, f"file {path} does not exist"))

    for document in documents(root):
        counts["documents"] += 1
        spans, rest = code_spans(prose(read(root, document)))
        for line, path in prose_paths(rest):
            check_path(document, line, path)
        for line, span in spans:
            path = file_path(span)
            if path is not None:
                check_path(document, line, path)
                continue
            head = type_head(span)
            if head is None:
                continue
            counts["types"] += 1
            counts["type names"].add(head)
            if head in declared or head in allowed or is_benchmark_name(head, pieces):
                if verbose:
                    origin = declared.get(head) or ("allowed" if head in allowed else "a benchmark name")
                    print(f"{document}:{line}: {head} ({origin})")
            else:
                findings.append((document, line, span, f"type {head} is declared nowhere"))
    return findings, counts, allowed, declared


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", default=os.path.normpath(os.path.join(SCRIPT_DIR, "..")))
    parser.add_argument("--allowed", help="the allow-list (default: scripts/docs-names-allowed.txt under the root)")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every accepted type name and why")
    args = parser.parse_args()
    allowed_path = args.allowed or os.path.join(args.root, "scripts", "docs-names-allowed.txt")
    findings, counts, allowed, declared = check(args.root, allowed_path, args.verbose)
    for document, line, name, what in findings:
        print(f"{document}:{line}: `{name}`: {what}")
    # The allow-list holds outside names only; an outside name the documentation no longer writes leaves the list.
    listed = os.path.relpath(allowed_path, args.root)
    own = sorted(allowed & set(declared))
    for name in own:
        print(f"{listed}: {name} is declared in {declared[name]}: the list is for outside names")
    unused = sorted(allowed - counts["type names"])
    for name in unused:
        print(f"{listed}: {name} is written nowhere in the documentation")
    if findings or own or unused:
        print(f"docs names: {len(findings)} unknown name(s) in the documentation; allow-list: "
              f"{len(own)} of the project's own, {len(unused)} unused")
        return 1
    print(f"docs names: {counts['documents']} documents; {counts['types']} type names "
          f"({len(counts['type names'])} distinct, {len(allowed)} allowed from outside) and "
          f"{counts['paths']} file names ({len(counts['path names'])} distinct), all known")
    return 0


if __name__ == "__main__":
    sys.exit(main())
