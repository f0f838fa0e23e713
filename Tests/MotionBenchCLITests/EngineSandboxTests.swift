import Foundation
import XCTest

/// The engine host's sandbox: an engine that moves its child into motionbench's own process group and hangs is still
/// stopped at its timeout; a double-forked `setsid` daemon is re-parented to the engine child's guardian, then to
/// motionbench (the child subreaper), stopped, and named in a FAILED row, and it dies with motionbench when
/// motionbench is stopped by SIGTERM or killed by SIGKILL. Each engine writes the pids that must not survive into a file, and the test
/// checks they are gone.
final class EngineSandboxTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        // Whatever a failed assertion left alive is stopped here, so that a failing test does not leave it running.
        for pid in pids() { kill(pid, SIGKILL) }
        try? FileManager.default.removeItem(at: directory)
    }

    var pidFile: String { directory.appendingPathComponent("pids.txt").path }

    /// The pids the engine recorded.
    func pids() -> [pid_t] {
        ((try? String(contentsOfFile: pidFile, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { pid_t($0) }
    }

    func engine(_ mode: String) throws -> String {
        try TestEngines.build("broken_engine.c", name: "sandbox-\(mode.lowercased())",
                              defines: ["MODE=MODE_\(mode)", "ENGINE_NAME=\"sandbox-\(mode.lowercased())\"",
                                        "PID_FILE=\"\(pidFile)\""], in: directory)
    }

    /// Whether `pid` is alive and not a zombie.
    func isAlive(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        guard let close = stat.lastIndex(of: ")") else { return false }
        return !stat[stat.index(after: close)...].hasPrefix(" Z")
    }

    func testAnEngineThatJoinsMotionbenchsProcessGroupAndHangsIsStoppedAtItsTimeout() throws {
        let library = try engine("SETPGID_HANG")
        // Before the fix the spinning child was never signalled (only its old group was), and this call did not return.
        let result = try CommandRunner.run(["run", "--layers", "200", "--frames", "4", "--threads", "1", "--engine", library,
                                            "--engine-timeout", "3"])
        XCTAssertEqual(result.status, 2, result.standardOutput + result.standardError)
        XCTAssertTrue(result.standardError.contains("did not finish within 3 s"), result.standardError)
        let recorded = pids()
        XCTAssertFalse(recorded.isEmpty, "the engine recorded its child's pid")
        XCTAssertTrue(recorded.allSatisfy { !isAlive($0) }, "alive: \(recorded.filter(isAlive))")

        // The same engine under accuracy --engine and baseline --engine.
        try? FileManager.default.removeItem(atPath: pidFile)
        let accuracy = try CommandRunner.run(["accuracy", "--curves", "ease", "--samples", "11", "--no-search",
                                              "--engine", library, "--engine-timeout", "3"])
        XCTAssertEqual(accuracy.status, 2, accuracy.standardError)
        XCTAssertTrue(accuracy.standardError.contains("did not finish within 3 s"), accuracy.standardError)
        XCTAssertTrue(pids().allSatisfy { !isAlive($0) }, "alive after accuracy: \(pids().filter(isAlive))")
        try? FileManager.default.removeItem(atPath: pidFile)
        let baseline = try CommandRunner.run(["baseline", "--output", directory.appendingPathComponent("b.json").path,
                                              "--engine", library, "--layers", "200", "--frames", "4", "--timeout", "3"])
        XCTAssertEqual(baseline.status, 2, baseline.standardError)
        XCTAssertTrue(pids().allSatisfy { !isAlive($0) }, "alive after baseline: \(pids().filter(isAlive))")
    }

    func testADoubleForkedDaemonIsStoppedAndTheRowSaysSo() throws {
        let library = try engine("DAEMON")
        let result = try CommandRunner.run(["run", "--layers", "200", "--frames", "4", "--threads", "1", "--engine", library])
        XCTAssertEqual(result.status, 2, result.standardOutput + result.standardError)
        let daemons = pids()
        XCTAssertFalse(daemons.isEmpty, "the daemon recorded its pid")
        XCTAssertTrue(daemons.allSatisfy { !isAlive($0) }, "alive: \(daemons.filter(isAlive))")
        // One daemon per create call (the engine is created for each pass); every one is named. The engine's create
        // returns only once its daemon has written its pid, so the file holds every daemon however busy the machine.
        for part in ["sandbox-daemon", "process(es) running after its child process ended", "stopped: pid"]
            + daemons.map({ "pid \($0)" }) {
            XCTAssertTrue(result.standardError.contains(part), "missing '\(part)' in:\n\(result.standardError)")
        }
        XCTAssertTrue(result.standardOutput.split(separator: "\n").contains { $0.hasPrefix("sandbox-daemon ") && $0.contains("FAILED") },
                      result.standardOutput)
    }

    /// An engine that leaks 50 MB per frame under a 256 MiB `--engine-memory` fails its own child process, not the
    /// machine: exit 2, the message naming the engine, the call, the frame and the limit.
    func testAnEngineThatLeaksEveryFrameIsStoppedByItsMemoryLimit() throws {
        let library = try engine("LEAK")
        let result = try CommandRunner.run(["run", "--layers", "200", "--frames", "60", "--threads", "1", "--engine", library,
                                            "--engine-memory", "256"])
        XCTAssertEqual(result.status, 2, result.standardOutput + result.standardError)
        for part in ["engine sandbox-leak", "in evaluate_frame at frame", "of its 256 MiB memory limit (RLIMIT_DATA",
                     "--engine-memory"] {
            XCTAssertTrue(result.standardError.contains(part), "missing '\(part)' in:\n\(result.standardError)")
        }
        let bad = try CommandRunner.run(["run", "--engine", library, "--engine-memory", "1"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.standardError.contains("--engine-memory 1 must be a whole number of MiB in 64…"), bad.standardError)
    }

    /// `run --format json` (which records the toolchain's version) leaves nothing in an empty TMPDIR: no heartbeat, no
    /// job file, no `TemporaryDirectory.*` from the Swift driver.
    func testARunLeavesTMPDIREmpty() throws {
        let temporary = directory.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let good = try engine("NONE")
        let result = try CommandRunner.run(["run", "--layers", "200", "--frames", "4", "--engine", good, "--format", "json",
                                            "--output", directory.appendingPathComponent("run.json").path],
                                           environment: ["TMPDIR": temporary.path])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), [])
    }

    /// A name that is not UTF-8 is refused under the header's rule, not shown as U+FFFD.
    func testANameThatIsNotUTF8IsRefusedWithTheRule() throws {
        let library = try TestEngines.build("broken_engine.c", name: "latin1", defines: ["MODE=MODE_NONE",
                                                                                         #"ENGINE_NAME="caf\xe9" "-engine""#],
                                            in: directory)
        let result = try CommandRunner.run(["run", "--layers", "100", "--frames", "2", "--engine", library])
        XCTAssertEqual(result.status, 2, result.standardOutput + result.standardError)
        for part in ["not valid UTF-8 (bytes 63 61 66 e9", "1 to 64 characters of UTF-8"] {
            XCTAssertTrue(result.standardError.contains(part), "missing '\(part)' in:\n\(result.standardError)")
        }
        XCTAssertFalse(result.standardOutput.contains("\u{FFFD}"), result.standardOutput)
    }

    /// A crash inside `last_error` (called after a failed frame) is reported as in last_error, not in evaluate_frame.
    func testACrashInLastErrorNamesLastError() throws {
        let library = try engine("LAST_ERROR_CRASH")
        let result = try CommandRunner.run(["run", "--layers", "200", "--frames", "8", "--threads", "1", "--engine", library])
        XCTAssertEqual(result.status, 2, result.standardOutput + result.standardError)
        XCTAssertTrue(result.standardError.contains("SIGSEGV) in last_error at frame 3"), result.standardError)
    }

    /// A line an engine prints on standard output when its library is closed (an `atexit` handler) lands before the
    /// reply: every engine child closes the library before it prints its reply, so `run` and the gate's workload child
    /// both pass. (A reply that does not read is reported as malformed, quoting its start: GateChildProcessTests and
    /// EngineChildSessionTests.)
    func testALineAnEngineForgesAtExitDoesNotReplaceTheReply() throws {
        let library = try engine("FORGED_REPLY")
        let run = try CommandRunner.run(["run", "--layers", "200", "--frames", "4", "--threads", "1", "--engine", library])
        XCTAssertEqual(run.status, 0, run.standardError)
        let result = try CommandRunner.run(["baseline", "--output", directory.appendingPathComponent("b.json").path,
                                            "--engine", library, "--layers", "200", "--frames", "4", "--mode", "time"])
        XCTAssertEqual(result.status, 0, result.standardOutput + result.standardError)
        let written = try String(contentsOf: directory.appendingPathComponent("b.json"), encoding: .utf8)
        XCTAssertTrue(written.contains("engine:sandbox-forged_reply"), written)
    }

    /// `run` with an engine that detaches a `setsid` daemon and then hangs, started in the background; returns once
    /// the daemon has recorded its pid (checked alive), with those pids. The caller stops the process.
    func startRunWithDetachedDaemon() throws -> (process: Process, daemons: [pid_t]) {
        let library = try engine("DAEMON_HANG")
        let process = Process()
        process.executableURL = try CommandRunner.executable
        process.arguments = ["run", "--layers", "200", "--frames", "4", "--threads", "1", "--engine", library,
                             "--engine-timeout", "120"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while pids().isEmpty, Date() < deadline { usleep(50_000) }
        let daemons = pids()
        XCTAssertFalse(daemons.isEmpty, "the daemon recorded its pid")
        XCTAssertTrue(daemons.allSatisfy(isAlive), "the daemon runs while the engine hangs")
        return (process, daemons)
    }

    /// SIGTERM to `run` (a CI job's timeout) while the engine hangs with a daemon it detached: the daemon, re-parented
    /// to the engine child's guardian, is stopped with the child (the guardian gets SIGHUP) before motionbench ends.
    func testSIGTERMToRunStopsTheDaemonTheEngineDetached() throws {
        let (process, daemons) = try startRunWithDetachedDaemon()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        kill(process.processIdentifier, SIGTERM)
        // Bounded waits (Foundation's waitUntilExit would wait for a surviving daemon holding an inherited descriptor).
        let gone = Date().addingTimeInterval(10)
        while daemons.contains(where: isAlive), Date() < gone { usleep(50_000) }
        XCTAssertTrue(daemons.allSatisfy { !isAlive($0) }, "alive after SIGTERM: \(daemons.filter(isAlive))")
        let ended = Date().addingTimeInterval(10)
        while process.isRunning, Date() < ended { usleep(50_000) }
        XCTAssertFalse(process.isRunning, "motionbench ended by the signal")
    }

    /// SIGKILL to `run` (which no handler can see) while the engine hangs with a daemon it detached: the engine's
    /// guardian gets its death signal and stops the worker and the daemon re-parented to it. Before the guardian the
    /// daemon was still alive 10 s after the kill.
    func testSIGKILLToRunLeavesNothingRunning() throws {
        let (process, daemons) = try startRunWithDetachedDaemon()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // The engine's processes: motionbench's children and theirs, found before the kill.
        let engineProcesses = descendants(of: process.processIdentifier)
        XCTAssertFalse(engineProcesses.isEmpty, "motionbench has an engine child")
        kill(process.processIdentifier, SIGKILL)
        let gone = Date().addingTimeInterval(10)
        let watched = daemons + engineProcesses
        while watched.contains(where: isAlive), Date() < gone { usleep(50_000) }
        XCTAssertTrue(watched.allSatisfy { !isAlive($0) }, "alive after SIGKILL: \(watched.filter(isAlive))")
    }

    /// Every descendant of `root` (through `/proc/PID/task/PID/children`).
    func descendants(of root: pid_t) -> [pid_t] {
        var found: [pid_t] = [], pending = [root]
        while let pid = pending.popLast() {
            let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
            let children = text.split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            found += children
            pending += children
        }
        return found
    }
}
