// The core types that the client's API speaks in, so that `import Burgee` is enough to use it.
// Only these: the rest of `BurgeeCore` (snapshots, the program) is there for `import BurgeeCore`.
@_exported import struct BurgeeCore.Context
@_exported import struct BurgeeCore.DefinitionProblem
@_exported import struct BurgeeCore.DefinitionsFormat
@_exported import struct BurgeeCore.EvaluationReason
@_exported import enum BurgeeCore.JSONValue
@_exported import enum BurgeeCore.ValueType
