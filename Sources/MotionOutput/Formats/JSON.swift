import Foundation

extension ReportFormat {
    /// JSON through `ReportJSON` (sorted keys; the keys are a contract), with the run's metadata; a stream's rows as
    /// an array of objects, one per line.
    public static let json = ReportFormat.rendering(
        (any JSONReport).self, name: "json", summary: "JSON for machines, its keys a contract", carriesMetadata: true,
        rows: RowLayout(header: { _ in "" }, footer: { $0 == 0 ? "[]\n" : "\n]\n" }) { row, index in
            var named: [String: ReportCell] = [:]
            var notes = row.notes
            for (column, cell) in zip(row.columns, row.cells) {
                named[column] = cell
                if case .number(let value) = cell, !value.isFinite, notes[column] == nil {
                    notes[column] = value.isNaN ? "not a number" : (value > 0 ? "+infinity" : "-infinity")
                }
            }
            return (index == 0 ? "[\n  " : ",\n  ") + (try ReportJSON.line(ReportRow(named, notes: notes)))
        },
        accepts: { $0 is any JSONReport.Type }) { report, context in try report.jsonDocument(metadata: context.metadata) }
}

/// A report with a JSON document.
public protocol JSONReport {
    /// The document, ending with a newline; `metadata` goes into it when given and the report has a place for it.
    func jsonDocument(metadata: (any ReportMetadata)?) throws -> String
}
