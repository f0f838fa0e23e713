import MotionCore

extension ReportFormat {
    /// Plain text: a report's text, or a stream's rows as cells separated by spaces.
    package static let text = ReportFormat.rendering(
        (any TextReport).self, name: "text", summary: "plain text, one line per answer", carriesMetadata: false,
        rows: RowLayout(header: { _ in "" }, footer: { _ in "" }) { row, _ in
            (row.text ?? zip(row.columns, row.cells).filter { !row.hiddenInText.contains($0.0) }.map { text($0.1) }
                .joined(separator: " ")) + "\n"
        },
        accepts: { $0 is any TextReport.Type }) { report, _ in report.plainText() }

    /// A cell as text: a number as its shortest round-trip text (`inf`, `-inf`, `nan` when not finite).
    static func text(_ cell: ReportCell) -> String {
        switch cell {
        case .number(let value): return formatOutputNumber(value)
        case .integer(let value): return String(value)
        case .text(let value): return value
        case .null: return "null"
        }
    }
}

/// A report that reads as plain text lines.
package protocol TextReport {
    /// The report as lines of text, each ending with a newline.
    func plainText() -> String
}
