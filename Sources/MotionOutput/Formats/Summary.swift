/// A report that sums itself up in a line (a recorded baseline: where it went and what it holds).
package protocol SummaryReport {
    /// The line, ending with a newline.
    func summaryText() -> String
}
extension ReportFormat {
    /// One line saying what was done.
    package static let summary = ReportFormat.rendering((any SummaryReport).self, name: "summary", summary: "a one-line summary",
        carriesMetadata: false, accepts: { $0 is any SummaryReport.Type }) { report, _ in report.summaryText() }
}
