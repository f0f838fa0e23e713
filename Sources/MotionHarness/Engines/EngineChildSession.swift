import Foundation
import MotionCore
import MotionEngine
import MotionSupport

/// The parent's side of every engine child process (`_engine` for `run`'s frames and `accuracy`'s easing, `_workload`
/// for the gate's engine workloads): it writes the `EngineJob` and a heartbeat file, starts the child within its
/// limits (time, output, memory; guarded where the job says), reads its one-line JSON reply, and turns a death, a
/// timeout, a daemon left behind or a reply that does not decode into one message naming the engine, and the call
/// and frame under way from the heartbeat page. The engine is never loaded in this process.
package struct EngineChildSession: Sendable {
    /// The motionbench executable to run as the child.
    package var executable: String
    /// The engine library's path.
    package var library: String
    /// Seconds the child may take before it is stopped.
    package var timeout: Double
    /// The option that raises `timeout`, named in a timeout's message.
    package var timeoutOption = "--engine-timeout"
    /// The child's data limit in bytes (`EngineMemory`), or nil for none.
    package var memory: UInt64? = UInt64(EngineMemory.defaultMiB) << 20
    /// The option that raises `memory`, named in a failure near it.
    package var memoryOption = "--engine-memory"
    /// The most bytes the child may print before it is stopped.
    package var outputLimit = 1 << 24

    /// A session for the engine at `library`, run by `executable`, stopped after `timeout` seconds.
    package init(executable: String, library: String, timeout: Double) {
        (self.executable, self.library, self.timeout) = (executable, library, timeout)
    }

    /// The library's file name, shown until the engine has named itself.
    package var label: String { URL(fileURLWithPath: library).lastPathComponent }

    /// Runs `request` in one child process and decodes its reply, the last line it prints.
    /// - Throws: `EngineChildFailure` with the message and what the heartbeat page knew.
    package func run<Reply: Decodable>(_ request: EngineJob.Request, replying: Reply.Type) throws(EngineChildFailure) -> Reply {
        ChildFiles.sweepOnce()  // what a killed motionbench left behind
        let stem = FileManager.default.temporaryDirectory
            .appendingPathComponent("motionbench-job-\(getpid())-\(UUID().uuidString)").path
        let (heartbeat, jobPath) = (stem + ".heartbeat", stem + ".json")
        defer {
            try? FileManager.default.removeItem(atPath: heartbeat)
            try? FileManager.default.removeItem(atPath: jobPath)
        }
        do {
            try EngineJob(library: library, heartbeat: heartbeat, request: request).write(to: jobPath)
        } catch {
            throw EngineChildFailure(message: "engine \(label): \(error.message)", heartbeat: nil)
        }
        var arguments = [request.command]
        if case .workload(let workload) = request { arguments.append(workload.name) }
        arguments += ["--job", jobPath]
        let output: ChildProcess.Output
        do {
            // No Swift backtrace on a crash: the engine's own code crashed, and the heartbeat says where.
            output = try ChildProcess.run(executable, arguments,
                                          limits: ChildProcess.Limits(timeout: timeout, outputLimit: outputLimit, memory: memory),
                                          environment: ["SWIFT_BACKTRACE": "enable=no"], removing: [heartbeat, jobPath],
                                          guarded: request.isGuarded)
        } catch {
            throw failure(heartbeat, stopped(error, heartbeat: heartbeat)
                          + EngineMemory.note(peak: (error as? ChildProcessError)?.peakDataBytes, limit: memory,
                                              option: memoryOption))
        }
        if let leftBehind = Self.leftBehind(output) {
            // An engine must not leave processes behind: the job fails, naming what was stopped.
            throw failure(heartbeat, leftBehind)
        }
        let line = output.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
        if output.status == 0 {
            guard let reply = try? JSONDecoder().decode(Reply.self, from: Data(line.utf8)) else {
                throw failure(heartbeat, Self.malformed(reply: line))
            }
            return reply
        }
        throw failure(heartbeat, ended(output, heartbeat: heartbeat)
                      + EngineMemory.note(peak: output.peakDataBytes, limit: memory, option: memoryOption))
    }

    /// A failure whose message starts "engine NAME: " (the engine's own name once the child has read it).
    private func failure(_ heartbeat: String, _ message: String) -> EngineChildFailure {
        let beat = EngineHeartbeat.read(path: heartbeat)
        return EngineChildFailure(message: "engine \(beat?.name ?? library): \(message)", heartbeat: beat)
    }

    /// Why a child that did not end by itself was stopped: a timeout (with the call and frame under way and any
    /// process it left), output held open by a process the engine started (with the time the child took and how it
    /// exited), a flood of output, or a child that could not be started.
    func stopped(_ error: any Error, heartbeat: String) -> String {
        guard let error = error as? ChildProcessError else { return "\(error)" }
        switch error.reason {
        case .timedOut:
            return "did not finish within \(formatSpecNumber(timeout)) s and was stopped\(Self.callAndFrame(heartbeat)) "
                + "(raise the limit with \(timeoutOption))"
                + (Self.leftBehind(stopped: error.stoppedDescendants, survivors: error.survivingDescendants).map { "; it " + $0 } ?? "")
        case let .outputHeldOpen(status, after):
            return "the child process \(Self.describe(status: status, exited: true)) after \(Self.seconds(error.elapsed)) s, "
                + "but a process it started (the engine forked?) still held its standard output or error open "
                + "\(Self.seconds(after)) s later, and was stopped with it"
        case let .flooded(limit):
            return "printed more than \(limit) bytes and was stopped\(Self.callAndFrame(heartbeat))"
        case .notStarted:
            return error.message
        }
    }

    /// Why a child that ended by itself gave no reply: the engine closed its report channel, a signal (with the call,
    /// the frame and, for a fault on the output buffer's guard page, a hint), or an exit status with the last lines
    /// it printed on standard error.
    func ended(_ output: ChildProcess.Output, heartbeat: String) -> String {
        let beat = EngineHeartbeat.read(path: heartbeat)
        if let beat, !beat.lostStreams.isEmpty {
            return "closed the child's \(beat.lostStreams.names) (the channel its reply is reported on)"
                + (beat.lostDuring.map { " in \($0)" } ?? "")
        }
        let detail = output.status > 128 ? "" : output.standardError.split(separator: "\n").suffix(3).joined(separator: " / ")
        let hint = output.status > 128 && beat?.faultedOnGuardPage == true
            ? " (a write past the output buffer lands on a guard page and stops here: check the precision the descriptor "
                + "declares and each layer's output_offset and output_count)" : ""
        return "\(Self.describe(status: output.status))\(Self.callAndFrame(heartbeat))\(hint)"
            + (detail.isEmpty ? "" : ": \(detail)")
    }

    /// "left N process(es) running after its child ended (…)" when the child's descendants outlived it (re-parented to
    /// this process and stopped), with any that survived SIGKILL; nil when it left none.
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

    /// "its child process exited normally but its reply is malformed (…)", quoting the reply's start: what an engine
    /// that prints on the child's standard output (the channel the reply comes back on) makes of it.
    package static func malformed(reply: String) -> String {
        "its child process exited normally but its reply is malformed: it does not read as a reply; it starts "
            + (reply.isEmpty ? "(nothing)" : SafeText.quoted(String(reply.prefix(80)), limit: 100))
            + " (an engine that writes to standard output can garble it)"
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
}

/// An engine child that gave no reply: the message (starting "engine NAME: ") and what its heartbeat page last said
/// (the engine's name, layers and precision), which a failed row shows. Like every engine failure it ends a command
/// with exit status 2.
package struct EngineChildFailure: MotionBenchError {
    /// The whole message.
    package var message: String
    /// The heartbeat page's last record, or nil when there was none.
    let heartbeat: EngineHeartbeat.Beat?
    /// The message.
    package var description: String { message }
}
