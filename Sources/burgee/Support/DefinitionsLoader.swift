import ArgumentParser
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

    /// The definitions in `paths`: one file as ``load(_:format:options:)`` reads it; several
    /// are documents of a format that merges them, merged in order (a later document's
    /// flag replaces an earlier one's).
    static func load(paths: [String], format: DefinitionsFormat?, options: CompileOptions = CompileOptions()) throws
        -> LoadedDefinitions
    {
        guard paths.count > 1 else { return try load(paths[0], format: format, options: options) }
        let merging = DefinitionsFormat.allCases.filter { FormatRegistry.reading(of: $0).mergesDocuments }
        guard let merged = format ?? (merging.count == 1 ? merging[0] : nil), merging.contains(merged) else {
            throw CommandFailure("only \(merging.map(\.displayName).joined(separator: " or ")) documents can be merged "
                                 + "from several --definitions files")
        }
        var documents: [JSONValue] = []
        for path in paths {
            do { documents.append(try JSONParser().parse(try read(path))) } catch let error as JSONParseError {
                throw CommandFailure("\(path): \(DefinitionsError.invalidJSON(error))")
            }
        }
        do {
            guard let definitions = try Definitions(merging: documents, format: merged) else {
                throw CommandFailure("\(merged.displayName) documents cannot be merged")
            }
            return LoadedDefinitions(definitions, options: options)
        } catch let error as DefinitionsError {
            throw CommandFailure("\(paths.joined(separator: ", ")): \(error)", exitCode: Self.exitCode(of: error))
        }
    }

    /// The definitions in `path`, compiled with `options` (a fixed clock, formats' own settings).
    static func load(_ path: String, format: DefinitionsFormat?, options: CompileOptions = CompileOptions()) throws
        -> LoadedDefinitions
    {
        try load(bytes: try read(path), named: path, format: format, options: options)
    }

    /// The definitions in `bytes` (read from `path`, which failures name), compiled with `options`.
    static func load(bytes: [UInt8], named path: String, format: DefinitionsFormat?,
                     options: CompileOptions = CompileOptions()) throws -> LoadedDefinitions {
        do {
            let json: JSONValue
            do { json = try JSONParser().parse(bytes) } catch { throw DefinitionsError.invalidJSON(error) }
            return LoadedDefinitions(try Definitions(json: json, format: format), options: options)
        } catch let error as DefinitionsError {
            throw CommandFailure("\(path): \(error)", exitCode: Self.exitCode(of: error))
        }
    }

    /// 3 for definitions their format's SDKs refuse whole, else 1.
    static func exitCode(of error: DefinitionsError) -> ExitCode {
        if case .refused = error { return ExitCode(3) }
        return .failure
    }
}

/// Definitions read by a command, compiled, with what their format's dialect tells the tools: the
/// shape its requests' contexts are in, how it reads a flag's name, and its own view of each result.
struct LoadedDefinitions {
    let definitions: Definitions
    let snapshot: Snapshot
    /// How the format reads a requested flag name.
    let compiling: any CompilingDialect
    /// How the format speaks requests and results.
    let tooling: any ToolingDialect

    /// Compiles `definitions` with `options`.
    init(_ definitions: Definitions, options: CompileOptions) {
        self.definitions = definitions
        compiling = FormatRegistry.compiling(of: definitions.format)
        tooling = FormatRegistry.tooling(of: definitions.format)
        var options = options
        if options.now == nil { options.now = tooling.commandLineNow }
        snapshot = Snapshot(compiling: definitions, flagSets: nil, options: options)
    }

    /// The format the definitions were read as.
    var format: DefinitionsFormat { definitions.format }

    /// The key a request's flag name looks up, as the definitions' format reads names; `nil` for
    /// a name the format refuses.
    func flagKey(_ name: String) -> String? {
        compiling.flagKey(requested: name)
    }

    /// `flag` evaluated for a request, or `ERROR/INVALID_CONTEXT` for a name the format refuses.
    func evaluate(_ flag: String, context: Context, default defaultValue: JSONValue, as type: ValueType?) -> EvaluationDetail {
        guard let key = flagKey(flag) else { return .error(.invalidContext, default: defaultValue) }
        return snapshot.evaluate(key, context: prepared(context, flag: key), default: defaultValue, as: type)
    }

    /// The format's own view of a request's evaluation.
    func vendorResult(request flag: String, _ detail: EvaluationDetail, context: Context, as type: ValueType? = nil) -> VendorResult? {
        vendorResult(flag: flagKey(flag) ?? flag, detail, context: context, as: type)
    }

    /// The context `flag` is evaluated with: the request's, after what the format replays first.
    func prepared(_ context: Context, flag key: String) -> Context {
        tooling.prepared(context, flag: key, in: snapshot)
    }

    /// A request's context, read in the definitions' own context shape.
    func context(_ json: JSONValue) -> Context {
        tooling.context(json: json)
    }

    /// The format's own view of an evaluation, in its vendor's words; `nil` for a format without one.
    func vendorResult(flag: String, _ detail: EvaluationDetail, context: Context, as type: ValueType? = nil) -> VendorResult? {
        tooling.vendorResult(of: detail, flag: flag, context: context, type: type, in: snapshot)
    }

    /// Every problem: the document's own (which belong to no flag or segment), then the snapshot's.
    var problems: [DefinitionProblem] {
        definitions.documentProblems + snapshot.problems
    }
}

/// A failure that ends a command with a message on standard error and an exit status: 3 for
/// definitions their format's SDKs refuse whole, 1 for everything else.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    let exitCode: ExitCode

    init(_ description: String, exitCode: ExitCode = .failure) {
        self.description = description
        self.exitCode = exitCode
    }
}
