import ArgumentParser
import MotionCore
import MotionOutput
import MotionSupport

/// `--format` of every command: one of the registry's formats that can render `Report`, the command's report type
/// (`HarnessRunReport` for run, `RowStream` for eval, …). Help lists exactly those (`allValueStrings`), and the
/// parser rejects any other value with the list, so a format added to `ReportFormats.all` reaches every command
/// whose report can render it and no other.
struct FormatOption<Report>: ExpressibleByArgument, Sendable {
    /// The chosen format.
    let format: ReportFormat

    /// A default value.
    init(_ format: ReportFormat) { self.format = format }

    /// The format called `argument`, when it can render `Report`.
    init?(argument: String) {
        guard let format = ReportFormats.named(argument), format.canRender(Report.self) else { return nil }
        self.format = format
    }

    /// Every format that can render `Report`, in the registry's order.
    static var formats: [ReportFormat] { ReportFormats.formats(rendering: Report.self) }

    /// The `--format` values `Report` accepts.
    static var allValueStrings: [String] { formats.map(\.name) }

    /// Completion offers the same values.
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }

    /// The value as given on the command line (help's "default:").
    var defaultValueDescription: String { format.name }

    /// The option's help: each format with what it is for (the parser appends the values and the default).
    static var help: ArgumentHelp { help() }

    /// `lead`, then each format with what it is for, then `note` (the parser appends the values and the default).
    static func help(_ lead: String = "Output format", note: String = "") -> ArgumentHelp {
        ArgumentHelp(lead + ": " + formats.map { "\($0.name) (\($0.summary))" }.joined(separator: ", ") + "." + note)
    }

    /// `report` in the chosen format; `metadata` is gathered only when the format carries it.
    func render(_ report: Report, metadata: @escaping () -> (any ReportMetadata)? = { RunMetadata.current() }) throws -> String {
        try format.render(report, metadata: metadata)
    }

    /// A row stream in the chosen format (for `FormatOption<RowStream>`), printing to standard output.
    func stream(columns: [String], hiddenInText: Set<String> = []) throws -> RowStream {
        try RowStream(columns: columns, format: format, hiddenInText: hiddenInText)
    }
}
