// flagd's types from the core, so that `import BurgeeFlagd` is enough for flagd's calls.
@_exported import struct BurgeeCore.FlagdEvaluation
@_exported import struct BurgeeCore.FlagdLoweringOptions
