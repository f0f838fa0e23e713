import MotionGate
import MotionSupport
import ArgumentParser
import Foundation
import MotionCore
import MotionHarness
import MotionOutput

/// `motionbench baseline`: records the gate baseline.
struct BaselineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baseline",
        abstract: "Record a performance-gate baseline (JSON, written atomically).",
        discussion: "Workloads:\n\(GateWorkloads.helpList)\n\nInstruction counts "
            + "come from valgrind --tool=callgrind, toggled on each workload's measured loop as the gate counts them "
            + "(exactly repeatable); CPU times from 5 fresh processes."
            + "\n\nEXAMPLES:\n  motionbench baseline --output data/baselines/linux-x86_64-release.json --mode both\n"
            + "  motionbench baseline --output quick.json --workloads bezier-presets,bezier-hard --mode instructions\n"
            + "  motionbench baseline --output data/baselines/linux-x86_64-release.json --workloads NEW --mode both --merge\n")

    @Option(help: "Where to write the baseline.")
    var output: String

    @Option(help: "What to record.")
    var mode: PerformanceGate.Mode = .both

    @Option(help: "Comma-separated workload names (default: all).")
    var workloads: String?

    @Flag(help: "Keep the workloads already in --output and add (or re-record) the selected ones.")
    var merge = false

    @OptionGroup var engine: EngineWorkloadOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds each measured child process may run before it is stopped.",
                                                         valueName: "seconds"))
    var timeout = ChildProcess.Limits.standard.timeout

    @Option(help: FormatOption<RecordedBaseline>.help("What to print once the file is written"))
    var format = FormatOption<RecordedBaseline>(.summary)

    /// Checks the options that need no file (exit 2 with the usage before any work).
    func validate() throws {
        try validatingOptions {
            _ = try GateChildLimits.checked(timeout: timeout, command: "baseline")
            guard engine.basePath == nil else {
                throw BadInput(message: "baseline: --base-engine is for gate (gate --engine HEAD.so --base-engine BASE.so)")
            }
        }
    }

    func run() throws {
        let destination = try OutputFile(checking: output)
        let limits = try GateChildLimits.checked(timeout: timeout, command: "baseline", memory: try engine.memory.bytes())
        let status = StatusLine()
        if engine.path != nil { status.show("baseline: checking the engine in a child process") }
        let selected: [GateWorkload]
        do { selected = try engine.selection(workloads: workloads, limits: limits) } catch {
            status.clear()
            throw error
        }
        let report = try PerformanceGate.record(BaselinePlan(workloads: selected, mode: mode, path: output, merge: merge,
                                                             limits: limits), progress: status.show)
        status.clear()
        try destination.write(try report.baseline.encoded())
        print(try format.render(report), terminator: "")
    }
}

/// `motionbench gate`: the CI performance gate.
struct GateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gate",
        abstract: "Fail the build on a real performance regression, not on noise.",
        discussion: """
            Workloads:
            \(GateWorkloads.helpList)

            Instruction counts cover each workload's measured loop only (callgrind, toggled on the measured region), \
            so start-up and code no workload runs move no count.

            Against a baseline file (--baseline): instruction mode fails a workload whose instructions rise more than \
            --max-increase (default 2%) and warns from 0.5%; time mode only reports. A workload the baseline does not hold is \
            not compared: the output names it with the command that records it (baseline --merge), and the others are \
            compared.

            Against a base build of an engine (--engine HEAD.so --base-engine BASE.so): both libraries run under this \
            motionbench, in child processes, on the same --scenario, --layers and --frames; the instructions of their \
            frame calls decide, and paired CPU-time rounds are reported beside them.

            Against a base build of motionbench (--against): with --instructions, both builds' counts decide (the recommended CI \
            recipe: PASS or FAIL, never exit 3) and paired timing is reported beside them. Timing is sequential: each \
            round runs every undecided workload in both builds as separate processes in random order, r = this/base; \
            after each round a 99% interval on the median of r decides PASS (wholly at or below 1 + \
            --max-time-increase, default 5%) or FAIL (wholly above); rounds stop when all are decided, at --rounds, or \
            at --time-budget. Without --instructions timing decides, and what is undecided is INCONCLUSIVE (exit 3).

            Exit codes: 0 pass (or warn), 1 regression, 2 bad input or setup, 3 inconclusive.

            EXAMPLES:
              motionbench gate --baseline data/baselines/linux-x86_64-release.json
              motionbench gate --against ../base/.build/release/motionbench --instructions --format markdown
              motionbench gate --baseline base.json --format junit > gate.xml
              motionbench gate --engine head/libmine.so --base-engine base/libmine.so --format markdown
            """)

    @Option(help: "Baseline file to compare with.")
    var baseline: String?

    @Option(help: "Base build's motionbench binary for the paired comparison.")
    var against: String?

    @Option(help: "With --baseline: instructions (decides) or time (report only); both is for baselines.")
    var mode: PerformanceGate.Mode = .instructions

    @Option(parsing: .unconditional, help: "Largest allowed increase in instructions, in percent (default 2).")
    var maxIncrease: String?

    @Option(parsing: .unconditional, help: "With --against or --base-engine: the CPU-time ratio increase the timing rule tests, in percent (default 5).")
    var maxTimeIncrease: String?

    @Option(help: "Comma-separated workload names (default: all).")
    var workloads: String?

    @Option(parsing: .unconditional, help: "With --against or --base-engine: the most timing rounds per workload.")
    var rounds = 30

    @Option(parsing: .unconditional, help: ArgumentHelp("With --against or --base-engine: seconds the timing phase may take (0 skips timing).",
                                                         valueName: "seconds"))
    var timeBudget = 110.0

    @Flag(help: "With --against: compare the two builds' instruction counts; they decide, timing is reported beside them.")
    var instructions = false

    @OptionGroup var engine: EngineWorkloadOptions

    @Option(help: "Comparing across compilers.")
    var toolchainMismatch: ToolchainMismatch = .warn

    @Flag(help: "With --baseline and --engine: when the baseline measured other frames or threads, compare instructions per layer-frame (a note lists the differences); another scenario or engine stays refused (exit 2).")
    var allowMismatch = false

    @Option(help: FormatOption<PerformanceGate.Outcome>.help)
    var format = FormatOption<PerformanceGate.Outcome>(.table)

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds each measured child process may run before it is stopped.",
                                                         valueName: "seconds"))
    var timeout = ChildProcess.Limits.standard.timeout

    /// Checks the options that need no file (exit 2 with the usage before any work).
    func validate() throws {
        try validatingOptions {
            _ = try GateChildLimits.checked(timeout: timeout, command: "gate")
            try options.check()
        }
    }

    /// The comparison's options as given, for MotionGate's checks.
    var options: GateOptions {
        GateOptions(baseline: baseline, against: against, baseEngine: engine.basePath != nil, workloads: workloads, mode: mode,
                    maxIncrease: maxIncrease, maxTimeIncrease: maxTimeIncrease, rounds: rounds, timeBudget: timeBudget,
                    instructions: instructions)
    }

    func run() throws {
        let limits = try GateChildLimits.checked(timeout: timeout, command: "gate", memory: try engine.memory.bytes())
        let status = StatusLine()
        if engine.path != nil { status.show("gate: checking the engine in a child process") }
        let plan: GatePlan
        do {
            plan = GatePlan(options: options, workloads: try engine.selection(workloads: workloads, limits: limits),
                            baseEngine: try engine.baseWorkload(limits: limits),
                            failOnToolchainMismatch: toolchainMismatch == .fail, allowMismatch: allowMismatch, limits: limits)
        } catch {
            status.clear()
            throw error
        }
        let outcome = try PerformanceGate.run(plan, progress: status.show)
        status.clear()
        print(try format.render(outcome), terminator: "")
        let code = outcome.verdict.exitCode
        if code != 0 { throw ExitCode(code) }
    }
}

/// `gate --toolchain-mismatch`: what a baseline recorded with another compiler does to the verdict.
enum ToolchainMismatch: String, ExpressibleByArgument, CaseIterable {
    case fail, warn
}

extension PerformanceGate.Mode: ExpressibleByArgument {}
