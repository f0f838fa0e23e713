import Foundation
import MotionTestSupport
import XCTest

/// The CLI tests cannot pass in CI without running: there a missing binary fails them instead of skipping them.
final class CommandRunnerTests: XCTestCase {
    /// The suite's one rule for a missing prerequisite (`MissingPrerequisite`): it skips only outside CI.
    func testAMissingPrerequisiteSkipsOnlyOutsideCI() {
        XCTAssertTrue(MissingPrerequisite.inCI(["CI": "true"]))
        XCTAssertTrue(MissingPrerequisite.inCI(["CI": "TRUE"]))
        XCTAssertFalse(MissingPrerequisite.inCI([:]))
        XCTAssertFalse(MissingPrerequisite.inCI(["CI": "false"]))
        XCTAssertTrue(MissingPrerequisite.error("x", environment: [:]) is XCTSkip)
    }

    /// A skip outside CI leaves its reason in the file `MOTIONBENCH_SKIP_LOG` names, one line per skip, which is how
    /// `.ci/run` counts skipped tests in a parallel run.
    func testASkipIsRecordedInTheSkipLog() throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("skips-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        _ = MissingPrerequisite.error("no browser\nhere", environment: ["MOTIONBENCH_SKIP_LOG": log])
        _ = MissingPrerequisite.error("no valgrind", environment: ["MOTIONBENCH_SKIP_LOG": log])
        XCTAssertEqual(try String(contentsOfFile: log, encoding: .utf8), "no browser here\nno valgrind\n")
    }

    func testBinaryIsFoundBesideTheTestBundle() throws {
        // swift test builds motionbench into the same .build/<configuration>/ folder as the test bundle (the test
        // target depends on it); this skips outside CI when it is missing, and fails in CI.
        let binary = try CommandRunner.executable
        let bundleFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        XCTAssertTrue(bundleFolder.path.hasPrefix(binary.deletingLastPathComponent().path), "\(binary.path) vs \(bundleFolder.path)")
        XCTAssertEqual(try CommandRunner.run(["--version"]).status, 0)
    }
}
