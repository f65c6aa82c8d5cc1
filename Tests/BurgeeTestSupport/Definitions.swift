/// Small native v1 documents for the client tests, as JSON text.
package enum Definitions {
    /// A boolean flag `key` serving `value` to everyone.
    package static func boolFlag(_ key: String, _ value: Bool, version: Int = 1, sets: [String] = [], extra: String = "") -> String {
        """
        "\(key)": { "version": \(version), "enabled": true, "type": "boolean",
          "variations": [ { "key": "off", "value": false }, { "key": "on", "value": true } ],
          "offVariation": "off", "fallthrough": { "variation": "\(value ? "on" : "off")" },
          "sets": [\(sets.map { "\"\($0)\"" }.joined(separator: ","))] \(extra) }
        """
    }

    /// A document of the given flag and segment members.
    package static func document(version: Int = 1, flags: [String], segments: [String] = []) -> String {
        """
        { "formatVersion": 1, "version": \(version),
          "flags": { \(flags.joined(separator: ",\n")) },
          "segments": { \(segments.joined(separator: ",\n")) } }
        """
    }

    /// A mix of types, variables, sets, a segment and a prerequisite.
    package static let shop = #"""
    {
      "formatVersion": 1, "version": 5,
      "flags": {
        "base": { "version": 1, "enabled": true, "type": "boolean",
          "variations": [ { "key": "off", "value": false }, { "key": "on", "value": true } ],
          "offVariation": "off", "fallthrough": { "variation": "on" }, "sets": ["internal"] },
        "checkout": { "version": 2, "enabled": true, "type": "boolean",
          "variations": [ { "key": "off", "value": false },
                          { "key": "on", "value": true, "variables": { "title": "New!", "limit": 5, "ratio": 0.5 } } ],
          "offVariation": "off", "prerequisites": [ { "flag": "base", "variation": "on" } ],
          "targets": [ { "contextKind": "user", "values": ["u-vip"], "variation": "on" } ],
          "rules": [ { "id": "beta", "clauses": [ { "op": "segmentMatch", "values": ["beta"] } ], "variation": "on" } ],
          "fallthrough": { "variation": "off" }, "sets": ["checkout", "frontend"], "metadata": { "owner": "payments" } },
        "layout": { "version": 3, "enabled": true, "type": "string",
          "variations": [ { "key": "list", "value": "list", "variables": { "columns": 1 } },
                          { "key": "grid", "value": "grid", "variables": { "columns": 3 } } ],
          "offVariation": "list", "fallthrough": { "variation": "grid" }, "sets": ["frontend"], "trackEvents": true },
        "max-items": { "version": 1, "enabled": true, "type": "number",
          "variations": [ { "key": "small", "value": 20 }, { "key": "large", "value": 200.5 } ],
          "fallthrough": { "variation": "small" }, "sets": ["checkout"] },
        "banner": { "version": 1, "enabled": false, "type": "json",
          "variations": [ { "key": "none", "value": null }, { "key": "shown", "value": { "text": "Hi" } } ],
          "offVariation": "none", "fallthrough": { "variation": "shown" } },
        "dark": { "version": 1, "enabled": false, "type": "boolean",
          "variations": [ { "key": "off", "value": false }, { "key": "on", "value": true } ],
          "fallthrough": { "variation": "on" } },
        "broken": { "version": 1, "enabled": true, "type": "boolean",
          "variations": [ { "key": "off", "value": false } ], "fallthrough": { "variation": "nope" } }
      },
      "segments": { "beta": { "version": 1, "included": ["u-beta"] } }
    }
    """#
}
