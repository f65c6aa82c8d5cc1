// A tour of the Burgee SDK: a client over a watched definitions file, typed getters, details,
// variations with variables, a bound client, allFlagsState, and an update arriving as an event.
//
//     swift run BurgeeExample

import Burgee
import BurgeeUnleash
import Foundation
import Logging

/// A small definitions document; `maxItems` is what the update changes.
func definitions(version: Int, maxItems: String) -> String {
    """
    {
      "formatVersion": 1,
      "version": \(version),
      "flags": {
        "new-checkout": {
          "version": 1, "enabled": true, "type": "boolean",
          "variations": [
            { "key": "off", "value": false },
            { "key": "on", "value": true, "variables": { "title": "New checkout", "steps": 2 } } ],
          "offVariation": "off",
          "rules": [ { "id": "eu", "clauses": [ { "attribute": "country", "op": "in", "values": ["FR", "DE"] } ],
                       "variation": "on" } ],
          "fallthrough": { "variation": "off" },
          "sets": ["checkout"]
        },
        "paywall.layout": {
          "version": 1, "enabled": true, "type": "string",
          "variations": [
            { "key": "control", "value": "list", "variables": { "headline": "Go Pro" } },
            { "key": "grid", "value": "grid", "variables": { "headline": "Unlock everything" } } ],
          "offVariation": "control",
          "rules": [ { "id": "free-plan", "clauses": [ { "attribute": "plan", "op": "in", "values": ["free"] } ],
                       "rollout": { "variations": [ { "variation": "control", "weight": 50000 },
                                                    { "variation": "grid", "weight": 50000 } ] } } ],
          "fallthrough": { "variation": "control" },
          "sets": ["frontend"]
        },
        "checkout.max-items": {
          "version": \(version), "enabled": true, "type": "number",
          "variations": [ { "key": "standard", "value": 20 }, { "key": "business", "value": 200 } ],
          "offVariation": "standard",
          "fallthrough": { "variation": "\(maxItems)" },
          "sets": ["checkout"]
        },
        "checkout.fee-rate": {
          "version": 1, "enabled": true, "type": "number",
          "variations": [ { "key": "base", "value": 0.029 } ],
          "fallthrough": { "variation": "base" }
        },
        "ops.banner": {
          "version": 1, "enabled": true, "type": "json",
          "variations": [ { "key": "maintenance", "value": { "text": "Read-only until 06:00 UTC", "level": "warning" } } ],
          "fallthrough": { "variation": "maintenance" }
        }
      }
    }
    """
}

/// The first `.updated` event on `events`, or `nil` after `timeout`.
func firstUpdate(_ events: AsyncStream<ClientEvent>, timeout: Duration) async -> ClientEvent.DefinitionsUpdate? {
    await withTaskGroup(of: ClientEvent.DefinitionsUpdate?.self) { group in
        group.addTask {
            for await event in events {
                if case .updated(let update) = event { return update }
            }
            return nil
        }
        group.addTask {
            try? await Task.sleep(for: timeout)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}

// 1. A definitions file and a cache directory in a fresh temporary directory.
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("burgee-example-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
let file = directory.appendingPathComponent("flags.json")
try definitions(version: 1, maxItems: "standard").write(to: file, atomically: true, encoding: .utf8)

// 2. The client: the file, watched every 100 ms; fallbacks; a cache; a quiet logger.
var logger = Logger(label: "burgee-example")
logger.logLevel = .warning
let client = try BurgeeClient(configuration: .init(
    source: .file(file.path, watch: true, interval: .milliseconds(100)),
    cache: .directory(directory.appendingPathComponent("cache").path, prefix: "example"),
    fallbacks: Fallbacks(
        global: .init(false),
        perFlag: ["promo.text": .init("Free shipping", variables: ["color": "green"])]),
    readyTimeout: .seconds(2),
    logger: logger))
client.start()

guard await client.waitUntilReady(timeout: .seconds(5)) else {
    print("not ready in time: \(client.dataSourceStatus)")
    await client.close()
    exit(1)
}
print("ready: origin \(client.definitionsOrigin!.rawValue), version \(client.definitionsVersion!), status \(client.dataSourceStatus)")

// Subscribe before changing the file, so that the update is not missed.
let events = client.events()

// 3. Typed getters.
let user = Context(key: "u-1", attributes: ["country": "FR", "plan": "free"])
print("new-checkout        =", client.boolVariation("new-checkout", context: user, default: false))
print("paywall.layout      =", client.stringVariation("paywall.layout", context: user, default: "list"))
print("checkout.max-items  =", client.intVariation("checkout.max-items", context: user, default: 10))
print("checkout.fee-rate   =", client.doubleVariation("checkout.fee-rate", context: user, default: 0.03))
print("ops.banner          =", client.jsonVariation("ops.banner", context: user, default: nil).serialized())

// 4. Details: the reason, and its OpenFeature form.
let detail = client.stringVariationDetail("paywall.layout", context: user, default: "list")
print("detail: value \(detail.value), variation \(detail.variationKey ?? "-"), reason \(detail.reason.jsonText),",
      "OpenFeature \(detail.openFeatureReason)")
let missing = client.stringVariationDetail("promo.text", context: user, default: "none")
print("missing flag: value \(missing.value), reason \(missing.reason.jsonText),",
      "OpenFeature \(missing.openFeatureReason)/\(missing.openFeatureErrorCode ?? "-"),",
      "fallback \(missing.fallback?.rawValue ?? "-")")

// 5. A variation with its variables, and whether the flag is on (Unleash's isEnabled, on any flag).
let checkout = client.variation("new-checkout", context: user)
print("variation: \(checkout.key ?? "-") (index \(checkout.index.map(String.init) ?? "-")),",
      "title \(checkout.variable("title", as: String.self) ?? "-"),",
      "steps \(client.variable("steps", of: "new-checkout", context: user, default: 1))")
print("isEnabled(new-checkout) =", client.unleash.isEnabled("new-checkout", context: user),
      "for a US user:", client.unleash.isEnabled("new-checkout", context: Context(key: "u-2", attributes: ["country": "US"])))

// 6. A bound client: one identity, no context argument.
let bound = client.bound(to: Context(key: "u-3", attributes: ["country": "DE", "plan": "pro"]))
print("bound: new-checkout \(bound.boolVariation("new-checkout", default: false)),",
      "paywall.layout \(bound.stringVariation("paywall.layout", default: "list")),",
      "checkout flags \(bound.variations(inFlagSets: ["checkout"]).keys.sorted())")

// 7. Every flag's state for the user, as JSON for front-end code.
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys]
let state = client.allFlagsState(context: user, options: .init(withReasons: true, flagSets: ["checkout"]))
print("allFlagsState:", String(decoding: try encoder.encode(state), as: UTF8.self))

// 8. Change the file; the watcher reloads it and the client reports what changed.
try definitions(version: 2, maxItems: "business").write(to: file, atomically: true, encoding: .utf8)
guard let update = await firstUpdate(events, timeout: .seconds(5)) else {
    print("no update within 5 seconds")
    await client.close()
    exit(1)
}
print("updated to version \(update.version): changed flags \(update.changedFlags)")
print("checkout.max-items  =", client.intVariation("checkout.max-items", context: user, default: 10))

// 9. Stop the watcher and end the event streams.
await client.close()
print("closed")
