import MotionCore

/// A check that ran and failed (e.g. `run --verify` found a mismatch): exit code 1 with its message.
struct VerificationFailure: MotionBenchError {
    /// What failed, with the figures that failed it.
    let message: String
    /// A failed check.
    var kind: FailureKind { .failedCheck }
    /// The message (the whole line after `motionbench: `).
    var description: String { message }
}
