/// User-supplied text made safe to repeat in a message: control characters (a terminal escape sequence, a newline)
/// appear as `\u{1B}`-style escapes instead of acting on the terminal, and long text is cut.
public enum SafeText {
    /// The longest quotation, in characters, that messages carry by default.
    public static let defaultLimit = 80

    /// `text` with control characters escaped, cut after `limit` characters with a note of how many bytes it had.
    public static func quoted(_ text: String, limit: Int = defaultLimit) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit {
                return result + "… (\(text.utf8.count) bytes in all)"
            }
            result += escaped(scalar)
            count += 1
        }
        return result
    }

    /// `text` whole, with control characters other than newline escaped (for multi-line messages).
    public static func escapingControls(_ text: String) -> String {
        let keep = { (scalar: Unicode.Scalar) in scalar == "\n" ? "\n" : escaped(scalar) }
        return text.unicodeScalars.contains { isControl($0) && $0 != "\n" } ? text.unicodeScalars.map(keep).joined() : text
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
            || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    private static func escaped(_ scalar: Unicode.Scalar) -> String {
        isControl(scalar) ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : String(scalar)
    }
}
