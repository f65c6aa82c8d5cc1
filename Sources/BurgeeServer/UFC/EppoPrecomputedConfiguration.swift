import BurgeeCore

/// What Eppo's precomputed assignments service answers its precomputed client SDKs: every flag
/// assigned to the subject, evaluated on the server, obfuscated as Eppo's core obfuscates it
/// (`PrecomputedConfiguration::obfuscate`):
/// `{"format":"PRECOMPUTED","obfuscated":true,"salt","createdAt","environment":{"name"},
/// "flags":{md5(salt + key): {"variationType","variationValue","doLog","allocationKey"?,"variationKey"?,"extraLogging"?}},"bandits":{}}`.
///
/// A flag's key is the lowercase hex MD5 of the salt's bytes followed by the key's; its
/// `variationValue`, `allocationKey`, `variationKey` and `extraLogging`'s names and values are
/// base64 of their text (a boolean `true` or `false`, a number as Rust writes an `f64`, a JSON
/// flag's value as the document wrote its text); the allocation, the variation and
/// `extraLogging` only when the assignment is logged (`doLog`). Bandits are not computed.
enum EppoPrecomputedConfiguration {
    /// The body for `context`; `document` is the served UFC document, whose JSON flags' values
    /// are served as written.
    static func body(in snapshot: Snapshot, context: Context, document: JSONValue?, salt: String, createdAt: Int64,
                     environment: String) -> [UInt8] {
        let documentFlags = document?.objectValue?["flags"]?.objectValue ?? [:]
        var flags: [String: JSONValue] = [:]
        for assignment in snapshot.ufcPrecomputedAssignments(for: context, vendor: .eppo) {
            let result = assignment.result
            let raw = assignment.type == .json
                ? rawValue(of: result.variant, in: documentFlags[assignment.key]?.objectValue?["variations"]) : nil
            var flag: [String: JSONValue] = [
                "variationType": .string(typeName(assignment.type)),
                "variationValue": .string(Base64.encode(Array(text(of: result.value, raw: raw).utf8))),
                "doLog": .bool(result.doLog),
            ]
            if result.doLog {
                flag["allocationKey"] = .string(Base64.encode(Array((result.allocationKey ?? "").utf8)))
                flag["variationKey"] = .string(Base64.encode(Array((result.variant ?? "").utf8)))
                var extra: [String: JSONValue] = [:]
                for (name, value) in result.extraLogging {
                    extra[Base64.encode(Array(name.utf8))] = .string(Base64.encode(Array((value.stringValue ?? value.serialized()).utf8)))
                }
                flag["extraLogging"] = .object(extra)
            }
            flags[hashedKey(assignment.key, salt: salt)] = .object(flag)
        }
        let body: JSONValue = [
            "format": "PRECOMPUTED", "obfuscated": true, "salt": .string(salt),
            "createdAt": .string(Timestamp.rfc3339(millisecondsSinceEpoch: createdAt)),
            "environment": ["name": .string(environment)], "flags": .object(flags), "bandits": [:],
        ]
        return Array(body.serialized().utf8)
    }

    /// The text a JSON flag's variation holds, found by its inner key: `{"key","value"}`, or the
    /// sequence form `[key, value]` Eppo's reader also takes.
    static func rawValue(of variant: String?, in variations: JSONValue?) -> String? {
        guard let variant, let variations = variations?.objectValue?.values else { return nil }
        for variation in variations {
            if let members = variation.objectValue, members["key"]?.stringValue == variant { return members["value"]?.stringValue }
            if let items = variation.arrayValue, items.count == 2, items[0].stringValue == variant { return items[1].stringValue }
        }
        return nil
    }

    /// Eppo's obfuscated key: the lowercase hex MD5 of `salt` then `key`.
    static func hashedKey(_ key: String, salt: String) -> String {
        var md5 = MD5()
        md5.combine(salt)
        md5.combine(key)
        return md5.finalize().hex
    }

    /// The value's text: a JSON flag's as the document wrote it (`raw`), a boolean `true` or
    /// `false`, a number as Rust's `Display` writes an `f64`, a string as it is.
    static func text(of value: JSONValue, raw: String?) -> String {
        if let raw { return raw }
        switch value {
        case .string(let s): return s
        case .bool, .number: return ScalarText.text(of: value) ?? ""
        case .null, .array, .object: return value.serialized()
        }
    }

    /// Eppo's names of the flag types.
    static func typeName(_ type: ValueType) -> String {
        switch type {
        case .boolean: "BOOLEAN"
        case .string: "STRING"
        case .int: "INTEGER"
        case .double: "NUMERIC"
        case .json: "JSON"
        }
    }
}
