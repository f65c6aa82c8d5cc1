import Burgee
import BurgeeUnleash
import BurgeeCore
import Testing

@Suite("Fallbacks")
struct FallbackTests {
    let user = Context(key: "u-1")
    let fallbacks = Fallbacks(
        global: .init("global"),
        perFlag: ["layout": .init("per-flag", variables: ["columns": 2]), "missing-bool": .init(true), "dark": .init(true)])

    @Test(arguments: [
        ("missing", EvaluationReason.ErrorKind.flagNotFound),
        ("broken", .malformedFlag),
        ("base", .wrongType),
    ])
    func theGlobalFallbackServesWhenTheFlagHasNoneOfItsOwn(key: String, kind: EvaluationReason.ErrorKind) async throws {
        let client = try await ClientHarness.ready(Definitions.shop) { $0.fallbacks = fallbacks }
        #expect(client.stringVariation(key, context: user, default: "default") == "global")
        let detail = client.stringVariationDetail(key, context: user, default: "default")
        #expect(detail.value == "global")
        #expect(detail.fallback == .global)
        #expect(detail.reason == .error(kind))
        await client.close()
    }

    @Test func thePerFlagFallbackComesFirst() async throws {
        let client = try await ClientHarness.ready(Definitions.shop) { $0.fallbacks = fallbacks }
        let invalid = Context(kind: "kind", key: "x")
        let detail = client.stringVariationDetail("layout", context: invalid, default: "default")
        #expect(detail.value == "per-flag")
        #expect(detail.fallback == .flag)
        #expect(detail.reason == .error(.invalidContext))
        let v = client.variation("layout", context: invalid)
        #expect(v.value == "per-flag")
        #expect(v.variables == ["columns": 2])
        #expect(v.fallback == .flag)
        #expect(v.key == nil)
        await client.close()
    }

    @Test func aFallbackOfAnotherTypeIsSkipped() async throws {
        let client = try await ClientHarness.ready(Definitions.shop) { $0.fallbacks = fallbacks }
        // "missing-bool" has a boolean fallback; asked as an int, neither it nor the string global fits.
        let detail = client.intVariationDetail("missing-bool", context: user, default: 42)
        #expect(detail.value == 42)
        #expect(detail.fallback == nil)
        #expect(client.intVariation("missing-bool", context: user, default: 42) == 42)
        // Asked as a bool, the per-flag fallback fits.
        #expect(client.boolVariation("missing-bool", context: user, default: false) == true)
        // A per-flag fallback of the wrong type falls through to the global one.
        #expect(client.stringVariationDetail("missing-bool", context: user, default: "d").fallback == .global)
        await client.close()
    }

    @Test func fallbacksServeAFlagWithoutAnOffVariation() async throws {
        let client = try await ClientHarness.ready(Definitions.shop) { $0.fallbacks = fallbacks }
        let detail = client.boolVariationDetail("dark", context: user, default: false)
        #expect(detail.value == true)
        #expect(detail.fallback == .flag)
        #expect(detail.reason == .off)
        #expect(client.unleash.isEnabled("dark", context: user))
        await client.close()
    }

    @Test func fallbacksServeBeforeTheClientIsReady() async throws {
        let client = try BurgeeClient(configuration: .init(source: .offline, fallbacks: fallbacks,
                                                           logger: TestClients.quietLogger))
        #expect(client.stringVariation("layout", context: user, default: "d") == "per-flag")
        #expect(client.stringVariation("anything", context: user, default: "d") == "global")
        #expect(client.boolVariation("anything", context: user, default: false) == false)
        let detail = client.stringVariationDetail("anything", context: user, default: "d")
        #expect(detail.reason == .error(.clientNotReady))
        #expect(detail.fallback == .global)
        #expect(client.variation("layout", context: user).variables == ["columns": 2])
        await client.close()
    }

    @Test func withoutFallbacksTheCallersDefaultServes() async throws {
        let client = try await ClientHarness.ready(Definitions.shop)
        let detail = client.stringVariationDetail("missing", context: user, default: "mine")
        #expect(detail.value == "mine")
        #expect(detail.fallback == nil)
        #expect(client.jsonVariation("missing", context: user, default: ["a": 1]) == ["a": 1])
        await client.close()
    }
}

@Suite("Flag-set filter")
struct FlagSetFilterTests {
    let user = Context(key: "u-vip")

    @Test func onlyFlagsInTheSetsAreKnownAndEvaluable() async throws {
        let client = try await ClientHarness.ready(Definitions.shop) { $0.flagSets = ["checkout"] }
        #expect(client.flagKeys() == ["checkout", "max-items"])
        #expect(client.flagSets == ["checkout", "frontend"])
        #expect(client.boolVariationDetail("layout", context: user, default: false).reason == .error(.flagNotFound))
        #expect(client.allFlagsState(context: user).flags["layout"] == nil)
        #expect(Set(client.variations(context: user).keys) == ["checkout", "max-items"])
        #expect(Set(client.allFlagsState(context: user).flags.keys) == ["checkout", "max-items"])
        await client.close()
    }

    @Test func prerequisitesOutsideTheSetsStillWorkButStayHidden() async throws {
        let client = try await ClientHarness.ready(Definitions.shop) { $0.flagSets = ["checkout"] }
        // "checkout" needs "base" (set "internal"): evaluated as a prerequisite, unknown by itself.
        #expect(client.boolVariationDetail("checkout", context: user, default: false).reason == .targetMatch)
        #expect(client.boolVariationDetail("base", context: user, default: false).reason == .error(.flagNotFound))
        #expect(!client.flagKeys().contains("base"))
        await client.close()
    }

    @Test func anUnknownSetLeavesNoFlags() async throws {
        let client = try await ClientHarness.ready(Definitions.shop) { $0.flagSets = ["nope"] }
        #expect(client.isReady)
        #expect(client.flagKeys().isEmpty)
        #expect(client.boolVariationDetail("base", context: user, default: false).reason == .error(.flagNotFound))
        await client.close()
    }
}
