import Foundation
import MotionCore
import MotionSupport

/// `motionbench run`'s options as given, checked against `RunLimits` and resolved into the harness's options: the
/// scenario read, the layer counts parsed, the frame clock built, the thread count checked against the machine, and
/// one child-process request per engine.
package struct RunPlan: Sendable {
    /// `--scenario`: a built-in scenario's name or a scenario JSON file.
    package var scenario: String
    /// `--layers`: comma-separated layer counts, as written.
    package var layers: String
    /// `--frames`: frames per layer count.
    package var frames: Int
    /// `--rate`: the frame rate in Hz (with `vrr` frame times, the top rate).
    package var rate: Double
    /// `--frame-times`: `vrr`, a file of seconds, or nil for a fixed rate.
    package var frameTimes: String?
    /// `--threads`: threads for the batch evaluator, or nil for every core (at most `RunLimits.threads`' upper bound).
    package var threads: Int?
    /// `--engine`: the paths of the engines under test.
    package var engines: [String]
    /// `--engine-timeout`: seconds an engine may take for one layer count.
    package var engineTimeout: Double
    /// `--engine-memory` in bytes: each engine child's data limit (nil for none).
    package var engineMemory: UInt64?
    /// `--check-budget`: layer comparisons with the exact path per engine per layer count.
    package var checkBudget: Int
    /// `--verify`: check the batch evaluator against the scalar path.
    package var verify: Bool
    /// `--repeat`: timed passes per layer count.
    package var repeats: Int
    /// `--warmup`: untimed passes, or nil for 1 with more than one timed pass, else 0.
    package var warmup: Int?

    /// The options as given.
    package init(scenario: String, layers: String, frames: Int, rate: Double, frameTimes: String?, threads: Int?,
                 engines: [String], engineTimeout: Double, engineMemory: UInt64?, checkBudget: Int, verify: Bool,
                 repeats: Int, warmup: Int?) {
        (self.scenario, self.layers, self.frames, self.rate, self.frameTimes) = (scenario, layers, frames, rate, frameTimes)
        (self.threads, self.engines, self.engineTimeout, self.engineMemory) = (threads, engines, engineTimeout, engineMemory)
        (self.checkBudget, self.verify, self.repeats, self.warmup) = (checkBudget, verify, repeats, warmup)
    }

    /// Checks what needs no file: the layer counts, then each number against its `RunLimits` range.
    /// - Throws: `RunPlanError` for a layer count, `OptionRangeError` for the first number outside its range.
    package func check() throws {
        _ = try layerCounts()
        try OptionRange.check([
            OptionRange("run: --frames", frames, in: RunLimits.frames, .wholeNumber),
            OptionRange("run: --rate", rate, in: RunLimits.rate, .hertz),
            OptionRange("run: --threads", threads, in: RunLimits.threads, .wholeNumber),
            OptionRange("run: --repeat", repeats, in: RunLimits.repeats, .wholeNumber),
            OptionRange("run: --engine-timeout", engineTimeout, in: RunLimits.engineTimeout, .seconds, lowerBoundOpen: true),
            OptionRange("run: --check-budget", checkBudget, in: RunLimits.checkBudget, .wholeNumber),
            OptionRange("run: --warmup", warmup, in: RunLimits.warmup, .wholeNumber),
        ])
    }

    /// `layers` as counts, each a whole number in `RunLimits.layers`.
    /// - Throws: `RunPlanError` naming the first entry that is not.
    package func layerCounts() throws(RunPlanError) -> [Int] {
        var counts: [Int] = []
        for text in layers.split(separator: ",", omittingEmptySubsequences: false) {
            guard let count = Int(text.trimmingCharacters(in: .whitespaces)), RunLimits.layers.contains(count) else {
                throw RunPlanError(message: "run: --layers '\(layers)': '\(text)' is not a whole number in 1…\(RunLimits.layers.upperBound)")
            }
            counts.append(count)
        }
        return counts
    }

    /// The harness's options: the scenario read, the clock built from the frame times (seeded by the scenario), the
    /// thread count (every core by default, capped at `RunLimits.threads`) checked against what the machine can start,
    /// and a request per engine to run it in a child of `executable` (this motionbench).
    /// - Throws: the scenario's error, `ThreadCapacityError`, or `RunPlanError` for frame times that cannot be used
    ///   or an engine that is not a readable file.
    package func options(executable: String) throws -> FrameHarness.Options {
        let scenario = try Scenario.named(self.scenario)
        let counts = try layerCounts()
        // At most 1024, as check() made sure; the default is every core, which may exceed it.
        let threadCount = threads ?? min(ProcessInfo.processInfo.activeProcessorCount, RunLimits.threads.upperBound)
        if let error = ThreadCapacity.check(threads: threadCount, option: "run: --threads") { throw error }
        let clock: FrameClock
        do {
            clock = try .named(frameTimes, rate: rate, frames: frames, seed: scenario.seed)
        } catch {
            throw RunPlanError(message: "run: \(error.message)")
        }
        var options = FrameHarness.Options(scenario: scenario, layerCounts: counts, clock: clock, threads: threadCount,
                                           verify: verify)
        (options.repeats, options.warmupPasses, options.checkBudget) = (repeats, warmup ?? (repeats > 1 ? 1 : 0), checkBudget)
        options.engines = try engines.map { path in
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw RunPlanError(message: "run: --engine \(path): no such readable file (the example engine is built by "
                                   + "'swift build -c release --product MotionBenchExampleEngine')")
            }
            var session = EngineChildSession(executable: executable, library: path, timeout: engineTimeout)
            session.memory = engineMemory
            return session
        }
        return options
    }
}
