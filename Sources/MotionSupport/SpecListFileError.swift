import MotionCore

/// Why a spec list file (`SpecListFile`) could not be used (exit code 2).
package struct SpecListFileError: MotionBenchError, CustomStringConvertible {
    /// What was wrong with the file.
    package enum Problem: Sendable, Equatable {
        /// The file could not be read: `InputFileError`'s reason, e.g. "does not exist".
        case unreadable(reason: String)
        /// The contents are not strict JSON; the parser's message.
        case notJSON(detail: String)
        /// The JSON is not an array, or an empty one.
        case notNonEmptyArray
        /// The item at this zero-based index is neither a spec string nor an object with a string "spec".
        case badItem(index: Int)
        /// This name is given to two items.
        case repeatedName(String)
    }

    /// The file's path as given.
    package let path: String
    /// What was wrong.
    package let problem: Problem

    /// The problem, starting with the path: what follows the option's name in a message.
    package var description: String {
        switch problem {
        case .unreadable(let reason): "'\(SafeText.quoted(path))' \(reason)"
        case .notJSON(let detail): "\(path) is not valid JSON: \(detail)"
        case .notNonEmptyArray: "\(path) must be a non-empty JSON array"
        case .badItem(let index): "\(path): item \(index) must be a spec string or {\"name\", \"spec\"}"
        case .repeatedName(let name): "\(path): the name '\(SafeText.quoted(name))' appears twice; names must be unique"
        }
    }
}
