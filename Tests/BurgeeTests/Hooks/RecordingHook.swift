import Burgee
import BurgeeCore

/// What the hooks of one test saw, in order.
final class HookJournal: Sendable {
    private let lines = Locked<[String]>([])

    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

/// A hook that writes `name.stage` lines (with what it saw) into a journal, and can fail on command.
struct RecordingHook: Hook {
    struct Failure: Error, Equatable { var stage: String }

    let name: String
    let journal: HookJournal
    var failIn: Set<String> = []
    var addToContext: Context?

    func before<Value: FlagValue>(_ hookContext: HookContext<Value>) throws -> Context? {
        journal.append("\(name).before \(hookContext.flagKey) \(hookContext.valueType.rawValue) \(hookContext.context.json.serialized())")
        if failIn.contains("before") { throw Failure(stage: "before") }
        return addToContext
    }

    func after<Value: FlagValue>(_ hookContext: HookContext<Value>, detail: FlagDetail<Value>) throws {
        journal.append("\(name).after \(detail.value) \(detail.reason.kind.rawValue)")
        if failIn.contains("after") { throw Failure(stage: "after") }
    }

    func error<Value: FlagValue>(_ hookContext: HookContext<Value>, error: any Error) {
        switch error {
        case let failure as EvaluationReason.ErrorKind: journal.append("\(name).error \(failure.openFeatureErrorCode)")
        case let failure as Failure: journal.append("\(name).error thrown in \(failure.stage)")
        default: journal.append("\(name).error \(error)")
        }
    }

    func finally<Value: FlagValue>(_ hookContext: HookContext<Value>, detail: FlagDetail<Value>) {
        journal.append("\(name).finally \(detail.value) \(detail.openFeatureReason) \(detail.openFeatureErrorCode ?? "-")")
    }
}

/// A hook that implements no stage: what a do-nothing hook costs.
struct NoOpHook: Hook {}
