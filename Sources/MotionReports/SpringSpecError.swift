import MotionCore

/// A spec given to a command that needs a spring (`convert`, `settle`) that describes a timing curve (exit code 2).
package struct SpringSpecError: MotionBenchError, CustomStringConvertible {
    /// The message, naming the command and the spec, with an example of a spring.
    package let message: String
    /// The message.
    package var description: String { message }
}
