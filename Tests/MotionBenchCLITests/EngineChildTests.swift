import Foundation
import XCTest

/// Every command loads an engine only in a child process: a crash anywhere (a library constructor, the entry point, the
/// descriptor, create, the frames, destroy) is a FAILED message naming the engine (its path until it has named itself),
/// the call and the signal, with exit 2, in `run` and in `baseline --engine` / `gate --engine`; a killed `run` leaves no
/// engine process and no heartbeat file behind; and each failure's message names its real cause.
final class EngineChildTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("engine-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    func engine(_ mode: String) throws -> String {
        try TestEngines.build("broken_engine.c", name: "broken-\(mode.lowercased())",
                              defines: ["MODE=MODE_\(mode)", "ENGINE_NAME=\"broken-\(mode.lowercased())\""], in: directory)
    }

    /// `run` of mixed on 400 layers, 8 frames, with `mode`'s engine only.
    func run(_ mode: String, timeout: Int = 20) throws -> CommandResult {
        try CommandRunner.run(["run", "--layers", "400", "--frames", "8", "--engine", try engine(mode),
                               "--engine-timeout", "\(timeout)", "--details"])
    }

    /// Asserts exit 2, the parts in standard error, no Swift backtrace, and a FAILED row labelled `row`.
    func assertFailed(_ result: CommandResult, row: String, saying parts: [String], not absent: [String] = [],
                      file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(result.status, 2, result.standardError, file: file, line: line)
        for part in parts {
            XCTAssertTrue(result.standardError.contains(part), "missing '\(part)' in:\n\(result.standardError)", file: file, line: line)
        }
        for part in absent + ["Backtrace", "💣", "Fatal error"] {
            XCTAssertFalse((result.standardOutput + result.standardError).contains(part), "'\(part)' in:\n"
                           + result.standardOutput + result.standardError, file: file, line: line)
        }
        XCTAssertTrue(result.standardOutput.split(separator: "\n").contains { $0.hasPrefix(row + " ") && $0.contains("FAILED") },
                      result.standardOutput, file: file, line: line)
    }

    func testConstructorCrashIsAFailedRowNamingDlopen() throws {
        assertFailed(try run("CONSTRUCTOR_CRASH"), row: "libbroken-constructor_crash.so",
                     saying: ["libbroken-constructor_crash.so: crashed with signal 11 (SIGSEGV) in dlopen"])
    }

    func testEntryPointCrashIsAFailedRowNamingTheEntryPoint() throws {
        assertFailed(try run("ENTRY_CRASH"), row: "libbroken-entry_crash.so",
                     saying: ["crashed with signal 11 (SIGSEGV) in motionbench_engine_entry"], not: ["returned NULL"])
    }

    func testSixtyFourBitABIVersionIsRejectedBeforeTheNameIsRead() throws {
        assertFailed(try run("ABI64"), row: "libbroken-abi64.so",
                     saying: ["libbroken-abi64.so: the descriptor's first two 32-bit fields read abi_version 1, precision 0",
                              "abi_version must be a uint32_t"],
                     not: ["crashed", "dlopen/motionbench_engine_entry"])
    }

    func testDestroyCrashNamesDestroy() throws {
        assertFailed(try run("DESTROY_CRASH"), row: "broken-destroy_crash",
                     saying: ["engine broken-destroy_crash: crashed with signal 11 (SIGSEGV) in destroy"])
    }

    func testNullWriteGetsNoGuardPageHint() throws {
        let result = try run("CRASH")
        assertFailed(result, row: "broken-crash", saying: ["SIGSEGV", "in evaluate_frame at frame 3"], not: ["guard page"])
    }

    func testForkedProcessHoldingTheOutputIsNamedWithTheRealElapsedTime() throws {
        let started = Date()
        let result = try run("FORKS", timeout: 60)
        XCTAssertLessThan(Date().timeIntervalSince(started), 45)
        assertFailed(result, row: "broken-forks",
                     saying: ["engine broken-forks: the child process exited with status 0 after ",
                              "but a process it started (the engine forked?) still held its standard output or error open",
                              "was stopped"],
                     not: ["did not finish within"])
    }

    func testClosedOutputAndErrorAreNamedAsTheLostReportChannel() throws {
        assertFailed(try run("CLOSES_OUTPUT"), row: "broken-closes_output",
                     saying: ["engine broken-closes_output: closed the child's standard output and standard error "
                              + "(the channel its reply is reported on) in destroy"],
                     not: ["exited with status 0"])
    }

    func testLoadFailureAfterTheNameIsKnownShowsTheName() throws {
        assertFailed(try run("NO_KINDS"), row: "broken-no_kinds", saying: ["engine broken-no_kinds: supported_kinds names no kind"])
    }

    func testFailedRowRightAlignsTheCostColumn() throws {
        let good = try engine("NONE"), broken = try engine("CRASH")
        let result = try CommandRunner.run(["run", "--layers", "400", "--frames", "8", "--engine", broken, "--engine", good,
                                            "--engine-timeout", "20", "--details"])
        XCTAssertEqual(result.status, 2, result.standardError)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let header = try XCTUnwrap(lines.first { $0.hasPrefix("engine ") && $0.contains("ns/layer/frame") })
        let end = try XCTUnwrap(header.range(of: "ns/layer/frame")).upperBound.utf16Offset(in: header)
        let failed = try XCTUnwrap(lines.first { $0.hasPrefix("broken-crash ") })
        XCTAssertEqual(try XCTUnwrap(failed.range(of: "FAILED")).upperBound.utf16Offset(in: failed), end,
                       "\(header)\n\(failed)")
        let row = try XCTUnwrap(lines.first { $0.hasPrefix("broken-none ") })
        let cell = row.prefix(end).split(separator: " ").last.map(String.init) ?? ""
        XCTAssertNotNil(Double(cell), "the good row's cost ends at the same column:\n\(header)\n\(row)")
    }

    /// `accuracy --engine` loads the engine in its probe child: a constructor crash and closed standard streams are
    /// named there too (exit 2).
    func testAccuracyProbeNamesDlopenAndTheLostReportChannel() throws {
        let springs = directory.appendingPathComponent("springs.json")
        try Data(#"["spring(mass: 1, stiffness: 100, damping: 10)"]"#.utf8).write(to: springs)
        for (mode, part) in [("CONSTRUCTOR_CRASH", "libbroken-constructor_crash.so: crashed with signal 11 (SIGSEGV) in dlopen"),
                             ("CLOSES_OUTPUT", "engine broken-closes_output: closed the child's standard output and standard "
                                + "error (the channel its reply is reported on) in destroy")] {
            let result = try CommandRunner.run(["accuracy", "--engine", try engine(mode), "--curves", "hard", "--samples", "101",
                                                "--search-rounds", "1", "--springs", springs.path])
            XCTAssertEqual(result.status, 2, result.standardError)
            XCTAssertTrue(result.standardError.contains(part), "missing '\(part)' in:\n\(result.standardError)")
            XCTAssertFalse(result.standardError.contains("Backtrace"), result.standardError)
        }
    }

    /// `baseline --engine` and `gate --engine` load the engine only in child processes: each broken engine is a FAILED
    /// message with exit 2, naming the call, the signal and the library, and motionbench itself never crashes.
    func testBaselineAndGateLoadTheEngineOnlyInAChild() throws {
        let baseline = directory.appendingPathComponent("baseline.json").path
        let cases: [(mode: String, parts: [String])] = [
            ("CONSTRUCTOR_CRASH", ["FAILED", "libbroken-constructor_crash.so", "crashed with signal 11 (SIGSEGV) in dlopen"]),
            ("ENTRY_CRASH", ["FAILED", "crashed with signal 11 (SIGSEGV) in motionbench_engine_entry"]),
            ("ABI64", ["FAILED", "abi_version 1, precision 0"]),
            ("CRASH", ["FAILED", "engine broken-crash: crashed with signal 11 (SIGSEGV) in evaluate_frame at frame 3"]),
            ("DESTROY_CRASH", ["FAILED", "engine broken-destroy_crash: crashed with signal 11 (SIGSEGV) in destroy"]),
            ("NAN", ["FAILED", "engine broken-nan", "is nan at frame"]),
            ("HANG", ["FAILED", "engine broken-hang: did not finish within 5 s", "in evaluate_frame at frame 3"]),
        ]
        for (mode, parts) in cases {
            let path = try engine(mode)
            let workload = ["--engine", path, "--scenario", "fade", "--layers", "400", "--frames", "8", "--timeout", "5"]
            for arguments in [["baseline", "--output", baseline, "--mode", "time"] + workload,
                              ["gate", "--baseline", baseline, "--mode", "time"] + workload] {
                let result = try CommandRunner.run(arguments)
                XCTAssertEqual(result.status, 2, "\(arguments[0]) \(mode): \(result.standardError)")
                for part in parts {
                    XCTAssertTrue(result.standardError.contains(part), "\(arguments[0]) \(mode): missing '\(part)' in:\n"
                                  + result.standardError)
                }
                XCTAssertFalse(result.standardError.contains("Backtrace"), result.standardError)
                // The library is named, which tells head from base when both engines have one name.
                XCTAssertTrue(result.standardError.contains("(library \(path))"), result.standardError)
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: baseline))
    }

    /// `run` killed with SIGTERM (a CI timeout) while its engine hangs: 2 s later no engine child is alive and the
    /// heartbeat file is gone.
    func testKilledRunLeavesNoEngineProcessAndNoHeartbeat() throws {
        let hang = try engine("HANG")
        let temporary = directory.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = try CommandRunner.executable
        process.arguments = ["run", "--layers", "400", "--frames", "8", "--engine", hang, "--engine-timeout", "300"]
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary.path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // Wait until the engine child hangs in evaluate_frame (its heartbeat file exists and its process runs).
        var children: [pid_t] = []
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            children = Self.processes { $0.contains("_engine --job \(temporary.path)") }
            let beats = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
            if !children.isEmpty, beats.contains(where: { $0.hasPrefix("motionbench-job-") }) { break }
            usleep(100_000)
        }
        XCTAssertFalse(children.isEmpty, "the engine child never started")
        sleep(1)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(process.terminationStatus, SIGTERM)
        sleep(2)
        let alive = children.filter { Self.isAlive($0) }
        alive.forEach { kill($0, SIGKILL) }
        XCTAssertEqual(alive, [], "engine children outlived the killed run")
        XCTAssertEqual(Self.processes { $0.contains("_engine --job \(temporary.path)") }.filter { Self.isAlive($0) }, [])
        let left = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        XCTAssertEqual(left.filter { $0.hasPrefix("motionbench-job-") }, [], "heartbeat files left behind")
    }

    /// The pids whose command line (arguments joined by spaces) satisfies `matches`.
    static func processes(_ matches: (String) -> Bool) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry), let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return nil }
            let line = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\0", with: " ")
            return matches(line) ? pid : nil
        }
    }

    /// Whether `pid` exists and is not a zombie.
    static func isAlive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return !stat[close...].dropFirst(2).hasPrefix("Z")
    }
}
