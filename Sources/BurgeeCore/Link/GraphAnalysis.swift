/// Cycle and depth analysis of the reference graphs between flags (prerequisites) and between
/// segments (`segmentMatch` in segment rules). Iterative, so that a 10,000-flag chain cannot
/// overflow the stack while compiling.
enum GraphAnalysis {
    /// The nodes that lie on a cycle (including a node referring to itself), by Tarjan's algorithm.
    static func nodesOnCycles(_ edges: [[Int]]) -> Set<Int> {
        let n = edges.count
        var index = [Int](repeating: -1, count: n)
        var low = [Int](repeating: 0, count: n)
        var onStack = [Bool](repeating: false, count: n)
        var stack: [Int] = []
        var next = 0
        var result = Set<Int>()
        // Each frame: node and the position of the next edge to visit.
        var frames: [(node: Int, edge: Int)] = []
        for root in 0..<n where index[root] == -1 {
            frames.append((root, 0))
            index[root] = next; low[root] = next; next += 1
            stack.append(root); onStack[root] = true
            while let (node, edge) = frames.last {
                if edge < edges[node].count {
                    frames[frames.count - 1].edge += 1
                    let target = edges[node][edge]
                    if target == node { result.insert(node) }
                    if index[target] == -1 {
                        index[target] = next; low[target] = next; next += 1
                        stack.append(target); onStack[target] = true
                        frames.append((target, 0))
                    } else if onStack[target] {
                        low[node] = min(low[node], index[target])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last?.node { low[parent] = min(low[parent], low[node]) }
                guard low[node] == index[node] else { continue }
                var component: [Int] = []
                while let top = stack.popLast() {
                    onStack[top] = false
                    component.append(top)
                    if top == node { break }
                }
                if component.count > 1 { result.formUnion(component) }
            }
        }
        return result
    }

    /// The length of the longest reference chain below each node, counting only nodes for which
    /// `follows` is true (others end a chain). The graph over followed nodes must be acyclic.
    static func chainDepths(_ edges: [[Int]], follows: (Int) -> Bool) -> [Int] {
        let n = edges.count
        var depth = [Int](repeating: -1, count: n)
        var frames: [(node: Int, edge: Int)] = []
        for root in 0..<n where depth[root] == -1 {
            frames.append((root, 0))
            depth[root] = 0
            while let (node, edge) = frames.last {
                if edge < edges[node].count {
                    frames[frames.count - 1].edge += 1
                    let target = edges[node][edge]
                    if follows(target), depth[target] == -1 {
                        depth[target] = 0
                        frames.append((target, 0))
                    }
                    continue
                }
                frames.removeLast()
                var d = 0
                for target in edges[node] where follows(target) { d = max(d, depth[target] + 1) }
                depth[node] = d
            }
        }
        return depth
    }
}

extension GraphAnalysis {
    /// Every node from which a marked node can be reached (marked nodes included), by one
    /// breadth-first walk over the reversed edges: linear in nodes and edges.
    static func reaching(_ edges: [[Int]], from marked: [Bool]) -> [Int] {
        var reverse = [[Int]](repeating: [], count: edges.count)
        for (node, targets) in edges.enumerated() {
            for target in targets { reverse[target].append(node) }
        }
        var seen = marked
        var queue = marked.indices.filter { marked[$0] }
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for user in reverse[node] where !seen[user] {
                seen[user] = true
                queue.append(user)
            }
        }
        return queue
    }
}
