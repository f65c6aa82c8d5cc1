/// The example definitions bundled with `burgee demo`: a small shop's checkout, paywall and beta flags.
enum ExampleDefinitions {
    static let json = #"""
    {
      "formatVersion": 1,
      "version": 12,
      "flags": {
        "checkout-base": {
          "version": 3, "enabled": true, "type": "boolean",
          "variations": [ { "key": "off", "value": false }, { "key": "on", "value": true } ],
          "offVariation": "off",
          "fallthrough": { "variation": "on" },
          "sets": ["checkout"]
        },
        "new-checkout": {
          "version": 7, "enabled": true, "type": "boolean",
          "variations": [
            { "key": "off", "value": false },
            { "key": "on", "value": true, "variables": { "title": "New checkout", "steps": 2 } }
          ],
          "offVariation": "off",
          "prerequisites": [ { "flag": "checkout-base", "variation": "on" } ],
          "targets": [ { "contextKind": "user", "values": ["u-qa-1", "u-qa-2"], "variation": "on" } ],
          "rules": [
            { "id": "eu-beta",
              "clauses": [
                { "attribute": "country", "op": "in", "values": ["FR", "DE", "NL"] },
                { "op": "segmentMatch", "values": ["beta-testers"] } ],
              "rollout": { "bucketBy": "key", "variations": [
                { "variation": "on", "weight": 50000 }, { "variation": "off", "weight": 50000 } ] } }
          ],
          "fallthrough": { "variation": "off" },
          "sets": ["checkout", "frontend"],
          "metadata": { "owner": "payments" }
        },
        "paywall.layout": {
          "version": 4, "enabled": true, "type": "string",
          "variations": [
            { "key": "control", "value": "list", "variables": { "headline": "Go Pro", "maxItems": 3 } },
            { "key": "grid", "value": "grid", "variables": { "headline": "Unlock everything", "maxItems": 6 } },
            { "key": "carousel", "value": "carousel", "variables": { "headline": "See what Pro adds", "maxItems": 8 } }
          ],
          "offVariation": "control",
          "rules": [
            { "id": "free-plan-experiment",
              "clauses": [ { "attribute": "plan", "op": "in", "values": ["free"] } ],
              "rollout": { "kind": "experiment", "variations": [
                { "variation": "control", "weight": 34000 }, { "variation": "grid", "weight": 33000 },
                { "variation": "carousel", "weight": 33000 } ] } }
          ],
          "fallthrough": { "variation": "control" },
          "sets": ["frontend"],
          "trackEvents": true
        },
        "checkout.max-items": {
          "version": 2, "enabled": true, "type": "number",
          "variations": [ { "key": "standard", "value": 20 }, { "key": "business", "value": 200 } ],
          "offVariation": "standard",
          "rules": [
            { "id": "business-orgs",
              "clauses": [ { "contextKind": "org", "attribute": "tier", "op": "greaterThanOrEqual", "values": [2] } ],
              "variation": "business" }
          ],
          "fallthrough": { "variation": "standard" },
          "sets": ["checkout"]
        },
        "beta.ai-assistant": {
          "version": 9, "enabled": true, "type": "boolean",
          "variations": [ { "key": "off", "value": false }, { "key": "on", "value": true } ],
          "offVariation": "off",
          "rules": [
            { "id": "recent-apps-in-beta",
              "clauses": [
                { "attribute": "appVersion", "op": "semVerGreaterThanOrEqual", "values": ["2.4.0"] },
                { "op": "segmentMatch", "values": ["beta-testers"] } ],
              "variation": "on" }
          ],
          "fallthrough": { "variation": "off" },
          "sets": ["beta"]
        },
        "ops.maintenance-banner": {
          "version": 1, "enabled": false, "type": "json",
          "variations": [
            { "key": "none", "value": null },
            { "key": "banner", "value": { "text": "Checkout is read-only until 06:00 UTC", "level": "warning" } }
          ],
          "offVariation": "none",
          "fallthrough": { "variation": "banner" },
          "sets": ["ops"]
        }
      },
      "segments": {
        "beta-testers": {
          "version": 3,
          "included": ["u-9"],
          "excluded": ["u-13"],
          "includedContexts": [ { "contextKind": "org", "values": ["acme"] } ],
          "rules": [
            { "id": "staff",
              "clauses": [ { "attribute": "email", "op": "endsWith", "values": ["@example.com"], "caseInsensitive": true } ] }
          ]
        }
      }
    }
    """#

    /// Sample contexts the demo evaluates, with a label each.
    static let contexts: [(label: String, json: String)] = [
        ("staff in France", #"{"kind":"user","key":"u-1","country":"FR","email":"Ana@Example.com","plan":"free","appVersion":"2.5.1"}"#),
        ("customer in the US", #"{"kind":"user","key":"u-2","country":"US","plan":"pro","appVersion":"2.3.0"}"#),
        ("beta user at acme", #"{"kind":"multi","user":{"key":"u-9","country":"DE","plan":"free","appVersion":"2.4.0"},"org":{"key":"acme","tier":2}}"#),
        ("QA account", #"{"kind":"user","key":"u-qa-1","country":"NL"}"#),
    ]
}
