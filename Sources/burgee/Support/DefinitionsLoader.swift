import BurgeeCore
import Foundation

/// Reads and compiles a definitions file for a command.
enum DefinitionsLoader {
    /// Reads a whole file (or standard input for `-`) as bytes.
    static func read(_ path: String) throws -> [UInt8] {
        if path == "-" {
            return [UInt8](FileHandle.standardInput.readDataToEndOfFile())
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure("cannot read '\(path)'")
        }
        return [UInt8](data)
    }

    /// The compiled snapshot of the definitions in `path`, of `format` (`nil`: detected); a
    /// document that cannot be read at all, or is of a format that cannot be evaluated, fails.
    static func snapshot(_ path: String, format: DefinitionsFormat?) throws -> Snapshot {
        do {
            return try Snapshot(jsonBytes: read(path), format: format)
        } catch let error as DefinitionsError {
            throw CommandFailure("\(path): \(error)")
        }
    }
}

/// A failure that ends a command with a message on standard error and exit status 1.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
