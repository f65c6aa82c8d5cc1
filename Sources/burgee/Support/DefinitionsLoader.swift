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
        try load(path, format: format).snapshot
    }

    /// The definitions in `paths`: one file as ``load(_:format:now:flagdFractional:)`` reads it;
    /// several are flagd documents, merged in order (a later document's flag replaces an earlier one's).
    static func load(paths: [String], format: DefinitionsFormat?, now: Timestamp? = nil,
                     flagdFractional: FlagdFractionalRule = .v2) throws -> LoadedDefinitions {
        guard paths.count > 1 else { return try load(paths[0], format: format, now: now, flagdFractional: flagdFractional) }
        guard format == nil || format == .flagd else {
            throw CommandFailure("only flagd documents can be merged from several --definitions files")
        }
        var documents: [JSONValue] = []
        for path in paths {
            do { documents.append(try JSONParser().parse(try read(path))) } catch let error as JSONParseError {
                throw CommandFailure("\(path): \(DefinitionsError.invalidJSON(error))")
            }
        }
        do {
            let definitions = try Definitions(flagdDocuments: documents)
            let options = FlagdLoweringOptions(fractionalRule: flagdFractional, now: now)
            return LoadedDefinitions(snapshot: Snapshot(compiling: definitions, flagd: options), format: .flagd, unleash: nil)
        } catch {
            throw CommandFailure("\(paths.joined(separator: ", ")): \(error)")
        }
    }

    /// The definitions in `path`, compiled, with the format they were read as and, for Unleash,
    /// the model (whose document-level problems `validate` reports). `now` pins the clock of
    /// Unleash date constraints.
    static func load(_ path: String, format: DefinitionsFormat?, now: Timestamp? = nil,
                     flagdFractional: FlagdFractionalRule = .v2) throws -> LoadedDefinitions {
        let bytes = try read(path)
        do {
            let json: JSONValue
            do { json = try JSONParser().parse(bytes) } catch { throw DefinitionsError.invalidJSON(error) }
            let definitions = try Definitions(json: json, format: format)
            if case .unleash(let document, _) = definitions.model {
                return LoadedDefinitions(snapshot: Snapshot(unleash: document, options: UnleashLoweringOptions(now: now)),
                                         format: .unleash, unleash: document)
            }
            if case .flagd(let document, _) = definitions.model {
                return LoadedDefinitions(snapshot: Snapshot(flagd: document, options: FlagdLoweringOptions(fractionalRule: flagdFractional, now: now)),
                                         format: .flagd, unleash: nil)
            }
            return LoadedDefinitions(snapshot: Snapshot(compiling: definitions), format: definitions.format, unleash: nil)
        } catch let error as DefinitionsError {
            throw CommandFailure("\(path): \(error)")
        }
    }
}

/// Definitions read by a command.
struct LoadedDefinitions {
    let snapshot: Snapshot
    let format: DefinitionsFormat
    /// The Unleash model, for Unleash definitions.
    let unleash: UnleashDocument?

    /// Whether requests' contexts are in Unleash's shape and results carry an `unleash` member.
    var isUnleash: Bool { format == .unleash }

    /// A request's context, read in the definitions' own context shape.
    func context(_ json: JSONValue) -> Context {
        switch format {
        case .unleash: Context(unleashJSON: json)
        case .flagd: Context(flagdJSON: json)
        case .launchDarkly: Context(launchDarklyJSON: json)
        default: Context(json: json)
        }
    }

    /// flagd's view of an evaluation (OpenFeature's reason, variant, metadata), for flagd definitions.
    func flagdResult(flag: String, _ detail: EvaluationDetail) -> FlagdEvaluation? {
        format == .flagd ? snapshot.flagdResult(for: detail, flag: flag) : nil
    }

    /// Unleash's view of an evaluation (`isEnabled` and `getVariant`), for Unleash definitions.
    func unleashResult(flag: String, _ detail: EvaluationDetail) -> (enabled: Bool, variant: UnleashVariantResult)? {
        guard isUnleash else { return nil }
        return (snapshot.unleashIsEnabled(detail), snapshot.unleashVariant(for: detail, flag: flag))
    }
}

/// A failure that ends a command with a message on standard error and exit status 1.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
