/// Keeps the optimizer from removing the computation of `value` (as `Benchmark`'s `blackHole`, for
/// programs that do not link the benchmark library).
@_optimize(none)
public func opaqueUse(_: some Any) {}
