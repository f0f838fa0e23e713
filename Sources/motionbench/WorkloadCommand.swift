import MotionGate
import ArgumentParser
import MotionHarness
import MotionOutput

/// `motionbench _workload NAME`: runs one gate workload in this process and prints
/// `{"workload": …, "cpuSeconds": …, "checksum": …}` (the gate starts it as a child process).
struct WorkloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "_workload", abstract: "Run one gate workload (used by the gate).", shouldDisplay: false)

    @Argument(help: ArgumentHelp("Workload name: " + GateWorkloads.names.joined(separator: ", ") + ".", valueName: "name"))
    var name: String

    @Option(parsing: .unconditional, help: "Time the measured loop this many times and report the smallest CPU time.")
    var repeats = 1

    @OptionGroup var engine: EngineWorkloadOptions

    /// Checks `--repeats` (exit 2 with the usage).
    func validate() throws {
        try validatingOptions {
            guard repeats >= 1, repeats <= 100 else { throw BadInput(message: "_workload: --repeats must be in 1…100") }
        }
    }

    func run() throws {
        EngineProcess.startChild(guarded: false)
        guard let workload = engine.childWorkload(named: name) ?? GateWorkloads.named(name) else {
            throw BadInput(message: "_workload: unknown workload '\(name)'; known: " + GateWorkloads.names.joined(separator: ", "))
        }
        let result = try workload.run(repeats: repeats)
        struct Report: Encodable {
            let workload: String
            let cpuSeconds, checksum: ReportNumber
        }
        print(try ReportJSON.line(Report(workload: name, cpuSeconds: ReportNumber(result.cpuSeconds),
                                         checksum: ReportNumber(result.checksum))))
    }
}
