import MotionCore
import MotionEngine
import MotionHarness

extension GateWorkload {
    /// Whether `name` has the form of an engine workload's name, `engine:NAME/SCENARIO/LAYERS` (printable, at most
    /// 200 characters).
    public static func isEngineName(_ name: String) -> Bool {
        let parts = name.dropFirst("engine:".count).split(separator: "/", omittingEmptySubsequences: false)
        return name.hasPrefix("engine:") && name.count <= 200 && parts.count >= 3 && parts.allSatisfy { !$0.isEmpty }
            && Int(parts[parts.count - 1]) != nil && name.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
    }

    /// A workload for an engine under test: `frames` frames at 120 Hz of `layers` layers of `scenario` (the kinds the
    /// engine supports), one thread. The measured region holds only the engine's frame calls: loading the library,
    /// building the layers, `create` and the checksum stay outside. Named `engine:NAME/SCENARIO/LAYERS` in baselines.
    public static func engine(path: String, scenario: String, layers: Int, frames: Int) throws -> GateWorkload {
        let library = try PluginLibrary(path: path)
        return GateWorkload(
            name: "engine:\(library.descriptor.name)/\(try Scenario.named(scenario).name)/\(layers)",
            summary: "the engine \(library.descriptor.name) on \(layers) layers of \(scenario), \(frames) frames",
            arguments: ["--engine", path, "--scenario", scenario, "--layers", "\(layers)", "--frames", "\(frames)"]
        ) { _ in
            let clock = FrameClock.fixed(rate: 120, frames: frames)
            let (engine, count) = try EngineWorkbench.prepare(library, scenario: try Scenario.named(scenario), count: layers,
                                                               clock: clock)
            try engine.reset()
            var failure: EngineError?
            let run = GateWorkload.timed {
                for index in 1...frames {
                    do throws(EngineError) {
                        try engine.evaluateFrame(time: clock.times[index - 1], chunk: 0, of: 1)
                    } catch {
                        failure = error
                        return 0
                    }
                }
                return 0
            }
            if let failure { throw failure }
            return Run(checksum: EngineWorkbench.checksum(engine, layers: count), cpuSeconds: run.cpuSeconds)
        }
    }
}
