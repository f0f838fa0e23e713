import Foundation
import MotionHarness
import XCTest
import MotionTestSupport

/// docs/engines.md as a newcomer follows it: the C engine it prints is the repository's file, builds with a plain C
/// compiler against the header, and runs beside MotionCore's batch with errors of double precision; the Swift template
/// runs the harness in-process; the example C engine shows float32-sized errors.
final class EngineGuideTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("guide-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    /// The engines table rows of `result`'s JSON for the first layer count.
    func engines(_ result: CommandResult) throws -> [[String: Any]] {
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        return try XCTUnwrap((object["results"] as? [[String: Any]])?.first?["engines"] as? [[String: Any]])
    }

    func testTheGuidePrintsTheRepositorysEngine() throws {
        let guide = try String(contentsOf: TestEngines.root.appendingPathComponent("docs/engines.md"), encoding: .utf8)
        let source = try String(contentsOf: TestEngines.root.appendingPathComponent("Examples/GuideEngine/spring_engine.c"),
                                encoding: .utf8)
        XCTAssertTrue(guide.contains("```c\n" + source + "```\n"), "docs/engines.md must print Examples/GuideEngine/spring_engine.c verbatim")
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        XCTAssertTrue(guide.contains("in \(lines) lines"), "the guide's line count is \(lines)")
    }

    /// The Swift guide's manifest, as printed, beside a clean clone of this repository in a folder named MotionBench:
    /// SwiftPM loads the package graph (every `package:` name resolves), and a wrong name is the failure it prevents.
    func testTheSwiftGuidesManifestLoadsBesideACleanClone() throws {
        let guide = try String(contentsOf: TestEngines.root.appendingPathComponent("docs/engines.md"), encoding: .utf8)
        let start = try XCTUnwrap(guide.range(of: "In your own package, beside a clone"), "the Swift guide's manifest")
        let open = try XCTUnwrap(guide.range(of: "```swift\n", range: start.upperBound..<guide.endIndex))
        let close = try XCTUnwrap(guide.range(of: "```\n", range: open.upperBound..<guide.endIndex))
        let manifest = String(guide[open.upperBound..<close.lowerBound])
        XCTAssertTrue(manifest.contains(".package(path: \"../MotionBench\")"), manifest)
        guard FileManager.default.fileExists(atPath: TestEngines.root.appendingPathComponent(".git").path) else {
            throw MissingPrerequisite.error("not a git checkout: no clean clone to make")
        }
        let clone = try Self.tool("git", ["clone", "--quiet", "--no-hardlinks", TestEngines.root.path,
                                          directory.appendingPathComponent("MotionBench").path], in: directory)
        XCTAssertEqual(clone.status, 0, clone.output)
        func describe(_ manifest: String, as name: String) throws -> (status: Int32, output: String) {
            let package = directory.appendingPathComponent(name), sources = package.appendingPathComponent("Sources/MyEngineBench")
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            try manifest.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
            for file in ["TemplateSpringEngine.swift", "main.swift"] {
                try FileManager.default.copyItem(at: TestEngines.root.appendingPathComponent("Examples/SwiftEngine/\(file)"),
                                                 to: sources.appendingPathComponent(file))
            }
            return try Self.tool("swift", ["package", "describe"], in: package)
        }
        let loaded = try describe(manifest, as: "MyEngineBench")
        XCTAssertEqual(loaded.status, 0, loaded.output)
        XCTAssertTrue(loaded.output.contains("MotionHarness"), loaded.output)
        let wrong = try describe(manifest.replacingOccurrences(of: "package: \"MotionBench\"", with: "package: \"motionbench-x\""),
                                 as: "WrongName")
        XCTAssertNotEqual(wrong.status, 0)
        XCTAssertTrue(wrong.output.contains("unknown package 'motionbench-x'"), wrong.output)
    }

    /// Runs `tool` (found on PATH) with `arguments` in `directory`: its exit status and its output and error together.
    static func tool(_ tool: String, _ arguments: [String], in directory: URL) throws -> (status: Int32, output: String) {
        let process = Process(), pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.currentDirectoryURL = directory
        (process.standardOutput, process.standardError) = (pipe, pipe)
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    func testGuideEngineRunsWithDoublePrecisionErrors() throws {
        let engine = try TestEngines.build("../../Examples/GuideEngine/spring_engine.c", name: "guide", defines: [], in: directory)
        let result = try CommandRunner.run(["run", "--scenario", "springs", "--layers", "3000", "--frames", "60",
                                            "--engine", engine, "--format", "json", "--verify"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let row = try XCTUnwrap(try engines(result).first { $0["name"] as? String == "guide-springs" })
        XCTAssertEqual(row["layers"] as? Int, 3000)
        XCTAssertEqual((row["unsupported"] as? [Any])?.count, 0)
        let errors = try XCTUnwrap(row["errors"] as? [[String: Any]])
        XCTAssertEqual(errors.map { $0["kind"] as? String }, ["spring"])
        XCTAssertLessThan(try XCTUnwrap(errors.first?["maxError"] as? Double), 1e-12)
        XCTAssertGreaterThan(try XCTUnwrap(errors.first?["outputs"] as? Int), 1000)
    }

    func testExampleEngineShowsFloat32SizedErrors() throws {
        let library = try CommandRunner.executable.deletingLastPathComponent().appendingPathComponent("libMotionBenchExampleEngine.so")
        guard FileManager.default.fileExists(atPath: library.path) else {
            throw MissingPrerequisite.error("libMotionBenchExampleEngine.so (swift build --product MotionBenchExampleEngine)")
        }
        let result = try CommandRunner.run(["run", "--layers", "4000", "--frames", "60", "--engine", library.path,
                                            "--format", "json"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let rows = try engines(result)
        let row = try XCTUnwrap(rows.first { $0["name"] as? String == "example-c-float32" })
        XCTAssertEqual(row["precision"] as? String, "float32")
        XCTAssertEqual(row["kinds"] as? [String], ["basic", "spring", "keyframes"])
        let errors = try XCTUnwrap(row["errors"] as? [[String: Any]])
        for kind in errors {
            let error = try XCTUnwrap(kind["maxError"] as? Double)
            // float32-sized: more than double rounding, less than anything a person could see.
            XCTAssertGreaterThan(error, 1e-9, "\(kind)")
            XCTAssertLessThan(error, 1e-3, "\(kind)")
        }
        XCTAssertTrue(rows.contains { $0["role"] as? String == "batch-subset" }, "the same-kinds batch row is missing")
    }

    func testSwiftTemplateRunsInProcess() throws {
        let template = try CommandRunner.executable.deletingLastPathComponent().appendingPathComponent("SwiftEngineTemplate")
        guard FileManager.default.isExecutableFile(atPath: template.path) else {
            throw MissingPrerequisite.error("SwiftEngineTemplate (swift build --product SwiftEngineTemplate)")
        }
        let process = Process()
        process.executableURL = template
        process.arguments = ["2000", "--details"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, text)
        let row = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("swift-template-springs ") }, text)
        XCTAssertFalse(row.contains("FAILED"))
        XCTAssertTrue(text.contains("swift-template-springs errors: spring"), text)
    }

    /// The guide's table of the built-in scenarios' kinds is the scenarios' own: every built-in scenario, in order,
    /// with its entries' kinds in the order they first appear.
    func testTheGuidesScenarioKindsAreTheScenarios() throws {
        let guide = try String(contentsOf: TestEngines.root.appendingPathComponent("docs/engines.md"), encoding: .utf8)
        let start = try XCTUnwrap(guide.range(of: "<!--scenario-kinds-->"))
        let end = try XCTUnwrap(guide.range(of: "<!--/scenario-kinds-->"))
        let rows = guide[start.upperBound..<end.lowerBound].split(separator: "\n").dropFirst(2)
        let table = rows.map { row in
            row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "") }
        }
        var kinds: [[String]] = []
        for name in Scenario.builtInNames {
            var seen: [String] = []
            for entry in try Scenario.named(name).entries where !seen.contains(entry.kind.name) { seen.append(entry.kind.name) }
            kinds.append([name, seen.joined(separator: ", ")])
        }
        XCTAssertEqual(table, kinds)
    }
}
