import BurgeeCore

extension BurgeeClient {
    // MARK: Custom events

    /// Records an application event (a conversion, a goal reached, a metric) for `context`.
    ///
    /// Kameleoon's conversion with revenue is an event with a `value`.
    /// - Parameters:
    ///   - key: matches `^[a-zA-Z0-9][-_.:a-zA-Z0-9]{0,79}$`.
    ///   - context: a valid context; only its kinds and keys are sent.
    ///   - value: a finite number (revenue, duration…), if any.
    ///   - properties: further data, at most 32 KiB as JSON, finite numbers only.
    /// - Returns: whether the event was queued: `false` without an events configuration, after
    ///   ``close()``, for an invalid key, context, value or properties (logged as a warning), when
    ///   the context's consent is denied, or when the queue is full (counted in ``eventDiagnostics``).
    @discardableResult
    public func track(_ key: String, context: Context, value: Double? = nil,
                      properties: [String: JSONValue] = [:]) -> Bool {
        guard let recorder else {
            logger.debug("track() without an events configuration: event not recorded", metadata: ["key": "\(key)"])
            return false
        }
        return recorder.track(key, context: context, value: value, properties: properties)
    }

    /// ``track(_:context:value:properties:)`` for a vendor's `track` whose event key takes any
    /// text and whose data is any JSON (LaunchDarkly's `track(key, context, data, metricValue)`).
    package func track(_ key: String, context: Context, value: Double?, data: JSONValue?) -> Bool {
        guard let recorder else { return false }
        return recorder.track(key, context: context, value: value, properties: [:], data: data, anyKey: true)
    }

    // MARK: Delivery

    /// Delivers every event queued before the call, with the summary so far, and returns once the
    /// sink has taken them (or failed to: see ``eventDiagnostics``). Works whether or not the client runs.
    public func flush() async {
        await eventProcessor?.flush()
    }

    /// What became of the events recorded so far; all zero without an events configuration.
    public var eventDiagnostics: EventDiagnostics {
        eventProcessor?.diagnostics ?? EventDiagnostics()
    }

    // MARK: Consent

    /// Sets whether events carrying this context's keys may be recorded and sent (every part of a
    /// multi-context): `true` grants, `false` denies, `nil` returns it to the configured default. Events already queued for a
    /// context whose consent becomes denied are not sent.
    ///
    /// The consent is kept in this client until changed: a service with many instances sets it on
    /// each (or passes `track: false` with each evaluation).
    public func setTrackingConsent(_ granted: Bool?, for context: Context) {
        recorder?.consent.set(granted.map { $0 ? .granted : .denied }, for: context)
    }

    /// Sets the consent for contexts without their own (the whole client when none has its own).
    public func setTrackingConsent(_ granted: Bool) {
        recorder?.consent.setDefault(granted ? .granted : .denied)
    }
}
