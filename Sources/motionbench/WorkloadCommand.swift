import ArgumentParser
import MotionHarness

/// `motionbench _workload NAME`: runs one gate workload in this process and prints
/// `{"workload": …, "cpuSeconds": …, "checksum": …}` (the gate starts it as a child process).
struct WorkloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "_workload", abstract: "Run one gate workload (used by the gate).", shouldDisplay: false)

    @Argument(help: "Workload name.")
    var name: String

    func run() throws {
        guard let workload = GateWorkload(rawValue: name) else {
            throw BadInput(message: "_workload: unknown workload '\(name)'; known: "
                           + GateWorkload.allCases.map(\.rawValue).joined(separator: ", "))
        }
        let result = workload.run()
        print("{\"workload\": \"\(name)\", \"cpuSeconds\": \(result.cpuSeconds), \"checksum\": \(result.checksum)}")
    }
}
