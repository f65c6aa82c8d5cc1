/// A collection compared with a set of strings as Split's set matchers compare them: a list by
/// its elements, a string by its characters (Unicode scalars), an object by its keys; numbers,
/// booleans and `null` are no collection and never match.
package enum SetRelationOperator {
    /// How the collection relates to the set.
    package enum Relation: Sendable {
        /// Both hold the same elements (`EQUAL_TO_SET`).
        case equal
        /// They share an element (`CONTAINS_ANY_OF_SET`).
        case intersects
        /// The collection holds every element of the set (`CONTAINS_ALL_OF_SET`).
        case containsAll
        /// The collection is not empty and each of its elements is in the set (`PART_OF_SET`).
        case within
    }

    static func matches(_ value: JSONValue, _ relation: Relation, _ members: [String]) -> Bool {
        let set = Members(members)
        switch value {
        case .array(let elements):
            // A list holding a list or an object is no set (Python cannot hash its elements).
            if elements.contains(where: { $0.arrayValue != nil || $0.objectValue != nil }) { return false }
            return holds(relation, set, members, count: elements.count,
                         contains: { member in elements.contains { $0.stringValue.map { $0.utf8.elementsEqual(member.utf8) } ?? false } },
                         each: { body in elements.allSatisfy { element in element.stringValue.map(body) ?? false } },
                         any: { body in elements.contains { element in element.stringValue.map(body) ?? false } },
                         nonStringElement: elements.contains { $0.stringValue == nil })
        case .string(let s):
            let scalars = s.unicodeScalars
            return holds(relation, set, members, count: scalars.count,
                         contains: { member in
                             let m = member.unicodeScalars
                             return m.count == 1 && scalars.contains(m.first!)
                         },
                         each: { body in scalars.allSatisfy { body(String($0)) } },
                         any: { body in scalars.contains { body(String($0)) } },
                         nonStringElement: false)
        case .object(let members2):
            let keys = Array(members2.keys)
            return holds(relation, set, members, count: keys.count,
                         contains: { member in keys.contains { $0.utf8.elementsEqual(member.utf8) } },
                         each: { body in keys.allSatisfy(body) },
                         any: { body in keys.contains(where: body) },
                         nonStringElement: false)
        default:
            return false
        }
    }

    /// The relation, from the collection's element count, membership and iteration. A non-string
    /// element can be in no set of strings, which `each` and `equal` see.
    private static func holds(_ relation: Relation, _ set: Members, _ members: [String], count: Int,
                              contains: (String) -> Bool, each: ((String) -> Bool) -> Bool,
                              any: ((String) -> Bool) -> Bool, nonStringElement: Bool) -> Bool {
        switch relation {
        case .intersects:
            return any { set.contains($0) }
        case .containsAll:
            return members.allSatisfy(contains)
        case .within:
            return count > 0 && !nonStringElement && each { set.contains($0) }
        case .equal:
            return !nonStringElement && each { set.contains($0) } && members.allSatisfy(contains)
        }
    }
}

/// The set's strings, compared byte for byte (no Unicode normalisation), scanned: Split's lists
/// are short.
private struct Members {
    let strings: [String]

    init(_ strings: [String]) {
        self.strings = strings
    }

    func contains(_ s: String) -> Bool {
        strings.contains { $0.utf8.elementsEqual(s.utf8) }
    }
}
