import ArgumentParser
import MotionCore

/// Runs a command's option checks inside its `validate()`: a `MotionBenchError` they throw becomes argument-parser's
/// `ValidationError`, which prints the message with the command's usage and ends the process with exit code 2.
///
/// Checks that depend only on the parsed options belong here, so they run before any work (and before standard input
/// is read); checks that need a file's contents stay in `run()`.
func validatingOptions(_ checks: () throws -> Void) throws {
    do {
        try checks()
    } catch let failure as MotionBenchError {
        throw ValidationError(failure.description)
    }
}
