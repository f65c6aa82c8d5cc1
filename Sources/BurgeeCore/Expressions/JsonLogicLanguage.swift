/// What a format adds to JsonLogic: the names of its operators, the member it injects into the
/// data (flagd's `$flagd`: the flag's key and the evaluation's time), and how `fractional` hashes.
///
/// The engine (``JsonLogicCompiler``, `Evaluator+JsonLogic.swift`) is the language's; a format's
/// folder says which operators and member its documents use.
struct JsonLogicLanguage: Sendable {
    /// The operators by name; a name not listed is an error in the definitions.
    let operations: OperatorNameTable<JsonLogicOperation>
    /// The injected member's name.
    let injectedMember: String
    /// `{"var": "<member>.flagKey"}`: the flag's key.
    let flagKeyPath: String
    /// `{"var": "<member>.timestamp"}`: the evaluation clock's Unix seconds.
    let timestampPath: String
    /// How `fractional` hashes the bucketing value.
    let bucketing: FractionalBucketing

    init(operations: OperatorNameTable<JsonLogicOperation>, injectedMember: String, bucketing: FractionalBucketing) {
        self.operations = operations
        self.injectedMember = injectedMember
        flagKeyPath = injectedMember + ".flagKey"
        timestampPath = injectedMember + ".timestamp"
        self.bucketing = bucketing
    }
}
