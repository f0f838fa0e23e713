import MotionCore

/// A command's input that is not a finite number, or a line of standard input that is too long (`CommandInputs`,
/// `InputLines`), or an input whose answer lies beyond the range of a `Double` (`SpecEvaluation`): exit code 2.
package struct CommandInputError: MotionBenchError, CustomStringConvertible {
    /// The message, naming the command and quoting the input.
    package let message: String
    /// The message.
    package var description: String { message }
}
