/// A report with a Markdown form.
public protocol MarkdownReport {
    /// The report as Markdown.
    func markdownText() -> String
}
extension ReportFormat {
    /// Markdown, for a pull-request comment.
    public static let markdown = ReportFormat.rendering((any MarkdownReport).self, name: "markdown",
        summary: "Markdown for a pull-request comment", carriesMetadata: false,
        accepts: { $0 is any MarkdownReport.Type }) { report, _ in report.markdownText() }
}
