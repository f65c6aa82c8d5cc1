/// A targeting tree as a program condition, combined as Kameleoon's SDKs combine it: pairwise
/// from the left, where an OR takes the whole rest as its right side (`a AND b AND c OR d` is
/// `(a ∧ b) ∧ (c ∨ d)`), a missing operator lets the right side alone decide, and an empty tree or
/// group holds.
enum KameleoonTreeLowering {
    static func condition(_ tree: KameleoonTargetingTree, in scope: KameleoonConditionScope) -> Condition {
        firstLevel(tree.groups[...], tree.firstLevelOrOperators[...], scope) ?? .always
    }

    /// `nil` stands for a missing subtree, which holds.
    private static func firstLevel(_ groups: ArraySlice<KameleoonTargetingTree.Group?>, _ operators: ArraySlice<Bool?>,
                                   _ scope: KameleoonConditionScope) -> Condition? {
        guard let first = groups.first else { return nil }
        let left = secondLevel(first, scope)
        var groups = groups.dropFirst()
        guard let second = groups.first else { return left }
        var operators = operators
        let op = operators.popFirst() ?? nil
        if op == true { return join(true, left, firstLevel(groups, operators, scope)) }
        groups = groups.dropFirst()
        let pair = join(op, left, secondLevel(second, scope))
        guard !groups.isEmpty else { return pair }
        let next = operators.popFirst() ?? nil
        return join(next, pair, firstLevel(groups, operators, scope))
    }

    private static func secondLevel(_ group: KameleoonTargetingTree.Group?, _ scope: KameleoonConditionScope) -> Condition? {
        guard let group else { return nil }
        return conditions(group.conditions[...], group.orOperators[...], scope)
    }

    private static func conditions(_ conditions: ArraySlice<KameleoonCondition>, _ operators: ArraySlice<Bool?>,
                                   _ scope: KameleoonConditionScope) -> Condition? {
        guard let first = conditions.first else { return nil }
        let left = first.lowered(in: scope)
        var rest = conditions.dropFirst()
        guard let second = rest.first else { return left }
        var operators = operators
        let op = operators.popFirst() ?? nil
        if op == true { return join(true, left, self.conditions(rest, operators, scope)) }
        rest = rest.dropFirst()
        let pair = join(op, left, second.lowered(in: scope))
        guard !rest.isEmpty else { return pair }
        let next = operators.popFirst() ?? nil
        return join(next, pair, self.conditions(rest, operators, scope))
    }

    /// One node: OR, AND, or (no operator) the right side alone; a missing side holds.
    private static func join(_ op: Bool?, _ left: Condition?, _ right: Condition?) -> Condition {
        let l = left ?? .always, r = right ?? .always
        switch op {
        case true?: return .any([l, r])
        case false?: return .all([l, r])
        case nil: return r
        }
    }
}
