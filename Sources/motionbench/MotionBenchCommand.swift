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
        subcommands: [EvalCommand.self, ConvertCommand.self, SettleCommand.self, TimingCommand.self, InterpolateCommand.self, RunCommand.self, CompareCommand.self, AccuracyCommand.self,
                      BaselineCommand.self, GateCommand.self, WorkloadCommand.self])

    /// Runs the command line, mapping every usage or input error to exit code 2 with a message on stderr.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as CommandFailure {
            fail(failure.failureMessage, code: failure.exitCode)
        } catch let code as ExitCode {
            Glibc.exit(code.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success || error is CleanExit {
                exit(withError: error)
            }
            var message = fullMessage(for: error)
            if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
            // argument-parser reports usage problems as 64 (EX_USAGE); MotionBench's contract is 2.
            fail(message, code: code.rawValue == 64 || code == .validationFailure ? 2 : code.rawValue)
        }
    }

    private static func fail(_ message: String, code: Int32) -> Never {
        var standardError = StandardError()
        print("motionbench: \(SafeText.escapingControls(message))", to: &standardError)
        Glibc.exit(code)
    }
}
