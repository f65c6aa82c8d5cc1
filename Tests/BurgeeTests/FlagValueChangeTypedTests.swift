import Burgee
import BurgeeCore
import Testing

@Suite("Typed values of a flag value change")
struct FlagValueChangeTypedTests {
    static func change(_ old: JSONValue, _ new: JSONValue) -> FlagValueChange {
        FlagValueChange(flagKey: "f", oldValue: old, newValue: new, reason: .init(kind: .fallthrough))
    }

    @Test("values read as their own type, nil as another")
    func typed() {
        let bool = Self.change(false, true)
        #expect(bool.oldValue(as: Bool.self) == false)
        #expect(bool.newValue(as: Bool.self) == true)
        #expect(bool.newValue(as: String.self) == nil)
        let number = Self.change(3, 2.5)
        #expect(number.oldValue(as: Int.self) == 3)
        #expect(number.newValue(as: Int.self) == nil)
        #expect(number.newValue(as: Double.self) == 2.5)
        let text = Self.change(nil, "grid")
        #expect(text.oldValue(as: String.self) == nil)
        #expect(text.oldValue(as: JSONValue.self) == .null)
        #expect(text.newValue(as: String.self) == "grid")
        let inferred: String? = text.newValue()
        #expect(inferred == "grid")
    }

    @Test("a change observed from a client reads as the flag's type")
    func observed() async throws {
        let (client, source) = try await ClientHarness.manual()
        #expect(await source.push(Definitions.document(version: 1, flags: [Definitions.boolFlag("f", false)])))
        let changes = client.flagValueChanges("f", context: Context(key: "u"))
        #expect(await source.push(Definitions.document(version: 2, flags: [Definitions.boolFlag("f", true, version: 2)])))
        let change = try #require(await firstElement(changes))
        #expect(change.oldValue(as: Bool.self) == false)
        #expect(change.newValue(as: Bool.self) == true)
        await client.close()
    }
}
