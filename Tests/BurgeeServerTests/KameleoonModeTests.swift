import AsyncHTTPClient
import BurgeeCore
@testable import BurgeeServer
import Foundation
import Testing

/// The server in Kameleoon mode: Kameleoon's SDK API (`/v3/{siteCode}`, `/sse`, `/oauth/token`,
/// `/visit/events`, `/visit/visitor`, `/map/map`) from a file.
@Suite("Kameleoon mode")
struct KameleoonModeTests {
    /// One environment's configuration: one flag served `on` to everyone.
    static func document(variation: String = "on", dateModified: Int = 1_767_225_600_000) -> String {
        #"{"configuration":{"realTimeUpdate":true,"consentType":"NOT_REQUIRED","consentOptOutBehavior":"PARTIALLY_BLOCK","dataApiDomain":null},"#
            + #""customData":[],"segments":[],"featureFlags":[{"id":1,"featureKey":"ff_checkout","defaultVariationKey":"off","#
            + #""environmentEnabled":true,"mutuallyExclusiveGroup":null,"bucketingCustomDataId":null,"#
            + #""variations":[{"key":"off","name":"Off","variables":[]},{"key":"on","name":"On","variables":[]},{"key":"blue","name":"Blue","variables":[]}],"#
            + #""rules":[{"id":10,"order":1,"type":"TARGETED_DELIVERY","exposition":1.0,"experimentId":100,"respoolTime":null,"segmentId":null,"#
            + #""variationByExposition":[{"variationKey":"\#(variation)","variationId":1000,"exposition":1.0}]}]}],"dateModified":\#(dateModified)}"#
    }

    static let standard = document()

    static let visitorBody: JSONValue = [
        "currentVisit": ["visitorCode": "v1", "timeStarted": 1_767_225_000_000,
                         "customDataEvents": [["time": 1_767_225_000_001, "data": ["index": 1, "valuesCountMap": ["pro": 1]]]]],
        "previousVisits": [],
    ]

    private func withKameleoon<R>(_ source: DefinitionsServer.Source = .json(Documents.bytes(Self.standard)), key: String? = nil,
                                  visitors: [String: JSONValue] = [:],
                                  _ body: (DefinitionsServer, RunningDefinitionsServer, HTTPClient) async throws -> R) async throws -> R {
        try await TestServer.with(source, configure: {
            $0.format = .kameleoon
            $0.sdkKey = key
            $0.visitorData = visitors
        }) { try await body($0, $1, $2) }
    }

    /// An HTTP date read with Foundation, independently of the server's own reader.
    private static func date(_ text: String?) throws -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return try #require(text.flatMap(formatter.date(from:)), "not an IMF-fixdate: \(text ?? "none")")
    }

    private func configuration(_ client: HTTPClient, _ running: RunningDefinitionsServer,
                               headers: [(String, String)] = []) async throws -> Fetched {
        try await HTTP.fetch(client, running.clientURL + "/v3/site-1?environment=production",
                             headers: [("X-Kameleoon-SDK-Type", "PYTHON"), ("X-Kameleoon-SDK-Version", "3.22.2")] + headers)
    }

    private func track(_ client: HTTPClient, _ running: RunningDefinitionsServer, _ lines: [String],
                       headers: [(String, String)] = []) async throws -> Fetched {
        try await trackBytes(client, running, Documents.bytes(lines.joined(separator: "\n")), headers: headers)
    }

    private func trackBytes(_ client: HTTPClient, _ running: RunningDefinitionsServer, _ body: [UInt8],
                            headers: [(String, String)] = []) async throws -> Fetched {
        try await HTTP.fetch(client, running.clientURL + "/visit/events?sdkName=PYTHON&sdkVersion=3.22.2&siteCode=site-1&bodyUa=true",
                             method: "POST", headers: [("Content-Type", "*/*")] + headers, body: body)
    }

    private func issueToken(_ client: HTTPClient, _ running: RunningDefinitionsServer, secret: String = "sdk-key") async throws -> String {
        let fetched = try await HTTP.fetch(client, running.clientURL + "/oauth/token?sdkName=PYTHON&sdkVersion=3.22.2&siteCode=site-1",
                                           method: "POST", headers: Self.tokenHeaders(secret: secret),
                                           body: Documents.bytes("grant_type=client_credentials"))
        #expect(fetched.status == 200, "\(fetched.text)")
        return try #require(try Documents.json(fetched.body).objectValue?["access_token"]?.stringValue)
    }

    private static func tokenHeaders(secret: String) -> [(String, String)] {
        [("Content-Type", "application/x-www-form-urlencoded"),
         ("Authorization", "Basic " + Data("client-1:\(secret)".utf8).base64EncodedString())]
    }

    // MARK: Configuration

    @Test func theClientURLIsTheRootAndTheRoutesAreAnnounced() async throws {
        try await withKameleoon { _, running, _ in
            #expect(running.clientURL == running.baseURL)
            let lines = running.announcement(source: "kameleoon.json")
            #expect(lines.first == "Serving Kameleoon definitions from kameleoon.json at \(running.baseURL)")
            #expect(lines.contains { $0.contains("\(running.baseURL)/v3/{siteCode}") && $0.contains("\(running.baseURL)/sse") })
            #expect(lines.contains { $0.contains("POST \(running.baseURL)/visit/events") && $0.contains("\(running.baseURL)/visit/visitor") })
        }
    }

    @Test func theConfigurationIsServedWholeWithETagAndLastModified() async throws {
        try await withKameleoon { server, running, client in
            let before = Date().timeIntervalSince1970
            let fetched = try await configuration(client, running)
            #expect(fetched.status == 200)
            #expect(fetched.header("content-type") == "application/json")
            #expect(fetched.body == server.currentDocument)
            #expect(try Documents.json(fetched.body) == Documents.json(Self.standard))
            #expect(fetched.header("etag") == server.currentETag)
            let lastModified = try Self.date(fetched.header("last-modified")).timeIntervalSince1970
            // Loaded when the server started, just before.
            #expect(lastModified <= before && lastModified > before - 60)
            // Any site code, and the query is ignored.
            let other = try await HTTP.fetch(client, running.baseURL + "/v3/another?environment=staging&ts=1767225600000")
            #expect(other.status == 200 && other.body == fetched.body && other.header("etag") == fetched.header("etag"))
            #expect(other.header("last-modified") == fetched.header("last-modified"))
            let definitions = try await HTTP.fetch(client, running.baseURL + "/definitions")
            #expect(definitions.status == 200 && definitions.body == fetched.body)
            let noSite = try await HTTP.fetch(client, running.baseURL + "/v3")
            #expect(noSite.status == 404)
        }
    }

    @Test func ifModifiedSinceAndIfNoneMatchAnswer304() async throws {
        try await withKameleoon { _, running, client in
            let first = try await configuration(client, running)
            let etag = try #require(first.header("etag"))
            let lastModified = try #require(first.header("last-modified"))
            let since = try await configuration(client, running, headers: [("If-Modified-Since", lastModified)])
            #expect(since.status == 304)
            #expect(since.body.isEmpty)
            #expect(since.header("etag") == etag && since.header("last-modified") == lastModified)
            let later = HTTPDate.format(unixSeconds: Int64(try Self.date(lastModified).timeIntervalSince1970) + 3600)
            #expect(try await configuration(client, running, headers: [("If-Modified-Since", later)]).status == 304)
            let earlier = HTTPDate.format(unixSeconds: Int64(try Self.date(lastModified).timeIntervalSince1970) - 1)
            let stale = try await configuration(client, running, headers: [("If-Modified-Since", earlier)])
            #expect(stale.status == 200 && stale.body == first.body)
            #expect(try await configuration(client, running, headers: [("If-Modified-Since", "yesterday")]).status == 200)
            let tagged = try await configuration(client, running, headers: [("If-None-Match", etag)])
            #expect(tagged.status == 304 && tagged.body.isEmpty)
            // When both are sent the tag decides: another tag is a 200 whatever the date.
            let both = try await configuration(client, running, headers: [("If-None-Match", "\"other\""), ("If-Modified-Since", lastModified)])
            #expect(both.status == 200)
        }
    }

    @Test func lastModifiedMovesForwardWhenTheFileChanges() async throws {
        try await FileWatchTests.withDirectory { directory in
            let path = directory + "/kameleoon.json"
            try FileWatchTests.write(Self.standard, to: path)
            try await withKameleoon(.file(path)) { server, running, client in
                let first = try await configuration(client, running)
                let firstDate = try Self.date(first.header("last-modified"))
                try FileWatchTests.write(Self.document(variation: "blue"), to: path, atomically: true)
                #expect(await eventually { server.currentETag != first.header("etag") })
                let second = try await configuration(client, running, headers: [("If-Modified-Since", try #require(first.header("last-modified")))])
                #expect(second.status == 200)
                #expect(try Documents.json(second.body) == Documents.json(Self.document(variation: "blue")))
                let secondDate = try Self.date(second.header("last-modified"))
                #expect(secondDate > firstDate)
                // Two more changes at once, well within one second: each moves the date a second on.
                try server.update(definitions: Documents.bytes(Self.document(variation: "off")))
                let third = try Self.date(try await configuration(client, running).header("last-modified"))
                try server.update(definitions: Documents.bytes(Self.document(variation: "on", dateModified: 1)))
                let fourth = try Self.date(try await configuration(client, running).header("last-modified"))
                #expect(third.timeIntervalSince(secondDate) >= 1)
                #expect(fourth.timeIntervalSince(third) >= 1)
                // The same content again is no change.
                try server.update(definitions: Documents.bytes(Self.document(variation: "on", dateModified: 1)))
                #expect(try Self.date(try await configuration(client, running).header("last-modified")) == fourth)
            }
        }
    }

    @Test func theLastModifiedDateStepsASecondPerChangeWithinOneSecond() {
        var modified = ContentModification(now: 1_767_225_600_250)
        #expect(modified.lastModifiedSeconds == 1_767_225_600)
        modified.advance(now: 1_767_225_600_400)
        #expect(modified.lastModifiedSeconds == 1_767_225_601)
        #expect(modified.milliseconds == 1_767_225_600_400)
        modified.advance(now: 1_767_225_600_400)
        #expect(modified.lastModifiedSeconds == 1_767_225_602)
        #expect(modified.milliseconds == 1_767_225_600_401)
        modified.advance(now: 1_767_225_610_000)
        #expect(modified.lastModifiedSeconds == 1_767_225_610)
    }

    @Test func httpDatesAreWrittenAsIMFFixdateAndReadInEveryForm() {
        #expect(HTTPDate.format(unixSeconds: 784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.format(unixSeconds: 0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.format(unixSeconds: 1_709_164_800) == "Thu, 29 Feb 2024 00:00:00 GMT")
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT", currentYear: 2026) == 784_111_777)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == 784_111_777)
        #expect(HTTPDate.parse("Thu, 29 Feb 2024 00:00:00 GMT") == 1_709_164_800)
        for invalid in ["", "yesterday", "Sun, 06 Nov 1994 08:49:37 CET", "Fri, 29 Feb 2023 00:00:00 GMT", "Sun, 6 Nov 1994 08:49:37 GMT",
                        "Sun, 06 Nov 1994 24:00:00 GMT"] {
            #expect(HTTPDate.parse(invalid) == nil, "\(invalid)")
        }
        for seconds: Int64 in [1, 951_782_400, 1_767_225_600, 4_102_444_799] {
            #expect(HTTPDate.parse(HTTPDate.format(unixSeconds: seconds)) == seconds)
        }
    }

    // MARK: Real-time updates

    @Test func theStreamSendsAConfigurationUpdateEventWithTheMomentOfAChange() async throws {
        try await FileWatchTests.withDirectory { directory in
            let path = directory + "/kameleoon.json"
            try FileWatchTests.write(Self.standard, to: path)
            try await withKameleoon(.file(path)) { server, running, client in
                let response = try await client.execute(HTTP.request(running.baseURL + "/sse?siteCode=site-1",
                                                                     headers: [("Accept", "text/event-stream")]), timeout: .seconds(10))
                #expect(response.status == .ok)
                #expect(response.headers.first(name: "content-type") == "text/event-stream")
                let reader = EventStreamReader(response)
                // It opens with a comment, no event.
                guard case .comment = try #require(try await reader.next()) else {
                    Issue.record("the stream did not open with a comment")
                    return
                }
                #expect(await eventually { server.openStreams == 1 })
                let before = Int64(Date().timeIntervalSince1970 * 1000)
                try FileWatchTests.write(Self.document(variation: "blue"), to: path, atomically: true)
                let event = try #require(try await reader.nextEvent())
                let after = Int64(Date().timeIntervalSince1970 * 1000)
                #expect(event.event == "configuration-update-event")
                let data = try Documents.json(event.data).objectValue ?? [:]
                #expect(data.keys.sorted() == ["ts"])
                let ts = try #require(data["ts"]?.int64Value)
                #expect(ts >= before && ts <= after, "ts \(ts) not within [\(before), \(after)]")
                // The file's bytes, as written.
                #expect(server.currentDocument == Documents.bytes(Self.document(variation: "blue")))
                // Each change sends one more, with a later moment.
                try server.update(definitions: Documents.bytes(Self.document(variation: "off")))
                let next = try #require(try await reader.nextEvent())
                #expect(next.event == "configuration-update-event")
                #expect(try #require(try Documents.json(next.data).objectValue?["ts"]?.int64Value) > ts)
            }
        }
    }

    // MARK: Tracking

    @Test func trackingPostsAreRecordedAndCountedByEventTypeAndVisitor() async throws {
        try await withKameleoon { server, running, client in
            let first = try await track(client, running, [
                "nonce=ab12&eventType=experiment&id=100&variationId=1000&visitorCode=v1&userAgent=Mozilla%2F5.0+(X11)",
                "nonce=ab13&eventType=conversion&goalId=7&revenue=9.99&negative=false&visitorCode=v1",
                "nonce=ab14&eventType=page&href=https%3A%2F%2Fshop.example%2Fa%20b&title=Caf%C3%A9&visitorCode=v2",
            ])
            #expect(first.status == 204, "\(first.text)")
            #expect(first.body.isEmpty)
            let second = try await track(client, running, [
                "nonce=cd01&eventType=customData&index=1&valuesCountMap=%7B%22pro%22%3A1%7D&overwrite=true&visitorCode=v3\r",
                "nonce=cd02&eventType=experiment&id=100&variationId=1000&mappingValue=user-42",
                "",
            ])
            #expect(second.status == 204, "\(second.text)")

            let listed = try Documents.json(try await HTTP.fetch(client, running.baseURL + "/events").body).arrayValue ?? []
            #expect(listed.count == 2)
            let post = listed.first?.objectValue ?? [:]
            #expect(post["path"] == "/visit/events")
            #expect(post["query"] == ["sdkName": "PYTHON", "sdkVersion": "3.22.2", "siteCode": "site-1", "bodyUa": "true"])
            let events = post["events"]?.arrayValue ?? []
            #expect(events.count == 3)
            #expect(events.first == ["nonce": "ab12", "eventType": "experiment", "id": "100", "variationId": "1000", "visitorCode": "v1",
                                     "userAgent": "Mozilla/5.0 (X11)"])
            #expect(events.last?.objectValue?["href"] == "https://shop.example/a b")
            #expect(events.last?.objectValue?["title"] == "Café")
            #expect(listed.last?.objectValue?["events"]?.arrayValue?.first?.objectValue?["valuesCountMap"] == #"{"pro":1}"#)

            let stats = try Documents.json(try await HTTP.fetch(client, running.baseURL + "/events/stats").body)
            #expect(stats == ["posts": 2, "events": ["experiment": 2, "conversion": 1, "page": 1, "customData": 1], "visitors": 4])
            #expect(server.kameleoonTrackingStats.visitors == ["v1": 2, "v2": 1, "v3": 1, "user-42": 1])
            #expect(server.kameleoonTrackingPosts.map(\.events.count) == [3, 2])
            let activity = server.activity
            #expect(activity.kameleoonTrackingPosts == 2)
            #expect(activity.kameleoonEvents == 5)
            #expect(activity.summary.hasSuffix("; Kameleoon: 2 tracking posts (5 events)"), "\(activity.summary)")
        }
    }

    @Test func aMalformedTrackingBodyIsRefusedAndNothingIsCounted() async throws {
        try await withKameleoon { server, running, client in
            let bodies: [([UInt8], String)] = [
                ([0x65, 0x76, 0xFF, 0xFE], "UTF-8"),
                (Documents.bytes("eventType=experiment&id=1&visitorCode=v1\nnonce=1&id=2&visitorCode=v1"), "line 2 has no eventType"),
                (Documents.bytes("eventType=&visitorCode=v1"), "line 1 has no eventType"),
                (Documents.bytes("eventType=experiment&id=1"), "line 1 names no visitor"),
                (Documents.bytes("eventType=experiment&visitorCode=v%ZZ"), "line 1"),
                (Documents.bytes("\n\n"), "no event"),
            ]
            for (body, message) in bodies {
                let refused = try await trackBytes(client, running, body)
                #expect(refused.status == 400, "\(message)")
                let answer = try Documents.json(refused.body).objectValue ?? [:]
                #expect(answer["error"] == "invalid_body")
                #expect(answer["message"]?.stringValue?.contains(message) == true, "\(answer)")
            }
            #expect(try Documents.json(try await HTTP.fetch(client, running.baseURL + "/events").body) == [])
            let stats = try Documents.json(try await HTTP.fetch(client, running.baseURL + "/events/stats").body)
            #expect(stats == ["posts": 0, "events": [:], "visitors": 0])
            #expect(server.activity.kameleoonTrackingPosts == 0)
            #expect(server.activity.summary.contains("Kameleoon") == false)
        }
    }

    // MARK: Remote data

    @Test func remoteVisitorDataComesFromTheConfiguredMap() async throws {
        let visitors: [String: JSONValue] = ["v1": Self.visitorBody, "settings": ["theme": "dark", "limits": [1, 2]]]
        try await withKameleoon(visitors: visitors) { server, running, client in
            let query = "siteCode=site-1&visitorCode=v1&maxNumberPreviousVisits=1&version=0&staticData=true&currentVisit=true&customData=true"
            let known = try await HTTP.fetch(client, running.baseURL + "/visit/visitor?" + query)
            #expect(known.status == 200)
            #expect(known.header("content-type") == "application/json")
            #expect(try Documents.json(known.body) == Self.visitorBody)
            let unknown = try await HTTP.fetch(client, running.baseURL + "/visit/visitor?siteCode=site-1&visitorCode=nobody&maxNumberPreviousVisits=1")
            #expect(unknown.status == 200)
            #expect(try Documents.json(unknown.body) == [:])
            let missing = try await HTTP.fetch(client, running.baseURL + "/visit/visitor?siteCode=site-1&maxNumberPreviousVisits=1")
            #expect(missing.status == 400)
            #expect(try Documents.json(missing.body).objectValue?["message"]?.stringValue?.contains("visitorCode") == true)

            let entry = try await HTTP.fetch(client, running.baseURL + "/map/map?siteCode=site-1&key=settings")
            #expect(entry.status == 200)
            #expect(try Documents.json(entry.body) == ["theme": "dark", "limits": [1, 2]])
            #expect(try Documents.json(try await HTTP.fetch(client, running.baseURL + "/map/map?siteCode=site-1&key=none").body) == [:])
            #expect(try await HTTP.fetch(client, running.baseURL + "/map/map?siteCode=site-1").status == 400)

            let activity = server.activity
            #expect(activity.kameleoonVisitorFetches == 2)
            #expect(activity.kameleoonMapFetches == 2)
            #expect(activity.summary.hasSuffix("; Kameleoon: 2 visitor fetches, 2 map fetches"), "\(activity.summary)")
        }
    }

    // MARK: OAuth

    @Test func tokensAreIssuedForClientCredentials() async throws {
        try await withKameleoon { server, running, client in
            let url = running.baseURL + "/oauth/token?sdkName=PYTHON&sdkVersion=3.22.2&siteCode=site-1"
            let issued = try await HTTP.fetch(client, url, method: "POST", headers: Self.tokenHeaders(secret: "anything"),
                                              body: Documents.bytes("grant_type=client_credentials"))
            #expect(issued.status == 200)
            #expect(issued.header("cache-control") == "no-store")
            let body = try Documents.json(issued.body).objectValue ?? [:]
            #expect(body.keys.sorted() == ["access_token", "expires_in", "token_type"])
            #expect(body["expires_in"] == 3600)
            #expect(body["token_type"] == "Bearer")
            let token = try #require(body["access_token"]?.stringValue)
            #expect(token.count >= 32)
            let again = try await issueToken(client, running, secret: "anything")
            #expect(again != token)

            let anonymous = try await HTTP.fetch(client, url, method: "POST", headers: [("Content-Type", "application/x-www-form-urlencoded")],
                                                 body: Documents.bytes("grant_type=client_credentials"))
            #expect(anonymous.status == 401)
            #expect(try Documents.json(anonymous.body).objectValue?["error"] == "invalid_client")
            #expect(anonymous.header("www-authenticate")?.hasPrefix("Basic") == true)
            let password = try await HTTP.fetch(client, url, method: "POST", headers: Self.tokenHeaders(secret: "anything"),
                                                body: Documents.bytes("grant_type=password&username=a&password=b"))
            #expect(password.status == 400)
            #expect(try Documents.json(password.body).objectValue?["error"] == "unsupported_grant_type")
            let noGrant = try await HTTP.fetch(client, url, method: "POST", headers: Self.tokenHeaders(secret: "anything"), body: Documents.bytes(""))
            #expect(noGrant.status == 400)
            #expect(try Documents.json(noGrant.body).objectValue?["error"] == "invalid_request")
            #expect(server.activity.kameleoonTokens == 2)
        }
    }

    @Test func withAKeyTheSecretMustBeItAndTheDataAPINeedsAToken() async throws {
        try await withKameleoon(key: "sdk-key", visitors: ["v1": Self.visitorBody]) { server, running, client in
            let url = running.baseURL + "/oauth/token"
            let wrong = try await HTTP.fetch(client, url, method: "POST", headers: Self.tokenHeaders(secret: "not-the-key"),
                                             body: Documents.bytes("grant_type=client_credentials"))
            #expect(wrong.status == 401)
            #expect(try Documents.json(wrong.body).objectValue?["error"] == "invalid_client")

            let line = ["nonce=1&eventType=experiment&id=100&variationId=1000&visitorCode=v1"]
            for headers in [[], [("Authorization", "Bearer not-a-token")], [("Authorization", "Bearer sdk-key")], [("Authorization", "sdk-key")]] {
                let refused = try await track(client, running, line, headers: headers)
                #expect(refused.status == 401, "\(headers)")
                #expect(refused.header("www-authenticate") == "Bearer")
                #expect(try await HTTP.fetch(client, running.baseURL + "/visit/visitor?siteCode=s&visitorCode=v1", headers: headers).status == 401)
                #expect(try await HTTP.fetch(client, running.baseURL + "/map/map?siteCode=s&key=v1", headers: headers).status == 401)
            }
            #expect(server.kameleoonTrackingStats.posts == 0)

            let token = try await issueToken(client, running)
            let bearer = [("Authorization", "Bearer \(token)")]
            #expect(try await track(client, running, line, headers: bearer).status == 204)
            let visitor = try await HTTP.fetch(client, running.baseURL + "/visit/visitor?siteCode=s&visitorCode=v1", headers: bearer)
            #expect(visitor.status == 200)
            #expect(try Documents.json(visitor.body) == Self.visitorBody)
            #expect(server.kameleoonTrackingStats.posts == 1)

            // Kameleoon's SDKs fetch the configuration and stream without credentials: both stay open.
            let fetched = try await configuration(client, running)
            #expect(fetched.status == 200)
            let response = try await client.execute(HTTP.request(running.baseURL + "/sse?siteCode=site-1"), timeout: .seconds(10))
            #expect(response.status == .ok)
            // The rest of the server keeps its key.
            #expect(try await HTTP.fetch(client, running.baseURL + "/definitions").status == 401)
            #expect(try await HTTP.fetch(client, running.baseURL + "/events").status == 401)
            #expect(try await HTTP.fetch(client, running.baseURL + "/v3").status == 401)
        }
    }

    @Test func ofrepEvaluatesAVisitorWithItsCustomData() async throws {
        // ff_pro: targeted delivery to custom data `plan` (index 1) = pro.
        let document = #"{"configuration":{"consentType":"NOT_REQUIRED"},"#
            + #""customData":[{"id":7,"index":1,"name":"plan","localOnly":false,"scope":"VISITOR","isMappingIdentifier":false}],"#
            + #""segments":[{"id":12,"conditionsData":{"firstLevelOrOperators":[],"firstLevel":[{"orOperators":[],"conditions":["#
            + #"{"targetingType":"CUSTOM_DATUM","isInclude":true,"customDataIndex":"1","valueMatchType":"EXACT","value":"pro"}]}]}}],"#
            + #""featureFlags":[{"id":1,"featureKey":"ff_pro","defaultVariationKey":"off","environmentEnabled":true,"#
            + #""variations":[{"key":"off","name":"Off","variables":[]},{"key":"on","name":"On","variables":[]}],"#
            + #""rules":[{"id":10,"type":"TARGETED_DELIVERY","exposition":1.0,"experimentId":100,"segmentId":12,"#
            + #""variationByExposition":[{"variationKey":"on","variationId":1000,"exposition":1.0}]}]}],"dateModified":1}"#
        try await withKameleoon(.json(Documents.bytes(document))) { _, running, client in
            func evaluate(_ context: String) async throws -> JSONValue {
                let fetched = try await HTTP.fetch(client, running.baseURL + "/ofrep/v1/evaluate/flags/ff_pro", method: "POST",
                                                   headers: [("Content-Type", "application/json")],
                                                   body: Documents.bytes(#"{"context":\#(context)}"#))
                return try Documents.json(fetched.body)
            }
            #expect(try await evaluate(#"{"targetingKey":"v1","plan":"pro"}"#).objectValue?["variant"] == "on")
            #expect(try await evaluate(#"{"targetingKey":"v1","1":["free","pro"]}"#).objectValue?["variant"] == "on")
            #expect(try await evaluate(#"{"targetingKey":"v1","plan":"free"}"#).objectValue?["variant"] == "off")
            #expect(try await evaluate(#"{"targetingKey":"v1"}"#).objectValue?["variant"] == "off")
            #expect(try await evaluate(#"{"plan":"pro"}"#).objectValue?["errorCode"] == "TARGETING_KEY_MISSING")
            let bulk = try await HTTP.fetch(client, running.baseURL + "/ofrep/v1/evaluate/flags", method: "POST",
                                            headers: [("Content-Type", "application/json")],
                                            body: Documents.bytes(#"{"context":{"targetingKey":"v1","plan":"pro"}}"#))
            let flags = try Documents.json(bulk.body).objectValue?["flags"]?.arrayValue ?? []
            #expect(flags.first?.objectValue?["variant"] == "on")
        }
    }
}
