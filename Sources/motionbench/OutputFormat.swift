import ArgumentParser
import MotionCore
import MotionOutput

/// How a command prints data.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, csv
}

/// Rows printed as they are produced (constant memory): text (cells separated by spaces), RFC 4180 CSV with a
/// header, or a JSON array of objects keyed by column name through `ReportJSON`. A non-finite number prints as
/// `inf`/`-inf` in text, an empty CSV field, and `null` with a note in JSON.
struct RowStream {
    /// Column names: JSON keys and the CSV header.
    let columns: [String]
    /// The format.
    let format: OutputFormat
    /// Columns left out of the text format (e.g. eval's input column).
    let hiddenInText: Set<String>
    private var rows = 0
    private var pending = ""

    /// Starts a stream (prints the CSV header at once).
    init(columns: [String], format: OutputFormat, hiddenInText: Set<String> = []) {
        self.columns = columns
        self.format = format
        self.hiddenInText = hiddenInText
        if format == .csv { emit(CSVWriter.record(columns)) }
    }

    /// Prints one row of cells (one per column); `notes` explain null or infinite cells in JSON.
    mutating func write(_ cells: [ReportCell], notes: [String: String] = [:]) throws {
        switch format {
        case .text:
            let shown = zip(columns, cells).filter { !hiddenInText.contains($0.0) }.map { Self.text($0.1) }
            emit(shown.joined(separator: " ") + "\n")
        case .csv:
            emit(CSVWriter.record(cells))
        case .json:
            var named: [String: ReportCell] = [:]
            var allNotes = notes
            for (column, cell) in zip(columns, cells) {
                named[column] = cell
                if case .number(let value) = cell, !value.isFinite, allNotes[column] == nil {
                    allNotes[column] = value.isNaN ? "not a number" : (value > 0 ? "+infinity" : "-infinity")
                }
            }
            let line = try ReportJSON.line(ReportRow(named, notes: allNotes))
            emit((rows == 0 ? "[\n  " : ",\n  ") + line)
        }
        rows += 1
    }

    /// Ends the stream (closes the JSON array) and flushes it.
    mutating func finish() {
        if format == .json { emit(rows == 0 ? "[]\n" : "\n]\n") }
        flush()
    }

    /// Collects output and writes it in blocks of about 64 KiB (one `print` per row costs microseconds).
    private mutating func emit(_ text: String) {
        pending += text
        if pending.utf8.count >= 65_536 { flush() }
    }

    /// Writes what is pending; called before an error message so that the rows before it are not lost.
    mutating func flush() {
        guard !pending.isEmpty else { return }
        print(pending, terminator: "")
        pending = ""
    }

    /// A cell as text.
    static func text(_ cell: ReportCell) -> String {
        switch cell {
        case .number(let value): return formatOutputNumber(value)
        case .integer(let value): return String(value)
        case .text(let value): return value
        case .null: return "null"
        }
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
