import MotionCore

/// A numeric option outside its range (`OptionRange`): exit code 2.
package struct OptionRangeError: MotionBenchError, CustomStringConvertible {
    /// The message: `command: --option VALUE must be … in RANGE`.
    package let message: String
    /// The message.
    package var description: String { message }
}
