import Foundation
import MotionEngine
import MotionSupport

/// Runs an engine under test in a child process (`motionbench _engine`), so that a crash, a hang or a stray write
/// costs only that engine's row: the child loads the library, builds the same workload (same scenario, seed, layer
/// count and clock), measures the engine in-process and prints its row as JSON; the parent turns a signal, a timeout or
/// an exit without a row into a failure naming the engine, the call and the frame (from the child's heartbeat page).
public enum EngineProcess {
    /// What the parent needs to start the child for one engine.
    public struct Request: Sendable {
        /// The engine library's path.
        public var path: String
        /// The motionbench executable to run as the child.
        public var executable: String
        /// The scenario and clock arguments that rebuild the run's workload (`--scenario …`, `--frames …`, …).
        public var workloadArguments: [String]
        /// Seconds the child may take for one layer count before it is stopped.
        public var timeout: Double

        /// A request for the engine at `path`.
        public init(path: String, executable: String, workloadArguments: [String], timeout: Double) {
            (self.path, self.executable, self.workloadArguments, self.timeout) = (path, executable, workloadArguments, timeout)
        }

        /// The library's file name, shown until the engine has named itself.
        public var label: String { URL(fileURLWithPath: path).lastPathComponent }
    }

    /// Measures `request`'s engine on `count` layers in a child process; never throws: a failure is the row's.
    static func run(_ request: Request, count: Int, options: FrameHarness.Options) -> EngineRow {
        let heartbeat = FileManager.default.temporaryDirectory
            .appendingPathComponent("motionbench-heartbeat-\(getpid())-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: heartbeat) }
        var arguments = ["_engine", request.path, "--layers", "\(count)", "--threads", "\(options.threads)",
                         "--repeat", "\(options.repeats)", "--warmup", "\(options.warmupPasses)",
                         "--check-budget", "\(options.checkBudget)", "--heartbeat", heartbeat]
        arguments += request.workloadArguments
        var failed = EngineRow(name: request.label, role: "plug-in")
        failed.path = request.path
        let output: ChildProcess.Output
        do {
            // No Swift backtrace on a crash: the engine's own code crashed, and the heartbeat says where.
            output = try ChildProcess.run(request.executable, arguments,
                                          limits: ChildProcess.Limits(timeout: request.timeout, outputLimit: 1 << 24),
                                          environment: ["SWIFT_BACKTRACE": "enable=no"])
        } catch {
            let place = callAndFrame(heartbeat)
            fillFromHeartbeat(&failed, heartbeat)
            failed.failure = "engine \(failed.name): did not finish within \(request.timeout) s and was stopped\(place) "
                + "(raise the limit with --engine-timeout)"
            return failed
        }
        fillFromHeartbeat(&failed, heartbeat)
        if output.status == 0, let line = output.standardOutput.split(separator: "\n").last,
           let row = try? JSONDecoder().decode(EngineRow.self, from: Data(line.utf8)) {
            return row
        }
        let detail = output.status > 128 ? "" : output.standardError.split(separator: "\n").suffix(3).joined(separator: " / ")
        let beat = EngineHeartbeat.read(path: heartbeat)
        let hint = output.status == 128 + SIGSEGV && beat?.call == EngineHeartbeat.Call.evaluateFrame.name
            ? " (a write past the output buffer lands on a guard page and stops here: check the precision the descriptor "
                + "declares and each layer's output_offset and output_count)" : ""
        failed.failure = "engine \(failed.name): \(describe(status: output.status))\(callAndFrame(heartbeat))\(hint)"
            + (detail.isEmpty ? "" : ": \(detail)")
        return failed
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

    /// A child's exit status in words: a signal by name, or the exit code.
    static func describe(status: Int32) -> String {
        guard status > 128 else { return "the child process exited with status \(status)" }
        let names: [Int32: String] = [SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGABRT: "SIGABRT", SIGFPE: "SIGFPE",
                                      SIGILL: "SIGILL", SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGTRAP: "SIGTRAP"]
        let signal = status - 128
        return "crashed with signal \(signal) (\(names[signal] ?? "signal \(signal)"))"
    }

    /// The child's side: loads the library at `path`, names the engine on stderr, builds `count` layers of the options'
    /// scenario, gives the engine the layers of the kinds it supports, and measures it. A load or create failure is the
    /// row's failure.
    public static func child(path: String, count: Int, options: FrameHarness.Options, heartbeatPath: String?) -> EngineRow {
        let heartbeat = heartbeatPath.flatMap(EngineHeartbeat.init(path:))
        var row = EngineRow(name: URL(fileURLWithPath: path).lastPathComponent, role: "plug-in")
        row.path = path
        do {
            heartbeat?.beat(.loading)
            let library = try PluginLibrary(path: path)
            heartbeat?.record(name: library.descriptor.name)
            let workload = Workload(scenario: options.scenario, count: count, clock: options.clock)
            let selection = EngineSelection(workload: workload, kinds: library.descriptor.supportedKinds)
            row = EngineMeasurement.row(library.descriptor, role: "plug-in", selection: selection)
            row.path = path
            guard selection.count > 0 else {
                row.failure = "engine \(library.descriptor.name): supports none of the scenario's kinds ("
                    + selection.unsupported.map(\.kind).joined(separator: ", ") + ")"
                return row
            }
            heartbeat?.record(layers: selection.count, precisionBytes: library.descriptor.precision.bytes)
            heartbeat?.beat(.create)
            let engine = try PluginEngine(library: library, layers: selection.layers)
            let subject = EngineMeasurement.Subject(engine: engine, count: selection.count,
                                                    workloadIndex: { selection.workloadIndex($0) }, row: row,
                                                    frames: Array(1...options.clock.frames))
            row = EngineMeasurement.measure(subject, workload: workload, options: options, heartbeat: heartbeat)
            heartbeat?.beat(.destroy)
            return row
        } catch {
            row.failure = error.message
            return row
        }
    }
}
