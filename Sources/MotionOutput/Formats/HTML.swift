extension ReportFormat {
    /// One self-contained HTML page with inline SVG charts, headed by the run's provenance.
    public static let html = ReportFormat.rendering(
        (any HTMLReport).self, name: "html", summary: "one self-contained HTML page with charts", carriesMetadata: true,
        accepts: { $0 is any HTMLReport.Type }) { report, context in report.htmlPage(provenance: context.metadata?.provenance) }
}

/// A report with an HTML page.
public protocol HTMLReport {
    /// The page; `provenance` (tool, version, toolchain, machine, time, commit) heads it when given.
    func htmlPage(provenance: String?) -> String
}
