/// The shared grammar of MotionBench's textual forms: `name`, `name(items)`, and space-separated lists of them.
///
/// Items inside parentheses are separated by commas; an item is one or more space-separated values, optionally
/// preceded by a `label:`. A value is a number with an optional unit suffix (`%`, `deg`, `s`, ...) or an identifier.
/// Every node remembers its 1-based column so that errors can say where they are.
public struct SpecCall: Sendable, Equatable {
    /// The function or keyword name, e.g. `cubic-bezier` or `ease`.
    public let name: String
    /// Column of the name.
    public let column: Int
    /// The comma-separated items, or `nil` for a bare keyword without parentheses.
    public let items: [SpecItem]?
}

/// One comma-separated item of a call: an optional label and one or more space-separated values.
public struct SpecItem: Sendable, Equatable {
    /// The label before a colon, e.g. `mass` in `mass: 1`.
    public let label: String?
    /// The values, in order.
    public let values: [SpecValue]
    /// Column where the item starts.
    public let column: Int
}

/// A single value: a number with its unit, or an identifier.
public struct SpecValue: Sendable, Equatable {
    /// The value's kind.
    public enum Kind: Sendable, Equatable {
        /// A finite number and its unit suffix (empty when unitless).
        case number(Double, unit: String)
        /// A bare word such as `jump-start`.
        case identifier(String)
    }

    /// What the value is.
    public let kind: Kind
    /// The text as written.
    public let text: String
    /// Column where it starts.
    public let column: Int
}

/// Parses spec text into calls.
public enum SpecSyntax {
    /// Parses a space-separated list of calls (used by transform lists).
    public static func parseList(_ text: String) throws(SpecError) -> [SpecCall] {
        var parser = Parser(text: text)
        var calls: [SpecCall] = []
        parser.skipSpaces()
        while !parser.atEnd {
            calls.append(try parser.call())
            parser.skipSpaces()
        }
        if calls.isEmpty { throw SpecError(input: text, column: 1, message: "the spec is empty") }
        return calls
    }

    /// Parses exactly one call.
    public static func parseCall(_ text: String) throws(SpecError) -> SpecCall {
        let calls = try parseList(text)
        guard calls.count == 1 else {
            throw SpecError(input: text, column: calls[1].column, message: "unexpected '\(calls[1].name)' after the spec")
        }
        return calls[0]
    }

    private struct Parser {
        let text: String
        let characters: [Character]
        var index = 0

        init(text: String) {
            self.text = text
            characters = Array(text)
        }

        var atEnd: Bool { index >= characters.count }
        var column: Int { index + 1 }
        var current: Character? { atEnd ? nil : characters[index] }

        func error(_ message: String, at column: Int? = nil) -> SpecError {
            SpecError(input: text, column: column ?? self.column, message: message)
        }

        mutating func skipSpaces() {
            while let character = current, character.isWhitespace { index += 1 }
        }

        func describeCurrent() -> String {
            guard let character = current else { return "the end of the spec" }
            return "'\(character)'"
        }

        mutating func call() throws(SpecError) -> SpecCall {
            let start = column
            guard let first = current, first.isLetter || first == "_" else {
                throw error("expected a name, found \(describeCurrent())")
            }
            let name = identifier()
            guard current == "(" else { return SpecCall(name: name, column: start, items: nil) }
            index += 1
            var items: [SpecItem] = []
            skipSpaces()
            if current == ")" {
                index += 1
                return SpecCall(name: name, column: start, items: [])
            }
            while true {
                items.append(try item())
                skipSpaces()
                switch current {
                case ",":
                    index += 1
                case ")":
                    index += 1
                    return SpecCall(name: name, column: start, items: items)
                case nil:
                    throw error("missing ')' to close '\(name)(' opened at column \(start + name.count)")
                default:
                    throw error("expected ',' or ')', found \(describeCurrent())")
                }
            }
        }

        mutating func item() throws(SpecError) -> SpecItem {
            skipSpaces()
            let start = column
            var label: String?
            var values: [SpecValue] = []
            while let character = current, character != ",", character != ")" {
                let valueStart = column
                if character.isLetter || character == "_" {
                    let word = identifier()
                    skipSpaces()
                    if current == ":" {
                        guard values.isEmpty, label == nil else {
                            throw error("a label must start its item; put a ',' before '\(word):'", at: valueStart)
                        }
                        index += 1
                        label = word
                    } else {
                        values.append(SpecValue(kind: .identifier(word), text: word, column: valueStart))
                    }
                } else if character.isNumber || "+-.".contains(character) {
                    values.append(try number())
                } else if character == "(" {
                    throw error("unexpected '('")
                } else {
                    throw error("unexpected \(describeCurrent())")
                }
                skipSpaces()
            }
            if values.isEmpty {
                throw error(label.map { "expected a value after '\($0):'" } ?? "expected a value, found \(describeCurrent())",
                            at: column)
            }
            return SpecItem(label: label, values: values, column: start)
        }

        mutating func identifier() -> String {
            var word = ""
            while let character = current, character.isLetter || character.isNumber || character == "-" || character == "_" {
                word.append(character)
                index += 1
            }
            return word
        }

        mutating func number() throws(SpecError) -> SpecValue {
            let start = column
            var literal = ""
            if let sign = current, sign == "+" || sign == "-" {
                literal.append(sign)
                index += 1
            }
            var digits = 0
            while let character = current, character.isASCII, character.isNumber {
                literal.append(character)
                index += 1
                digits += 1
            }
            if current == "." {
                literal.append(".")
                index += 1
                while let character = current, character.isASCII, character.isNumber {
                    literal.append(character)
                    index += 1
                    digits += 1
                }
            }
            guard digits > 0 else { throw error("expected a number, found '\(literal)'", at: start) }
            if let e = current, e == "e" || e == "E" {
                var lookahead = index + 1
                if lookahead < characters.count, "+-".contains(characters[lookahead]) { lookahead += 1 }
                if lookahead < characters.count, characters[lookahead].isASCII, characters[lookahead].isNumber {
                    while index < lookahead {
                        literal.append(characters[index])
                        index += 1
                    }
                    while let character = current, character.isASCII, character.isNumber {
                        literal.append(character)
                        index += 1
                    }
                }
            }
            var unit = ""
            if current == "%" {
                unit = "%"
                index += 1
            } else {
                while let character = current, character.isLetter {
                    unit.append(character)
                    index += 1
                }
            }
            guard let value = Double(literal), value.isFinite else {
                throw error("'\(literal)' is not a finite number", at: start)
            }
            return SpecValue(kind: .number(value, unit: unit), text: literal + unit, column: start)
        }
    }
}
