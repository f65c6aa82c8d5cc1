"""Tests of scripts/layering.py on small trees written for each case.

    python3 -m unittest discover -s scripts/tests
"""
import os
import subprocess
import sys
import tempfile
import unittest

SCRIPT = os.path.join(os.path.dirname(__file__), "..", "layering.py")


def run(files):
    """Writes `files` ({relative path: text}) into a new tree and checks it: (exit code, output)."""
    with tempfile.TemporaryDirectory() as root:
        for rel, text in files.items():
            path = os.path.join(root, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        done = subprocess.run([sys.executable, SCRIPT, "--root", root], capture_output=True, text=True)
        return done.returncode, done.stdout + done.stderr


FORMAT = {"Sources/BurgeeCore/Formats/Acme/AcmeRule.swift": "struct AcmeRule {\n    enum Kind { case a }\n}\n"}


class LayeringTests(unittest.TestCase):
    def test_neutral_code_naming_a_format_type_fails(self):
        code, out = run({**FORMAT, "Sources/BurgeeCore/Link/Linker.swift": "let rule: AcmeRule? = nil\n"})
        self.assertEqual(code, 1)
        self.assertIn("Link/Linker.swift:1: names AcmeRule of Formats/Acme/", out)

    def test_another_format_naming_it_fails(self):
        code, out = run({**FORMAT, "Sources/BurgeeCore/Formats/Other/OtherRule.swift": "typealias R = AcmeRule\n"})
        self.assertEqual(code, 1)
        self.assertIn("names AcmeRule", out)

    def test_the_format_itself_and_the_registry_may(self):
        code, out = run({**FORMAT,
                         "Sources/BurgeeCore/Formats/Acme/AcmeLowering.swift": "let r: AcmeRule? = nil\n",
                         "Sources/BurgeeCore/Formats/Seam/FormatRegistry.swift": "let all = [AcmeRule.self]\n"})
        self.assertEqual(code, 0, out)

    def test_nested_names_are_their_enclosing_types(self):
        # `Kind` is declared inside AcmeRule: naming another type's `Kind` is no finding.
        code, out = run({**FORMAT, "Sources/BurgeeCore/Link/Linker.swift": "enum Kind { case b }\nlet k = Kind.b\n"})
        self.assertEqual(code, 0, out)

    def test_vendor_identifiers_in_neutral_code_fail(self):
        for line in ["let unleashKey = 1", "func launchDarklyDate() {}", "struct UFCReader {}", "var splitKey = 0",
                     "case kameleoon"]:
            code, out = run({"Sources/BurgeeCore/Operators/Op.swift": line + "\n"})
            self.assertEqual(code, 1, line)
            self.assertIn("names a vendor", out)
        code, out = run({"Sources/Burgee/Client/View.swift": "let eppoClient = 1\n"})
        self.assertEqual(code, 1)
        self.assertIn("Sources/Burgee/Client/View.swift:1: identifier eppoClient names a vendor", out)

    def test_comments_strings_and_lookalikes_pass(self):
        text = ('// Unleash reads this as LaunchDarkly does\n'
                '/* flagd /* nested */ Kameleoon */\n'
                'let message = "an Unleash document"\n'
                'let raw = #"Split "quoted""#\n'
                'let parts = text.split(separator: ".")\n'
                'let detail = FlagDetail()\n')
        code, out = run({"Sources/BurgeeCore/Operators/Op.swift": text, "Sources/Burgee/Client/X.swift": text})
        self.assertEqual(code, 0, out)
        self.assertIn("the layers point one way", out)


if __name__ == "__main__":
    unittest.main()
