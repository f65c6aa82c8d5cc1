/// The Unleash features document `burgee demo --format unleash` serves, and sample contexts.
enum ExampleUnleashFeatures {
    static let json = #"""
    {
      "version": 2,
      "features": [
        { "name": "new-checkout", "enabled": true, "impressionData": true,
          "strategies": [
            { "name": "flexibleRollout", "parameters": { "rollout": "50", "stickiness": "userId", "groupId": "new-checkout" },
              "constraints": [ { "contextName": "country", "operator": "IN", "values": ["FR", "DE"] } ] },
            { "name": "userWithId", "parameters": { "userIds": "qa-1, qa-2" } }
          ] },
        { "name": "checkout-button", "enabled": true,
          "strategies": [ { "name": "default" } ],
          "variants": [
            { "name": "blue", "weight": 500, "stickiness": "default", "payload": { "type": "string", "value": "#1e6bd6" } },
            { "name": "green", "weight": 500, "stickiness": "default", "payload": { "type": "string", "value": "#1f9d55" },
              "overrides": [ { "contextName": "userId", "values": ["qa-1"] } ] }
          ] },
        { "name": "beta-search", "enabled": true,
          "strategies": [ { "name": "default", "segments": [1] } ] },
        { "name": "beta-search-ranking", "enabled": true,
          "dependencies": [ { "feature": "beta-search" } ],
          "strategies": [ { "name": "default" } ] }
      ],
      "segments": [
        { "id": 1, "name": "app 2.x", "constraints": [ { "contextName": "appVersion", "operator": "SEMVER_GT", "value": "2.0.0" } ] }
      ]
    }
    """#

    /// Sample Unleash contexts: label, JSON text.
    static let contexts: [(label: String, json: String)] = [
        ("French user", #"{"userId": "u-2", "properties": {"country": "FR", "appVersion": "2.4.0"}}"#),
        ("QA account", #"{"userId": "qa-1", "properties": {"country": "US", "appVersion": "1.9.0"}}"#),
        ("anonymous session", #"{"sessionId": "s-2", "properties": {"appVersion": "2.1.0"}}"#),
    ]
}
