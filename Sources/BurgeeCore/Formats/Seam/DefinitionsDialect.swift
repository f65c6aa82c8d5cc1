/// Everything Burgee knows about one format of flag definitions, implemented once per format in
/// that format's folder and listed in ``FormatRegistry``: how its documents are recognised and
/// read (``ReadingDialect``), compiled (``CompilingDialect``), and how the command line, the flag
/// explorer and OFREP speak its contexts and results (``ToolingDialect``).
///
/// Shared code asks the registry for the part of a format's dialect it needs instead of naming
/// formats: detection and ``DefinitionsReader`` the reading part, ``Snapshot`` the compiling
/// part, the tools the tooling part. None of this is on the evaluation path: a ``Snapshot`` keeps
/// what evaluation needs as plain values.
package protocol DefinitionsDialect: ReadingDialect, CompilingDialect, ToolingDialect {}
