import MotionGate
import MotionSupport
import Foundation
import MotionHarness
import XCTest

/// Child processes of the gate: a time limit, a cap on output, and a workload report checked before it is used.
final class GateChildProcessTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("motionbench-child-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func script(_ body: String) throws -> String {
        let path = directory + "/child-\(UUID().uuidString).sh"
        try "#!/bin/sh\n\(body)\n".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    private func assertThrows(_ fragment: String, _ body: () throws -> Void, line: UInt = #line) {
        XCTAssertThrowsError(try body(), line: line) { error in
            XCTAssertTrue("\(error)".contains(fragment), "\(error)", line: line)
        }
    }

    func testHangingChildIsStoppedAtTheTimeout() throws {
        let started = Date()
        assertThrows("did not finish within 1 s") {
            _ = try ChildProcess.run(try script("sleep 300"), [], limits: .init(timeout: 1))
        }
        // Not a speed check: the point is only that it did not wait for the child's 300 s.
        XCTAssertLessThan(Date().timeIntervalSince(started), 120)
    }

    func testChildIgnoringSIGTERMIsKilled() throws {
        assertThrows("did not finish within 1 s") {
            _ = try ChildProcess.run(try script("trap '' TERM; sleep 30"), [], limits: .init(timeout: 1))
        }
    }

    func testFloodingChildIsStoppedAtTheCap() throws {
        assertThrows("printed more than 65536 bytes") {
            _ = try ChildProcess.run(try script("yes"), [], limits: .init(timeout: 60, outputLimit: 65_536))
        }
        assertThrows("printed more than 65536 bytes") {
            _ = try ChildProcess.run(try script("yes >&2"), [], limits: .init(timeout: 60, outputLimit: 65_536))
        }
    }

    func testWellBehavedChildIsCaptured() throws {
        let output = try ChildProcess.run(try script("echo out; echo err >&2; exit 3"), [])
        XCTAssertEqual(output.status, 3)
        XCTAssertEqual(output.standardOutput, "out\n")
        XCTAssertEqual(output.standardError, "err\n")
    }

    func testLyingWorkloadReportsAreRejected() throws {
        for (report, fragment) in [
            ("{\"cpuSeconds\": -1}", "reported cpuSeconds -1"),
            ("{\"cpuSeconds\": 0}", "reported cpuSeconds 0"),
            ("{\"cpuSeconds\": 1e308}", "reported cpuSeconds 1e+308"),
            ("{\"cpuSeconds\": 1e400}", "did not run"),
            ("{\"cpuSeconds\": \"fast\"}", "did not run"),
            ("not json", "did not run"),
        ] {
            let base = try script("echo '\(report)'")
            assertThrows(fragment) { _ = try PerformanceGate.cpuSeconds(base, .bezierPresets) }
        }
        XCTAssertEqual(try PerformanceGate.cpuSeconds(try script("echo '{\"cpuSeconds\": 0.25}'"), .bezierPresets), 0.25)
    }
}
