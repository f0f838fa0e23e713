import MotionCore

/// An output format: its `--format` name, what it is for, whether it carries the run's metadata, and how it renders
/// a report. Formats are listed in `ReportFormats.all`; a command accepts the formats that can render its report
/// type, so a new format is one descriptor (one file under Formats/) and one line in the registry.
///
/// What a format can render is decided by the report: each format renders reports that conform to one capability
/// protocol (`TableReport`, `JSONReport`, `MetricsReport`, …), and `RowStream` for the formats with a row layout.
package struct ReportFormat: Sendable {
    /// The `--format` value.
    package let name: String
    /// What it is for, for help texts.
    package let summary: String
    /// Whether the output carries the run's metadata (tool, version, toolchain, machine, time, commit): the one
    /// place this is decided. Formats that do not are given none, so the command need not gather it.
    package let carriesMetadata: Bool
    /// How a stream of rows is written in this format (eval, timing, interpolate print rows as they compute them),
    /// or nil when the format has no row form.
    package let rows: RowLayout?
    private let accepts: @Sendable (Any.Type) -> Bool
    private let body: @Sendable (Any, RenderContext) throws -> String

    /// A format that renders the reports whose type `accepts` returns true for, through `render`; `render` is given
    /// the report as `Any` and must cast it (see `rendering(_:name:summary:carriesMetadata:accepts:_:)`).
    package init(name: String, summary: String, carriesMetadata: Bool, rows: RowLayout? = nil,
                accepts: @escaping @Sendable (Any.Type) -> Bool,
                render: @escaping @Sendable (Any, RenderContext) throws -> String) {
        (self.name, self.summary, self.carriesMetadata, self.rows) = (name, summary, carriesMetadata, rows)
        (self.accepts, self.body) = (accepts, render)
    }

    /// A format for reports conforming to `Capability` (an existential such as `(any TableReport).self`); `accepts`
    /// tests a report type for the same conformance (e.g. `{ $0 is any TableReport.Type }`).
    package static func rendering<Capability>(
        _ capability: Capability.Type, name: String, summary: String, carriesMetadata: Bool, rows: RowLayout? = nil,
        accepts: @escaping @Sendable (Any.Type) -> Bool, _ render: @escaping @Sendable (Capability, RenderContext) throws -> String
    ) -> ReportFormat {
        ReportFormat(name: name, summary: summary, carriesMetadata: carriesMetadata, rows: rows, accepts: accepts) { report, context in
            guard let report = report as? Capability else {
                throw ReportFormatError(format: name, reportType: "\(type(of: report))")
            }
            return try render(report, context)
        }
    }

    /// Whether this format can render reports of `reportType` (a `RowStream` when it has a row layout).
    package func canRender(_ reportType: Any.Type) -> Bool {
        reportType == RowStream.self ? rows != nil : accepts(reportType)
    }

    /// `report` in this format. `metadata` is called only when the format carries metadata (and the report has a
    /// place for it), so gathering it (which runs `git` and `swift --version`) costs nothing otherwise.
    /// - Throws: `ReportFormatError` when the format cannot render this report; encoding errors from JSON.
    package func render<Report>(_ report: Report, metadata: @escaping () -> (any ReportMetadata)? = { nil }) throws -> String {
        guard accepts(type(of: report as Any)) else { throw ReportFormatError(format: name, reportType: "\(type(of: report))") }
        return try body(report, RenderContext(carriesMetadata ? metadata : { nil }))
    }
}

/// What a format passes a report's renderer besides the report: the run's metadata, when the format carries it.
package struct RenderContext {
    private let fetch: () -> (any ReportMetadata)?

    /// A context whose metadata comes from `fetch`.
    package init(_ fetch: @escaping () -> (any ReportMetadata)?) { self.fetch = fetch }

    /// The run's metadata, or nil when the format does not carry it.
    package var metadata: (any ReportMetadata)? { fetch() }

    /// The metadata as dashboard tags and a timestamp (empty without metadata).
    package var exportContext: ExportContext { metadata?.exportContext ?? ExportContext() }
}

/// A format asked to render a report it does not support (a programming error: commands offer only the formats
/// that `ReportFormat.canRender` their report type); exit code 2, as a format the command does not take.
package struct ReportFormatError: MotionBenchError {
    /// The format's name.
    package let format: String
    /// The report's type.
    package let reportType: String
    /// The error for `format` asked to render a `reportType`.
    package init(format: String, reportType: String) { (self.format, self.reportType) = (format, reportType) }
    /// What went wrong.
    package var description: String { "the \(format) format cannot render a \(reportType)" }
}
