/// The lines of a JSON-lines requests file, as `burgee eval --requests` reads them: split at
/// `\n`, a trailing `\r` dropped, blank lines (spaces and tabs only) skipped.
enum RequestLines {
    /// Calls `body` with each line that is not blank and its number (from 1, blank lines counted).
    static func forEach(in bytes: [UInt8], _ body: (_ number: Int, _ line: [UInt8]) throws -> Void) rethrows {
        var number = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            var line = line
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
            try body(number, Array(line))
        }
    }
}
