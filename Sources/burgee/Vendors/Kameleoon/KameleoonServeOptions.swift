import ArgumentParser
import BurgeeCore
import BurgeeServer
import Foundation

/// `burgee serve --kameleoon-visitors`: what the Data API answers for each visitor, in Kameleoon
/// mode.
struct KameleoonServeOptions: ServeOptionGroup {
    @Option(name: .customLong("kameleoon-visitors"),
            help: "With Kameleoon definitions: a JSON object file, visitor code (or key) → what GET /visit/visitor (and GET /map/map) answers.")
    var visitorData: String?

    func configure(_ configuration: inout DefinitionsServerConfiguration) throws(CommandFailure) {
        guard let visitorData else { return }
        guard configuration.format == .kameleoon else {
            throw CommandFailure("--kameleoon-visitors applies to Kameleoon definitions only (--format kameleoon)")
        }
        do {
            configuration.visitorData = try Self.visitors(at: visitorData)
        } catch {
            throw CommandFailure("--kameleoon-visitors: \(error)")
        }
    }

    /// The visitors document at `path`: a JSON object whose members are the Data API's answers.
    private static func visitors(at path: String) throws(VisitorsFileError) -> [String: JSONValue] {
        guard let bytes = FileManager.default.contents(atPath: path) else {
            throw VisitorsFileError("cannot read '\(path)'")
        }
        let json: JSONValue
        do { json = try JSONParser().parse([UInt8](bytes)) } catch { throw VisitorsFileError("'\(path)' is not JSON: \(error)") }
        guard let visitors = json.objectValue else {
            throw VisitorsFileError("'\(path)' is not a JSON object (visitor code → the Data API's answer)")
        }
        return visitors
    }

    /// Why the visitors document cannot be used.
    private struct VisitorsFileError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
