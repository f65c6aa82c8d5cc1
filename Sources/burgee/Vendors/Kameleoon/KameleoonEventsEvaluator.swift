import Burgee
import BurgeeCore
import BurgeeKameleoon

/// `burgee eval --format kameleoon --events URL`: each request's visitor replayed through
/// Kameleoon's calls on one client (so that a visitor code seen before is the same visitor):
/// `setLegalConsent` for `consent`, `addData` for each data item, `getVariation` for each prior
/// flag and then for the flag, all tracked; `{"track": {"visitorCode", "goalId", "revenue"?,
/// "negative"?}}` through `trackConversion`, and `{"track": {"visitorCode", "audiences": true}}`
/// through `evaluateAudiences`; then `flush()`. The tracking goes to
/// `URL/visit/events`, as to Kameleoon's Data API. A request's `remote` (the Data API's answer) is not replayed here.
enum KameleoonEventsEvaluator: EventsEvaluator {
    static let format = DefinitionsFormat.kameleoon

    static func configuration(definitions: DefinitionsPayload, eventsURL url: String,
                              options: EventsEvalOptions) -> BurgeeClient.Configuration {
        .kameleoon(definitions: definitions, siteCode: EventsEvalOptions.sdkKey, trackingBaseURL: url,
                   trackingInterval: EventsEvalOptions.flushInterval, logger: EventsEvalOptions.logger)
    }

    static func evaluate(flag: String, context: JSONValue, type: ValueType?, default: JSONValue,
                         on client: BurgeeClient) -> [(String, JSONValue)] {
        let request: KameleoonRequest
        do throws(KameleoonRequestError) {
            request = try KameleoonRequest(json: context)
        } catch {
            return [("kameleoon", .object(["error": .string(error.message)]))]
        }
        guard request.remote == nil else {
            return [("kameleoon", .object(["error": "'remote' is not replayed with --events"]))]
        }
        let kameleoon = client.kameleoon
        let code = request.visitorCode
        do throws(KameleoonError) {
            if let consent = request.consent { try kameleoon.setLegalConsent(visitorCode: code, consent: consent) }
            if !request.data.isEmpty { try kameleoon.addData(visitorCode: code, request.data.map(KameleoonVisitorData.init)) }
            for prior in request.prior { _ = try? kameleoon.getVariation(visitorCode: code, featureKey: prior) }
            let variation = try kameleoon.getVariation(visitorCode: code, featureKey: flag)
            return [("value", .string(variation.key)), ("kameleoon", .object([
                "variationKey": .string(variation.key), "variationId": variation.id.map { .number(Double($0)) } ?? .null,
                "experimentId": variation.experimentId.map { .number(Double($0)) } ?? .null, "error": .null,
            ]))]
        } catch {
            return [("kameleoon", .object(["error": .string(error.description)]))]
        }
    }

    /// Kameleoon's `flush()`: every visitor holding data is tracked, as the SDK's `flush()` and
    /// its next tracking run send them.
    static func flush(_ client: BurgeeClient) async {
        await client.kameleoon.flush()
    }

    static func track(_ event: JSONValue, on client: BurgeeClient) -> Bool {
        let members = event.objectValue ?? [:]
        if members["audiences"] == .bool(true), let code = members["visitorCode"]?.stringValue {
            do throws(KameleoonError) {
                try client.kameleoon.evaluateAudiences(visitorCode: code)
                return true
            } catch {
                return false
            }
        }
        guard let code = members["visitorCode"]?.stringValue,
              let goal = members["goalId"]?.numberValue, let goalId = Int(exactly: goal) else { return false }
        do throws(KameleoonError) {
            try client.kameleoon.trackConversion(visitorCode: code, goalId: goalId, revenue: members["revenue"]?.numberValue ?? 0,
                                                 negative: members["negative"]?.boolValue ?? false)
            return true
        } catch {
            return false
        }
    }
}
