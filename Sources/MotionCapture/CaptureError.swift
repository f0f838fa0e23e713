import MotionCore

/// A capture that cannot be made: an unknown or missing browser, a plan it cannot run, a browser that rejected an
/// easing or printed something other than the expected rows (bad input or setup: exit code 2).
package struct CaptureError: MotionBenchError, CustomStringConvertible {
    /// What went wrong, naming the browser or the input and what was expected.
    package let message: String

    /// An error with `message`.
    package init(_ message: String) { self.message = message }

    /// The message.
    package var description: String { message }
}
