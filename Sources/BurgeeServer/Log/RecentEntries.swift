/// The most recent entries of an unbounded sequence, at most `capacity` of them: appending past
/// the capacity drops the oldest. Entries are numbered from 0 in arrival order, and ``total``
/// counts every entry ever appended, dropped ones included.
struct RecentEntries<Element> {
    /// How many entries are kept, at most.
    let capacity: Int
    /// How many of the oldest entries were dropped.
    private(set) var dropped = 0
    /// A ring: once full, `start` is where the oldest entry sits.
    private var storage: [Element] = []
    private var start = 0

    /// An empty record keeping at most `capacity` entries (none when it is 0 or less).
    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// How many entries were ever appended.
    var total: Int { dropped + storage.count }

    /// Appends `element`, dropping the oldest entry when full, and returns its number.
    @discardableResult
    mutating func append(_ element: Element) -> Int {
        let number = total
        if storage.count < capacity {
            storage.append(element)
        } else if capacity > 0 {
            storage[start] = element
            start = (start + 1) % capacity
            dropped += 1
        } else {
            dropped += 1
        }
        return number
    }

    /// Changes the entry numbered `number`; does nothing when it was dropped (or never appended).
    mutating func update(_ number: Int, _ change: (inout Element) -> Void) {
        guard number >= dropped, number < total else { return }
        change(&storage[(start + number - dropped) % storage.count])
    }

    /// The entries kept, oldest first.
    var elements: [Element] {
        Array(storage[start...] + storage[..<start])
    }
}

extension RecentEntries: Sendable where Element: Sendable {}
