@_exported import BurgeeCore
