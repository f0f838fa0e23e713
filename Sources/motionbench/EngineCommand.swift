import ArgumentParser
import Foundation
import MotionCore
import MotionHarness

/// `motionbench _engine PATH …`: measures one engine under test in this process on one layer count and prints its row
/// as one JSON line (`run --engine` starts it as a child process, so that a crash or a hang costs only that row).
struct EngineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "_engine", abstract: "Measure one engine library in this process (used by run --engine).",
        shouldDisplay: false)

    @Argument(help: ArgumentHelp("The engine library.", valueName: "PATH.so"))
    var path: String

    @Option(parsing: .unconditional, help: "Layers.")
    var layers: Int

    @Option(help: "Built-in scenario name or a scenario JSON file.")
    var scenario = "mixed"

    @Option(parsing: .unconditional, help: "Frames.")
    var frames = 240

    @Option(parsing: .unconditional, help: "Frame rate in Hz.")
    var rate = 120.0

    @Option(name: .customLong("frame-times"), help: "'vrr' or a file of seconds.")
    var frameTimes: String?

    @Option(parsing: .unconditional, help: "Threads.")
    var threads = 1

    @Option(name: .customLong("repeat"), parsing: .unconditional, help: "Timed passes.")
    var repeats = 1

    @Option(parsing: .unconditional, help: "Untimed passes first.")
    var warmup = 0

    @Option(name: .customLong("check-budget"), parsing: .unconditional,
            help: "Most layer comparisons with the exact path, spread over every frame.")
    var checkBudget = 160_000

    @Option(help: "A file the engine's current call and frame are recorded in (mmap).")
    var heartbeat: String?

    /// Checks the counts (exit 2 with the usage).
    func validate() throws {
        try validatingOptions {
            guard layers >= 1, layers <= 100_000_000, frames >= 1, frames <= 1_000_000, threads >= 1, threads <= 1024,
                  repeats >= 1, repeats <= 1000, warmup >= 0, warmup <= 1000, checkBudget >= 1, checkBudget <= 1_000_000_000, rate >= 1, rate <= 10_000 else {
                throw BadInput(message: "_engine: --layers, --frames, --rate, --threads, --repeat, --warmup or --check-budget is out of range")
            }
        }
    }

    func run() throws {
        EngineProcess.startChild()
        let scenario = try Scenario.named(self.scenario)
        let clock: FrameClock
        do {
            clock = try .named(frameTimes, rate: rate, frames: frames, seed: scenario.seed)
        } catch {
            throw BadInput(message: "_engine: \(error.message)")
        }
        var options = FrameHarness.Options(scenario: scenario, layerCounts: [layers], clock: clock, threads: threads, verify: false)
        (options.repeats, options.warmupPasses, options.checkBudget) = (repeats, warmup, checkBudget)
        let row = EngineProcess.child(path: path, count: layers, options: options, heartbeatPath: heartbeat)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        print(String(decoding: try encoder.encode(row), as: UTF8.self))
    }
}
