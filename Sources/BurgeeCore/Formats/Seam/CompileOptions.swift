/// What compiling definitions needs from outside the document: a fixed clock, and settings that
/// formats declare for themselves as extensions in their folders.
///
/// A setting of a format that the definitions are not in is ignored.
package struct CompileOptions: Sendable {
    /// Fixes the instant that time-dependent rules read when a context gives none (tests,
    /// `burgee eval --now`); `nil`: the system clock.
    package var now: Timestamp?
    /// Where unbounded segments' members are looked up, for a format that has them
    /// (LaunchDarkly's big segments); `nil`: nowhere.
    package var segmentMemberships: (any SegmentMembershipSource)?
    /// What decides conditions the definitions name but do not define, for a format that has
    /// them (Unleash's custom strategies); `nil`: none holds.
    package var externalConditions: (any ExternalConditionSource)?

    private var settings: [ObjectIdentifier: any Sendable] = [:]

    /// Options with the system clock and every format's default settings.
    package init() {}

    /// Options with a fixed clock.
    package init(now: Timestamp?) {
        self.now = now
    }

    /// A format's setting, its default when not set.
    package subscript<Key: CompileSetting>(_ key: Key.Type) -> Key.Value {
        get { settings[ObjectIdentifier(key)].flatMap { $0 as? Key.Value } ?? Key.defaultValue }
        set { settings[ObjectIdentifier(key)] = newValue }
    }
}

/// The key of one format's setting in ``CompileOptions``, declared in that format's folder.
package protocol CompileSetting {
    /// The setting's type.
    associatedtype Value: Sendable
    /// The value when none is set.
    static var defaultValue: Value { get }
}
