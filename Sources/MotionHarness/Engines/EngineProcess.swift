import Foundation
import MotionCore
import MotionEngine
import MotionSupport

/// Runs an engine under test in a child process (`motionbench _engine`), so that a crash, a hang or a stray write
/// costs only that engine's row: the child loads the library, builds the same workload (same scenario, seed, layer
/// count and clock), measures the engine in-process and prints its row as JSON; the parent turns a signal, a timeout or
/// an exit without a row into a failure naming the engine, the call and the frame (from the child's heartbeat page).
/// Every command that measures an engine (`run`, `baseline` and `gate` with `--engine`, `accuracy --engine`) loads it
/// only in such a child; the child dies with its parent (a death signal), and the parent stops the child's process
/// group and removes the heartbeat file when it is itself stopped (SIGTERM, SIGINT, SIGHUP).
package enum EngineProcess {
    /// What the parent needs to start the child for one engine.
    package struct Request: Sendable {
        /// The engine library's path.
        package var path: String
        /// The motionbench executable to run as the child.
        package var executable: String
        /// The scenario and clock that rebuild the run's workload.
        package var workload: EngineJob.Workload
        /// Seconds the child may take for one layer count before it is stopped.
        package var timeout: Double
        /// The option that raises `timeout`, named in a timeout's message.
        package var timeoutOption = "--engine-timeout"
        /// The child's data limit in bytes (`EngineMemory`), or nil for none.
        package var memory: UInt64? = UInt64(EngineMemory.defaultMiB) << 20
        /// The option that raises `memory`, named in a failure near it.
        package var memoryOption = "--engine-memory"

        /// A request for the engine at `path`.
        package init(path: String, executable: String, workload: EngineJob.Workload, timeout: Double) {
            (self.path, self.executable, self.workload, self.timeout) = (path, executable, workload, timeout)
        }

        /// The library's file name, shown until the engine has named itself.
        package var label: String { URL(fileURLWithPath: path).lastPathComponent }
    }

    /// Measures `request`'s engine on `count` layers in a child process (as `run --engine` does); never throws: a
    /// failure is the row's.
    package static func measure(_ request: Request, count: Int, options: FrameHarness.Options) -> EngineRow {
        run(request, count: count, options: options)
    }

    /// Measures `request`'s engine on `count` layers in a child process; never throws: a failure is the row's.
    static func run(_ request: Request, count: Int, options: FrameHarness.Options) -> EngineRow {
        ChildFiles.sweepOnce()  // what a killed motionbench left behind
        let heartbeat = FileManager.default.temporaryDirectory
            .appendingPathComponent("motionbench-heartbeat-\(getpid())-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: heartbeat) }
        let job = EngineJob(library: request.path, workload: request.workload, layers: count, options: options,
                            heartbeat: heartbeat)
        let arguments = ["_engine", "--job", job.argument]
        var failed = EngineRow(name: request.label, role: .plugIn)
        failed.path = request.path
        let output: ChildProcess.Output
        do {
            // No Swift backtrace on a crash: the engine's own code crashed, and the heartbeat says where.
            output = try ChildProcess.run(request.executable, arguments,
                                          limits: ChildProcess.Limits(timeout: request.timeout, outputLimit: 1 << 24,
                                                                      memory: request.memory),
                                          environment: ["SWIFT_BACKTRACE": "enable=no"], removing: [heartbeat],
                                          guarded: true)
        } catch {
            fillFromHeartbeat(&failed, heartbeat)
            failed.failure = "engine \(messageName(request, heartbeat)): " + stopped(error, heartbeat: heartbeat, timeout: request.timeout,
                                                                  option: request.timeoutOption)
                + EngineMemory.note(peak: (error as? ChildProcessError)?.peakDataBytes, limit: request.memory,
                                    option: request.memoryOption)
            return failed
        }
        fillFromHeartbeat(&failed, heartbeat)
        if let leftBehind = leftBehind(output) {
            // An engine must not leave processes behind: the row fails, naming what was stopped.
            failed.failure = "engine \(messageName(request, heartbeat)): \(leftBehind)"
            return failed
        }
        if output.status == 0 {
            let line = output.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
            do {
                return try JSONDecoder().decode(EngineRow.self, from: Data(line.utf8))
            } catch {
                failed.failure = "engine \(messageName(request, heartbeat)): " + malformed(reply: line)
                return failed
            }
        }
        failed.failure = "engine \(messageName(request, heartbeat)): " + ended(output, heartbeat: heartbeat)
            + EngineMemory.note(peak: output.peakDataBytes, limit: request.memory, option: request.memoryOption)
        return failed
    }

    /// "left N process(es) running after its child ended (a daemon?): …, stopped" when the child's descendants outlived
    /// it (re-parented to this process and stopped), with any that survived SIGKILL; nil when it left none.
    package static func leftBehind(_ output: ChildProcess.Output) -> String? {
        leftBehind(stopped: output.stoppedDescendants, survivors: output.survivingDescendants)
    }

    /// As `leftBehind(_:)`, from the two lists.
    package static func leftBehind(stopped: [String], survivors: [String]) -> String? {
        guard !stopped.isEmpty || !survivors.isEmpty else { return nil }
        return "left \(stopped.count + survivors.count) process(es) running after its child process ended (it forked "
            + "or started a daemon; an engine must not leave processes behind)"
            + (stopped.isEmpty ? "" : "; stopped: " + stopped.prefix(5).joined(separator: ", ") + (stopped.count > 5 ? ", …" : ""))
            + (survivors.isEmpty ? "" : "; still alive after SIGKILL: " + survivors.joined(separator: ", "))
    }

    /// "its child process exited normally but its reply is malformed (…)", quoting the reply's start: what an engine that
    /// prints on the child's standard output (the channel the row comes back on) makes of it.
    package static func malformed(reply: String) -> String {
        "its child process exited normally but its reply is malformed: it does not read as a result row; it starts "
            + (reply.isEmpty ? "(nothing)" : SafeText.quoted(String(reply.prefix(80)), limit: 100))
            + " (an engine that writes to standard output can garble it)"
    }

    /// The engine's name in a message: its own once the child has read it, else the library's path.
    static func messageName(_ request: Request, _ heartbeat: String) -> String {
        EngineHeartbeat.read(path: heartbeat)?.name ?? request.path
    }

    /// Why a child that did not end by itself was stopped: a timeout (with the call and frame under way), output
    /// left open by a process the engine started (with the real time the child took and how it exited), a flood of
    /// output, or a child that could not be started.
    static func stopped(_ error: any Error, heartbeat: String, timeout: Double, option: String = "--engine-timeout") -> String {
        guard let error = error as? ChildProcessError else { return "\(error)" }
        switch error.reason {
        case .timedOut:
            return "did not finish within \(timeout) s and was stopped\(callAndFrame(heartbeat)) "
                + "(raise the limit with \(option))"
                + (leftBehind(stopped: error.stoppedDescendants, survivors: error.survivingDescendants).map { "; it " + $0 } ?? "")
        case let .outputHeldOpen(status, after):
            return "the child process \(describe(status: status, exited: true)) after \(seconds(error.elapsed)) s, but a "
                + "process it started (the engine forked?) still held its standard output or error open \(seconds(after)) s "
                + "later, and was stopped with it"
        case let .flooded(limit):
            return "printed more than \(limit) bytes and was stopped\(callAndFrame(heartbeat))"
        case .notStarted:
            return error.message
        }
    }

    /// Why a child that ended by itself gave no row: the engine closed its report channel, a signal (with the call,
    /// the frame and, for a fault on the output buffer's guard page, a hint), or an exit status with the last lines
    /// it printed on standard error.
    static func ended(_ output: ChildProcess.Output, heartbeat: String) -> String {
        let beat = EngineHeartbeat.read(path: heartbeat)
        if let beat, beat.lostStreams != 0 {
            let streams = beat.lostStreams == 3 ? "standard output and standard error"
                : beat.lostStreams == 1 ? "standard output" : "standard error"
            return "closed the child's \(streams) (the channel its row is reported on)"
                + (beat.lostDuring.map { " in \($0)" } ?? "")
        }
        let detail = output.status > 128 ? "" : output.standardError.split(separator: "\n").suffix(3).joined(separator: " / ")
        let hint = output.status > 128 && beat?.faultedOnGuardPage == true
            ? " (a write past the output buffer lands on a guard page and stops here: check the precision the descriptor "
                + "declares and each layer's output_offset and output_count)" : ""
        return "\(describe(status: output.status))\(callAndFrame(heartbeat))\(hint)" + (detail.isEmpty ? "" : ": \(detail)")
    }

    /// Fills a failed row with what the heartbeat page knows: the engine's name, layers and precision.
    static func fillFromHeartbeat(_ row: inout EngineRow, _ heartbeat: String) {
        guard let beat = EngineHeartbeat.read(path: heartbeat) else { return }
        if let name = beat.name { row.name = name }
        if let precision = beat.precision { (row.layers, row.precision) = (beat.layers, precision) }
    }

    /// " in CALL at frame N (t = T s)" from the heartbeat page, or "".
    static func callAndFrame(_ path: String) -> String {
        guard let beat = EngineHeartbeat.read(path: path) else { return "" }
        return " in \(beat.call)" + (beat.frame > 0 ? " at frame \(beat.frame) (t = \(beat.time) s)" : "")
    }

    /// A child's exit status in words: a signal by name, or the exit code (`exited`: "exited with status N" and
    /// "was ended by signal N (NAME)").
    static func describe(status: Int32, exited: Bool = false) -> String {
        guard status > 128 else { return (exited ? "" : "the child process ") + "exited with status \(status)" }
        let names: [Int32: String] = [SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGABRT: "SIGABRT", SIGFPE: "SIGFPE",
                                      SIGILL: "SIGILL", SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGTRAP: "SIGTRAP"]
        let signal = status - 128
        return (exited ? "was ended by" : "crashed with") + " signal \(signal) (\(names[signal] ?? "signal \(signal)"))"
    }

    /// Seconds with one decimal (0.1 s for less).
    static func seconds(_ value: Double) -> String { String(format: "%.1f", max(value, 0.1)) }

    /// The child's side: loads the library at `path`, names the engine on stderr, builds `count` layers of the options'
    /// scenario, gives the engine the layers of the kinds it supports, and measures it. A load or create failure is the
    /// row's failure (the row named after the engine once it has named itself). When the engine closes the child's
    /// standard output or error, the heartbeat page records it and the child exits with status 3: its row could not
    /// reach the parent.
    package static func child(path: String, count: Int, options: FrameHarness.Options, heartbeatPath: String?) -> EngineRow {
        let heartbeat = heartbeatPath.flatMap(EngineHeartbeat.init(path:))
        heartbeat?.recordFaults()
        let channel = ReportChannel()
        var row = EngineRow(name: URL(fileURLWithPath: path).lastPathComponent, role: .plugIn)
        row.path = path
        var knownName: String?
        do {
            let library = try PluginLibrary(path: path) { stage in
                heartbeat?.record(stage)
                if case let .named(name) = stage { knownName = name }
            }
            library.willCallLastError = { heartbeat?.enter(.lastError) }
            channel.check(during: .dlopen, heartbeat)
            let workload = Workload(scenario: options.scenario, count: count, clock: options.clock)
            let selection = EngineSelection(workload: workload, kinds: library.descriptor.supportedKinds)
            row = EngineMeasurement.row(library.descriptor, role: .plugIn, selection: selection)
            row.path = path
            guard selection.count > 0 else {
                row.failure = "engine \(library.descriptor.name): supports none of the scenario's kinds ("
                    + selection.unsupported.map(\.kind.name).joined(separator: ", ") + ")"
                return row
            }
            heartbeat?.record(layers: selection.count, precisionBytes: library.descriptor.precision.bytes)
            heartbeat?.beat(.create)
            let engine = try PluginEngine(library: library, layers: selection.layers)
            heartbeat?.record(guardPages: engine.guardPage)
            channel.check(during: .create, heartbeat)
            let subject = EngineMeasurement.Subject(engine: engine, count: selection.count,
                                                    workloadIndex: { selection.workloadIndex($0) }, row: row,
                                                    frames: Array(1...options.clock.frames))
            row = EngineMeasurement.measure(subject, workload: workload, options: options, heartbeat: heartbeat)
            channel.check(during: .evaluateFrame, heartbeat)
            heartbeat?.beat(.destroy)
            engine.destroy()
            channel.check(during: .destroy, heartbeat)
            return row
        } catch {
            if let knownName { row.name = knownName }
            row.failure = error.message
            return row
        }
    }
}

/// The child's standard output and error as it started (device and inode of each): an engine that closes or replaces
/// them takes away the channel its row is reported on, which the child notices after each call and records.
struct ReportChannel {
    private let identities: [[UInt64]?]

    init() { identities = [1, 2].map(Self.identity) }

    private static func identity(_ descriptor: Int32) -> [UInt64]? {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? [UInt64(status.st_dev), UInt64(status.st_ino)] : nil
    }

    /// Records which streams changed during `call` and exits with status 3 when any did.
    func check(during call: EngineHeartbeat.Call, _ heartbeat: EngineHeartbeat?) {
        let lost = zip([Int32(1), 2], identities).enumerated()
            .reduce(0) { $0 | (Self.identity($1.element.0) == $1.element.1 ? 0 : 1 << $1.offset) }
        guard lost != 0 else { return }
        heartbeat?.record(lostStreams: lost, during: call)
        exit(3)
    }
}

extension EngineProcess {
    /// Called first by every motionbench child that loads an engine (`_engine`, `_engine-easing`, `_workload`): ties
    /// the child to its parent with a death signal (see `EngineChild.tieToParent`) and sets its memory limit. With
    /// `guarded` (`_engine` and `_engine-easing`, whose parent passes `guarded: true` to `ChildProcess.run`) the engine
    /// then runs in a forked worker under a `ChildGuardian`, so that its descendants die with motionbench even when
    /// motionbench is killed with SIGKILL. (`_workload` is not guarded: under valgrind a second process would write its
    /// own instruction counts.)
    package static func startChild(guarded: Bool) {
        EngineChild.tieToParent()
        EngineMemory.applyInChild()
        if guarded { ChildGuardian.forkWorker() }
    }
}
