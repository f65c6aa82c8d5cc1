import Burgee
import BurgeeCore

// Types the docs' snippets name without declaring them.

/// A hook that adds the tenant to the context (docs/openfeature.md).
struct TenantHook: Hook {}

/// A hook registered for one call (docs/openfeature.md).
struct RequestHook: Hook {}
