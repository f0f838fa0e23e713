import Foundation
import XCTest

/// Each broken engine runs in its own child process: the run exits 2 with a message naming the engine (and, where it
/// applies, the call and the frame), and the other engines' rows still print.
final class EngineIsolationTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("engines-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    func engine(_ mode: String) throws -> String {
        try TestEngines.build("broken_engine.c", name: "broken-\(mode.lowercased())",
                              defines: ["MODE=MODE_\(mode)", "ENGINE_NAME=\"broken-\(mode.lowercased())\""], in: directory)
    }

    /// Runs mixed on 400 layers, 8 frames, with the good engine and `mode`'s engine (the full tables, `--details`, or
    /// the summary); returns the result.
    func run(_ mode: String, details: Bool = true) throws -> CommandResult {
        let good = try engine("NONE"), broken = try engine(mode)
        return try CommandRunner.run(["run", "--layers", "400", "--frames", "8", "--threads", "2", "--engine", broken,
                                      "--engine", good, "--engine-timeout", "10"] + (details ? ["--details"] : []))
    }

    func assertFails(_ mode: String, saying parts: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try run(mode)
        XCTAssertEqual(result.status, 2, result.standardError, file: file, line: line)
        let name = "broken-\(mode.lowercased())"
        XCTAssertTrue(result.standardError.contains(name), result.standardError, file: file, line: line)
        for part in parts {
            XCTAssertTrue((result.standardOutput + result.standardError).contains(part), "missing '\(part)' in:\n"
                          + result.standardOutput + result.standardError, file: file, line: line)
        }
        // The other rows still print: MotionCore's batch, the naive evaluator and the good engine with figures.
        let goodRow = result.standardOutput.split(separator: "\n").first { $0.hasPrefix("broken-none ") }
        XCTAssertNotNil(goodRow, result.standardOutput, file: file, line: line)
        XCTAssertFalse(goodRow?.contains("FAILED") ?? true, file: file, line: line)
        XCTAssertTrue(result.standardOutput.contains("motioncore-batch"), file: file, line: line)
        XCTAssertTrue(result.standardOutput.split(separator: "\n").contains { $0.hasPrefix(name + " ") && $0.contains("FAILED") },
                      result.standardOutput, file: file, line: line)
    }

    func testCrashingEngine() throws {
        try assertFails("CRASH", saying: ["SIGSEGV", "in evaluate_frame at frame 3"])
        // The FAILED row still says what the engine was given (from the heartbeat page).
        let result = try run("CRASH")
        let row = try XCTUnwrap(result.standardOutput.split(separator: "\n").first { $0.hasPrefix("broken-crash ") })
        XCTAssertTrue(row.contains("float64"), String(row))
        // Its child died before reporting: its frames and threads columns say so, not 0 and a default of 1 (a NaN
        // row, which ran its frames, shows them).
        let cells = row.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        XCTAssertEqual(cells.count > 4 ? Array(cells[3...4]) : [], ["–", "–"], String(row))
        // The summary says it on a line of its own, and its table's cell says FAILED and nothing else.
        let short = try run("CRASH", details: false)
        XCTAssertEqual(short.status, 2)
        let lines = short.standardOutput.split(separator: "\n")
        XCTAssertTrue(lines.contains { $0.hasPrefix("FAILED: broken-crash at 400 layers: ") && $0.contains("SIGSEGV") },
                      short.standardOutput)
        XCTAssertTrue(lines.contains { $0.hasPrefix("broken-crash × batch") && $0.hasSuffix(" FAILED") }, short.standardOutput)
        XCTAssertLessThanOrEqual(lines.map(\.count).max() ?? 0, 100, short.standardOutput)
    }

    func testHangingEngine() throws {
        try assertFails("HANG", saying: ["did not finish within 10 s", "in evaluate_frame at frame 3"])
    }

    func testNaNReturningEngine() throws {
        try assertFails("NAN", saying: ["is nan at frame"])
    }

    func testOneNaNAtOneFrameFailsTheEngineNamingTheFrameLayerAndOutput() throws {
        // Its only NaN is at frame 5 of 60, in its middle layer: no sample of a few frames would see it, but every
        // output of every timed frame is checked.
        let broken = try engine("NAN_AT_FRAME")
        let result = try CommandRunner.run(["run", "--layers", "400", "--frames", "60", "--engine", broken,
                                            "--format", "json"])
        XCTAssertEqual(result.status, 2, result.standardError)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let engines = try XCTUnwrap((object["results"] as? [[String: Any]])?.first?["engines"] as? [[String: Any]])
        let row = try XCTUnwrap(engines.first { $0["name"] as? String == "broken-nan_at_frame" })
        let layers = try XCTUnwrap(row["layers"] as? Int)
        XCTAssertGreaterThan(layers, 2)
        let failure = try XCTUnwrap(row["failure"] as? String)
        for part in ["engine broken-nan_at_frame", "output 0 of its layer \(layers / 2) (workload layer", "basic)",
                     "is nan at frame 5 of 60 (t = \(5.0 / 120) s)"] {
            XCTAssertTrue(failure.contains(part), "missing '\(part)' in: \(failure)")
            XCTAssertTrue(result.standardError.contains(part), "missing '\(part)' in: \(result.standardError)")
        }
        // MotionCore's own rows were checked at every frame and compared at every frame.
        let batch = try XCTUnwrap(engines.first { $0["role"] as? String == "batch" })
        XCTAssertEqual(batch["checkedFrames"] as? Int, 60)
        XCTAssertEqual(batch["comparedFrames"] as? Int, 60)
    }

    func testEngineReportingAnError() throws {
        try assertFails("ERROR", saying: ["evaluate_frame failed", "the frame failed on purpose", "frame 3"])
    }

    func testEngineWritingTheWrongCount() throws {
        try assertFails("WRONG_COUNT", saying: ["values written", "frame 3"])
    }

    func testEngineWritingPastTheBuffer() throws {
        try assertFails("OVERRUN", saying: ["wrote past the end of the output buffer", "frame 3"])
    }

    func testEngineWritingDoublesWhereItDeclaredFloats() throws {
        // Twice the buffer: the guard page stops it at once, with a hint, instead of corrupting memory.
        try assertFails("WRONG_PRECISION", saying: ["SIGSEGV", "in evaluate_frame at frame 1", "check the precision"])
    }

    func testEngineLeavingALayerUnwritten() throws {
        try assertFails("SKIPS_A_LAYER", saying: ["unwritten", "output_offset", "frame 1"])
    }

    func testWrongABIVersion() throws {
        let result = try run("ABI")
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.standardError.contains("broken-abi"), result.standardError)
        XCTAssertTrue(result.standardError.contains("ABI version 99"), result.standardError)
        XCTAssertTrue(result.standardOutput.contains("motioncore-batch"))
    }

    func testCreateFailure() throws {
        try assertFails("CREATE_FAILS", saying: ["create failed", "create failed on purpose"])
    }

    func testGoodEngineAloneExitsZeroWithJSONRow() throws {
        let good = try engine("NONE")
        let result = try CommandRunner.run(["run", "--layers", "400", "--frames", "8", "--engine", good, "--format", "json"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let engines = try XCTUnwrap((object["results"] as? [[String: Any]])?.first?["engines"] as? [[String: Any]])
        XCTAssertEqual(engines.compactMap { $0["name"] as? String },
                       ["motioncore-batch", "naive", "stream bound", "motioncore-batch", "broken-none"])
        let stream = try XCTUnwrap(engines.first { $0["role"] as? String == "stream" })
        XCTAssertNil(stream["errors"].flatMap { ($0 as? [Any])?.first }, "the stream bound has no outputs to check")
        let row = try XCTUnwrap(engines.last)
        XCTAssertEqual(row["kinds"] as? [String], ["basic"])
        // What was checked: every output at all 8 frames of the checked pass and of the timed pass, and a sample of
        // layers compared at each frame of the checked pass.
        let layers = try XCTUnwrap(row["layers"] as? Int)
        XCTAssertEqual(row["checkedFrames"] as? Int, 16)
        XCTAssertEqual(row["comparedFrames"] as? Int, 8)
        XCTAssertEqual(row["comparedLayerFrames"] as? Int, 8 * layers, "the default budget covers 8 frames of \(layers) layers")
        XCTAssertEqual(row["comparedLayers"] as? Int, layers)
        let outputs = (row["errors"] as? [[String: Any]] ?? []).compactMap { $0["outputs"] as? Int }.reduce(0, +)
        XCTAssertEqual(row["comparedOutputs"] as? Int, outputs)
        XCTAssertGreaterThanOrEqual(outputs, 8 * layers)
        XCTAssertGreaterThan(try XCTUnwrap(row["nsPerLayerFrame"] as? Double), 0)
        XCTAssertNotNil(row["timesBatch"] as? Double)
        // It ignores easing, so its basic outputs are visibly wrong, and the worst output says where.
        let errors = try XCTUnwrap(row["errors"] as? [[String: Any]])
        XCTAssertGreaterThan(try XCTUnwrap(errors.first?["maxError"] as? Double), 1e-3)
        XCTAssertNotNil((row["worst"] as? [String: Any])?["parameters"] as? String)
        XCTAssertFalse((row["unsupported"] as? [[String: Any]] ?? []).isEmpty)
    }

    func testHTMLCarriesTheEnginesTables() throws {
        let good = try engine("NONE")
        let result = try CommandRunner.run(["run", "--layers", "300,600", "--frames", "6", "--engine", good, "--format", "html"])
        XCTAssertEqual(result.status, 0, result.standardError)
        for part in ["<h2>Engines on mixed, 300 layers</h2>", "<h2>Engines on mixed, 600 layers</h2>", "broken-none",
                     "motioncore-batch (same kinds)", "broken-none errors: basic"] {
            XCTAssertTrue(result.standardOutput.contains(part), "missing \(part)")
        }
    }

    func testDashboardExportsCarryEachEngineUnderTest() throws {
        let good = try engine("NONE")
        let result = try CommandRunner.run(["run", "--layers", "300", "--frames", "6", "--engine", good, "--format", "influx"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let lines = result.standardOutput.split(separator: "\n").filter { $0.contains("engine\\ broken-none") }
        XCTAssertEqual(lines.filter { $0.contains("measure=ns-per-layer-frame") }.count, 1, result.standardOutput)
        XCTAssertEqual(lines.filter { $0.contains("measure=max-error") }.count, 1, result.standardOutput)
    }

    func testVerifyFailsAnEngineWithVisiblyWrongOutputs() throws {
        // The fixture ignores easing, so its eased layers are visibly off: --verify fails (exit 1) naming it.
        let good = try engine("NONE")
        let result = try CommandRunner.run(["run", "--layers", "400", "--frames", "8", "--engine", good, "--verify"])
        XCTAssertEqual(result.status, 1, result.standardError)
        XCTAssertTrue(result.standardError.contains("--verify failed for engine broken-none"), result.standardError)
        XCTAssertTrue(result.standardError.contains("beyond their visible threshold"), result.standardError)
    }
}
