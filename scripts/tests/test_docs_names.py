#!/usr/bin/env python3
"""Tests of scripts/docs-names.py on small repositories written to a temporary folder.

Run: python3 -m unittest discover scripts/tests   (or python3 scripts/tests/test_docs_names.py)
"""
import os, subprocess, sys, tempfile, textwrap, unittest

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs-names.py")

PACKAGE = """\
// swift-tools-version: 6.1
import PackageDescription
let package = Package(name: "burgee", targets: [.target(name: "BurgeeSplit")])
"""
SOURCE = """\
/// How Split's definitions are read.
public struct SplitReader {
    enum Mode { case strict, lenient }
}
public typealias SplitTreatment = String
"""
BENCHMARKS = """\
let benchmarks = {
    Benchmark("SimpleFlag") { _ in }
    for threads in [1, 2] { Benchmark("CoreSimpleFlag\\(threads)Threads") { _ in } }
    let prefix = "Client"
}
"""
ALLOWED = """\
# The Swift standard library
String
"""


class DocsNamesTests(unittest.TestCase):
    def repository(self, readme, allowed=ALLOWED, docs=None):
        """A repository with one Swift file, a benchmark, the given README and allow-list."""
        root = tempfile.mkdtemp()
        self.addCleanup(lambda: subprocess.run(["rm", "-rf", root]))
        files = {
            "Package.swift": PACKAGE,
            "Sources/BurgeeSplit/SplitReader.swift": SOURCE,
            "Benchmarks/Benchmarks/Core/Core.swift": BENCHMARKS,
            "scripts/docs-names-allowed.txt": allowed,
            "README.md": textwrap.dedent(readme),
        }
        for name, text in (docs or {}).items():
            files["docs/" + name] = textwrap.dedent(text)
        for path, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
            with open(os.path.join(root, path), "w", encoding="utf-8") as f:
                f.write(text)
        return root

    def run_script(self, root):
        result = subprocess.run([sys.executable, SCRIPT, "--root", root], capture_output=True, text=True)
        return result.returncode, result.stdout + result.stderr

    def test_a_stale_type_name_fails_and_is_named(self):
        root = self.repository("""\
            # Split
            Definitions are read by `SplitReading`, which
            knows `SplitReader.Mode`.
            """)
        status, output = self.run_script(root)
        self.assertEqual(status, 1, output)
        self.assertIn("README.md:2: `SplitReading`: type SplitReading is declared nowhere", output)
        self.assertNotIn("`SplitReader.Mode`", output)

    def test_declared_names_pass_and_the_counts_are_printed(self):
        root = self.repository("""\
            `SplitReader` (`SplitReader.Mode.strict`, `SplitReader(mode:)`, `SplitReader?`),
            `SplitTreatment`, a `String`. `BurgeeSplit` is a module; `SimpleFlag`,
            `CoreSimpleFlag2Threads` and `ClientSimpleFlag` are benchmarks. `JSON`, `SEMVER_EQ` and
            `client.split` are not type-shaped.
            """)
        status, output = self.run_script(root)
        self.assertEqual(status, 0, output)
        self.assertRegex(output, r"docs names: 1 documents; \d+ type names")
        self.assertIn("1 allowed from outside", output)

    def test_fenced_blocks_are_not_read(self):
        root = self.repository("""\
            ```swift
            let reader = SplitReading()  // `SplitReading`
            ```
            It reads a `String`.
            """)
        status, output = self.run_script(root)
        self.assertEqual(status, 0, output)

    def test_a_code_span_may_run_over_a_line_break(self):
        root = self.repository("Read by `Split\nReading` and by `SplitReading\n`, a `String`.\n")
        status, output = self.run_script(root)
        self.assertEqual(status, 1, output)
        self.assertIn("README.md:2: `SplitReading`", output)

    def test_missing_files_fail_and_patterns_are_skipped(self):
        root = self.repository("""\
            `Sources/BurgeeSplit/SplitReader.swift`, `SplitReader.swift`, `BurgeeSplit/SplitReader.swift`,
            `Sources/BurgeeSplit/`, `Formats/<X>/`, `Sources/*/*.docc`, `flags.json` and Sources/BurgeeSplit/ exist or are patterns.
            Gone: `Sources/BurgeeSplit/SplitReading.swift`, `Snapshot.swift`, `docs/gone.md` and docs/other.md.
            """)
        status, output = self.run_script(root)
        self.assertEqual(status, 1, output)
        found = [line for line in output.splitlines() if "does not exist" in line]
        self.assertEqual(found, [
            "README.md:3: `docs/other.md`: file docs/other.md does not exist",
            "README.md:3: `Sources/BurgeeSplit/SplitReading.swift`: file Sources/BurgeeSplit/SplitReading.swift does not exist",
            "README.md:3: `Snapshot.swift`: file Snapshot.swift does not exist",
            "README.md:3: `docs/gone.md`: file docs/gone.md does not exist",
        ], output)

    def test_docs_folder_is_read(self):
        root = self.repository("A `String`.\n", docs={"split.md": "# Split\n\nRead by `SplitReading`.\n"})
        status, output = self.run_script(root)
        self.assertEqual(status, 1, output)
        self.assertIn("docs/split.md:3: `SplitReading`", output)

    def test_the_allow_list_takes_no_name_of_the_project(self):
        root = self.repository("`SplitReader`, `String`\n", allowed=ALLOWED + "SplitReader\n")
        status, output = self.run_script(root)
        self.assertEqual(status, 1, output)
        self.assertIn("SplitReader is declared in Sources/BurgeeSplit/SplitReader.swift: the list is for outside names", output)

    def test_the_allow_list_holds_only_names_the_documentation_writes(self):
        root = self.repository("`SplitReader`, `String`\n", allowed=ALLOWED + "LDClient\n")
        status, output = self.run_script(root)
        self.assertEqual(status, 1, output)
        self.assertIn("LDClient is written nowhere in the documentation", output)


if __name__ == "__main__":
    unittest.main()
