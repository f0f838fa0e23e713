import MotionCore

/// A value that is not a percentage (`Percentage`): exit code 2.
package struct PercentageError: MotionBenchError, CustomStringConvertible {
    /// The message, naming the option and the value given.
    package let message: String
    /// The message.
    package var description: String { message }
}
