import MotionGate
import MotionSupport
import MotionCore
import MotionHarness

/// An error the command line reports as `motionbench: MESSAGE` on stderr with its exit code: 1 for a failed check,
/// 2 for bad input or usage. `main` has one catch for all of them.
protocol CommandFailure: Error {
    /// The process exit code.
    var exitCode: Int32 { get }
    /// What went wrong, naming the input (the whole line after `motionbench: `).
    var failureMessage: String { get }
}

/// Bad input found while running a command (not by the argument parser): exit code 2.
struct BadInput: CommandFailure {
    /// What was wrong, naming the input.
    let message: String
    /// 2.
    var exitCode: Int32 { 2 }
    /// The message.
    var failureMessage: String { message }
}

/// A failed check (exit code 1).
struct VerificationFailure: CommandFailure {
    /// What failed.
    let message: String
    /// 1.
    var exitCode: Int32 { 1 }
    /// The message.
    var failureMessage: String { message }
}

/// Library errors that describe bad input: exit code 2 with their description.
protocol InputFailure: CommandFailure, CustomStringConvertible {}

extension InputFailure {
    /// 2.
    var exitCode: Int32 { 2 }
    /// The error's whole description (a `SpecError`'s `message` alone would drop the spec and column).
    var failureMessage: String { description }
}

extension ScenarioError: InputFailure {}
extension OutputFileError: InputFailure {}
extension GateInputError: InputFailure {}
extension ChildProcessError: InputFailure {}
extension InstructionCounter.MissingRegion: InputFailure {}
extension RunComparisonError: InputFailure {}
extension SpecError: InputFailure {}
extension InvalidParameterError: InputFailure {}
