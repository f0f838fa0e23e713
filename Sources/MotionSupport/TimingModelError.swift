import MotionCore

/// A `timing` option the timing model cannot take (`TimingModelOptions`): a value that is not a number, Core Animation
/// and Web Animations options mixed, or a playback rate that is not finite (exit code 2).
package struct TimingModelError: MotionBenchError, CustomStringConvertible {
    /// The message, starting `timing: ` and naming the option.
    package let message: String
    /// The message.
    package var description: String { message }
}
