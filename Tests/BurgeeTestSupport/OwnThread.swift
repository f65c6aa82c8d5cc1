import Foundation

/// Runs `work` on a new thread and suspends until it returns: for loops that keep a core busy
/// for seconds. On one of the threads of Swift's cooperative pool (as many as there are cores:
/// two here) such a loop would stall every other test running beside it, and their deadlines
/// would pass without their code having run.
package func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: work()) }.start()
    }
}
