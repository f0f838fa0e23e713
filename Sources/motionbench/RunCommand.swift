import MotionSupport
import ArgumentParser
import Foundation
import MotionCore
import MotionHarness
import MotionEngine
import MotionGate
import MotionOutput

/// `motionbench run`: the frame harness.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Evaluate thousands to millions of animated layers per frame and report the cost.",
        discussion: """
            Every layer has its own parameters and is evaluated every frame at the frame's timestamp. For each layer \
            count: ns per layer per frame (median over frames), the share of layers mid-animation and ns per active \
            layer, frame-time p50/p99/max, the fraction of the frame budget used at p99, the largest layer count that \
            fits, bytes per layer, peak RSS, and side by side on the same layers and frame times: the naive evaluator \
            (a class-per-layer Core Animation port, an engine like any other, run on at most 100,000 layers at 24 \
            frames and scaled per layer), the \
            shared-timeline comparison (tabulated outputs copied out; only where every layer of an entry shares its \
            parameters, begins on a whole frame and the rate is fixed) and the stream bound (reading every column a \
            frame reads and writing every column it writes, once; the faster of the threads and one thread, left out \
            where it is not below the batch cost). speedupVsNaive = naive / batch; ratioToStream = batch / stream (1 \
            means memory bandwidth is the limit). The largest layer count in budget is one estimate per run, within \
            the measured rows: a least-squares line of p99 frame time over all rows, where it meets the budget, or \
            '≥ N' (the largest row) when every row fits. --repeat N times \
            N passes per layer count after --warmup passes and reports medians with min–max spread. Then, per layer \
            count, the engines side by side through one timed loop: MotionCore's batch, the naive evaluator and each \
            --engine PATH.so (a C library exporting motionbench_engine_entry, docs/engines.md), each of those in its own \
            child process: ns/layer/frame, × MotionCore's batch on the same layers, percentiles, and errors against \
            the exact scalar path with the share beyond visible thresholds and the worst output named. After every \
            timed frame, outside the timing, every output of every engine is checked to be finite, and a sample of \
            layers (rotating from frame to frame; --check-budget layer comparisons per engine per layer count in all) \
            is compared with the exact path; an output beyond its threshold at t also counts as matching when the \
            exact answer at t's neighbouring double (one ulp earlier or later) is within it. An engine that \
            crashes, hangs, returns NaN at any frame, fails or writes the wrong size gets a FAILED row and run exits \
            2. Scenarios: \
            \(Scenario.builtInNames.joined(separator: ", ")), or a JSON file (data/scenarios/README.md).

            EXAMPLES:
              motionbench run
              motionbench run --scenario springs --layers 100000 --threads 1 --verify
              motionbench run --frame-times vrr --format bmf --output results.json
              motionbench run --layers 100000,1000000 --repeat 5 --format json --output run.json
              motionbench run --layers 10000,100000 --engine .build/release/libMotionBenchExampleEngine.so
            """)

    @Option(help: "Built-in scenario name or a scenario JSON file.")
    var scenario = "mixed"

    @Option(parsing: .unconditional, help: "Comma-separated layer counts.")
    var layers = "1000,10000,100000,1000000"

    @Option(parsing: .unconditional, help: "Frames per layer count.")
    var frames = 240

    @Option(parsing: .unconditional, help: "Frame rate in Hz (60, 120, or any rate); with --frame-times vrr, the top rate.")
    var rate = 120.0

    @Option(name: .customLong("frame-times"), help: ArgumentHelp(
        "Frame timestamps: 'vrr' (a seeded variable-refresh pattern with drops) or a file of seconds, one per line.",
        valueName: "vrr|FILE"))
    var frameTimes: String?

    @Option(parsing: .unconditional, help: "Threads for the batch evaluator (default: all cores; 1 for the single-core figure; exit 2 when the machine's limits cannot start them).")
    var threads: Int?

    @Option(help: FormatOption<HarnessRunReport>.help)
    var format = FormatOption<HarnessRunReport>(.table)

    @Flag(help: "With the table format: every figure and note (the full table per layer count, the engines' tables, errors by kind, worst outputs) rather than the short summary.")
    var details = false

    @Option(help: "Write the report to this file instead of standard output (a regular file is replaced atomically).")
    var output: String?

    @Option(name: .customLong("engine"), help: ArgumentHelp(
        "An engine under test: a shared library exporting motionbench_engine_entry (docs/engines.md); repeatable. Each "
            + "runs in a child process beside MotionCore's batch and the naive evaluator.", valueName: "PATH.so"))
    var engines: [String] = []

    @Option(name: .customLong("engine-timeout"), parsing: .unconditional,
            help: "Seconds an engine under test may take for one layer count before it is stopped.")
    var engineTimeout = 600.0

    @OptionGroup var engineMemory: EngineMemoryOption

    @Option(name: .customLong("check-budget"), parsing: .unconditional, help: ArgumentHelp(
        "The most layer comparisons with the exact scalar path per engine per layer count, shared out over every frame "
            + "(each compares all of one layer's outputs at one frame); every output of every timed frame is checked to "
            + "be finite whatever the budget.", valueName: "N"))
    var checkBudget = FrameHarness.Options.defaultCheckBudget

    @Flag(help: "Check the batch evaluator against the scalar path during the run (exit 1 on a mismatch), and fail (exit 1) when an engine under test has any output beyond its visible threshold.")
    var verify = false

    @Option(name: .customLong("repeat"), parsing: .unconditional,
            help: "Timed passes over all frames per layer count; every timed figure is the median over passes, with its min–max.")
    var repeats = 1

    @Option(parsing: .unconditional,
            help: "Untimed passes over all frames before the timed ones (default: 1 with --repeat above 1, else 0).")
    var warmup: Int?

    /// Checks the options that need no file (exit 2 with the usage before any work).
    func validate() throws {
        try validatingOptions { try plan().check() }
    }

    /// The options as given, for MotionHarness's checks and resolution, with `--engine-memory` as `engineMemory` bytes
    /// (which `EngineMemoryOption` checks; nil, for no limit, only where no engine is started).
    func plan(engineMemory: UInt64? = nil) -> RunPlan {
        RunPlan(scenario: scenario, layers: layers, frames: frames, rate: rate, frameTimes: frameTimes, threads: threads,
                engines: engines, engineTimeout: engineTimeout, engineMemory: engineMemory,
                checkBudget: checkBudget, verify: verify, repeats: repeats, warmup: warmup)
    }

    func run() throws {
        let destination = try output.map(OutputFile.init(checking:))
        let options = try plan(engineMemory: try engineMemory.bytes()).options(executable: PerformanceGate.currentExecutable)
        let status = StatusLine()
        let results = FrameHarness.run(options, progress: status.show)
        status.clear()
        let report = try format.render(HarnessRunReport(results: results, machine: .current, details: details))
        if let destination {
            try destination.write(report)
        } else {
            print(report, terminator: "")
        }
        switch HarnessExitRule.check(results: results, verify: verify) {
        case .engineFailed(let message)?: throw EngineError("run: \(message)")
        case .verificationFailed(let message)?: throw VerificationFailure(message: "run: \(message)")
        case nil: break
        }
    }
}
