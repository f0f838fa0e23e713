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

    func testBinaryIsFoundWhereSwiftTestBuildsIt() throws {
        // swift test builds motionbench beside the test bundle (the test target depends on it).
        guard CommandRunner.failsWhenMissing(ProcessInfo.processInfo.environment) else {
            _ = try CommandRunner.executable  // Skips when it is missing outside CI.
            return
        }
        XCTAssertNoThrow(try CommandRunner.executable)
    }
}
