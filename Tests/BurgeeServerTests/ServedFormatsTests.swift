import Foundation
import BurgeeCore
@testable import BurgeeServer
import Testing

/// The registry of served formats, and the URL each format's clients are given.
@Suite("served formats")
struct ServedFormatsTests {
    static let documents: [(DefinitionsFormat, String)] = [
        (.native, #"{"formatVersion":1,"version":1,"flags":{},"segments":{}}"#),
        (.unleash, #"{"version":2,"features":[]}"#),
        (.launchDarkly, #"{"flags":{},"segments":{}}"#),
        (.flagd, FlagdModeTests.document),
        (.split, #"{"ff":{"d":[],"s":-1,"t":-1}}"#),
        (.kameleoon, #"{"featureFlags":[]}"#),
        (.datadog, UFCModeTests.document),
        (.eppo, UFCModeTests.document),
    ]

    @Test("the registry lists each served format once, and finds it by its format")
    func registry() {
        let formats = ServedFormats.all.map { $0.format }
        #expect(formats.count == 8)
        for format in [DefinitionsFormat.native, .unleash, .launchDarkly, .flagd, .split, .kameleoon, .datadog, .eppo] {
            #expect(formats.filter { $0 == format }.count == 1, "\(format.displayName)")
            #expect(ServedFormats.descriptor(for: format)?.format == format, "\(format.displayName)")
        }
    }

    @Test("clientURL is the base URL with the format's base path; the path its clients append answers 200",
          arguments: [
              (DefinitionsFormat.native, "", "/definitions"),
              (.unleash, "/api", "/client/features"),
              (.launchDarkly, "", "/sdk/latest-all"),
              (.flagd, "/definitions", ""),
              (.kameleoon, "", "/v3/site-1"),
              (.datadog, "", "/api/v2/feature-flagging/config/rules-based/server"),
              (.eppo, "/api", "/flag-config/v1/config"),
          ])
    func clientURL(format: DefinitionsFormat, basePath: String, clientPath: String) async throws {
        let document = try #require(Self.documents.first { $0.0 == format }?.1)
        try await TestServer.with(.json(Documents.bytes(document)), configure: { $0.format = format }) { _, running, client in
            #expect(running.clientURL == running.baseURL + basePath)
            let announcement = running.announcement(source: "flags.json")
            #expect(announcement.first == "Serving \(format.displayName) definitions from flags.json at \(running.clientURL)")
            let first = try await HTTP.fetch(client, running.clientURL + clientPath)
            #expect(first.status == 200)
        }
    }
}

/// docs/sync.md's table of what `burgee serve` announces is the registry's.
@Suite("served formats in the docs")
struct ServedFormatsDocsTests {
    @Test("docs/sync.md has a row for every served format, in the registry's order, ending with its client path")
    func syncPageTable() throws {
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "docs/sync.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        let header = "| Format | The first line ends with |"
        let table = try #require(text.components(separatedBy: header).dropFirst().first)
        // The rows after the header line's end and the separator, up to the first line that is not one.
        let rows = table.split(separator: "\n").dropFirst(2).prefix { $0.hasPrefix("|") }
        let cells = rows.map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
        let served = DefinitionsFormat.allCases.compactMap { ServedFormats.descriptor(for: $0) }
        #expect(cells.count == served.count, "\(cells.count) rows for \(served.count) served formats")
        for (row, format) in zip(cells, served) {
            let name = format.format.displayName
            #expect(name.lowercased().hasPrefix(row[0].lowercased()), "row \(row[0]) for \(name)")
            #expect(row[1] == "`http://127.0.0.1:8030\(format.clientPath)`", "\(name): \(row[1])")
        }
    }
}
