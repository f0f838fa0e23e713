import ArgumentParser
import MotionGate
import MotionHarness
import MotionSupport

/// `--engine PATH` with the scenario, layer count and frames of the gate workload that measures it (baseline, gate and
/// the hidden `_workload`).
struct EngineWorkloadOptions: ParsableArguments {
    @Option(name: .customLong("engine"), help: ArgumentHelp(
        "An engine under test (a shared library exporting motionbench_engine_entry): gate the instructions of its frame "
            + "calls on --scenario, --layers and --frames.", valueName: "PATH.so"))
    var path: String?

    @Option(name: .customLong("base-engine"), help: ArgumentHelp(
        "gate only: the base build of the same engine; --engine (head) is gated against it under this motionbench, on the "
            + "same scenario, layers and frames.", valueName: "PATH.so"))
    var basePath: String?

    @Option(help: "With --engine: built-in scenario name or a scenario JSON file.")
    var scenario = "mixed"

    @Option(parsing: .unconditional, help: "With --engine: layers.")
    var layers = 10_000

    @Option(parsing: .unconditional, help: "With --engine: frames at 120 Hz in the measured region.")
    var frames = 120

    @OptionGroup var memory: EngineMemoryOption

    /// Checks the counts (exit 2 with the usage).
    func validate() throws {
        try validatingOptions {
            if basePath != nil, path == nil {
                throw BadInput(message: "--base-engine needs --engine: gate --engine HEAD.so --base-engine BASE.so")
            }
            guard EngineWorkloadRequest.layerRange.contains(layers) else {
                throw BadInput(message: "--layers \(layers) must be a whole number in 1…10000000")
            }
            guard EngineWorkloadRequest.frameRange.contains(frames) else {
                throw BadInput(message: "--frames \(frames) must be a whole number in 1…100000")
            }
        }
    }

    /// The engine's workload, or nil without --engine: the engine is checked (and named) in a child process within
    /// `limits`, never loaded here; a failure there throws "FAILED engine …".
    func workload(limits: ChildProcess.Limits) throws -> GateWorkload? {
        guard let path else { return nil }
        return try GateWorkload.engine(path: path, scenario: scenario, layers: layers, frames: frames, limits: limits)
    }

    /// The base engine's workload (`--base-engine`), checked and named in a child process like `workload(limits:)`;
    /// nil without the option.
    func baseWorkload(limits: ChildProcess.Limits) throws -> GateWorkload? {
        guard let basePath else { return nil }
        return try GateWorkload.engine(path: basePath, scenario: scenario, layers: layers, frames: frames, limits: limits)
    }

    /// The workloads to measure: the engine's alone when --engine is given without --workloads, the engine's after
    /// the listed ones when both are, else the listed (or all) built-in ones.
    func selection(workloads: String?, limits: ChildProcess.Limits) throws -> [GateWorkload] {
        guard let engine = try workload(limits: limits) else { return try GateWorkloads.parseList(workloads) }
        return (workloads == nil ? [] : try GateWorkloads.parseList(workloads)) + [engine]
    }
}
