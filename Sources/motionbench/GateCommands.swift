import MotionGate
import MotionSupport
import ArgumentParser
import Foundation
import MotionCore
import MotionHarness
import MotionOutput

/// Parses a percentage given as `2`, `2%` or `2.5%` into a fraction (0.02).
func parsePercent(_ text: String, option: String) throws -> Double {
    let number = text.hasSuffix("%") ? String(text.dropLast()) : text
    guard let value = Double(number), value.isFinite, value >= 0, value <= 1000 else {
        throw BadInput(message: "\(option) '\(text)' must be a percentage such as 2 or 2%")
    }
    return value / 100
}

/// Child-process limits from `--timeout`, or `BadInput` naming the option and its range.
func childLimits(timeout: Double, command: String) throws -> ChildProcess.Limits {
    guard timeout >= 1, timeout <= 86_400 else {
        throw BadInput(message: "\(command): --timeout \(formatOutputNumber(timeout)) must be a number of seconds in 1…86400")
    }
    return ChildProcess.Limits(timeout: timeout)
}

/// `motionbench baseline`: records the gate baseline.
struct BaselineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baseline",
        abstract: "Record a performance-gate baseline (JSON, written atomically).",
        discussion: "Workloads: \(GateWorkload.allCases.map(\.rawValue).joined(separator: ", ")). Instruction counts "
            + "come from valgrind --tool=cachegrind --cache-sim=no (exactly repeatable); CPU times from 5 fresh processes."
            + "\n\nEXAMPLES:\n  motionbench baseline --output data/baselines/linux-x86_64-release.json --mode both\n"
            + "  motionbench baseline --output quick.json --workloads bezier-presets,bezier-hard --mode instructions\n")

    @Option(help: "Where to write the baseline.")
    var output: String

    @Option(help: "What to record.")
    var mode: PerformanceGate.Mode = .both

    @Option(help: "Comma-separated workload names (default: all).")
    var workloads: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds each measured child process may run before it is stopped.",
                                                         valueName: "seconds"))
    var timeout = ChildProcess.Limits.standard.timeout

    func run() throws {
        let destination = try OutputFile(checking: output)
        let selected = try GateWorkload.parseList(workloads)
        let status = StatusLine()
        let limits = try childLimits(timeout: timeout, command: "baseline")
        let baseline = try PerformanceGate.recordBaseline(workloads: selected, mode: mode, limits: limits, progress: status.show)
        status.clear()
        try destination.write(baseline.encoded())
        print("wrote \(output): \(selected.count) workloads, mode \(mode.rawValue)")
    }
}

/// `motionbench gate`: the CI performance gate.
struct GateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gate",
        abstract: "Fail the build on a real performance regression, not on noise.",
        discussion: """
            Against a baseline file (--baseline): instruction mode fails a workload whose instructions rise more than \
            --max-increase (default 2%) and warns from 0.5%; time mode only reports. Against a base binary \
            (--against): base and this build run each workload as separate processes, interleaved in random order \
            for --rounds rounds; r = this/base per round; FAIL if median(r) > 1 + P (default 5%) with IQR(r) < 0.10, \
            INCONCLUSIVE (exit 3) if IQR ≥ 0.10 or the load average exceeds the core count at the start. Exit codes: \
            0 pass, 1 regression, 2 bad input, 3 inconclusive.

            EXAMPLES:
              motionbench gate --baseline data/baselines/linux-x86_64-release.json
              motionbench gate --against ../base/.build/release/motionbench --rounds 20 --instructions --format markdown
              motionbench gate --baseline base.json --format junit > gate.xml
            """)

    @Option(help: "Baseline file to compare with.")
    var baseline: String?

    @Option(help: "Base build's motionbench binary for the paired comparison.")
    var against: String?

    @Option(help: "With --baseline: instructions (decides) or time (report only); both is for baselines.")
    var mode: PerformanceGate.Mode = .instructions

    @Option(parsing: .unconditional, help: "Largest allowed increase in percent (default 2 for instructions, 5 for paired timing).")
    var maxIncrease: String?

    @Option(help: "Comma-separated workload names (default: those the baseline holds, or all with --against).")
    var workloads: String?

    @Option(parsing: .unconditional, help: "Paired rounds.")
    var rounds = 20

    @Flag(help: "With --against: also compare the two binaries' instruction counts (decisive when it fails).")
    var instructions = false

    @Option(help: "Comparing across compilers.")
    var toolchainMismatch: ToolchainMismatch = .warn

    @Option(help: ArgumentHelp("Output format. Dashboard exports: "
                               + ExportFormats.all.map { "\($0.name) (\($0.summary))" }.joined(separator: ", ") + "."))
    var format: GateFormat = .table

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds each measured child process may run before it is stopped.",
                                                         valueName: "seconds"))
    var timeout = ChildProcess.Limits.standard.timeout

    func run() throws {
        let selected = try GateWorkload.parseList(workloads)
        let limits = try childLimits(timeout: timeout, command: "gate")
        let status = StatusLine()
        let outcome: PerformanceGate.Outcome
        switch (baseline, against) {
        case (let path?, nil):
            guard mode != .both else {
                throw BadInput(message: "gate: --mode both is for recording baselines; gate with instructions or time")
            }
            let increase = try maxIncrease.map { try parsePercent($0, option: "gate: --max-increase") } ?? 0.02
            let recorded = try GateBaseline.read(path)
            // Without --workloads, gate what the baseline holds.
            let chosen = workloads == nil ? recorded.recordedWorkloads : selected
            outcome = try PerformanceGate.compare(with: recorded, workloads: chosen, mode: mode,
                                                  maxIncrease: increase, failOnToolchainMismatch: toolchainMismatch == .fail,
                                                  limits: limits, progress: status.show)
        case (nil, let base?):
            guard FileManager.default.isExecutableFile(atPath: base) else {
                throw BadInput(message: "gate: --against '\(base)' is not an executable file "
                               + "(build the base commit with swift build -c release and pass its .build/release/motionbench)")
            }
            guard rounds >= 3, rounds <= 1000 else { throw BadInput(message: "gate: --rounds \(rounds) must be in 3…1000") }
            let increase = try maxIncrease.map { try parsePercent($0, option: "gate: --max-increase") } ?? 0.05
            var generator = SystemRandomNumberGenerator()
            outcome = try PerformanceGate.paired(base: base, workloads: selected, rounds: rounds, maxIncrease: increase,
                                                 instructions: instructions, using: &generator, limits: limits,
                                                 progress: status.show)
        default:
            throw BadInput(message: "gate: give exactly one of --baseline FILE or --against BASE_BINARY")
        }
        status.clear()
        print(PerformanceGate.render(outcome, format: format.rawValue, metadata: format.carriesMetadata ? RunMetadata.current() : nil),
              terminator: "")
        let code = outcome.verdict.exitCode
        if code != 0 { throw ExitCode(code) }
    }
}

/// `gate --format`.
enum GateFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json, markdown
    case bmf, githubBenchmark = "github-benchmark", influx, junit

    /// Whether the output carries run metadata (JSON and the dashboard exports).
    var carriesMetadata: Bool { self != .table && self != .markdown }
}

/// `gate --toolchain-mismatch`: what a baseline recorded with another compiler does to the verdict.
enum ToolchainMismatch: String, ExpressibleByArgument, CaseIterable {
    case fail, warn
}

extension PerformanceGate.Mode: ExpressibleByArgument {}
