import BurgeeCore
import Logging
import Synchronization

/// The recording side of events: called on the evaluation path, it counts the evaluation for the
/// summary, decides whether it is an exposure to record, and stores it in the bounded queue.
///
/// A deduplicated evaluation costs a fingerprint, a coarse clock read and a lock-free table probe;
/// a recorded one a lock and a store into a preallocated slot. Neither allocates.
final class EventRecorder: Sendable {
    /// Largest serialized properties of a custom event.
    static let maxPropertiesBytes = 32 * 1024

    let mode: EventsConfiguration.ExposureMode
    /// Whether each flag's default, context kinds and counter values are noted for the summary
    /// (``EventDestination/recordsSummaryDetails``).
    let summaryDetails: Bool
    /// Whether prerequisites' evaluations are counted and recorded as evaluations of their own
    /// (``EventDestination/recordsPrerequisites``).
    let prerequisites: Bool
    let consent: ConsentRegistry
    let logger: Logger
    private let maxBatchSize: Int
    private let deduplicator: ExposureDeduplicator?
    /// The contexts noticed this period, when the destination announces contexts.
    let notices: ContextNoticeFilter?
    /// ``notices``, read on the evaluation path without a retain (``notices`` keeps it alive).
    private let noticesReference: Unmanaged<ContextNoticeFilter>?
    /// Whether a destination needs each evaluation noted beyond its count (``summaryDetails`` or
    /// ``notices``): one load on the evaluation path.
    private let notes: Bool
    /// `mode == .trackedOnly`, one load.
    private let trackedOnly: Bool
    /// The deduplication window's time and the timestamps: the system's clocks unless the client's
    /// clock is a manual one. Concrete, so that a deduplicated evaluation reads it directly.
    private let clock: EventClock
    private let queue: Locked<EventQueue>
    private let isOpen = Synchronization.Atomic(true)
    private let signals: AsyncStream<EventSignal>.Continuation
    private let unknownFlags = Locked(UnknownFlagCounts())
    private let retiredTables = Locked<[FlagEventTable]>([])
    private let deniedByConsent = Synchronization.Atomic(0)
    private let rejectedCustomEvents = Synchronization.Atomic(0)

    init(configuration: EventsConfiguration, signals: AsyncStream<EventSignal>.Continuation, logger: Logger,
         clock: EventClock) {
        mode = configuration.exposures
        summaryDetails = configuration.destination.recordsSummaryDetails
        prerequisites = configuration.destination.recordsPrerequisites && configuration.destination.recordsSummaryDetails
        self.clock = clock
        consent = ConsentRegistry(default: configuration.trackingConsent)
        maxBatchSize = configuration.maxBatchSize
        deduplicator = configuration.exposures == .deduplicated
            ? ExposureDeduplicator(capacity: configuration.deduplicationCapacity, window: configuration.deduplicationWindow)
            : nil
        notices = configuration.destination.contextNotices.map { ContextNoticeFilter(capacity: $0.capacity) }
        noticesReference = notices.map { Unmanaged.passUnretained($0) }
        notes = summaryDetails || notices != nil
        trackedOnly = configuration.exposures == .trackedOnly
        queue = Locked(EventQueue(capacity: configuration.capacity))
        self.signals = signals
        self.logger = logger
    }

    // MARK: Evaluations

    /// Counts an evaluation of a known flag and records its exposure when the mode, the flag and
    /// the deduplication window say so.
    @inline(__always)
    func recordEvaluation<D: FlagValue>(_ table: FlagEventTable, _ position: FlagPosition, _ flagKey: String,
                                        _ outcome: EvaluationOutcome, in snapshot: Snapshot, _ context: Context, track: Bool,
                                        default defaultValue: D, reasons: Bool = false) {
        guard isOpen.load(ordering: .relaxed) else { return }
        if _slowPath(notes) {
            // A destination that reports details or announces contexts counts no evaluation of an
            // invalid context (LaunchDarkly's SDKs record no event for one).
            guard context.isValid else { return }
            // Once the context and the flag's details are noted, two compares say so.
            if !isNoted(table, position, outcome, context) { noteDetails(table, position, outcome, context, defaultValue) }
            // The usual evaluation where only forced exposures are recorded: a count, one test away.
            if trackedOnly, !outcome.inExperiment, table.flags[position.index].quiet {
                table.count(position, variation: outcome.variationIndex)
                return
            }
            if prerequisites, table.flags[position.index].evaluatesPrerequisites {
                recordPrerequisites(table, position, in: snapshot, context, track: track, reasons: reasons)
            }
            // The rest as below, the context known valid. The row's fields are read one by one:
            // a copy of the whole row would cost more than the bounds checks.
            table.count(position, variation: outcome.variationIndex)
            guard track, mode != .off else { return }
            if mode == .trackedOnly, !outcome.inExperiment, !table.flags[position.index].mayForce { return }
            considerExposure(table, table.flags[position.index], position, flagKey, outcome, in: snapshot, context,
                             default: defaultValue, reasons: reasons, prerequisiteOf: nil)
            return
        }
        table.count(position, variation: outcome.variationIndex)
        guard track, mode != .off, context.isValid else { return }
        considerExposure(table, table.flags[position.index], position, flagKey, outcome, in: snapshot, context, default: defaultValue, reasons: reasons,
                         prerequisiteOf: nil)
    }

    /// Whether the context was noticed this period (by the mark it keeps) and the flag's details
    /// already hold what this evaluation would note; read without a retain or a lock.
    @inline(__always)
    private func isNoted(_ table: FlagEventTable, _ position: FlagPosition, _ outcome: EvaluationOutcome,
                         _ context: Context) -> Bool {
        let marks = context.eventMarks
        if let noticesReference, marks.notice != noticesReference._withUnsafeGuaranteedRef({ $0.mark }) { return false }
        guard let details = table.detailsReference else { return true }
        return details._withUnsafeGuaranteedRef { $0.isNoted(position.index, variation: outcome.variationIndex, kinds: marks.kinds) }
    }

    /// Records the evaluation's exposure when the mode, the flag and the deduplication window say so.
    @inline(__always)
    private func considerExposure<D: FlagValue>(_ table: FlagEventTable, _ flag: FlagEventTable.Flag, _ position: FlagPosition,
                                                _ flagKey: String, _ outcome: EvaluationOutcome, in snapshot: Snapshot,
                                                _ context: Context, default defaultValue: D, reasons: Bool,
                                                prerequisiteOf: String?) {
        if mode == .trackedOnly, !outcome.inExperiment, !flag.mayForce { return }
        // Flag- and rule-level `trackEvents`, `trackEventsFallthrough` and experiments force an
        // exposure each time.
        let experiment = outcome.inExperiment
            || (flag.tracksRules && table.tracksRule(position, snapshot.ruleIndex(of: outcome)))
            || (flag.tracksFallthrough && outcome.kind == .fallthrough)
        let forced = flag.trackEvents || experiment
        let debugging = flag.debugUntil != 0 && isDebugging(until: flag.debugUntil)
        if mode == .trackedOnly, !forced, !debugging { return }
        if let deduplicator, !forced {
            let fingerprint = ExposureFingerprint.exposure(
                context: context.identityHash, flagKey: flag.keyHash,
                variation: outcome.variationIndex ?? -1, version: flag.version)
            guard deduplicator.shouldRecord(fingerprint, now: clock.coarseMilliseconds()) else { return }
        }
        recordExposure(flagKey, flag.version, snapshot.detail(of: outcome, default: .null), context, countsOnly: flag.countsOnly,
                       default: defaultValue.flagValue, experiment: experiment, reasons: reasons,
                       tracked: forced, debugUntil: debugging ? flag.debugUntil : 0, prerequisiteOf: prerequisiteOf,
                       samplingRatio: flag.samplingRatio)
    }

    /// Whether a flag's debugging window (``FlagEventTable/Flag/debugUntil``) is still open.
    @inline(never)
    private func isDebugging(until: Int64) -> Bool {
        until > clock.wallMilliseconds()
    }

    /// Counts, notes and records each prerequisite evaluation that evaluating the flag at
    /// `position` made, as an evaluation of its own with no default, before the flag's own.
    @inline(never)
    private func recordPrerequisites(_ table: FlagEventTable, _ position: FlagPosition, in snapshot: Snapshot,
                                     _ context: Context, track: Bool, reasons: Bool) {
        snapshot.forEachPrerequisiteEvaluation(at: position, context: context) { prerequisite, outcome, dependant in
            noteDetails(table, prerequisite, outcome, context, JSONValue.null)
            let flag = table.flags[prerequisite.index]
            table.count(flag, variation: outcome.variationIndex)
            guard track, mode != .off else { return }
            considerExposure(table, flag, prerequisite, table.keys[prerequisite.index], outcome, in: snapshot, context,
                             default: JSONValue.null, reasons: reasons, prerequisiteOf: table.keys[dependant.index])
        }
    }

    /// Notes the flag's default and the context's kinds for a destination that reports them;
    /// out of line, so that other clients' evaluations pay one test.
    @inline(never)
    private func noteDetails<D: FlagValue>(_ table: FlagEventTable, _ position: FlagPosition, _ outcome: EvaluationOutcome,
                                           _ context: Context, _ defaultValue: D) {
        let marks = context.eventMarks
        if let notices, marks.notice != notices.mark { noticeNew(context, notices, notices.mark) }
        if let details = table.details {
            let kinds = marks.kinds
            if !details.isNoted(position.index, variation: outcome.variationIndex, kinds: kinds) {
                details.noteNew(position.index, variation: outcome.variationIndex, context: context, mark: kinds,
                                default: defaultValue.flagValue)
            }
        }
    }

    /// Queues a notice of `context` when it was not noticed this period (and may leave the process).
    @inline(__always)
    private func noticeIfNew(_ context: Context) {
        guard let notices else { return }
        // The same context object, already noticed this period: one compare.
        let mark = notices.mark
        if context.noticeMark != mark { noticeNew(context, notices, mark) }
    }

    @inline(never)
    private func noticeNew(_ context: Context, _ notices: ContextNoticeFilter, _ mark: UInt64) {
        context.setNoticeMark(mark)
        guard notices.isNew(context.identityHash), consent.allows(context) else { return }
        push(.notice(PendingNotice(timestamp: clock.wallMilliseconds(), period: notices.period, context: context)))
    }

    /// Starts a new notice period: every context is noticed again.
    func advanceNoticePeriod() {
        notices?.advance()
    }

    @inline(never)
    private func recordExposure(_ flagKey: String, _ version: Int64, _ detail: @autoclosure () -> EvaluationDetail,
                                _ context: Context, countsOnly: Bool, default defaultValue: @autoclosure () -> JSONValue,
                                experiment: Bool, reasons: Bool, tracked: Bool, debugUntil: Int64, prerequisiteOf: String?,
                                samplingRatio: Int64?) {
        guard consent.allows(context) else {
            deniedByConsent.add(1, ordering: .relaxed)
            return
        }
        // The detail's strings are read from the program only for an exposure that is queued.
        let detail = detail()
        push(.exposure(PendingExposure(
            timestamp: clock.wallMilliseconds(), flagKey: flagKey, flagVersion: version,
            variationIndex: detail.variationIndex, variationKey: detail.variationKey, reason: detail.reason,
            context: context, countsOnly: countsOnly, value: detail.value, defaultValue: defaultValue(), experiment: experiment,
            reasons: reasons, tracked: tracked, debugUntil: debugUntil, prerequisiteOf: prerequisiteOf,
            samplingRatio: samplingRatio)))
    }

    /// Counts an evaluation of a flag that is not known (or of any flag before definitions arrive).
    @inline(never)
    func recordUnknownFlag<D: FlagValue>(_ flagKey: String, context: Context, default defaultValue: D) {
        guard isOpen.load(ordering: .relaxed) else { return }
        guard summaryDetails || notices != nil else {
            unknownFlags.withLock { $0.count(flagKey) }
            return
        }
        guard context.isValid else { return }
        noticeIfNew(context)
        let value = defaultValue.flagValue
        unknownFlags.withLock { $0.count(flagKey, context: context, default: value) }
    }

    // MARK: Custom events

    /// Queues a custom event; `false` when it is refused (closed, invalid, no consent) or dropped.
    /// `data` (any JSON) and `anyKey` (no rule for the key) are for a vendor's `track` that takes
    /// them (LaunchDarkly's).
    func track(_ key: String, context: Context, value: Double?, properties: [String: JSONValue],
               data: JSONValue? = nil, anyKey: Bool = false) -> Bool {
        guard isOpen.load(ordering: .relaxed) else {
            logger.debug("track() after close(): event not recorded", metadata: ["key": "\(key)"])
            return false
        }
        if let problem = Self.problem(key: key, context: context, value: value,
                                      properties: data.map { ["data": $0] } ?? properties, anyKey: anyKey) {
            rejectedCustomEvents.add(1, ordering: .relaxed)
            logger.warning("custom event refused: \(problem)")
            return false
        }
        guard consent.allows(context) else {
            deniedByConsent.add(1, ordering: .relaxed)
            return false
        }
        noticeIfNew(context)
        return push(.custom(PendingCustom(timestamp: clock.wallMilliseconds(), key: key, context: context,
                                          value: value, properties: properties, data: data)))
    }

    static func problem(key: String, context: Context, value: Double?, properties: [String: JSONValue],
                        anyKey: Bool = false) -> String? {
        guard anyKey || EventKey.isValid(key) else {
            return "key '\(key.prefix(100))' does not match ^[a-zA-Z0-9][-_.:a-zA-Z0-9]{0,79}$"
        }
        if let reason = context.invalidReason { return "invalid context: \(reason)" }
        if let value, !value.isFinite { return "value \(value) is not a finite number" }
        guard properties.values.allSatisfy(\.isFinite) else { return "properties hold a number that is not finite" }
        var writer = JSONWriter()
        writer.value(.object(properties))
        guard writer.bytes.count <= maxPropertiesBytes else {
            return "properties take \(writer.bytes.count) bytes as JSON, more than \(maxPropertiesBytes)"
        }
        return nil
    }

    // MARK: Queue

    @discardableResult
    private func push(_ event: PendingEvent) -> Bool {
        let (accepted, signal) = queue.withLock { queue -> (Bool, Bool) in
            let accepted = queue.push(event)
            guard queue.count >= maxBatchSize, !queue.batchSignalled else { return (accepted, false) }
            queue.batchSignalled = true
            return (accepted, true)
        }
        if signal { signals.yield(.batchFull) }
        return accepted
    }

    /// The number of events accepted so far: what a flush must deliver.
    var acceptedCount: Int { queue.withLock { $0.accepted } }

    /// Takes up to `limit` queued events, none accepted after the `before`-th; `more` when events
    /// accepted before it are left.
    func take(upTo limit: Int, acceptedBefore before: Int) -> (events: [PendingEvent], more: Bool) {
        queue.withLock { queue in
            queue.batchSignalled = false
            let events = queue.take(upTo: min(limit, before - queue.taken))
            return (events, queue.taken < before && queue.count > 0)
        }
    }

    /// Counts events that consent withdrawn after recording kept from leaving.
    func countDeniedAtDelivery(_ n: Int) {
        deniedByConsent.add(n, ordering: .relaxed)
    }

    // MARK: Summaries

    /// Keeps the counts of a snapshot that was replaced, for the next summary.
    func retire(_ table: FlagEventTable) {
        retiredTables.withLock { $0.append(table) }
    }

    /// Takes every count since the last call: of replaced snapshots, of `current`, of unknown flags.
    func takeCounts(current: FlagEventTable?, into summary: inout SummaryBuilder) {
        for table in retiredTables.withLock({ tables in defer { tables = [] }; return tables }) {
            table.takeCounts(into: &summary)
        }
        current?.takeCounts(into: &summary)
        let (counts, notes) = unknownFlags.withLock { ($0.take(), $0.takeNotes()) }
        for (key, count) in counts {
            summary.add(flagKey: key, version: nil, variationIndex: nil, variationKey: nil, count: count,
                        value: notes[key]?.noVariationValue)
            if let note = notes[key] { summary.note(flagKey: key, defaultValue: note.defaultValue, kinds: note.kinds) }
        }
    }

    // MARK: State

    /// Stops recording: evaluations no longer count and `track` returns `false`.
    func close() {
        isOpen.store(false, ordering: .relaxed)
    }

    /// The recording counts for diagnostics.
    func counts() -> EventDiagnostics {
        let (offered, accepted, dropped, pending, capacity) = queue.withLock {
            ($0.offered, $0.accepted, $0.dropped, $0.count, $0.capacity)
        }
        var diagnostics = EventDiagnostics()
        diagnostics.recorded = offered
        diagnostics.queued = accepted
        diagnostics.droppedQueueFull = dropped
        diagnostics.pending = pending
        diagnostics.capacity = capacity
        diagnostics.deniedByConsent = deniedByConsent.load(ordering: .relaxed)
        diagnostics.rejectedCustomEvents = rejectedCustomEvents.load(ordering: .relaxed)
        diagnostics.unknownFlagsNotCounted = unknownFlags.withLock { $0.overflow }
        return diagnostics
    }
}
