import MotionCore

/// Bad input found by a command itself (not by a library or the argument parser): exit code 2 with its message.
struct BadInput: MotionBenchError {
    /// What was wrong, naming the input and what was expected.
    let message: String
    /// The message (the whole line after `motionbench: `).
    var description: String { message }
}
