extension String {
    /// The string without leading and trailing whitespace (`Character.isWhitespace`, so newlines too).
    package func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
            return ""
        }
        return first == startIndex && last == index(before: endIndex) ? self : String(self[first...last])
    }
}
