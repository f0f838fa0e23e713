import MotionCore

/// A `motionbench run` option that cannot be used (`RunPlan`): a `--layers` entry that is not a layer count, frame
/// times that cannot be read, or an engine that is not a readable file (exit code 2).
package struct RunPlanError: MotionBenchError, CustomStringConvertible {
    /// The message, starting `run: ` and naming the option.
    package let message: String
    /// The message.
    package var description: String { message }
}
