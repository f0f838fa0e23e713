import Foundation
import MotionGate
import MotionHarness
import XCTest

/// Help texts list what the registries hold (gate workloads, built-in scenarios), and bad version-1 scenario values
/// exit 2 naming the field.
final class RegistryCLITests: XCTestCase {
    func testHelpListsEveryGateWorkload() throws {
        let gate = try CommandRunner.run(["gate", "--help"])
        let baseline = try CommandRunner.run(["baseline", "--help"])
        let workload = try CommandRunner.run(["_workload", "--help"])
        for result in [gate, baseline, workload] { XCTAssertEqual(result.status, 0, result.standardError) }
        // Help wraps long lines; compare with whitespace collapsed.
        func words(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        for entry in GateWorkloads.all {
            XCTAssertTrue(words(gate.standardOutput).contains("\(entry.name): \(words(entry.summary))"), entry.name)
            XCTAssertTrue(words(baseline.standardOutput).contains("\(entry.name): \(words(entry.summary))"), entry.name)
            XCTAssertTrue(workload.standardOutput.contains(entry.name), entry.name)
        }
        let unknown = try CommandRunner.run(["_workload", "no-such-workload"])
        XCTAssertEqual(unknown.status, 2)
        for entry in GateWorkloads.all { XCTAssertTrue(unknown.standardError.contains(entry.name), unknown.standardError) }
    }

    func testRunHelpListsEveryBuiltInScenario() throws {
        let help = try CommandRunner.run(["run", "--help"])
        XCTAssertEqual(help.status, 0, help.standardError)
        let text = help.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for name in Scenario.builtInNames { XCTAssertTrue(text.contains(name), name) }
        let unknown = try CommandRunner.run(["run", "--scenario", "no-such-scenario", "--layers", "10"])
        XCTAssertEqual(unknown.status, 2)
        for name in Scenario.builtInNames { XCTAssertTrue(unknown.standardError.contains(name), unknown.standardError) }
    }

    /// One version-1 file per kind with an out-of-range value: exit 2 and the field named, never a crash (the bare
    /// `[min, max]` velocity range of ±1e308 trapped in `Double.random(in:)` before it was range checked).
    func testOutOfRangeVersionOneValuesExitTwoNamingTheField() throws {
        let entries: [(String, String)] = [
            (#"{"kind": "basic", "from": -1e300, "to": 1, "duration": 1}"#, "animations[0].from"),
            (#"{"kind": "spring", "springs": ["spring()"], "initialVelocity": [-1e+308, 1e+308]}"#, "animations[0].initialVelocity[0]"),
            (#"{"kind": "keyframes", "values": [0, 1e300], "duration": 1}"#, "animations[0].values[1]"),
            (#"{"kind": "pendulum", "duration": 1e300}"#, "animations[0].duration"),
            (#"{"kind": "card-flip", "duration": 1, "scale": 1e300}"#, "animations[0].scale"),
            (#"{"kind": "transition", "type": "push", "duration": 1, "width": 1e300}"#, "animations[0].width"),
            (#"{"kind": "interactive", "duration": 1, "scrubTo": 0.5, "scrubDuration": 1e300}"#, "animations[0].scrubDuration"),
        ]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("v1-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var kinds: Set<String> = []
        for (index, (entry, field)) in entries.enumerated() {
            let kind = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(entry.utf8)) as? [String: Any])?["kind"] as? String)
            kinds.insert(kind)
            let path = directory.appendingPathComponent("\(index).json").path
            try #"{"name": "v1", "animations": [\#(entry)]}"#.write(toFile: path, atomically: true, encoding: .utf8)
            let result = try CommandRunner.run(["run", "--scenario", path, "--layers", "10", "--frames", "2"])
            XCTAssertEqual(result.status, 2, "\(kind): \(result.standardError)")
            XCTAssertTrue(result.standardError.contains("scenario \(path): \(field) must"), "\(kind): \(result.standardError)")
        }
        XCTAssertEqual(kinds.count, entries.count, "one file per kind (ScenarioTests holds the cases to the kind registry)")
    }

    func testMissingVersionIsExplainedOnTheCommandLine() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("nover-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try #"{"name": "n", "animations": [{"kind": "pendulum", "duration": 1, "begin": 0.25}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let result = try CommandRunner.run(["run", "--scenario", path, "--layers", "10", "--frames", "2"])
        XCTAssertEqual(result.status, 2, result.standardError)
        XCTAssertTrue(result.standardError.contains("animations[0].begin needs \"version\": 2"), result.standardError)
        XCTAssertTrue(result.standardError.contains("so it was read as version 1"), result.standardError)
    }
}
