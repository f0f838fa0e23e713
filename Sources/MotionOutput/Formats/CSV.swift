extension ReportFormat {
    /// RFC 4180 CSV through `CSVWriter`, with a header; a stream's rows one record each.
    public static let csv = ReportFormat.rendering(
        (any CSVReport).self, name: "csv", summary: "RFC 4180 CSV with a header", carriesMetadata: false,
        rows: RowLayout(header: { CSVWriter.record($0) }, footer: { _ in "" }) { row, _ in CSVWriter.record(row.cells) },
        accepts: { $0 is any CSVReport.Type }) { report, _ in report.csvText() }
}

/// A report with a CSV form.
public protocol CSVReport {
    /// The records, header first.
    func csvText() -> String
}
