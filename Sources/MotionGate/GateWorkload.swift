import Foundation
import MotionCore
import MotionHarness

/// One fixed, seeded, single-threaded workload the CI gate measures (50–200 ms in a release build): a descriptor with
/// its name (a contract: baselines are keyed by it), what it measures, and how to run it. Each workload is one file in
/// `Workloads/` declaring a static descriptor, listed once in `GateWorkloads.all`; parsing, help and tests iterate that
/// registry.
package struct GateWorkload: Sendable, Hashable, CustomStringConvertible {
    /// What one run produced: a checksum (so the work cannot be removed) and the CPU time of the measured part.
    package struct Run: Sendable {
        /// Sum of the outputs.
        package let checksum: Double
        /// Process CPU time of the measured loop, in seconds.
        package let cpuSeconds: Double
    }

    /// The name used on the command line, in baselines and in reports (a contract).
    package let name: String
    /// What the workload measures, in one sentence (shown by `gate --help`).
    package let summary: String
    /// Sets the workload up from the gate's seeded generator and runs its measured loop once through `timed`.
    let body: @Sendable (inout SplitMix64) throws -> Run
    /// For an engine's workload: the job its child process runs (the library and the workload request); nil for the
    /// built-in workloads, which the child rebuilds from their name.
    package let engineJob: EngineJob?
    /// For an engine workload built in the parent (`GateWorkload.engine(path:…)`): its frames, threads and the library's
    /// identity, which a baseline stores and a gate checks. Nil for built-in workloads and in the child process.
    package var engineKey: EngineWorkloadKey?

    /// A workload named `name` that runs `body` (set-up, then one `timed` measured loop); a child process runs it as
    /// `_workload NAME`, or with `engineJob` as `_workload NAME --job FILE`.
    package init(name: String, summary: String, engineJob: EngineJob? = nil,
                body: @escaping @Sendable (inout SplitMix64) throws -> Run) {
        (self.name, self.summary, self.engineJob, self.body) = (name, summary, engineJob, body)
    }

    /// The arguments that run this workload in a child process of `executable`, timed `repeats` times, and the job
    /// file they name (written here; the caller removes it): `_workload NAME` for a built-in; for an engine's workload
    /// `_workload NAME --job FILE` under this build, and the flags every build takes (`--engine PATH --scenario …`)
    /// under another build's binary (`gate --against`'s base, which may predate the job).
    /// - Throws: `GateInputError` when the job file cannot be written.
    package func childCommand(for executable: String, repeats: Int) throws -> (arguments: [String], jobFile: String?) {
        let repeatOption = repeats > 1 ? ["--repeats", "\(repeats)"] : []
        guard let engineJob, case .workload(var request) = engineJob.request else {
            return (["_workload", name] + repeatOption, nil)
        }
        guard executable == PerformanceGate.currentExecutable else {
            return (["_workload", name] + request.commandLineOptions(library: engineJob.library) + repeatOption, nil)
        }
        request.repeats = repeats
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("motionbench-job-\(getpid())-\(UUID().uuidString).json").path
        do {
            try EngineJob(library: engineJob.library, request: .workload(request)).write(to: file)
        } catch {
            throw GateInputError(message: "\(name): \(error.message)")
        }
        return (["_workload", name, "--job", file], file)
    }

    /// The name.
    package var description: String { name }

    /// Workloads are identified by name.
    package static func == (lhs: GateWorkload, rhs: GateWorkload) -> Bool { lhs.name == rhs.name }

    /// Hashes the name.
    package func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// Process CPU time in seconds (CLOCK_PROCESS_CPUTIME_ID).
    static func cpuTime() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }

    /// Runs the workload's measured loop `repeats` times after one setup each and reports the smallest CPU time: a
    /// fresh process's first passes run slow (warm-up) and interference only ever adds time, so the minimum is the
    /// steadiest in-process figure.
    /// - Throws: when the workload cannot be set up (a built-in scenario that no longer reads).
    package func run(repeats: Int) throws -> Run {
        var best = try run()
        for _ in 1..<max(repeats, 1) {
            let next = try run()
            if next.cpuSeconds < best.cpuSeconds { best = next }
        }
        return best
    }

    /// Runs the workload once (setup is not timed), every run from the same seed.
    package func run() throws -> Run {
        var generator = SplitMix64(seed: 0x6761_7465)
        return try body(&generator)
    }

    /// Runs `body` inside the measured region (the only code the instruction count includes) and times it.
    static func timed(_ body: () -> Double) -> Run {
        let start = cpuTime()
        let checksum = MeasuredRegion.run(body)
        return Run(checksum: checksum, cpuSeconds: cpuTime() - start)
    }
}

/// Bad gate input: an unknown workload, a missing or corrupt baseline, a base binary that does not run, valgrind
/// missing (exit code 2).
package struct GateInputError: MotionBenchError, CustomStringConvertible {
    /// What was wrong, with an install hint where one applies.
    package let message: String
    /// The message.
    package var description: String { message }
}
