import ArgumentParser
import Foundation
import MotionCore
import MotionHarness

/// `motionbench _engine --job JSON`: measures one engine under test in this process on one layer count and prints its
/// row as one JSON line (`run --engine` starts it as a child process, so that a crash or a hang costs only that row).
struct EngineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "_engine", abstract: "Measure one engine library in this process (used by run --engine).",
        shouldDisplay: false)

    @Option(help: ArgumentHelp("The engine job (EngineJob as JSON): library, workload, layers and how to measure.",
                               valueName: "JSON"))
    var job: String

    func run() throws {
        EngineProcess.startChild(guarded: true)
        let job: EngineJob, options: FrameHarness.Options
        do {
            job = try EngineJob(argument: self.job)
            options = try job.options()
        } catch {
            throw BadInput(message: "_engine: \(error)")
        }
        let row = EngineProcess.child(path: job.library, count: job.layers, options: options, heartbeatPath: job.heartbeat)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        print(String(decoding: try encoder.encode(row), as: UTF8.self))
    }
}
