/// How a format's requests and results are spoken by the tools around evaluation: the command
/// line (`burgee eval`, `explain`, `validate`, `bench` and their help), the flag explorer and
/// OFREP. The part of a format's dialect that they consult, instead of naming formats.
///
/// A format implements it once, in its `<Format>Dialect.swift`, as part of its
/// ``DefinitionsDialect``. None of this is on the evaluation path.
package protocol ToolingDialect: Sendable {
    /// A request's context, read in the format's own context shape (`Context(<vendor>JSON:)`).
    func context(json: JSONValue) -> Context

    /// An OpenFeature evaluation context's members (OFREP's `context`) as this format's SDKs map
    /// them to a context.
    /// - Throws: ``OpenFeatureContextError`` for a context they refuse.
    func context(openFeature members: [String: JSONValue]) throws(OpenFeatureContextError) -> Context

    /// The context a command-line request evaluates `flag` with, given the context its request
    /// line read (``context(json:)``). A format whose SDK keeps state between calls replays what
    /// the request describes here (Kameleoon: a visitor's data, then earlier evaluations); others
    /// evaluate the context as read.
    func prepared(_ context: Context, flag key: String, in snapshot: Snapshot) -> Context

    /// The format's own view of an evaluation of `context`, which the command line's result line
    /// carries as a member; `nil` for a format without one.
    func vendorResult(of detail: EvaluationDetail, flag key: String, context: Context, in snapshot: Snapshot) -> VendorResult?

    /// ``vendorResult(of:flag:context:in:)`` for a request that asked for `type` (`nil`: any), for
    /// a format whose vendor's answer depends on the type asked (Eppo's details name a mismatch).
    func vendorResult(of detail: EvaluationDetail, flag key: String, context: Context, type: ValueType?,
                      in snapshot: Snapshot) -> VendorResult?

    /// The evaluation clock of the command line when `--now` is not given; `nil`: the system's.
    var commandLineNow: Timestamp? { get }

    /// What the command line's help says of the format: its contexts and results in `burgee
    /// eval`, what follows `burgee explain`'s steps, what `burgee validate` warns about, what
    /// `--now` times. Every format writes its own, so that each is described wherever formats are.
    var commandLineHelp: CommandLineHelp { get }
}

extension ToolingDialect {
    /// Burgee's context JSON (``Context/init(json:)``).
    package func context(json: JSONValue) -> Context { Context(json: json) }

    /// The mapping of docs/openfeature.md (``OpenFeatureContext/context(_:)``).
    package func context(openFeature members: [String: JSONValue]) throws(OpenFeatureContextError) -> Context {
        try OpenFeatureContext.context(members)
    }

    /// The context as read.
    package func prepared(_ context: Context, flag key: String, in snapshot: Snapshot) -> Context { context }

    /// None.
    package func vendorResult(of detail: EvaluationDetail, flag key: String, context: Context, in snapshot: Snapshot) -> VendorResult? {
        nil
    }

    /// The untyped view.
    package func vendorResult(of detail: EvaluationDetail, flag key: String, context: Context, type: ValueType?,
                              in snapshot: Snapshot) -> VendorResult? {
        vendorResult(of: detail, flag: key, context: context, in: snapshot)
    }

    /// The system's clock.
    package var commandLineNow: Timestamp? { nil }
}
