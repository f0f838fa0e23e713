import ArgumentParser
import Foundation
import MotionGate
import MotionHarness

/// `motionbench _engine --job FILE`: serves one engine job in this process (an `EngineJob`: a layer count's frames
/// for `run --engine`, easing inputs for `accuracy --engine`) and prints the reply as one line of JSON. The parent
/// starts it as a child process through `EngineChildSession`, so that a crash or a hang costs only that engine.
struct EngineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "_engine", abstract: "Serve one engine job in this process (used by run and accuracy with --engine).",
        shouldDisplay: false)

    @Option(help: ArgumentHelp("The job file (EngineJob as JSON): library, heartbeat file and request.", valueName: "FILE"))
    var job: String

    func run() throws {
        let job: EngineJob
        do { job = try EngineJob.read(path: self.job) } catch { throw BadInput(message: "_engine: \(error)") }
        print(EngineChildHost.serve(job, workload: GateWorkload.engineRunner))
    }
}
