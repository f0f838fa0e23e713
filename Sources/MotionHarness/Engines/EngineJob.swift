import Foundation
import MotionCore

/// One engine measurement as a child process receives it: the library, the workload that rebuilds the parent's (the
/// scenario, the clock and the layer count) and how to measure it. The parent passes it as one JSON argument (`--job`)
/// to `_engine` (run, accuracy, and the gate's check of an engine) and to `_workload` (the gate's instruction counts of
/// an engine), so an option that must reach the child is one field here, checked by the compiler on both sides.
package struct EngineJob: Codable, Sendable, Equatable {
    /// The scenario and clock that rebuild the parent's workload.
    package struct Workload: Codable, Sendable, Equatable {
        /// A built-in scenario name or a scenario JSON file.
        package var scenario: String
        /// Frames of the clock.
        package var frames: Int
        /// The clock's rate in Hz (with `frameTimes` "vrr", its top rate).
        package var rate: Double
        /// `vrr` or a file of timestamps, as `run --frame-times` takes it; nil for a fixed rate.
        package var frameTimes: String?

        /// `frames` frames of `scenario` at `rate` Hz, or at the times `frameTimes` names.
        package init(scenario: String, frames: Int, rate: Double, frameTimes: String? = nil) {
            (self.scenario, self.frames, self.rate, self.frameTimes) = (scenario, frames, rate, frameTimes)
        }
    }

    /// The engine library's path.
    package var library: String
    /// The scenario and clock.
    package var workload: Workload
    /// Layers built from the scenario (the engine receives those of the kinds it supports).
    package var layers: Int
    /// Threads (an engine without concurrent chunks runs on one whatever this says).
    package var threads: Int
    /// Timed passes.
    package var repeats: Int
    /// Untimed passes first.
    package var warmup: Int
    /// The most layer comparisons with the exact scalar path, spread over every frame.
    package var checkBudget: Int
    /// A file the engine's current call and frame are recorded in (mmap), or nil.
    package var heartbeat: String?

    /// A job for the engine at `library` on `layers` layers of `workload`, measured as `options` says (threads,
    /// passes, check budget).
    package init(library: String, workload: Workload, layers: Int, options: FrameHarness.Options, heartbeat: String? = nil) {
        (self.library, self.workload, self.layers, self.heartbeat) = (library, workload, layers, heartbeat)
        (threads, repeats, warmup, checkBudget) = (options.threads, options.repeats, options.warmupPasses, options.checkBudget)
    }

    /// The harness options the job describes: the scenario read and the clock built as the parent built them.
    /// - Throws: `EngineJobError` for a count out of range; the scenario's or the clock's error.
    package func options() throws -> FrameHarness.Options {
        guard (1...100_000_000).contains(layers), (1...1_000_000).contains(workload.frames), (1...1024).contains(threads),
              (1...1000).contains(repeats), (0...1000).contains(warmup), (1...1_000_000_000).contains(checkBudget),
              workload.rate >= 1, workload.rate <= 10_000 else {
            throw EngineJobError(message: "--job: layers, frames, rate, threads, repeats, warmup or checkBudget is out of range")
        }
        let scenario = try Scenario.named(workload.scenario)
        let clock = try FrameClock.named(workload.frameTimes, rate: workload.rate, frames: workload.frames, seed: scenario.seed)
        var options = FrameHarness.Options(scenario: scenario, layerCounts: [layers], clock: clock, threads: threads,
                                           verify: false)
        (options.repeats, options.warmupPasses, options.checkBudget) = (repeats, warmup, checkBudget)
        return options
    }

    /// The job as one command-line argument (JSON on one line, sorted keys).
    package var argument: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings, whole numbers and validated finite Doubles only: encoding cannot fail, and if it did the child
        // would reject the empty job with a message naming --job.
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }

    /// The job an `argument` holds.
    /// - Throws: `EngineJobError` saying what did not decode.
    package init(argument: String) throws {
        do {
            self = try JSONDecoder().decode(EngineJob.self, from: Data(argument.utf8))
        } catch {
            throw EngineJobError(message: "--job is not an engine job (\(error))")
        }
    }
}

/// A `--job` argument that does not describe an engine job (exit 2).
package struct EngineJobError: MotionBenchError, CustomStringConvertible {
    /// What was wrong.
    package let message: String
    /// The message.
    package var description: String { message }
}
