extension String {
    /// The string with each scalar that `replacement` maps written as its replacement, the others
    /// as they are: the escaping of attribute references (`~0`, `~1`) and of fully qualified keys
    /// (`%25`, `%3A`).
    package func escapingScalars(_ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        for scalar in unicodeScalars {
            if let replaced = replacement(scalar) { out += replaced } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
