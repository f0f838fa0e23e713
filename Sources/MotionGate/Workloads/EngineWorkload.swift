import Foundation
import MotionCore
import MotionEngine
import MotionHarness
import MotionSupport

extension GateWorkload {
    /// Whether `name` has the form of an engine workload's name, `engine:NAME/SCENARIO/LAYERS` (printable, at most
    /// 200 characters).
    package static func isEngineName(_ name: String) -> Bool {
        let parts = name.dropFirst("engine:".count).split(separator: "/", omittingEmptySubsequences: false)
        return name.hasPrefix("engine:") && name.count <= 200 && parts.count >= 3 && parts.allSatisfy { !$0.isEmpty }
            && Int(parts[parts.count - 1]) != nil && name.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
    }

    /// The engine library's path (the workload's `--engine` argument), or nil for a built-in workload.
    package var engineLibraryPath: String? {
        guard let index = arguments.firstIndex(of: "--engine"), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }

    /// A workload for an engine under test: `frames` frames at 120 Hz of `layers` layers of `scenario` (the kinds the
    /// engine supports), one thread. The measured region holds only the engine's frame calls: loading the library,
    /// building the layers, `create` and the checksum stay outside. Named `engine:NAME/SCENARIO/LAYERS` in baselines.
    ///
    /// The library is never loaded in this process: its name (for the workload's name) comes from a child process
    /// (`_engine`, as `run --engine` measures it, on the same workload), which also checks the engine as `run` does
    /// (every output finite, the counts, the buffer's end), so that a crash anywhere (a constructor, the entry point,
    /// create, a frame, destroy), a hang (past `limits.timeout`) or a broken output is a FAILED message naming the
    /// engine, the call and the signal before anything is measured.
    /// - Throws: `GateInputError` ("FAILED engine …") when the child reports a failure; the scenario's error when it
    ///   does not read.
    package static func engine(path: String, scenario: String, layers: Int, frames: Int,
                              limits: ChildProcess.Limits = .standard,
                              executable: String = PerformanceGate.currentExecutable) throws -> GateWorkload {
        let parsed = try Scenario.named(scenario)
        var options = FrameHarness.Options(scenario: parsed, layerCounts: [layers], clock: .fixed(rate: 120, frames: frames),
                                           threads: 1, verify: false)
        (options.repeats, options.warmupPasses) = (1, 0)
        var request = EngineProcess.Request(
            path: path, executable: executable, workload: EngineJob.Workload(scenario: scenario, frames: frames, rate: 120),
            timeout: limits.timeout)
        request.timeoutOption = "--timeout"
        request.memory = limits.memory
        let row = EngineProcess.measure(request, count: layers, options: options)
        if let failure = row.failure { throw GateInputError(message: "FAILED \(failure)") }
        var workload = engine(named: "engine:\(row.name)/\(parsed.name)/\(layers)", path: path, scenario: scenario,
                              layers: layers, frames: frames)
        let digest: String
        do { digest = try SHA256.hex(ofFileAt: path) } catch {
            throw GateInputError(message: "engine \(path) cannot be read to hash it: \(error.localizedDescription)")
        }
        workload.engineKey = EngineWorkloadKey(engine: row.name, version: row.version, sha256: digest, path: path,
                                               scenario: parsed.name, layers: layers, frames: frames, threads: 1)
        return workload
    }

    /// The engine workload `name` (`engine:NAME/SCENARIO/LAYERS`) as its own child process (`_workload`) runs it: the
    /// library is loaded there, on the first run, outside the measured region.
    package static func engine(named name: String, path: String, scenario: String, layers: Int, frames: Int) -> GateWorkload {
        let loaded = LoadedLibrary(path: path)
        return GateWorkload(
            name: name, summary: "the engine at \(path) on \(layers) layers of \(scenario), \(frames) frames",
            arguments: ["--engine", path, "--scenario", scenario, "--layers", "\(layers)", "--frames", "\(frames)"]
        ) { _ in
            let library = try loaded.library()
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

/// An engine library opened on first use and kept open for the workload's later runs.
private final class LoadedLibrary: @unchecked Sendable {
    let path: String
    private var loaded: PluginLibrary?

    init(path: String) { self.path = path }

    func library() throws(EngineError) -> PluginLibrary {
        if let loaded { return loaded }
        let library = try PluginLibrary(path: path)
        loaded = library
        return library
    }
}
