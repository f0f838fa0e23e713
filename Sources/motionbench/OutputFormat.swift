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

/// The inputs of a command that takes numbers from its arguments or, when there are none, from standard input one
/// per line, handed to `body` one at a time. `whenWaiting` writes out what `body` printed so far; it runs before each
/// read of standard input that may wait, so each line through a pipe is answered as it arrives.
func forEachInput(_ arguments: [String], command: String, whenWaiting: () -> Void = {},
                  _ body: (Double) throws -> Void) throws {
    // `--` ends options; argument-parser leaves it among the unrecognized inputs.
    let given = arguments.first == "--" ? Array(arguments.dropFirst()) : arguments
    if !given.isEmpty {
        // Arguments are all in memory already: check every one before printing anything.
        let numbers = try given.map { try EvalCommand.parseInput($0, command: command) }
        try numbers.forEach(body)
        return
    }
    var lines = InputLines(command: command)
    while let line = try lines.next(whenWaiting: whenWaiting) { try body(try EvalCommand.parseInput(line, command: command)) }
}
