/// A percentage as written on a command line (`--max-increase 2%`, `--threshold 2.5`): a number in 0…1000 with an
/// optional `%`.
package enum Percentage {
    /// `text` (`2`, `2%` or `2.5%`) as a fraction (0.02); `option` starts the message.
    /// - Throws: `PercentageError` when `text` is not a finite number in 0…1000 with an optional `%`.
    package static func fraction(parsing text: String, option: String) throws(PercentageError) -> Double {
        let number = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard let value = Double(number), value.isFinite, value >= 0, value <= 1000 else {
            throw PercentageError(message: "\(option) '\(text)' must be a percentage such as 2 or 2%")
        }
        return value / 100
    }
}
