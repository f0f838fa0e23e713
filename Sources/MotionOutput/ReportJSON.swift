import Foundation

/// The one JSON writer behind every machine-readable output: `JSONEncoder` over `Codable` types whose `CodingKeys`
/// are the documented keys, with sorted keys (stable diffs) and no escaped slashes.
///
/// Non-finite numbers never reach the text: a `ReportNumber` writes them as `null`, and a type that can hold one
/// carries a `notes` object naming the field and why (for example `"iteration": "infinite: repeats forever"`).
/// Encoding any other non-finite `Double` fails with an `EncodingError` that names the field, instead of printing
/// `inf` or `nan`.
package enum ReportJSON {
    /// `value` as indented JSON with sorted keys, ending with a newline.
    package static func document<T: Encodable>(_ value: T) throws -> String {
        try text(value, formatting: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) + "\n"
    }

    /// `value` as one line of JSON with sorted keys (no trailing newline): a row of a streamed array.
    package static func line<T: Encodable>(_ value: T) throws -> String {
        try text(value, formatting: [.sortedKeys, .withoutEscapingSlashes])
    }

    private static func text<T: Encodable>(_ value: T, formatting: JSONEncoder.OutputFormatting) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

/// A number in a report: finite values as JSON numbers, anything else (and `nil`) as `null`.
package struct ReportNumber: Encodable, Sendable, Equatable {
    /// The value, or nil for "no value".
    package let value: Double?

    /// Wraps `value`.
    package init(_ value: Double?) { self.value = value }

    /// A number, or `null` when the value is missing or not finite.
    package func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value, value.isFinite { try container.encode(value) } else { try container.encodeNil() }
    }
}

/// One cell of a row of mixed types: a number, a text, or null.
package enum ReportCell: Encodable, Sendable, Equatable {
    /// A number (`null` in JSON when not finite).
    case number(Double)
    /// A whole number.
    case integer(Int)
    /// A text.
    case text(String)
    /// No value.
    case null

    /// The cell as a JSON value.
    package func encode(to encoder: Encoder) throws {
        switch self {
        case .number(let value): try ReportNumber(value).encode(to: encoder)
        case .integer(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .text(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        }
    }
}

/// A row of named cells, with `notes` explaining any null (encoded only when there are some).
package struct ReportRow: Encodable, Sendable {
    /// The cells by column name.
    package var cells: [String: ReportCell]
    /// Why a cell is null or otherwise unusual, by column name.
    package var notes: [String: String]

    /// A row of `cells` with `notes`.
    package init(_ cells: [String: ReportCell], notes: [String: String] = [:]) {
        self.cells = cells
        self.notes = notes
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// An object of the cells, plus `"notes": {...}` when there are notes.
    package func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (name, cell) in cells { try container.encode(cell, forKey: Key(stringValue: name)) }
        if !notes.isEmpty { try container.encode(notes, forKey: Key(stringValue: "notes")) }
    }
}

extension KeyedEncodingContainer {
    /// Encodes `value`, or an explicit `null` when it is nil (synthesized `Encodable` would leave the key out).
    package mutating func encodeOrNull<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
}
