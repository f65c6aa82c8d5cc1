/// The first element of `stream` matching `predicate` within `timeout`; `nil` otherwise (the
/// stream ended, or the timeout passed). The timeout bounds a hang: give room for a loaded machine.
public func firstElement<T: Sendable>(_ stream: AsyncStream<T>, within timeout: Duration = .seconds(10),
                                      where predicate: @escaping @Sendable (T) -> Bool = { _ in true }) async -> T? {
    await withTaskGroup(of: T?.self) { group in
        group.addTask {
            for await element in stream where predicate(element) { return element }
            return nil
        }
        group.addTask {
            try? await Task.sleep(for: timeout)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}

/// Whether `condition` holds within `timeout`, checking it every 10 ms. Generous, because the
/// timeout is a bound against hanging, not a timing: the whole suite on two cores can keep a task
/// from running for seconds.
public func eventually(within timeout: Duration = .seconds(30),
                       _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return try await condition()
}

/// `operation`'s result, or ``TimeLimitExceeded`` when it has not finished within `limit`: a bound
/// against hanging, reported as an error, never a measurement. `operation` is cancelled then, and
/// the error is thrown once it has ended.
public func withTimeLimit<T: Sendable>(_ limit: Duration, _ what: String,
                                       _ operation: sending @escaping () async throws -> T) async throws -> T {
    let work = Task { try await operation() }
    let timer = Task { () -> Bool in
        do { try await Task.sleep(for: limit) } catch { return false }
        work.cancel()
        return true
    }
    let result = await withTaskCancellationHandler { await work.result } onCancel: { work.cancel() }
    timer.cancel()
    if await timer.value { throw TimeLimitExceeded(what: what, limit: limit) }
    return try result.get()
}

/// What did not happen within its time limit.
public struct TimeLimitExceeded: Error, CustomStringConvertible {
    /// What was awaited.
    public var what: String
    /// How long it was awaited.
    public var limit: Duration

    /// A sentence for the test report.
    public var description: String { "\(what): not within \(limit)" }
}
