import Foundation
import MotionCore
import MotionHarness
import MotionOutput
import MotionSupport

/// Timing a gate workload in a child process (`motionbench _workload NAME`), and the machine state around it.
extension PerformanceGate {
    /// This process's executable (/proc/self/exe).
    package static var currentExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// Times each workload process's loop this many times and keeps the smallest (see `GateWorkload.run(repeats:)`).
    /// Measured on this VM: a fresh process runs its first passes about 35% slower (0.096 s against 0.070 s on
    /// bezier-presets: frequency ramp, page faults, cold predictors); the minimum of 3 passes still landed in the slow
    /// state in most processes, the minimum of 10 within ±3% in every one.
    package static let timingRepeats = 10

    /// Runs `_workload NAME --repeats R` in a child process of `executable` and returns its CPU seconds (R = 1 runs a
    /// single pass without the option, for builds that predate it). An engine's workload under this build goes
    /// through its `EngineChildSession` (job, heartbeat, limits, and a death named with the call under way).
    /// - Throws: `GateInputError` when the binary does not run or prints something unexpected.
    package static func cpuSeconds(_ executable: String, _ workload: GateWorkload, repeats: Int = timingRepeats,
                                  limits: ChildProcess.Limits = .standard) throws -> Double {
        if let job = workload.engineJob, case .workload(var request) = job.request, executable == currentExecutable {
            var session = EngineChildSession(executable: executable, library: job.library, timeout: limits.timeout)
            (session.timeoutOption, session.memory) = ("--timeout", limits.memory)
            (request.repeats, request.guarded) = (repeats, true)
            let reply: EngineWorkloadReply
            do {
                reply = try session.run(.workload(request), replying: EngineWorkloadReply.self)
            } catch {
                throw GateInputError(message: "FAILED \(workload.name): \(error.message) (library \(job.library))")
            }
            if let failure = reply.failure {
                throw GateInputError(message: "FAILED \(workload.name): \(failure) (library \(job.library))")
            }
            return try checkedSeconds(reply.cpuSeconds ?? 0, executable, workload)
        }
        let (arguments, _) = try workload.childCommand(for: executable, repeats: repeats)
        // An engine's crash is the engine's: its signal is named, without a Swift backtrace of motionbench's frames.
        let engine = workload.engineJob != nil
        let output = try ChildProcess.run(executable, arguments, limits: limits,
                                          environment: engine ? ["SWIFT_BACKTRACE": "enable=no"] : [:])
        if engine, !output.stoppedDescendants.isEmpty || !output.survivingDescendants.isEmpty {
            throw GateInputError(message: "FAILED \(workload.name): its child process (\(executable) _workload) "
                                 + ChildProcess.leftBehind(stopped: output.stoppedDescendants,
                                                           survivors: output.survivingDescendants).dropFirst(2))
        }
        if engine, output.status > 128 {
            throw GateInputError(message: "FAILED \(workload.name): its child process (\(executable) _workload) crashed with "
                                 + "signal \(output.status - 128)" + (output.status - 128 == SIGSEGV ? " (SIGSEGV)" : "")
                                 + EngineMemory.note(peak: output.peakDataBytes, limit: limits.memory))
        }
        let reply = output.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
        if output.status == 0, (try? StrictJSON.parse(Data(reply.utf8)) as? [String: Any])?["cpuSeconds"] as? NSNumber == nil {
            throw GateInputError(message: "\(executable) _workload \(workload.name): the child exited normally but its reply is "
                                 + "malformed (no cpuSeconds); it starts "
                                 + (reply.isEmpty ? "(nothing)" : SafeText.quoted(String(reply.prefix(80)), limit: 100))
                                 + (engine ? " (an engine that writes to standard output can garble it)" : ""))
        }
        guard output.status == 0,
              let data = reply.data(using: .utf8),
              let object = try? StrictJSON.parse(data) as? [String: Any],
              let number = object["cpuSeconds"] as? NSNumber
        else {
            throw GateInputError(message: "\(executable) _workload \(workload.name) did not run (exit \(output.status)): "
                                 + SafeText.quoted(String(output.standardError.suffix(300)) + String(output.standardOutput.suffix(200)), limit: 500))
        }
        return try checkedSeconds(number.doubleValue, executable, workload)
    }

    /// `seconds` when it is a number of seconds in (0, `GateBaseline.secondsLimit`], else `GateInputError` naming the
    /// workload's child.
    static func checkedSeconds(_ seconds: Double, _ executable: String, _ workload: GateWorkload) throws -> Double {
        guard seconds > 0, seconds <= GateBaseline.secondsLimit else {
            throw GateInputError(message: "\(executable) _workload \(workload.name) reported cpuSeconds "
                                 + "\(formatOutputNumber(seconds)); expected a number of seconds in (0, \(Int(GateBaseline.secondsLimit))]")
        }
        return seconds
    }

    /// Median, min, max of `count` fresh-process CPU times.
    static func timeStatistics(_ executable: String, _ workload: GateWorkload, count: Int,
                               limits: ChildProcess.Limits) throws -> GateBaseline.TimeStatistics {
        var samples: [Double] = []
        for _ in 0..<count { samples.append(try cpuSeconds(executable, workload, limits: limits)) }
        samples.sort()
        return .init(median: samples[samples.count / 2], min: samples[0], max: samples[samples.count - 1], samples: count)
    }

    /// The 1-minute load average (/proc/loadavg), 0 when unknown.
    package static func loadAverage() -> Double {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").first.flatMap { Double($0) } ?? 0
    }
}
