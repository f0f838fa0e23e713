import Foundation
import MotionCore
import MotionEngine
import MotionSupport

/// Runs an engine under test in a child process (`motionbench _engine --job FILE`, through `EngineChildSession`), so
/// that a crash, a hang or a stray write costs only that engine's row: the child loads the library, rebuilds the same
/// workload from the job (the scenario's text, the clock's times, the layer count), measures the engine in-process and
/// replies with its row; the session turns a signal, a timeout or an exit without a row into a failure naming the
/// engine, the call and the frame (from the child's heartbeat page). Every command that measures an engine (`run`,
/// `baseline` and `gate` with `--engine`, `accuracy --engine`) loads it only in such a child.
package enum EngineProcess {
    /// Measures `session`'s engine on `count` layers in a child process (as `run --engine` does); never throws: a
    /// failure is the row's.
    package static func measure(_ session: EngineChildSession, count: Int, options: FrameHarness.Options) -> EngineRow {
        do {
            return try session.run(.frames(EngineFramesRequest(layers: count, options: options)), replying: EngineRow.self)
        } catch {
            var failed = EngineRow(name: error.heartbeat?.name ?? session.label, role: .plugIn)
            failed.path = session.library
            if let precision = error.heartbeat?.precision, let layers = error.heartbeat?.layers {
                (failed.layers, failed.precision) = (layers, precision)
            }
            failed.failure = error.message
            return failed
        }
    }

    /// The child's side, once the library is loaded: builds `count` layers of the options' scenario, gives the engine
    /// the layers of the kinds it supports, and measures it. A create failure is the row's failure. When the engine
    /// closes the child's standard output or error, the heartbeat page records it and the child exits with status 3:
    /// its row could not reach the parent.
    static func child(_ library: PluginLibrary, path: String, options: FrameHarness.Options, count: Int,
                      heartbeat: EngineHeartbeat?, channel: ReportChannel) -> EngineRow {
        let workload = Workload(scenario: options.scenario, count: count, clock: options.clock)
        let selection = EngineSelection(workload: workload, kinds: library.descriptor.supportedKinds)
        var row = EngineMeasurement.row(library.descriptor, role: .plugIn, selection: selection)
        row.path = path
        guard selection.count > 0 else {
            row.failure = "engine \(library.descriptor.name): supports none of the scenario's kinds ("
                + selection.unsupported.map(\.kind.name).joined(separator: ", ") + ")"
            return row
        }
        do throws(EngineError) {
            heartbeat?.record(layers: selection.count, precisionBytes: library.descriptor.precision.bytes)
            heartbeat?.beat(.create)
            let engine = try PluginEngine(library: library, layers: selection.layers)
            heartbeat?.record(guardPages: engine.guardPage)
            channel.check(during: .create, heartbeat)
            let subject = EngineMeasurement.Subject(engine: engine, count: selection.count,
                                                    workloadIndex: { selection.workloadIndex($0) }, row: row,
                                                    frames: Array(1...options.clock.frames))
            row = EngineMeasurement.measure(subject, workload: workload, options: options, heartbeat: heartbeat)
            channel.check(during: .evaluateFrame, heartbeat)
            heartbeat?.beat(.destroy)
            engine.destroy()
            channel.check(during: .destroy, heartbeat)
            return row
        } catch {
            row.failure = error.message
            return row
        }
    }
}
