import MotionCore

/// One numeric option's value and the range it must lie in, with how its message words the range: a command lists
/// its options' ranges, one per line, and `OptionRange.check` throws the first one outside its range as
/// `command: --option VALUE must be [a whole number | a number of Hz | a number of seconds] in RANGE`.
package struct OptionRange: Sendable {
    /// What the message says the value must be before the range.
    package enum Wording: Sendable {
        /// `in 2…10000000`.
        case plain
        /// `a whole number in 1…1000000`.
        case wholeNumber
        /// `a number of Hz in 1…10000`.
        case hertz
        /// `a number of seconds in (0, 86400]`.
        case seconds

        /// The words between `must be ` and the range.
        var prefix: String {
            switch self {
            case .plain: "in "
            case .wholeNumber: "a whole number in "
            case .hertz: "a number of Hz in "
            case .seconds: "a number of seconds in "
            }
        }
    }

    /// The option as the message names it, with its command: `run: --frames`.
    package let option: String
    /// Whether the value lies in the range (true for an option not given).
    package let fits: Bool
    /// The value as the message shows it (`formatSpecNumber` for a `Double`).
    let valueText: String
    /// The range as the message shows it: `1…1000` closed, `(0, 86400]` with an open lower bound.
    let rangeText: String
    /// How the message words the range.
    let wording: Wording

    /// A whole-number option: `value` (nil when the option is not given, which always fits) must lie in `range`.
    package init(_ option: String, _ value: Int?, in range: ClosedRange<Int>, _ wording: Wording = .plain) {
        (self.option, self.wording) = (option, wording)
        fits = value.map(range.contains) ?? true
        valueText = value.map { "\($0)" } ?? ""
        rangeText = "\(range.lowerBound)…\(range.upperBound)"
    }

    /// A number option: `value` must lie in `range`, or in `(lower, upper]` with `lowerBoundOpen`; NaN never fits.
    package init(_ option: String, _ value: Double, in range: ClosedRange<Double>, _ wording: Wording,
                 lowerBoundOpen: Bool = false) {
        (self.option, self.wording) = (option, wording)
        fits = range.contains(value) && !(lowerBoundOpen && value == range.lowerBound)
        valueText = formatSpecNumber(value)
        let (lower, upper) = (formatSpecNumber(range.lowerBound), formatSpecNumber(range.upperBound))
        rangeText = lowerBoundOpen ? "(\(lower), \(upper)]" : "\(lower)…\(upper)"
    }

    /// The message for a value outside the range: `run: --frames 0 must be a whole number in 1…1000000`.
    package var message: String { "\(option) \(valueText) must be \(wording.prefix)\(rangeText)" }

    /// Checks `ranges` in order.
    /// - Throws: `OptionRangeError` with the message of the first option outside its range.
    package static func check(_ ranges: [OptionRange]) throws(OptionRangeError) {
        if let outside = ranges.first(where: { !$0.fits }) { throw OptionRangeError(message: outside.message) }
    }
}
