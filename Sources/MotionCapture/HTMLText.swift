/// Text with HTML's character references replaced by the characters (what a serialised DOM escapes).
enum HTMLText {
    /// The contents of the page's `<pre id="rows">` element in a serialised DOM, or all of `text` when it has none.
    static func rowsElement(in text: String) -> String {
        guard let start = text.range(of: "<pre id=\"rows\">") else { return text }
        let end = text[start.upperBound...].range(of: "</pre>")?.lowerBound ?? text.endIndex
        return String(text[start.upperBound..<end])
    }

    /// `text` with `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&nbsp;` and numeric references (`&#39;`, `&#x27;`)
    /// replaced; anything else is left as it is.
    static func unescaped(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let named: [Substring: Character] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}"]
        var result = ""
        var rest = text[...]
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            guard let semicolon = rest[afterAmpersand...].prefix(10).firstIndex(of: ";") else {
                result.append("&")
                rest = rest[afterAmpersand...]
                continue
            }
            let name = rest[afterAmpersand..<semicolon]
            if let character = named[name] ?? numericReference(name) {
                result.append(character)
            } else {
                result += rest[ampersand...semicolon]
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    /// The character a `#N` or `#xN` reference names, or nil.
    private static func numericReference(_ name: Substring) -> Character? {
        guard name.first == "#" else { return nil }
        let digits = name.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        return value.flatMap(Unicode.Scalar.init).map(Character.init)
    }
}
