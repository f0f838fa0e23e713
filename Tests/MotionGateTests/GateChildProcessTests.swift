import MotionGate
import Foundation
import XCTest

/// A workload's report from its child process is checked before it is used. (The child-process limits themselves
/// are tested where the code is, in MotionSupportTests' ChildProcessTests.)
final class GateChildProcessTests: XCTestCase {
    /// A base "binary" that prints `report`, in a directory removed after the test.
    private func base(printing report: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("motionbench-gate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("base.sh").path
        try "#!/bin/sh\necho '\(report)'\n".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    func testLyingWorkloadReportsAreRejected() throws {
        for (report, fragment) in [
            ("{\"cpuSeconds\": -1}", "reported cpuSeconds -1"),
            ("{\"cpuSeconds\": 0}", "reported cpuSeconds 0"),
            ("{\"cpuSeconds\": 1e308}", "reported cpuSeconds 1e+308"),
            // A reply that does not read is called malformed, and its start is quoted.
            ("{\"cpuSeconds\": 1e400}", "its reply is malformed (no cpuSeconds); it starts {\"cpuSeconds\": 1e400}"),
            ("{\"cpuSeconds\": \"fast\"}", "its reply is malformed (no cpuSeconds); it starts {\"cpuSeconds\": \"fast\"}"),
            ("not json", "its reply is malformed (no cpuSeconds); it starts not json"),
        ] {
            XCTAssertThrowsError(try PerformanceGate.cpuSeconds(try base(printing: report), .bezierPresets), report) { error in
                XCTAssertTrue("\(error)".contains(fragment), "\(error)")
            }
        }
        XCTAssertEqual(try PerformanceGate.cpuSeconds(try base(printing: "{\"cpuSeconds\": 0.25}"), .bezierPresets), 0.25)
    }
}
