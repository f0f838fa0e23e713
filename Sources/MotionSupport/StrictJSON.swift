import Foundation
import MotionCore

/// Checks that text is JSON as RFC 8259 defines it, before Foundation parses it, and names what is wrong with the
/// line and column: Foundation's reader on Linux accepts trailing commas, and reports an out-of-range number, deep
/// nesting and a syntax error all as "not in the correct format".
///
/// Beyond the grammar it enforces: nesting at most `maximumDepth` levels, every number finite as a `Double`
/// (`1e400` is refused rather than read as infinity), no duplicate key within an object, and no control character
/// unescaped inside a string.
package enum StrictJSON {
    /// The deepest nesting of arrays and objects accepted.
    package static let maximumDepth = 64

    /// Throws `StrictJSONError` describing the first violation in `data`, or returns when it is valid.
    package static func validate(_ data: Data) throws {
        var parser = Parser(bytes: [UInt8](data))
        parser.skipWhitespace()
        try parser.value(depth: 0)
        parser.skipWhitespace()
        if parser.index < parser.bytes.count { throw parser.error("unexpected text after the JSON value") }
    }

    /// Validates `data` and parses it with `JSONSerialization`.
    package static func parse(_ data: Data) throws -> Any {
        try validate(data)
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw StrictJSONError(line: 1, column: 1, problem: "not valid JSON")
        }
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        func error(_ problem: String) -> StrictJSONError {
            var line = 1, column = 1
            for byte in bytes[..<min(index, bytes.count)] {
                if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
            }
            return StrictJSONError(line: line, column: column, problem: problem)
        }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipWhitespace() {
            while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
        }

        mutating func expect(_ literal: String) throws {
            for byte in literal.utf8 {
                guard current == byte else { throw error("expected '\(literal)'") }
                index += 1
            }
        }

        mutating func value(depth: Int) throws {
            guard let byte = current else { throw error("unexpected end of input; expected a value") }
            switch byte {
            case UInt8(ascii: "{"): try object(depth: depth + 1)
            case UInt8(ascii: "["): try array(depth: depth + 1)
            case UInt8(ascii: "\""): _ = try string()
            case UInt8(ascii: "t"): try expect("true")
            case UInt8(ascii: "f"): try expect("false")
            case UInt8(ascii: "n"): try expect("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
            default: throw error("unexpected character \(Self.describe(byte)); expected a value")
            }
        }

        mutating func object(depth: Int) throws {
            var keys = Set<String>()
            try Self.container(&self, depth: depth, closing: UInt8(ascii: "}")) { parser in
                guard parser.current == UInt8(ascii: "\"") else { throw parser.error("expected a string key") }
                let keyStart = parser.index
                let key = try parser.string()
                guard keys.insert(key).inserted else {
                    parser.index = keyStart
                    throw parser.error("duplicate key \"\(Self.quoteable(key))\"")
                }
                parser.skipWhitespace()
                try parser.expect(":")
                parser.skipWhitespace()
                try parser.value(depth: depth)
            }
        }

        mutating func array(depth: Int) throws {
            try Self.container(&self, depth: depth, closing: UInt8(ascii: "]")) { parser in try parser.value(depth: depth) }
        }

        /// An object's or array's elements after its opening bracket: `element` parses one, separated by commas,
        /// with no comma before `closing`.
        static func container(_ parser: inout Parser, depth: Int, closing: UInt8,
                              element: (inout Parser) throws -> Void) throws {
            guard depth <= StrictJSON.maximumDepth else {
                throw parser.error("nesting deeper than \(StrictJSON.maximumDepth) levels")
            }
            parser.index += 1
            parser.skipWhitespace()
            if parser.current == closing {
                parser.index += 1
                return
            }
            while true {
                parser.skipWhitespace()
                try element(&parser)
                parser.skipWhitespace()
                guard parser.current == UInt8(ascii: ",") else {
                    try parser.expect(String(Character(Unicode.Scalar(closing))))
                    return
                }
                parser.index += 1
                parser.skipWhitespace()
                if parser.current == closing {
                    throw parser.error("trailing comma before '\(Character(Unicode.Scalar(closing)))'")
                }
            }
        }

        /// A string's contents (escapes decoded far enough to compare keys).
        mutating func string() throws -> String {
            index += 1
            var scalars: [UInt8] = []
            while true {
                guard let byte = current else { throw error("unterminated string") }
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: scalars, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard let escaped = current else { throw error("unterminated string") }
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
                        scalars.append(escaped)
                    case UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        scalars.append(UInt8(ascii: "\\")); scalars.append(escaped)
                    case UInt8(ascii: "u"):
                        for _ in 0..<4 {
                            guard let hex = current, Self.isHexDigit(hex) else {
                                throw error("\\u must be followed by four hexadecimal digits")
                            }
                            scalars.append(hex)
                            index += 1
                        }
                    default:
                        index -= 1
                        throw error("invalid escape \\\(Self.describe(escaped))")
                    }
                case 0..<0x20:
                    index -= 1
                    throw error("unescaped control character \(Self.describe(byte)) in a string")
                default:
                    scalars.append(byte)
                }
            }
        }

        mutating func number() throws {
            let start = index
            if current == UInt8(ascii: "-") { index += 1 }
            guard let first = current, Self.isDigit(first) else { throw error("expected a digit") }
            index += 1
            if first != UInt8(ascii: "0") { while let byte = current, Self.isDigit(byte) { index += 1 } }
            if current == UInt8(ascii: ".") {
                index += 1
                guard let byte = current, Self.isDigit(byte) else { throw error("expected a digit after '.'") }
                while let byte = current, Self.isDigit(byte) { index += 1 }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                index += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                guard let byte = current, Self.isDigit(byte) else { throw error("expected a digit in the exponent") }
                while let byte = current, Self.isDigit(byte) { index += 1 }
            }
            let literal = String(decoding: bytes[start..<index], as: UTF8.self)
            guard let value = Double(literal), value.isFinite else {
                index = start
                throw error("number \(literal.prefix(40)) is outside the range of a double (±1.8e308)")
            }
        }

        static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        static func isHexDigit(_ byte: UInt8) -> Bool {
            isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
        }
        static func describe(_ byte: UInt8) -> String {
            byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : String(format: "0x%02X", byte)
        }
        static func quoteable(_ text: String) -> String { SafeText.quoted(text, limit: 40) }
    }
}

/// Where and why a JSON text is not acceptable.
package struct StrictJSONError: MotionBenchError, CustomStringConvertible {
    /// One-based line of the problem.
    package let line: Int
    /// One-based column (in characters) of the problem.
    package let column: Int
    /// What is wrong.
    package let problem: String
    /// `line L, column C: PROBLEM`.
    package var description: String { "line \(line), column \(column): \(problem)" }
}
