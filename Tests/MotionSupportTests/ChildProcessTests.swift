import MotionSupport
import Foundation
import XCTest

/// `ChildProcess`: a time limit, a cap on output, an empty standard input, and a message for each way a child goes wrong.
final class ChildProcessTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = try temporaryFolder(for: self, "child")
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

    func testStandardInputIsEmptyAndHashingIsDeterministic() throws {
        // `cat` would wait forever on an inherited terminal or pipe; on an empty input it ends at once.
        let output = try ChildProcess.run(try script("cat; echo \"seed=$SWIFT_DETERMINISTIC_HASHING\""), [],
                                          limits: .init(timeout: 60))
        XCTAssertEqual(output.standardOutput, "seed=1\n")
    }

    func testArgumentsArePassedAsGiven() throws {
        let output = try ChildProcess.run(try script("printf '%s|' \"$@\""), ["a b", "", "--x"])
        XCTAssertEqual(output.standardOutput, "a b||--x|")
    }

    func testSignalledChildReportsItsSignal() throws {
        let output = try ChildProcess.run(try script("kill -KILL $$"), [])
        XCTAssertEqual(output.status, 128 + SIGKILL)
    }

    func testMissingExecutableIsAnInputError() throws {
        assertThrows("cannot run \(directory)/missing") {
            _ = try ChildProcess.run(directory + "/missing", [])
        }
        XCTAssertThrowsError(try ChildProcess.run(directory + "/missing", [])) { error in
            XCTAssertEqual((error as? ChildProcessError)?.exitCode, 2)
        }
    }

    func testChildLeavingItsOutputOpenIsReported() throws {
        // The script exits at once, but its background sleep holds standard output open.
        assertThrows("left a process holding its output open") {
            _ = try ChildProcess.run(try script("sleep 30 &"), [], limits: .init(timeout: 60))
        }
    }
}
