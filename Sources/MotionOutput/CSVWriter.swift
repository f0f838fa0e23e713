import MotionCore

/// The one CSV writer: RFC 4180 records (fields holding a comma, a double quote, CR or LF are quoted, quotes
/// doubled; records end with CRLF). Numbers print as Swift's shortest round-trip text; a missing or non-finite
/// number is an empty field.
package enum CSVWriter {
    /// One record, ending with CRLF.
    package static func record(_ fields: [String]) -> String {
        fields.map(quoted).joined(separator: ",") + "\r\n"
    }

    /// One record of cells.
    package static func record(_ cells: [ReportCell]) -> String {
        record(cells.map(field))
    }

    /// `text` as a field, quoted when it must be.
    package static func quoted(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) else {
            return text
        }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A number as a field: empty when missing or not finite.
    package static func number(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "" }
        return formatOutputNumber(value)
    }

    private static func field(_ cell: ReportCell) -> String {
        switch cell {
        case .number(let value): return number(value)
        case .integer(let value): return String(value)
        case .text(let value): return value
        case .null: return ""
        }
    }
}
