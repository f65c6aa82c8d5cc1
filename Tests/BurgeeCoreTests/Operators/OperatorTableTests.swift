@testable import BurgeeCore
import Testing

/// The formats' operator tables: the names each format accepts and the options its spelling adds.
/// What the families then do is pinned by spec-fixtures and the conformance suites.
@Suite("operator tables")
struct OperatorTableTests {
    @Test("native names its eighteen operators; case-insensitivity applies to in, string and regex operators")
    func native() {
        let names = ["in", "startsWith", "endsWith", "contains", "matches", "lessThan", "lessThanOrEqual", "greaterThan",
                     "greaterThanOrEqual", "before", "after", "semVerEqual", "semVerLessThan", "semVerGreaterThan",
                     "semVerLessThanOrEqual", "semVerGreaterThanOrEqual", "inCIDR", "segmentMatch"]
        for name in names { #expect(NativeOperators.table[name] != nil, "\(name)") }
        #expect(NativeOperators.table["IN"] == nil)
        let insensitive = names.filter { NativeOperators.table[$0]?.honoursCaseInsensitive == true }
        #expect(insensitive == ["in", "startsWith", "endsWith", "contains", "matches"])
        #expect(NativeOperators.table["before"] == OperatorSpelling(.date(.before)))
        #expect(NativeOperators.table["segmentMatch"]?.family == .segmentMatch)
    }

    @Test("LaunchDarkly reads dates its own way and has no inCIDR")
    func launchDarkly() {
        #expect(LaunchDarklyOperators.table["after"] == OperatorSpelling(.goDate(.after)))
        #expect(LaunchDarklyOperators.table["semVerGreaterThan"] == OperatorSpelling(.semVer(.greater)))
        #expect(LaunchDarklyOperators.table["inCIDR"] == nil)
        #expect(LaunchDarklyOperators.table["semVerLessThanOrEqual"] == nil)
    }

    @Test("Unleash: NOT_IN is IN negated, every name fails on an absent field, only STR_* and REGEX honour caseInsensitive")
    func unleash() {
        #expect(UnleashOperators.table["NOT_IN"] == OperatorSpelling(.equality, negated: true, absent: .failsOperator))
        #expect(UnleashOperators.table["IN"] == OperatorSpelling(.equality, absent: .failsOperator))
        #expect(UnleashOperators.table["DATE_AFTER"]?.family == .date(.after))
        #expect(UnleashOperators.table["NUM_LTE"]?.family == .numberText(.lessOrEqual))
        #expect(UnleashOperators.table["in"] == nil)
        let names = ["IN", "NOT_IN", "STR_STARTS_WITH", "STR_ENDS_WITH", "STR_CONTAINS", "NUM_EQ", "NUM_GT", "NUM_GTE",
                     "NUM_LT", "NUM_LTE", "DATE_AFTER", "DATE_BEFORE", "SEMVER_EQ", "SEMVER_GT", "SEMVER_GTE", "SEMVER_LT",
                     "SEMVER_LTE", "REGEX", "IN_CIDR"]
        for name in names { #expect(UnleashOperators.table[name]?.absent == .failsOperator, "\(name)") }
        let insensitive = names.filter { UnleashOperators.table[$0]?.honoursCaseInsensitive == true }
        #expect(insensitive == ["STR_STARTS_WITH", "STR_ENDS_WITH", "STR_CONTAINS", "REGEX"])
    }

    @Test("flagd names JsonLogic operations, both spellings of if among them")
    func flagd() {
        #expect(FlagdOperators.table["if"] == .if)
        #expect(FlagdOperators.table["?:"] == .if)
        #expect(FlagdOperators.table["fractional"] == .fractional)
        #expect(FlagdOperators.table["sem_ver"] == .semVer)
        #expect(FlagdOperators.table["semVer"] == nil)
    }
}
