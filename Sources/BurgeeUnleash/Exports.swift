// Unleash's types from the core, so that `import BurgeeUnleash` is enough for Unleash's calls.
@_exported import struct BurgeeCore.UnleashContext
@_exported import struct BurgeeCore.UnleashVariantResult
