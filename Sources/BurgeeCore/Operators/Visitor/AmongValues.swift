/// The texts of an `AMONG_VALUES` operand as Kameleoon's Python SDK makes them: `json.loads` of
/// the operand, each item then written with `str()`, except that items equal to `False` or `True`
/// (`false`, `true`, and also the numbers `0` and `1`, which Python's dictionary lookup takes for
/// them) become `"false"` and `"true"`. Numbers keep Python's spelling: `3.0` stays `"3.0"`, `7`
/// stays `"7"`.
enum AmongValues {
    /// The texts, or `nil` when the operand is no JSON (or no collection), which makes the test false.
    static func texts(_ operand: String) -> [String]? {
        guard let parsed = try? JSONParser().parse(operand) else { return nil }
        switch parsed {
        case .array(let items):
            // The number items' spellings, in order, to tell Python's ints from its floats.
            var lexemes = numberLexemes(operand).makeIterator()
            return items.map { item in
                switch item {
                case .bool(let b): return b ? "true" : "false"
                case .number(let n):
                    let lexeme = lexemes.next() ?? ""
                    if n == 0 { return "false" }
                    if n == 1 { return "true" }
                    let isFloat = lexeme.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
                    return isFloat ? PythonText.float(n.doubleValue) : lexeme
                default: return PythonText.str(item)
                }
            }
        case .object(let members):
            // Iterating a dict gives its keys.
            return Array(members.keys)
        case .string(let s):
            // Iterating a str gives its characters (code points).
            return s.unicodeScalars.map { String($0) }
        default:
            return nil
        }
    }

    /// The spellings of the numbers directly inside the top-level array, in order.
    private static func numberLexemes(_ text: String) -> [String] {
        var out: [String] = []
        var depth = 0
        var inString = false
        var escaped = false
        var current: String? = nil
        for scalar in text.unicodeScalars {
            if var number = current {
                if "0123456789+-.eE".unicodeScalars.contains(scalar) {
                    number.unicodeScalars.append(scalar)
                    current = number
                    continue
                }
                out.append(number)
                current = nil
            }
            if inString {
                if escaped { escaped = false } else if scalar == "\\" { escaped = true } else if scalar == "\"" { inString = false }
                continue
            }
            switch scalar {
            case "\"": inString = true
            case "[", "{": depth += 1
            case "]", "}": depth -= 1
            case "-", "0"..."9": if depth == 1 { current = String(scalar) }
            default: break
            }
        }
        if let current { out.append(current) }
        return out
    }
}
