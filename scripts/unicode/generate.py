#!/usr/bin/env python3
"""Generates the Unicode tables of the regular-expression engine from the Unicode Character Database.

Reads, from the UCD folder (by default /usr/share/unicode, where Debian's `unicode-data` package puts it:
`apt-get install unicode-data`):

- Scripts.txt and ScriptExtensions.txt: the Script and Script_Extensions properties;
- PropertyValueAliases.txt: the scripts' long names and short aliases (`sc` lines);
- CaseFolding.txt: simple case folding (statuses C and S).

Writes, relative to the package root:

- Sources/BurgeeCore/Operators/Regex/Unicode/UnicodeScriptData.swift (`UnicodeScriptData`);
- Sources/BurgeeCore/Operators/Regex/Unicode/UnicodeCaseFoldData.swift (`UnicodeCaseFoldData`).

The tables are written as string literals, decoded once on first use: large array literals are slow to type-check.

Usage: python3 scripts/unicode/generate.py [--ucd DIR] [--check]
  --ucd DIR  the UCD folder (default /usr/share/unicode)
  --check    write nothing; exit 1 when the committed files differ from what would be written. Exits 0, with a
             message, when the UCD folder is absent.
"""
import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUTPUT = os.path.join(ROOT, "Sources", "BurgeeCore", "Operators", "Regex", "Unicode")
SCRIPT_FILE = os.path.join(OUTPUT, "UnicodeScriptData.swift")
CASE_FOLD_FILE = os.path.join(OUTPUT, "UnicodeCaseFoldData.swift")
INPUTS = ["Scripts.txt", "ScriptExtensions.txt", "PropertyValueAliases.txt", "CaseFolding.txt"]
MAX_SCALAR = 0x10FFFF
SURROGATES = (0xD800, 0xDFFF)
LINE_WIDTH = 120  # the width of the tables' lines in the Swift files, indentation included


def read_lines(ucd, name):
    """The data lines of a UCD file: comments stripped, fields split on `;` and trimmed."""
    with open(os.path.join(ucd, name), encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                yield [field.strip() for field in line.split(";")]


def ucd_version(ucd):
    """The UCD version the input files' first lines (`# Scripts-15.0.0.txt`) name; they must all agree."""
    versions = set()
    for name in INPUTS:
        with open(os.path.join(ucd, name), encoding="utf-8") as f:
            first = f.readline()
        match = re.match(r"#\s*%s-(\d+\.\d+\.\d+)\.txt" % re.escape(name[:-4]), first)
        if not match:
            sys.exit("%s: no version in its first line: %r" % (name, first))
        versions.add(match.group(1))
    if len(versions) != 1:
        sys.exit("the UCD files are of different versions: %s" % ", ".join(sorted(versions)))
    return versions.pop()


def code_points(field):
    """The code points of a `0041` or `0041..005A` field, as a (lo, hi) pair."""
    lo, _, hi = field.partition("..")
    return int(lo, 16), int(hi or lo, 16)


def normalize(ranges):
    """Sorted, disjoint, non-adjacent ranges covering the same code points as `ranges`."""
    merged = []
    for lo, hi in sorted(ranges):
        if merged and lo <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(merged[-1][1], hi))
        else:
            merged.append((lo, hi))
    return merged


def complement(ranges):
    """The scalars (code points other than surrogates) that `ranges` leaves out."""
    result, next_lo = [], 0
    for lo, hi in normalize(list(ranges) + [SURROGATES]):
        if lo > next_lo:
            result.append((next_lo, lo - 1))
        next_lo = hi + 1
    if next_lo <= MAX_SCALAR:
        result.append((next_lo, MAX_SCALAR))
    return result


def loose(name):
    """UAX #44 LM3, as the Swift side does it: case, white space, `_` and `-` ignored, then a leading "is"."""
    key = "".join(c for c in name.lower() if not c.isspace() and c not in "_-")
    return key[2:] if key.startswith("is") else key


def read_scripts(ucd):
    """The scripts, in the order of their short aliases: (names, Script ranges, Script_Extensions ranges)."""
    names = {}  # short alias -> [long name, short alias, other aliases...]
    for fields in read_lines(ucd, "PropertyValueAliases.txt"):
        if fields[0] == "sc":
            short, long = fields[1], fields[2]
            names[short] = [long, short] + [alias for alias in fields[3:] if alias not in (long, short)]
    short_of = {aliases[0]: short for short, aliases in names.items()}

    script = {short: [] for short in names}  # short alias -> ranges
    for fields in read_lines(ucd, "Scripts.txt"):
        if fields[1] not in short_of:
            sys.exit("Scripts.txt: %s is not a script of PropertyValueAliases.txt" % fields[1])
        script[short_of[fields[1]]].append(code_points(fields[0]))
    listed = [r for ranges in script.values() for r in ranges]
    if sum(hi - lo + 1 for lo, hi in listed) != sum(hi - lo + 1 for lo, hi in normalize(listed)):
        sys.exit("Scripts.txt gives some code point two scripts")
    # Code points Scripts.txt does not list have the script Unknown (Zzzz).
    script["Zzzz"] = complement(listed) + script["Zzzz"]
    script = {short: normalize(ranges) for short, ranges in script.items()}

    # Script_Extensions: each scalar's own script, except for the scalars ScriptExtensions.txt lists.
    extensions = {short: [] for short in names}
    extended = []
    for fields in read_lines(ucd, "ScriptExtensions.txt"):
        lo_hi = code_points(fields[0])
        extended.append(lo_hi)
        for short in fields[1].split():
            if short not in names:
                sys.exit("ScriptExtensions.txt: %s is not a script of PropertyValueAliases.txt" % short)
            extensions[short].append(lo_hi)
    extended = normalize(extended)
    for short, ranges in script.items():
        extensions[short] = normalize(subtract(ranges, extended) + extensions[short])

    keys = {}
    for short, aliases in names.items():
        for alias in aliases:
            key = loose(alias)
            if keys.setdefault(key, short) != short:
                sys.exit("%s and %s have the same loose name %r" % (keys[key], short, key))
    return [(names[short], script[short], extensions[short]) for short in sorted(names)]


def subtract(ranges, removed):
    """The code points of `ranges` (normalized) not in `removed` (normalized)."""
    result = []
    for lo, hi in ranges:
        for r_lo, r_hi in removed:
            if r_hi < lo or r_lo > hi:
                continue
            if r_lo > lo:
                result.append((lo, r_lo - 1))
            lo = r_hi + 1
            if lo > hi:
                break
        if lo <= hi:
            result.append((lo, hi))
    return result


def read_orbits(ucd):
    """The classes of scalars that simple case folding maps to the same scalar, each sorted, with two members or more."""
    orbits = {}  # folded scalar -> the scalars folding to it
    for fields in read_lines(ucd, "CaseFolding.txt"):
        if fields[1] in ("C", "S"):
            code, folded = int(fields[0], 16), int(fields[2], 16)
            orbits.setdefault(folded, {folded}).add(code)
    result = sorted(sorted(orbit) for orbit in orbits.values())
    members = [scalar for orbit in result for scalar in orbit]
    if len(members) != len(set(members)):
        sys.exit("CaseFolding.txt: a scalar is in two orbits")
    return result


def wrap(tokens, separator, indent, continued):
    """Lines of at most LINE_WIDTH columns holding `tokens` joined by `separator`; a line that the next one continues
    ends with `continued` (a backslash inside a multi-line string literal joins two lines)."""
    lines, line = [], ""
    for i, token in enumerate(tokens):
        piece = token + (separator if i < len(tokens) - 1 else "")
        if line and len(indent) + len(line) + len(piece.rstrip()) + len(continued) > LINE_WIDTH:
            lines.append(indent + line.rstrip() + continued)
            line = ""
        line += piece
    lines.append(indent + line.rstrip())
    return lines


def hex_ranges(ranges):
    return ["%X" % lo if lo == hi else "%X-%X" % (lo, hi) for lo, hi in ranges]


def header(version):
    return [
        "// Generated by scripts/unicode/generate.py from the Unicode Character Database (UCD) %s." % version,
        "// Do not edit by hand: run `python3 scripts/unicode/generate.py` (the UCD is Debian's `unicode-data` package).",
        "",
    ]


def script_swift(version, scripts):
    table = []
    for names, script, extensions in scripts:
        fields = " ".join(names) + ":" + ",".join(hex_ranges(script)) + ":"
        fields += "=" if extensions == script else ",".join(hex_ranges(extensions))
        # Break lines after commas only, so that every piece is a whole range.
        tokens = fields.split(",")
        table += wrap(tokens, ",", "    ", "\\")
    return "\n".join(header(version) + [
        "/// Unicode's Script and Script_Extensions properties (UCD %s)." % version,
        "enum UnicodeScriptData {",
        "    /// The UCD version the tables were generated from, like \"15.0.0\".",
        "    static let version = \"%s\"" % version,
        "",
        "    /// The sorted, disjoint closed ranges of scalars whose Script is the script named `name`, or nil for a name",
        "    /// that is no script. `name` is a long name (`Greek`, `Old_Italic`) or a short alias (`Grek`, `Ital`,",
        "    /// and `Qaac`/`Qaai` aliases where the UCD lists them), matched loosely as UAX #44 LM3 says: case, spaces,",
        "    /// `_` and `-` ignored, and a leading \"is\" ignored.",
        "    ///",
        "    /// `Unknown` (`Zzzz`) is every scalar the UCD gives no script, unassigned ones included;",
        "    /// `Katakana_Or_Hiragana` (`Hrkt`) is a script no scalar has.",
        "    static func script(_ name: String) -> [ClosedRange<UInt32>]? {",
        "        tables.index[looseName(name)].map { tables.scripts[$0] }",
        "    }",
        "",
        "    /// The same for Script_Extensions: every scalar whose Script_Extensions contains the script (a scalar that",
        "    /// ScriptExtensions.txt does not list has its Script as its only extension).",
        "    static func scriptExtensions(_ name: String) -> [ClosedRange<UInt32>]? {",
        "        tables.index[looseName(name)].map { tables.extensions[$0] }",
        "    }",
        "",
        "    /// Whether `name` is a script's long name exactly as the UCD writes it (`Greek`, `Old_Italic`): the only",
        "    /// spelling RE2's `\\p{…}` accepts.",
        "    static func isLongName(_ name: String) -> Bool {",
        "        tables.longNames.contains(name)",
        "    }",
        "",
        "    /// The key a property value name is looked up by, per UAX #44 LM3: ASCII letters lowercased, white space, `_`",
        "    /// and `-` dropped, then a leading \"is\" dropped. (Every script name is ASCII: a non-ASCII letter matches none.)",
        "    static func looseName(_ name: String) -> String {",
        "        var key = String.UnicodeScalarView()",
        "        for scalar in name.unicodeScalars {",
        "            if scalar == \"_\" || scalar == \"-\" || scalar.properties.isWhitespace { continue }",
        "            if scalar.value &- 0x41 < 26 {",
        "                key.append(Unicode.Scalar(UInt8(truncatingIfNeeded: scalar.value | 0x20)))",
        "            } else {",
        "                key.append(scalar)",
        "            }",
        "        }",
        "        if key.starts(with: \"is\".unicodeScalars) { key.removeFirst(2) }",
        "        return String(key)",
        "    }",
        "",
        "    /// The decoded tables: the scripts' ranges, the index of each loose name, and the long names.",
        "    private struct Tables: Sendable {",
        "        var index: [String: Int] = [:]",
        "        var longNames: Set<String> = []",
        "        var scripts: [[ClosedRange<UInt32>]] = []",
        "        var extensions: [[ClosedRange<UInt32>]] = []",
        "    }",
        "",
        "    /// Decoded on first use.",
        "    private static let tables = decodeTables()",
        "",
        "    /// Reads ``encoded``.",
        "    private static func decodeTables() -> Tables {",
        "        var tables = Tables()",
        "        let bytes = Array(encoded.utf8)",
        "        var position = 0",
        "        // The names, up to the first `:`.",
        "        func names() -> [String] {",
        "            let start = position",
        "            while bytes[position] != UInt8(ascii: \":\") { position += 1 }",
        "            defer { position += 1 }",
        "            let text = String(decoding: bytes[start..<position], as: UTF8.self)",
        "            return text.split(separator: \" \").map { String($0) }",
        "        }",
        "        // Ranges up to the next `:`, newline or the end.",
        "        func ranges() -> [ClosedRange<UInt32>] {",
        "            var result: [ClosedRange<UInt32>] = []",
        "            var lo: UInt32?, value: UInt32 = 0, digits = 0",
        "            while position < bytes.count {",
        "                let byte = bytes[position]",
        "                position += 1",
        "                switch byte {",
        "                case UInt8(ascii: \"0\")...UInt8(ascii: \"9\"): value = value << 4 | UInt32(byte &- 0x30); digits += 1",
        "                case UInt8(ascii: \"A\")...UInt8(ascii: \"F\"): value = value << 4 | UInt32(byte &- 0x37); digits += 1",
        "                case UInt8(ascii: \"-\"): lo = value; value = 0",
        "                default:",
        "                    if digits > 0 { result.append((lo ?? value)...value) }",
        "                    if byte != UInt8(ascii: \",\") { return result }",
        "                    lo = nil; value = 0; digits = 0",
        "                }",
        "            }",
        "            if digits > 0 { result.append((lo ?? value)...value) }",
        "            return result",
        "        }",
        "        while position < bytes.count {",
        "            let script = tables.scripts.count",
        "            let aliases = names()",
        "            tables.longNames.insert(aliases[0])",
        "            for name in aliases { tables.index[looseName(name)] = script }",
        "            let scalars = ranges()",
        "            tables.scripts.append(scalars)",
        "            if bytes[position] == UInt8(ascii: \"=\") {",
        "                position += 2",
        "                tables.extensions.append(scalars)",
        "            } else {",
        "                tables.extensions.append(ranges())",
        "            }",
        "        }",
        "        return tables",
        "    }",
        "",
        "    /// One line a script: its long name, short alias and other aliases, separated by spaces; `:`; its Script ranges;",
        "    /// `:`; its Script_Extensions ranges, or `=` when they are the same. A range is hex `lo-hi`, or `lo` alone;",
        "    /// ranges are separated by `,`.",
        "    private static let encoded = \"\"\"",
    ] + table + [
        "    \"\"\"",
        "}",
        "",
    ])


def case_fold_swift(version, orbits):
    table = wrap([" ".join("%X" % scalar for scalar in orbit) for orbit in orbits], ",", "    ", "")
    return "\n".join(header(version) + [
        "/// Unicode's simple case folding (CaseFolding.txt, statuses C and S; UCD %s)." % version,
        "enum UnicodeCaseFoldData {",
        "    /// Every scalar that simple case folding maps to the same scalar as `scalar` does, `scalar` included, sorted;",
        "    /// `[scalar]` when it folds with no other. For example `k`: `K`, `k`, U+212A KELVIN SIGN.",
        "    static func orbit(_ scalar: UInt32) -> [UInt32] {",
        "        let tables = tables",
        "        var low = 0, high = tables.scalars.count",
        "        while low < high {",
        "            let middle = (low + high) / 2",
        "            if tables.scalars[middle] < scalar { low = middle + 1 } else { high = middle }",
        "        }",
        "        guard low < tables.scalars.count, tables.scalars[low] == scalar else { return [scalar] }",
        "        return tables.orbits[Int(tables.orbitOf[low])]",
        "    }",
        "",
        "    /// Every scalar that simple case folding maps to the same scalar as some other scalar, sorted.",
        "    static var foldingScalars: [UInt32] {",
        "        tables.scalars",
        "    }",
        "",
        "    /// The decoded tables: the scalars that fold with others, sorted, and the index of each one's orbit.",
        "    private struct Tables: Sendable {",
        "        var scalars: [UInt32] = []",
        "        var orbitOf: [UInt16] = []",
        "        var orbits: [[UInt32]] = []",
        "    }",
        "",
        "    /// Decoded on first use.",
        "    private static let tables = decodeTables()",
        "",
        "    /// Reads ``encoded``.",
        "    private static func decodeTables() -> Tables {",
        "        var pairs: [(scalar: UInt32, orbit: UInt16)] = []",
        "        var orbits: [[UInt32]] = []",
        "        var orbit: [UInt32] = []",
        "        var value: UInt32 = 0, digits = 0",
        "        for byte in encoded.utf8 {",
        "            switch byte {",
        "            case UInt8(ascii: \"0\")...UInt8(ascii: \"9\"): value = value << 4 | UInt32(byte &- 0x30); digits += 1",
        "            case UInt8(ascii: \"A\")...UInt8(ascii: \"F\"): value = value << 4 | UInt32(byte &- 0x37); digits += 1",
        "            default:",
        "                if digits > 0 { orbit.append(value) }",
        "                value = 0; digits = 0",
        "                if byte != UInt8(ascii: \" \") && !orbit.isEmpty {",
        "                    for scalar in orbit { pairs.append((scalar, UInt16(orbits.count))) }",
        "                    orbits.append(orbit)",
        "                    orbit = []",
        "                }",
        "            }",
        "        }",
        "        if digits > 0 { orbit.append(value) }",
        "        if !orbit.isEmpty {",
        "            for scalar in orbit { pairs.append((scalar, UInt16(orbits.count))) }",
        "            orbits.append(orbit)",
        "        }",
        "        pairs.sort { $0.scalar < $1.scalar }",
        "        return Tables(scalars: pairs.map(\\.scalar), orbitOf: pairs.map(\\.orbit), orbits: orbits)",
        "    }",
        "",
        "    /// The orbits with two scalars or more: each one's scalars in hex, sorted, separated by spaces; orbits are",
        "    /// separated by `,` or a line break.",
        "    private static let encoded = \"\"\"",
    ] + table + [
        "    \"\"\"",
        "}",
        "",
    ])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ucd", default="/usr/share/unicode", help="the UCD folder (default /usr/share/unicode)")
    parser.add_argument("--check", action="store_true", help="exit 1 when the committed files are not up to date")
    args = parser.parse_args()
    if not all(os.path.isfile(os.path.join(args.ucd, name)) for name in INPUTS):
        message = "%s holds no UCD (%s): install Debian's unicode-data package, or pass --ucd" % (
            args.ucd, ", ".join(INPUTS))
        if args.check:
            print("unicode tables: not checked, " + message)
            sys.exit(0)
        sys.exit(message)

    version = ucd_version(args.ucd)
    outputs = {
        SCRIPT_FILE: script_swift(version, read_scripts(args.ucd)),
        CASE_FOLD_FILE: case_fold_swift(version, read_orbits(args.ucd)),
    }
    stale = []
    for path, text in outputs.items():
        try:
            with open(path, encoding="utf-8") as f:
                current = f.read()
        except FileNotFoundError:
            current = None
        if current == text:
            continue
        stale.append(os.path.relpath(path, ROOT))
        if not args.check:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
    if args.check:
        if stale:
            print("unicode tables: out of date with UCD %s: %s; run python3 scripts/unicode/generate.py"
                  % (version, ", ".join(stale)))
            sys.exit(1)
        print("unicode tables: up to date with UCD %s" % version)
    else:
        print("unicode tables (UCD %s): %s" % (version, ", ".join(stale) if stale else "already up to date"))


if __name__ == "__main__":
    main()
