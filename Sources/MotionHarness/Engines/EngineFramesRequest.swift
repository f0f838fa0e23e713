import MotionCore

/// An engine's frames measured on one layer count (`EngineJob.Request.frames`): the scenario and clock the parent
/// resolved, the layer count, and how to measure (threads, passes, check budget). The child rebuilds the parent's
/// `FrameHarness.Options` from it and checks every range `RunLimits` gives.
package struct EngineFramesRequest: Codable, Sendable, Equatable {
    /// The scenario's text.
    package var scenario: ScenarioSource
    /// The frame times.
    package var clock: FrameClock
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

    /// A request for `layers` layers measured as `options` says (its scenario, clock, threads, passes and budget).
    package init(layers: Int, options: FrameHarness.Options) {
        (scenario, clock, self.layers) = (options.scenario.origin, options.clock, layers)
        (threads, repeats, warmup, checkBudget) = (options.threads, options.repeats, options.warmupPasses, options.checkBudget)
    }

    /// The harness options the request describes.
    /// - Throws: `EngineJobError` naming the value out of range; the scenario's error.
    package func options() throws -> FrameHarness.Options {
        let ranges: [(String, Bool)] = [
            ("layers", RunLimits.layers.contains(layers)), ("threads", RunLimits.threads.contains(threads)),
            ("repeats", RunLimits.repeats.contains(repeats)), ("warmup", RunLimits.warmup.contains(warmup)),
            ("checkBudget", RunLimits.checkBudget.contains(checkBudget)),
            ("clock", clock.isWellFormed(frames: RunLimits.frames)),
        ]
        if let (name, _) = ranges.first(where: { !$0.1 }) {
            throw EngineJobError(message: "--job: \(name) is out of range")
        }
        var options = FrameHarness.Options(scenario: try scenario.scenario(), layerCounts: [layers], clock: clock,
                                           threads: threads, verify: false)
        (options.repeats, options.warmupPasses, options.checkBudget) = (repeats, warmup, checkBudget)
        return options
    }
}
