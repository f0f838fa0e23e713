import MotionCore

/// A value of a spec option (`accuracy --curves`, `--springs`, `capture --curves`) that cannot be used: a spec list
/// file that cannot be read or is malformed, a value that is neither a curve set, a file nor a spec, a spring where a
/// timing function is expected, or a curve given twice (exit code 2).
package struct SpecOptionError: MotionBenchError, CustomStringConvertible {
    /// The message, starting with the command's name and naming the option and its value.
    package let message: String
    /// The message.
    package var description: String { message }
}
