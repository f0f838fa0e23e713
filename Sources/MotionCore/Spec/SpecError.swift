/// A spec that could not be parsed or describes invalid parameters.
///
/// Its description names the input, what was wrong, and the 1-based column where it was found, e.g.
/// `invalid spec "cubic-bezier(1.1, 0, 1, 1)" at column 14: cubic-bezier: x1 = 1.1 is outside [0, 1]`.
public struct SpecError: MotionBenchError, Sendable, Equatable, CustomStringConvertible {
    /// The whole spec text.
    public let input: String
    /// 1-based column (in characters) where the problem starts.
    public let column: Int
    /// What went wrong.
    public let message: String

    /// Creates an error for `input` at `column`.
    public init(input: String, column: Int, message: String) {
        self.input = input
        self.column = column
        self.message = message
    }

    /// `invalid spec "input" at column N: message`, the input quoted safely (control characters escaped, at most
    /// `SafeText.defaultLimit` characters).
    public var description: String {
        "invalid spec \"\(SafeText.quoted(input))\" at column \(column): \(SafeText.quoted(message, limit: 200))"
    }
}
