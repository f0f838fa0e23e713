import Foundation
import XCTest

/// The CLI tests cannot pass in CI without running: there a missing binary fails them instead of skipping them.
final class CommandRunnerTests: XCTestCase {
    func testMissingBinaryFailsOnlyInCI() {
        XCTAssertTrue(CommandRunner.failsWhenMissing(["CI": "true"]))
        XCTAssertTrue(CommandRunner.failsWhenMissing(["CI": "TRUE"]))
        XCTAssertFalse(CommandRunner.failsWhenMissing([:]))
        XCTAssertFalse(CommandRunner.failsWhenMissing(["CI": "false"]))
        XCTAssertTrue(CommandRunner.missingBinary(near: "x", environment: [:]) is XCTSkip)
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
