import BurgeeCore
import BurgeeUnleash

/// The custom strategies `burgee eval --custom-strategies test-catalogue` registers, so that a
/// differential test can register the same code with Unleash's engine (scripts/difftest mirrors
/// each one). Text is compared by its bytes, as Python compares code points.
enum UnleashTestStrategies {
    static let catalogue: [String: UnleashCustomStrategy] = [
        "burgee-test-on": { _, _ in true },
        "burgee-test-off": { _, _ in false },
        // The context's userId is one of `userIds`, split at commas and trimmed of spaces.
        "burgee-test-user-in": { parameters, context in
            guard let ids = parameters["userIds"], let user = context.userId else { return false }
            return ids.split(separator: ",", omittingEmptySubsequences: false).contains { (id: Substring) -> Bool in
                [UInt8](id.utf8).trimmingSpaces.elementsEqual(user.utf8)
            }
        },
        // The property named `property` is `value`.
        "burgee-test-property": { parameters, context in
            guard let name = parameters["property"], let value = parameters["value"],
                  let property = context.properties[name] else { return false }
            return property.utf8.elementsEqual(value.utf8)
        },
        // The context's userId (empty when none) starts with `prefix`.
        "burgee-test-prefix": { parameters, context in
            guard let prefix = parameters["prefix"] else { return false }
            return (context.userId ?? "").utf8.starts(with: prefix.utf8)
        },
    ]
}

private extension Array where Element == UInt8 {
    /// Without leading and trailing ASCII spaces.
    var trimmingSpaces: ArraySlice<UInt8> {
        let start = firstIndex { $0 != 0x20 } ?? endIndex
        let end = (lastIndex { $0 != 0x20 }).map { $0 + 1 } ?? start
        return self[start..<Swift.max(start, end)]
    }
}
