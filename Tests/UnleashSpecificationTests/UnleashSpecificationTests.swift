import BurgeeCore
import Foundation
import Testing

/// The Unleash client specification (v6.1.0, 22 files, 279 cases), every `tests` and
/// `variantTests` case, run through Burgee's core. Skipped, and reported as skipped, when the
/// specification's folder is not beside the package, except in CI (`CI=true`), where its absence
/// fails the whole-specification test.
@Suite("Unleash client specification")
struct UnleashSpecificationTests {
    @Test("every file listed in index.json passes",
          .enabled(if: SpecificationFiles.specificationIsPresent,
                   "the Unleash client specification is not at ../shared/unleash-client-specification: skipped"),
          arguments: SpecificationFiles.specificationFiles)
    func specificationFile(_ name: String) throws {
        var runner = CaseRunner()
        runner.runFile(try SpecificationFiles.json(SpecificationFiles.specificationFolder.appendingPathComponent(name)), name: name)
        print("Unleash specification \(name): \(runner.run - runner.failures.count)/\(runner.run) cases pass")
        #expect(runner.run > 0, "\(name) has no cases")
        for failure in runner.failures { Issue.record(Comment(rawValue: failure)) }
    }

    @Test("the whole specification: every file of index.json, at least 279 cases",
          .enabled(if: SpecificationFiles.specificationRuns,
                   "the Unleash client specification is not at ../shared/unleash-client-specification: skipped"))
    func wholeSpecification() throws {
        try #require(SpecificationFiles.specificationIsPresent,
                     "CI=true and the Unleash client specification is not at ../shared/unleash-client-specification")
        let files = SpecificationFiles.specificationFiles
        #expect(files.count == 22, "index.json lists \(files.count) files")
        var runner = CaseRunner()
        for name in files {
            runner.runFile(try SpecificationFiles.json(SpecificationFiles.specificationFolder.appendingPathComponent(name)), name: name)
        }
        print("Unleash specification: \(runner.run - runner.failures.count)/\(runner.run) cases pass in \(files.count) files")
        #expect(runner.run >= 279, "\(runner.run) cases")
        #expect(runner.failures.isEmpty)
    }

    @Test("spec-fixtures/unleash holds at least 135 cases in at least 13 files")
    func fixtureCount() throws {
        let files = try SpecificationFiles.listFixtureFiles()
        var runner = CaseRunner()
        for name in files {
            runner.runFile(try SpecificationFiles.json(SpecificationFiles.fixtureFolder.appendingPathComponent(name)), name: name)
        }
        #expect(files.count >= 13, "\(files.count) files")
        #expect(runner.run >= 135, "\(runner.run) cases")
    }

    @Test("Burgee's own Unleash fixtures (spec-fixtures/unleash) pass", arguments: SpecificationFiles.fixtureFiles)
    func fixtureFile(_ name: String) throws {
        var runner = CaseRunner()
        runner.runFile(try SpecificationFiles.json(SpecificationFiles.fixtureFolder.appendingPathComponent(name)), name: name)
        print("Unleash fixture \(name): \(runner.run - runner.failures.count)/\(runner.run) cases pass")
        #expect(runner.run > 0, "\(name) has no cases")
        for failure in runner.failures { Issue.record(Comment(rawValue: failure)) }
    }
}
