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

    /// The engine library's path, or nil for a built-in workload.
    package var engineLibraryPath: String? { engineJob?.library }

    /// A workload for an engine under test: `frames` frames at 120 Hz of `layers` layers of `scenario` (the kinds the
    /// engine supports), one thread. The measured region holds only the engine's frame calls: loading the library,
    /// building the layers, `create` and the checksum stay outside. Named `engine:NAME/SCENARIO/LAYERS` in baselines.
    ///
    /// The library is never loaded in this process: its name (for the workload's name) comes from a child process
    /// (`_engine`, as `run --engine` measures it, on the same workload), which also checks the engine as `run` does
    /// (every output finite, the counts, the buffer's end), so that a crash anywhere (a constructor, the entry point,
    /// create, a frame, destroy), a hang (past `limits.timeout`) or a broken output is a FAILED message naming the
    /// engine, the call and the signal before anything is measured.
    /// - Throws: `GateInputError` ("FAILED engine NAME: … (library PATH)") when the child reports a failure; the
    ///   scenario's error when it does not read.
    package static func engine(path: String, scenario: String, layers: Int, frames: Int,
                              limits: ChildProcess.Limits = .standard,
                              executable: String = PerformanceGate.currentExecutable) throws -> GateWorkload {
        let parsed = try Scenario.named(scenario)
        var options = FrameHarness.Options(scenario: parsed, layerCounts: [layers], clock: .fixed(rate: 120, frames: frames),
                                           threads: 1, verify: false)
        (options.repeats, options.warmupPasses) = (1, 0)
        var session = EngineChildSession(executable: executable, library: path, timeout: limits.timeout)
        (session.timeoutOption, session.memory) = ("--timeout", limits.memory)
        let row = EngineProcess.measure(session, count: layers, options: options)
        // The library's path tells head from base (`--base-engine`), whose engines usually share a name.
        if let failure = row.failure { throw GateInputError(message: "FAILED \(failure) (library \(path))") }
        let name = "engine:\(row.name)/\(parsed.name)/\(layers)"
        let job = EngineJob(library: path, request: .workload(EngineWorkloadRequest(
            name: name, scenario: parsed.origin, layers: layers, frames: frames)))
        var workload = GateWorkload(name: name, summary: "the engine at \(path) on \(layers) layers of \(scenario), "
                                    + "\(frames) frames", engineJob: job) { _ in
            throw GateInputError(message: "\(name) runs only in its own child process (_workload \(name) --job FILE)")
        }
        let digest: String
        do { digest = try SHA256.hex(ofFileAt: path) } catch {
            throw GateInputError(message: "engine \(path) cannot be read to hash it: \(error.localizedDescription)")
        }
        workload.engineKey = EngineWorkloadKey(engine: row.name, version: row.version, sha256: digest, path: path,
                                               scenario: parsed.name, layers: layers, frames: frames, threads: 1)
        return workload
    }

    /// Runs an engine's workload in its child process (`EngineChildHost` calls it with the loaded library): creates the
    /// engine on the request's layers outside the measured region, then `repeats` times resets it and evaluates every
    /// frame inside it, and keeps the smallest CPU time. The checksum of the outputs is read outside the region.
    package static let engineRunner: EngineChildHost.WorkloadRunner = { request, library, stage in
        stage(.create)
        let clock = request.clock
        let (engine, count) = try EngineWorkbench.prepare(library, scenario: try request.scenario.scenario(),
                                                           count: request.layers, clock: clock)
        var best: Run?
        for _ in 0..<max(request.repeats, 1) {
            try engine.reset()
            stage(.evaluateFrame)
            var failure: EngineError?
            let run = GateWorkload.timed {
                for index in 1...clock.frames {
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
            if best.map({ run.cpuSeconds < $0.cpuSeconds }) ?? true { best = run }
        }
        let checksum = EngineWorkbench.checksum(engine, layers: count)
        return EngineWorkloadReply(workload: request.name, cpuSeconds: best?.cpuSeconds ?? 0,
                                   checksum: checksum.isFinite ? checksum : nil)
    }
}
