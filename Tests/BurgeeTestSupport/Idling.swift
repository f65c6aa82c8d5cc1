/// Suspends until the task is cancelled, without a timer: what a test's data source or peer does
/// while it has nothing to do.
public func suspendUntilCancelled() async {
    let (stream, continuation) = AsyncStream<Never>.makeStream()
    await withTaskCancellationHandler {
        for await _ in stream {}
    } onCancel: {
        continuation.finish()
    }
}
