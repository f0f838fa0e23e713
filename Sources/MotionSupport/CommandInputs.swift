import MotionCore

/// The numbers a command (eval, timing, interpolate) takes from its arguments or, when there are none, from standard
/// input one per line (`InputLines`).
package enum CommandInputs {
    /// Hands each input of `command` to `body`, one at a time: `arguments` (after a leading `--`), all checked before
    /// the first is handed on, or else standard input's lines as they arrive. `whenWaiting` writes out what `body`
    /// printed so far; it runs before each read of standard input that may wait, so each line through a pipe is
    /// answered as it arrives.
    /// - Throws: `CommandInputError` for an input that is not a finite number or a line that is too long, and what
    ///   `body` throws.
    package static func forEach(_ arguments: [String], command: String, whenWaiting: () -> Void = {},
                                _ body: (Double) throws -> Void) throws {
        // `--` ends options; argument-parser leaves it among the unrecognized inputs.
        let given = arguments.first == "--" ? Array(arguments.dropFirst()) : arguments
        if !given.isEmpty {
            // Arguments are all in memory already: check every one before printing anything.
            let numbers = try given.map { try number($0, command: command) }
            try numbers.forEach(body)
            return
        }
        var lines = InputLines(command: command)
        while let line = try lines.next(whenWaiting: whenWaiting) { try body(try number(line, command: command)) }
    }

    /// `text` (trimmed) as a finite number.
    /// - Throws: `CommandInputError` naming the text and `command`: an unknown option for text such as `--x` or `-x`,
    ///   otherwise not a number or not finite.
    package static func number(_ text: String, command: String) throws(CommandInputError) -> Double {
        guard let value = Double(text.trimmingWhitespace()) else {
            if text.hasPrefix("-"), text.dropFirst().first.map({ $0 == "-" || $0.isLetter }) == true {
                throw CommandInputError(message: "\(command): unknown option '\(SafeText.quoted(text))' (see motionbench "
                                        + "\(command) --help)")
            }
            throw CommandInputError(message: "\(command): input '\(SafeText.quoted(text))' is not a number")
        }
        guard value.isFinite else {
            // A decimal such as 1e400 is finite but beyond the largest double; "inf" and "nan" are not numbers at all.
            let written = text.trimmingWhitespace().lowercased()
            if value.isInfinite, !written.contains("inf") {
                throw CommandInputError(message: "\(command): input '\(SafeText.quoted(text))' is beyond the largest double "
                                        + "(±1.7976931348623157e308); inputs must be finite doubles")
            }
            throw CommandInputError(message: "\(command): input '\(SafeText.quoted(text))' is not finite; inputs must be "
                                    + "finite numbers")
        }
        return value
    }
}
