import Foundation
import MotionSupport

/// Recording a gate baseline: each workload's instructions (valgrind) and fresh-process CPU times.
extension PerformanceGate {
    /// Records a baseline of `workloads` for this binary. With `existing`, the result is that baseline with these
    /// workloads' figures added or replaced (its other workloads and its header kept), so that a workload the baseline
    /// lacks can be recorded without re-recording the others. `executable` is the binary measured (this one by default).
    /// - Throws: `GateInputError` when a measurement fails, or when `existing` was recorded with another toolchain or
    ///   counts whole processes (its counts could not be compared with the new ones).
    package static func recordBaseline(workloads: [GateWorkload], mode: Mode, timeSamples: Int = 5,
                                      limits: ChildProcess.Limits = .standard, mergingInto existing: GateBaseline? = nil,
                                      executable: String = currentExecutable,
                                      progress: (String) -> Void = { _ in }) throws -> GateBaseline {
        if let existing { try checkMergeable(existing) }
        var measurements: [String: GateBaseline.Measurement] = [:]
        for workload in workloads {
            progress("baseline: \(workload.name)")
            var measurement = existing?.workloads[workload.name] ?? GateBaseline.Measurement()
            if mode != .time {
                let count = try InstructionCounter.count(of: executable, workload: workload, scope: .measuredRegion,
                                                         limits: limits)
                (measurement.instructions, measurement.functions) = (count.total, count.profile.truncated())
            }
            if mode != .instructions {
                measurement.cpuSeconds = try timeStatistics(executable, workload, count: timeSamples, limits: limits)
            }
            if let key = workload.engineKey { measurement.engine = key }
            measurements[workload.name] = measurement
        }
        if var merged = existing {
            merged.workloads.merge(measurements) { _, new in new }
            if mode != .time, merged.valgrind == nil { merged.valgrind = InstructionCounter.valgrindVersion }
            return merged
        }
        return newBaseline(measurements, mode: mode)
    }

    /// A baseline of `measurements` with this machine's and this build's header.
    static func newBaseline(_ measurements: [String: GateBaseline.Measurement], mode: Mode) -> GateBaseline {
        let machine = MachineInfo.current
        var baseline = GateBaseline(
            toolchain: Toolchain.current, valgrind: mode != .time ? InstructionCounter.valgrindVersion : nil,
            instructionScope: .measuredRegion,
            machine: .init(cpu: machine.cpu, cores: machine.cores, memoryBytes: machine.memoryBytes),
            timestamp: ISO8601DateFormatter().string(from: Date()), workloads: measurements)
        baseline.toolVersion = ToolVersion.number
        baseline.commit = RunMetadata.gitCommit()
        return baseline
    }

    /// Throws unless new counts can join `existing`: same toolchain, measured-region counts.
    static func checkMergeable(_ existing: GateBaseline) throws {
        guard existing.instructionScope == .measuredRegion else {
            throw GateInputError(message: "the baseline counts whole processes (version \(existing.version)); "
                                 + "re-record it whole instead of merging into it (drop --merge)")
        }
        let current = Toolchain.current
        guard existing.toolchain == current else {
            throw GateInputError(message: "the baseline was recorded with toolchain '\(existing.toolchain)', this build with "
                                 + "'\(current)': its counts and these could not be compared; re-record it whole (drop --merge)")
        }
    }
}
