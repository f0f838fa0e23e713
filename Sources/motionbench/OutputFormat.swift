import ArgumentParser
import MotionCore

/// How a command prints data.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, csv
}

/// A table of named numeric columns, printed as text (space-separated), CSV or a JSON array of objects.
struct NumberTable {
    /// Column names (JSON keys, CSV header).
    let columns: [String]
    /// Rows of values, one per column.
    var rows: [[Double]] = []

    /// The table in `format`, ending with a newline.
    func rendered(as format: OutputFormat) -> String {
        switch format {
        case .text:
            return rows.map { $0.map(formatOutputNumber).joined(separator: " ") + "\n" }.joined()
        case .csv:
            return columns.joined(separator: ",") + "\n"
                + rows.map { $0.map(formatOutputNumber).joined(separator: ",") + "\n" }.joined()
        case .json:
            let objects = rows.map { row in
                "  {" + zip(columns, row).map { "\"\($0)\": \(jsonNumber($1))" }.joined(separator: ", ") + "}"
            }
            return "[\n" + objects.joined(separator: ",\n") + (objects.isEmpty ? "]\n" : "\n]\n")
        }
    }

    /// A JSON number; infinities (vertical tangents) become the strings "inf" and "-inf".
    private func jsonNumber(_ value: Double) -> String {
        value.isFinite ? formatOutputNumber(value) : "\"\(formatOutputNumber(value))\""
    }
}
