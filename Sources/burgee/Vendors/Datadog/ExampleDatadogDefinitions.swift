import BurgeeCore

/// The Datadog flags configuration `burgee demo --format datadog` serves (a Universal Flag
/// Configuration, as Datadog's CDN serves it without its envelope), and sample subjects.
enum ExampleDatadogDefinitions {
    static let json = #"""
    {
      "createdAt": "2026-01-01T00:00:00Z", "format": "SERVER", "environment": {"name": "prod"},
      "flags": {
        "new-checkout": {
          "key": "new-checkout", "enabled": true, "variationType": "BOOLEAN",
          "variations": {"on": {"key": "on", "value": true}, "off": {"key": "off", "value": false}},
          "allocations": [
            {"key": "staff", "doLog": true,
             "rules": [{"conditions": [{"attribute": "email", "operator": "MATCHES", "value": "@example\\.com$"}]}],
             "splits": [{"variationKey": "on", "shards": []}]},
            {"key": "rollout-50", "doLog": true,
             "splits": [
               {"variationKey": "on", "shards": [{"salt": "new-checkout-rollout", "totalShards": 10000, "ranges": [{"start": 0, "end": 5000}]}]},
               {"variationKey": "off", "shards": [{"salt": "new-checkout-rollout", "totalShards": 10000, "ranges": [{"start": 5000, "end": 10000}]}]}]}
          ]
        },
        "banner-text": {
          "key": "banner-text", "enabled": true, "variationType": "STRING",
          "variations": {"fr": {"key": "fr", "value": "Bienvenue"}, "en": {"key": "en", "value": "Welcome"}},
          "allocations": [
            {"key": "france", "doLog": false,
             "rules": [{"conditions": [{"attribute": "country", "operator": "ONE_OF", "value": ["FR", "BE"]}]}],
             "splits": [{"variationKey": "fr", "shards": []}]},
            {"key": "everyone", "doLog": false, "splits": [{"variationKey": "en", "shards": []}]}
          ]
        },
        "max-items": {
          "key": "max-items", "enabled": true, "variationType": "INTEGER",
          "variations": {"pro": {"key": "pro", "value": 100}, "free": {"key": "free", "value": 25}},
          "allocations": [
            {"key": "pro-plans", "doLog": false,
             "rules": [{"conditions": [{"attribute": "seats", "operator": "GTE", "value": 10}]}],
             "splits": [{"variationKey": "pro", "shards": []}]},
            {"key": "default", "doLog": false, "splits": [{"variationKey": "free", "shards": []}]}
          ]
        },
        "theme": {
          "key": "theme", "enabled": true, "variationType": "JSON",
          "variations": {"dark": {"key": "dark", "value": {"background": "#111", "accent": "teal"}}},
          "allocations": [{"key": "all", "doLog": true, "splits": [{"variationKey": "dark", "shards": []}]}]
        }
      }
    }
    """#

    /// Sample subjects: a label, a targeting key and attributes.
    static let subjects: [(label: String, targetingKey: String, attributes: [String: JSONValue])] = [
        ("alice", "user-alice", ["email": "alice@example.com", "country": "FR", "seats": 12]),
        ("bob", "user-bob", ["email": "bob@mail.test", "country": "US", "seats": 3]),
        ("dave", "user-dave", ["country": "BE"]),
    ]
}
