import ArgumentParser
import Foundation
import MotionHarness

/// `motionbench _engine-easing PATH --inputs FILE`: evaluates one engine library's easing in this process at the inputs
/// the file lists and prints the outputs as text (`accuracy --engine` starts it as a child process, so that a crash or
/// a hang costs only the probe). See `EngineEasingProbe`.
struct EngineEasingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "_engine-easing", abstract: "Evaluate one engine library's easing in this process (used by accuracy --engine).",
        shouldDisplay: false)

    @Argument(help: ArgumentHelp("The engine library.", valueName: "PATH.so"))
    var path: String

    @Option(help: "The inputs file: per timing function a line 'spec<TAB>TEXT' and a line 'inputs<TAB>x x …'.")
    var inputs: String

    @Option(help: "A file the engine's current call and frame are recorded in (mmap).")
    var heartbeat: String?

    func run() throws {
        EngineProcess.startChild(guarded: true)
        var text = ""
        let finished = EngineEasingProbe.child(path: path, inputsPath: inputs, heartbeatPath: heartbeat) { text += $0 + "\n" }
        print(text, terminator: "")
        if !finished { throw ExitCode(1) }
    }
}
