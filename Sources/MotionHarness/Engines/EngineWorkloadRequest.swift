import MotionCore

/// The gate's workload for an engine under test (`EngineJob.Request.workload`): `frames` frames at 120 Hz of `layers`
/// layers of the scenario, one thread, the frame calls alone in the measured region, timed `repeats` times.
package struct EngineWorkloadRequest: Codable, Sendable, Equatable {
    /// The workload's name in baselines, `engine:NAME/SCENARIO/LAYERS`.
    package var name: String
    /// The scenario's text.
    package var scenario: ScenarioSource
    /// Layers built from the scenario (1…10,000,000).
    package var layers: Int
    /// Frames at 120 Hz in the measured region (1…100,000).
    package var frames: Int
    /// Times the measured loop is run; the smallest CPU time is reported (1…100).
    package var repeats: Int = 1
    /// Whether the child runs the engine under a `ChildGuardian`, so that a daemon it starts dies with motionbench even
    /// when motionbench is killed with SIGKILL: the timing runs are; the instruction counts are not, since under
    /// valgrind a forked worker's counts and the guardian's would be written to one file.
    package var guarded = false

    /// The gate's layer counts for an engine workload.
    package static let layerRange = 1...10_000_000
    /// The gate's frame counts for an engine workload.
    package static let frameRange = 1...100_000
    /// `_workload --repeats`.
    package static let repeatRange = 1...100

    /// A request named `name` for `layers` layers of `scenario` over `frames` frames.
    package init(name: String, scenario: ScenarioSource, layers: Int, frames: Int, repeats: Int = 1) {
        (self.name, self.scenario, self.layers, self.frames, self.repeats) = (name, scenario, layers, frames, repeats)
    }

    /// The frame clock: `frames` frames at 120 Hz.
    package var clock: FrameClock { .fixed(rate: 120, frames: frames) }

    /// The first count out of range, named as its option (`--layers`, `--frames`, `--repeats`), or nil.
    package var outOfRange: String? {
        if !Self.layerRange.contains(layers) { return "--layers \(layers) must be a whole number in 1…10000000" }
        if !Self.frameRange.contains(frames) { return "--frames \(frames) must be a whole number in 1…100000" }
        if !Self.repeatRange.contains(repeats) { return "--repeats must be in 1…100" }
        return nil
    }

    /// The same workload as the flags of builds that predate the job (`_workload NAME --engine PATH --scenario S
    /// --layers L --frames F`), for `gate --against`'s base binary, and the options `baseline` and `gate` take.
    /// `scenario` is the name or path the scenario was given by (a base binary reads it itself).
    package func commandLineOptions(library: String) -> [String] {
        ["--engine", library, "--scenario", scenario.source, "--layers", "\(layers)", "--frames", "\(frames)"]
    }
}

/// What the gate's workload child prints as its one line of JSON: the workload's name, the smallest CPU time of its
/// measured loop in seconds and the checksum of the engine's outputs, or the failure that stopped it.
package struct EngineWorkloadReply: Codable, Sendable, Equatable {
    /// The workload's name.
    package var workload: String
    /// CPU seconds of the measured loop (the smallest over the repeats); nil with a failure.
    package var cpuSeconds: Double?
    /// The sum of the engine's outputs after the last frame; nil with a failure (or when it is not finite).
    package var checksum: Double?
    /// The message of the failure that stopped the workload, naming the engine.
    package var failure: String?

    /// A reply for `workload`: its CPU seconds and checksum, or its failure.
    package init(workload: String, cpuSeconds: Double? = nil, checksum: Double? = nil, failure: String? = nil) {
        (self.workload, self.cpuSeconds, self.checksum, self.failure) = (workload, cpuSeconds, checksum, failure)
    }
}
