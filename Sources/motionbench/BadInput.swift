import MotionCore
import MotionSupport

/// Bad input found by a command itself (not by a library or the argument parser): exit code 2 with its message.
struct BadInput: MotionBenchError {
    /// What was wrong, naming the input and what was expected.
    let message: String
    /// The message (the whole line after `motionbench: `).
    var description: String { message }
}

extension BadInput {
    /// The (name, spec) pairs of the spec list file at `path` (`SpecListFile`) given to `option` of `command`; a file
    /// that cannot be read is named as a value that is neither a set name nor a readable file.
    static func readingSpecList(_ path: String, option: String, command: String) throws -> [(name: String, spec: String)] {
        do {
            return try SpecListFile.read(path)
        } catch {
            guard case .unreadable(let reason) = error.problem else { throw BadInput(message: "\(command): \(option) \(error)") }
            throw BadInput(message: "\(command): \(option) '\(SafeText.quoted(path))' is not presets/hard/all/default, and as a "
                           + "file it \(reason)")
        }
    }
}
