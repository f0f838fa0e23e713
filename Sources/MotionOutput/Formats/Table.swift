/// A report that reads as an aligned text table.
public protocol TableReport {
    /// The report as a text table with its notes.
    func tableText() -> String
}
extension ReportFormat {
    /// An aligned text table, for people at a terminal.
    public static let table = ReportFormat.rendering((any TableReport).self, name: "table", summary: "aligned text table",
        carriesMetadata: false, accepts: { $0 is any TableReport.Type }) { report, _ in report.tableText() }
}
