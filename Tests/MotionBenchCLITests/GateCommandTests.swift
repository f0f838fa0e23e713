import Foundation
import MotionGate
import MotionSupport
import XCTest
import MotionTestSupport

final class GateCommandTests: XCTestCase {
    private func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString)-\(name)").path
    }

    func testWorkloadSubcommandReportsCPUTime() throws {
        let result = try CommandRunner.run(["_workload", "spring-closed-form"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        XCTAssertGreaterThan(object["cpuSeconds"] as? Double ?? 0, 0)
    }

    func testInstructionCountsCoverTheMeasuredLoopOnly() throws {
        guard InstructionCounter.valgrindPath != nil else { throw MissingPrerequisite.error("valgrind is not installed (apt-get install -y valgrind)") }
        // Two invocations of the same workload whose start-up differs (one parses an extra option). Counted as whole
        // processes they differ; counted in the measured region they are identical, and smaller.
        let binary = try CommandRunner.executable.path
        let plain = ["_workload", "spring-closed-form"], longer = plain + ["--repeats", "1"]
        let runs: [([String], InstructionCounter.Scope)] = [(plain, .measuredRegion), (longer, .measuredRegion),
                                                             (plain, .process), (longer, .process)]
        let results = ParallelResults<UInt64>(count: runs.count)
        DispatchQueue.concurrentPerform(iterations: runs.count) { index in
            results.set(index, Result { try InstructionCounter.instructions(of: binary, runs[index].0, scope: runs[index].1) })
        }
        let (regionPlain, regionLonger) = (try results.get(0), try results.get(1))
        let (processPlain, processLonger) = (try results.get(2), try results.get(3))
        // Start-up differs by ~73,000 instructions in a release build (where the region counts are identical) and
        // ~0.9M in a debug build, which instantiates generic metadata lazily inside the loop: what start-up already
        // cached moves that by a few thousand instructions, so the test allows a hundredth of the start-up difference.
        let startupDifference = processPlain > processLonger ? processPlain - processLonger : processLonger - processPlain
        let regionDifference = regionPlain > regionLonger ? regionPlain - regionLonger : regionLonger - regionPlain
        XCTAssertGreaterThan(startupDifference, 10_000, "start-up work should differ between the two invocations")
        XCTAssertLessThan(regionDifference, startupDifference / 100, "the measured region must not see start-up work")
        XCTAssertLessThan(regionPlain, processPlain)
        // The loop is 3,000,000 spring evaluations: at least tens of instructions each.
        XCTAssertGreaterThan(regionPlain, 30_000_000)
    }

    func testTimeModeBaselineAndReportOnlyGate() throws {
        let path = temporary("baseline.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorded = try CommandRunner.run(["baseline", "--output", path, "--mode", "time", "--workloads", "spring-closed-form",
                                              "--format", "github-benchmark"])
        XCTAssertEqual(recorded.status, 0, recorded.standardError)
        // The recorded figures as github-action-benchmark entries on stdout; the baseline file is written as usual.
        let entries = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(recorded.standardOutput.utf8)) as? [[String: Any]])
        XCTAssertEqual(entries.first?["unit"] as? String, "s")
        XCTAssertTrue((entries.first?["name"] as? String ?? "").contains("spring-closed-form"), "\(entries)")
        let gate = try CommandRunner.run(["gate", "--baseline", path, "--mode", "time", "--workloads", "spring-closed-form",
                                          "--format", "json"])
        XCTAssertEqual(gate.status, 0, gate.standardError)
        XCTAssertTrue(gate.standardOutput.contains("report only"))
        XCTAssertTrue(gate.standardOutput.contains("report-only"))
        // Without --workloads the gate compares what the baseline holds (here one workload), instead of exiting 2.
        let held = try CommandRunner.run(["gate", "--baseline", path, "--mode", "time", "--format", "json"])
        XCTAssertEqual(held.status, 0, held.standardError)
        let rows = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(held.standardOutput.utf8)) as? [String: Any])?["rows"]
            as? [[String: Any]])
        XCTAssertEqual(rows.compactMap { $0["workload"] as? String }, ["spring-closed-form"])
        XCTAssertEqual(rows.first?["unit"] as? String, "s")
        let change = try XCTUnwrap(rows.first?["change"] as? Double), percent = try XCTUnwrap(rows.first?["changePercent"] as? Double)
        XCTAssertEqual(percent, change * 100, accuracy: 1e-9)
        let metadata = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(held.standardOutput.utf8)) as? [String: Any])?["metadata"]
            as? [String: Any])
        XCTAssertEqual(metadata["tool"] as? String, "motionbench")
        XCTAssertNotNil(metadata["timestamp"] as? String)
    }

    func testProgressWithoutATerminalIsPlainLines() throws {
        setenv("MOTIONBENCH_PROGRESS_INTERVAL", "0", 1)
        defer { unsetenv("MOTIONBENCH_PROGRESS_INTERVAL") }
        let result = try CommandRunner.run(["run", "--scenario", "fade", "--layers", "100,200", "--frames", "2"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let lines = result.standardError.split(separator: "\n")
        XCTAssertGreaterThan(lines.count, 1, result.standardError)
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("motionbench: ") && $0.contains(" s: ") }, result.standardError)
        XCTAssertFalse(result.standardError.contains("\u{1B}"))
    }

    func testEnumOptionsListTheirValues() throws {
        let help = try CommandRunner.run(["gate", "--help"])
        let flattened = help.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        XCTAssertTrue(flattened.contains("(values: table, json, markdown, bmf, github-benchmark, influx, junit"), help.standardOutput)
        XCTAssertTrue(flattened.contains("(values: fail, warn"), help.standardOutput)
        let bad = try CommandRunner.run(["gate", "--baseline", "x.json", "--format", "xml"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.standardError.contains("- table") && bad.standardError.contains("- junit"), bad.standardError)
        let both = try CommandRunner.run(["gate", "--baseline", "x.json", "--mode", "both"])
        XCTAssertEqual(both.status, 2)
    }

    func testRunJSONCarriesMetadataAndUnits() throws {
        let version = try CommandRunner.run(["--version"]).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let run = try CommandRunner.run(["run", "--scenario", "fade", "--layers", "50", "--frames", "2", "--format", "json"])
        XCTAssertEqual(run.status, 0, run.standardError)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let metadata = try XCTUnwrap(object["metadata"] as? [String: Any])
        XCTAssertEqual(metadata["version"] as? String, version)
        XCTAssertNotNil(metadata["toolchain"] as? String)
        XCTAssertNotNil(metadata["machine"] as? [String: Any])
        XCTAssertTrue(metadata["commit"] is NSNull || (metadata["commit"] as? String)?.count == 40, "\(metadata)")
        XCTAssertEqual((object["units"] as? [String: String])?["nsPerLayerFrame"], "ns")
    }

    func testVersion() throws {
        let result = try CommandRunner.run(["--version"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil,
                      result.standardOutput)
    }

    func testBadInputExitsWithTwo() throws {
        let corrupt = temporary("corrupt.json")
        try "{\"version\": 1, \"nope\": true}".write(toFile: corrupt, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: corrupt) }
        let cases: [([String], String)] = [
            (["gate", "--baseline", "/nonexistent/baseline.json"], "does not exist"),
            (["gate", "--baseline", corrupt], "toolchain: missing"),
            (["gate", "--baseline", corrupt, "--workloads", "nope"], "unknown workload 'nope'"),
            (["gate", "--against", "/nonexistent/motionbench"], "not an executable"),
            (["gate", "--against", "/bin/false", "--workloads", "bezier-hard"], "does not run"),
            (["gate"], "exactly one of"),
            (["gate", "--baseline", corrupt, "--max-increase", "lots"], "percentage"),
            (["baseline", "--output", "/tmp/x.json", "--mode", "sometimes"], "--mode"),
        ]
        for (arguments, fragment) in cases {
            let result = try CommandRunner.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.standardError)")
            XCTAssertTrue(result.standardError.contains(fragment), "\(arguments): \(result.standardError)")
        }
    }
}
