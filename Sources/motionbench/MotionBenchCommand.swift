import MotionSupport
import ArgumentParser
import MotionCore
import MotionHarness

#if canImport(Glibc)
import Glibc
#endif

/// `motionbench`: exact timing curves and springs, frame-cost benchmarks, accuracy reports and CI gates.
///
/// Exit codes: 0 success, 1 a regression or failed check, 2 bad input or usage, 3 an inconclusive measurement.
@main
struct MotionBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "motionbench",
        abstract: "Exact timing curves and springs, frame-cost benchmarks, accuracy reports and CI gates.",
        discussion: "Exit codes: 0 success, 1 a regression or failed check, 2 bad input or usage, "
            + "3 an inconclusive measurement.",
        version: ToolVersion.number,
        subcommands: [EvalCommand.self, ConvertCommand.self, SettleCommand.self, TimingCommand.self, InterpolateCommand.self, RunCommand.self, CompareCommand.self, AccuracyCommand.self, CaptureCommand.self,
                      BaselineCommand.self, GateCommand.self, WorkloadCommand.self, EngineCommand.self])

    /// Runs the command line. Every error ends here: a `MotionBenchError` with its own exit code (2 bad input, 1 a
    /// failed check), an `ExitCode` a command threw after printing its verdict, help and version with 0, and anything
    /// else (a usage error, an option `validate()` rejected) with 2, never 1, which means a failed check.
    static func main() {
        do {
            try UnknownCommand.check(Array(CommandLine.arguments.dropFirst()), against: Self.self)
            var command = try parseAsRoot()
            try command.run()
        } catch {
            finish(with: error)
        }
    }

    /// Reports `error` on stderr (help and version on stdout) and exits with its code.
    private static func finish(with error: Error) -> Never {
        if let failure = error as? MotionBenchError { fail(failure.description, code: failure.exitCode) }
        if let code = error as? ExitCode { Glibc.exit(code.rawValue) }
        if exitCode(for: error) == .success { exit(withError: error) }
        var message = fullMessage(for: error)
        if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
        fail(message, code: 2)
    }

    private static func fail(_ message: String, code: Int32) -> Never {
        var standardError = StandardError()
        print("motionbench: \(SafeText.escapingControls(message))", to: &standardError)
        Glibc.exit(code)
    }
}
