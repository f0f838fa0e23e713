import MotionGate
import ArgumentParser
import Foundation
import MotionHarness
import MotionOutput

/// `motionbench _workload NAME`: runs one gate workload in this process and prints
/// `{"workload": …, "cpuSeconds": …, "checksum": …}` (the gate starts it as a child process). An engine's workload
/// comes as a job (`--job FILE`, from this build's gate) or as the flags of builds before the job (`--engine PATH
/// --scenario … --layers … --frames …`, from a later build's `gate --against`), and runs through `EngineChildHost`.
struct WorkloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "_workload", abstract: "Run one gate workload (used by the gate).", shouldDisplay: false)

    @Argument(help: ArgumentHelp("Workload name: " + GateWorkloads.names.joined(separator: ", ") + ".", valueName: "name"))
    var name: String

    @Option(parsing: .unconditional, help: "Time the measured loop this many times and report the smallest CPU time.")
    var repeats = 1

    @Option(help: ArgumentHelp("An engine workload's job file (EngineJob as JSON); its repeats replace --repeats.",
                               valueName: "FILE"))
    var job: String?

    @OptionGroup var engine: EngineWorkloadOptions

    /// Checks `--repeats` (exit 2 with the usage).
    func validate() throws {
        try validatingOptions {
            guard EngineWorkloadRequest.repeatRange.contains(repeats) else {
                throw BadInput(message: "_workload: --repeats must be in 1…100")
            }
        }
    }

    func run() throws {
        if let job = try engineJob() {
            let line = EngineChildHost.serve(job, workload: GateWorkload.engineRunner)
            let reply = try? JSONDecoder().decode(EngineWorkloadReply.self, from: Data(line.utf8))
            // A build that predates the job reads a failure from the exit status and standard error.
            if self.job == nil, let failure = reply?.failure {
                FileHandle.standardError.write(Data((failure + "\n").utf8))
                throw ExitCode(1)
            }
            print(line)
            return
        }
        EngineChildHost.start(guarded: false)
        guard let workload = GateWorkloads.named(name) else {
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

    /// The engine workload's job: the `--job` file's, or one built from the older flags; nil for a built-in workload.
    func engineJob() throws -> EngineJob? {
        if let path = job {
            let job: EngineJob
            do { job = try EngineJob.read(path: path) } catch { throw BadInput(message: "_workload: \(error)") }
            guard case .workload(let request) = job.request, request.name == name else {
                throw BadInput(message: "_workload: --job \(path) is not the job of workload '\(name)'")
            }
            return job
        }
        guard let path = engine.path else { return nil }
        let scenario: Scenario
        do { scenario = try Scenario.named(engine.scenario) } catch { throw BadInput(message: "_workload: \(error)") }
        let request = EngineWorkloadRequest(name: name, scenario: scenario.origin, layers: engine.layers,
                                            frames: engine.frames, repeats: repeats)
        return EngineJob(library: path, request: .workload(request))
    }
}
