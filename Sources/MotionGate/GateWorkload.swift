import Foundation
import MotionCore

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
    /// Arguments after the name that the child process needs to rebuild the workload (an engine's path, scenario and
    /// layer count); empty for the built-in workloads.
    package let arguments: [String]
    /// For an engine workload built in the parent (`GateWorkload.engine(path:…)`): its frames, threads and the library's
    /// identity, which a baseline stores and a gate checks. Nil for built-in workloads and in the child process.
    package var engineKey: EngineWorkloadKey?

    /// A workload named `name` that runs `body` (set-up, then one `timed` measured loop); a child process runs it as
    /// `_workload NAME ARGUMENTS…`.
    package init(name: String, summary: String, arguments: [String] = [],
                body: @escaping @Sendable (inout SplitMix64) throws -> Run) {
        (self.name, self.summary, self.arguments, self.body) = (name, summary, arguments, body)
    }

    /// The child process's arguments that run this workload: `_workload NAME ARGUMENTS…`.
    package var commandLine: [String] { ["_workload", name] + arguments }

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
