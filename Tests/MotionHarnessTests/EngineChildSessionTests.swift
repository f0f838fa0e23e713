import Foundation
@testable import MotionHarness
import XCTest

/// The parent's side of every engine child: the job reaches the child as a file that exists while it runs and is gone
/// after; the reply is decoded from the last line; a reply that does not decode, an exit status, a timeout and a
/// signal are each one message naming the engine (the library's path until it has named itself).
final class EngineChildSessionTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("child-session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    /// A stand-in child: a shell script whose body runs with the session's arguments (`$1` the command, `$2 $3` or
    /// `$3 $4` the job option and file).
    func child(_ body: String) throws -> EngineChildSession {
        let path = directory.appendingPathComponent("child-\(UUID().uuidString).sh").path
        try "#!/bin/sh\n\(body)\n".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o755)
        var session = EngineChildSession(executable: path, library: "/x/libmine.so", timeout: 2)
        session.memory = nil
        return session
    }

    let request = EngineJob.Request.workload(EngineWorkloadRequest(
        name: "engine:mine/s/10", scenario: ScenarioSource(source: "s", json: "{}"), layers: 10, frames: 5))

    func testTheJobIsAFileWhileTheChildRunsAndTheReplyIsItsLastLine() throws {
        let record = directory.appendingPathComponent("seen.json").path
        // The child copies the job it was given, prints a stray line, then its reply.
        let session = try child("""
            test "$1" = _workload && test "$2" = engine:mine/s/10 && test "$3" = --job || exit 9
            cp "$4" \(record) && echo "$4" > \(record).path
            echo 'a stray line'
            echo '{"workload": "engine:mine/s/10", "cpuSeconds": 0.25, "checksum": 3}'
            """)
        let reply = try session.run(request, replying: EngineWorkloadReply.self)
        XCTAssertEqual(reply, EngineWorkloadReply(workload: "engine:mine/s/10", cpuSeconds: 0.25, checksum: 3))
        let job = try EngineJob.read(path: record)
        XCTAssertEqual(job.library, "/x/libmine.so")
        XCTAssertEqual(job.request, request)
        XCTAssertNotNil(job.heartbeat)
        let jobPath = try String(contentsOfFile: record + ".path", encoding: .utf8).trimmingCharacters(in: .newlines)
        XCTAssertFalse(FileManager.default.fileExists(atPath: jobPath), "the job file is removed after the child")
        XCTAssertFalse(FileManager.default.fileExists(atPath: job.heartbeat ?? ""), "the heartbeat file too")
    }

    func testAReplyThatDoesNotDecodeIsMalformedQuotingItsStart() throws {
        let session = try child(#"echo '{"workload": "w", "cpuSeconds": "fast"}'"#)
        XCTAssertThrowsError(try session.run(request, replying: EngineWorkloadReply.self)) { error in
            XCTAssertTrue("\(error)".hasPrefix("engine /x/libmine.so: its child process exited normally but its reply is "
                                               + "malformed"), "\(error)")
            XCTAssertTrue("\(error)".contains(#"it starts {"workload": "w", "cpuSeconds": "fast"}"#), "\(error)")
        }
        XCTAssertThrowsError(try session.run(request, replying: EngineWorkloadReply.self)) { error in
            XCTAssertTrue("\(error)".contains("malformed"), "\(error)")
        }
        let silent = try child("exit 0")
        XCTAssertThrowsError(try silent.run(request, replying: EngineWorkloadReply.self)) { error in
            XCTAssertTrue("\(error)".contains("it starts (nothing)"), "\(error)")
        }
    }

    func testAnExitStatusATimeoutAndASignalAreEachNamed() throws {
        let failing = try child("echo 'first' >&2; echo 'it went wrong' >&2; exit 3")
        XCTAssertThrowsError(try failing.run(request, replying: EngineWorkloadReply.self)) { error in
            XCTAssertEqual("\(error)", "engine /x/libmine.so: the child process exited with status 3: first / it went wrong")
        }
        var hanging = try child("sleep 30")
        hanging.timeoutOption = "--timeout"
        XCTAssertThrowsError(try hanging.run(request, replying: EngineWorkloadReply.self)) { error in
            XCTAssertTrue("\(error)".hasPrefix("engine /x/libmine.so: did not finish within 2 s and was stopped"), "\(error)")
            XCTAssertTrue("\(error)".contains("(raise the limit with --timeout)"), "\(error)")
        }
        let crashing = try child("kill -SEGV $$")
        XCTAssertThrowsError(try crashing.run(request, replying: EngineWorkloadReply.self)) { error in
            XCTAssertTrue("\(error)".hasPrefix("engine /x/libmine.so: crashed with signal 11 (SIGSEGV)"), "\(error)")
        }
    }
}
