import MotionOutput
import MotionSupport

/// A frame-harness run as a report for the format registry: what `motionbench run --format` can print
/// (table, json, csv, markdown, html, and every dashboard format, junit with one test case per row).
public struct HarnessRunReport: Sendable, TableReport, JSONReport, CSVReport, MarkdownReport, HTMLReport, TestSuiteReport {
    /// The result rows, one per layer count.
    public var results: [HarnessResult]
    /// Where they were measured.
    public var machine: MachineInfo
    /// Whether the text table shows every figure and note (`run --details`) rather than the short summary.
    public var details: Bool

    /// The report of `results` measured on `machine`; `details` for the full text table.
    public init(results: [HarnessResult], machine: MachineInfo, details: Bool = false) {
        (self.results, self.machine, self.details) = (results, machine, details)
    }

    /// The report of `results` measured on this machine.
    public init(results: [HarnessResult]) { self.init(results: results, machine: .current) }

    /// The short summary (`RunSummary`: at most 100 columns, the verdict first) or, with `details`, the aligned
    /// table with the budget line, the notes and the engines' tables.
    public func tableText() -> String {
        details ? HarnessReport.table(results, machine: machine, markdown: false) : RunSummary.text(results, machine: machine)
    }
    /// The same as a Markdown table.
    public func markdownText() -> String { HarnessReport.table(results, machine: machine, markdown: true) }
    /// `{"machine", "results", "budget", "units", "metadata"?}`.
    public func jsonDocument(metadata: (any ReportMetadata)?) throws -> String {
        try HarnessReport.json(results, machine: machine, metadata: metadata)
    }
    /// One CSV record per row.
    public func csvText() -> String { HarnessReport.csv(results) }
    /// The page with the cost and frame-time charts (`RunHTML`).
    public func htmlPage(provenance: String?) -> String { RunHTML.page(results, machine: machine, provenance: provenance) }
    /// ns per layer-frame (batch and naive), p99 frame time, bytes per layer and peak RSS per row.
    public var exportMetrics: [ExportMetric] { HarnessReport.exportMetrics(results) }
}
