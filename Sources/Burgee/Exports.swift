// Contexts, values, reasons and definitions are part of the SDK's API: `import Burgee` is enough.
@_exported import BurgeeCore
