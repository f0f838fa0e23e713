import ArgumentParser
import Foundation
import MotionHarness

/// `motionbench _engine-easing --job FILE`: evaluates one engine library's easing in this process at the inputs the job
/// lists and prints the reply as one line of JSON (`accuracy --engine` starts it as a child process, so that a crash
/// or a hang costs only the probe). See `EngineEasingProbe`, `EngineEasingJob` and `EngineEasingReply`.
struct EngineEasingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "_engine-easing", abstract: "Evaluate one engine library's easing in this process (used by accuracy --engine).",
        shouldDisplay: false)

    @Option(help: ArgumentHelp("The job file (EngineEasingJob as JSON): library, heartbeat file, timing functions and inputs.",
                               valueName: "FILE"))
    var job: String

    func run() throws {
        EngineProcess.startChild(guarded: true)
        let reply = EngineEasingProbe.child(jobPath: job)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        print(String(decoding: try encoder.encode(reply), as: UTF8.self))
        if reply.failure != nil { throw ExitCode(1) }
    }
}
