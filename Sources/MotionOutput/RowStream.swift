/// Rows printed as they are produced, in constant memory, for commands that answer input by input (eval, timing,
/// interpolate): the format's `RowLayout` decides the text (plain cells, CSV with a header, a JSON array). A
/// non-finite number prints as `inf`/`-inf` in text, an empty CSV field, and `null` with a note in JSON.
package struct RowStream {
    /// Column names: JSON keys and the CSV header.
    package let columns: [String]
    /// Columns left out of the text format (e.g. eval's input column).
    package let hiddenInText: Set<String>
    private let layout: RowLayout
    private let output: (String) -> Void
    private var rows = 0
    private var pending = ""

    /// Starts a stream in `format` (prints the header at once), writing through `output` (standard output).
    /// - Throws: `ReportFormatError` when the format has no row layout.
    package init(columns: [String], format: ReportFormat, hiddenInText: Set<String> = [],
                output: @escaping (String) -> Void = { print($0, terminator: "") }) throws {
        guard let layout = format.rows else { throw ReportFormatError(format: format.name, reportType: "RowStream") }
        (self.columns, self.hiddenInText, self.layout, self.output) = (columns, hiddenInText, layout, output)
        emit(layout.header(columns))
    }

    /// Prints one row of cells (one per column); `notes` explain null or infinite cells in JSON; `text` replaces the
    /// cells in the text format (interpolate's `matrix3d(…)`).
    package mutating func write(_ cells: [ReportCell], notes: [String: String] = [:], text: String? = nil) throws {
        let row = StreamRow(columns: columns, cells: cells, notes: notes, hiddenInText: hiddenInText, text: text)
        emit(try layout.row(row, rows))
        rows += 1
    }

    /// Ends the stream (closes a JSON array) and flushes it.
    package mutating func finish() {
        emit(layout.footer(rows))
        flush()
    }

    /// Collects output and writes it in blocks of about 64 KiB (one write per row costs microseconds).
    private mutating func emit(_ text: String) {
        pending += text
        if pending.utf8.count >= 65_536 { flush() }
    }

    /// Writes what is pending; called before an error message so that the rows before it are not lost.
    package mutating func flush() {
        guard !pending.isEmpty else { return }
        output(pending)
        pending = ""
    }
}

/// One row of a `RowStream`, as a format's `RowLayout` sees it.
package struct StreamRow {
    /// The stream's column names.
    package let columns: [String]
    /// One cell per column.
    package let cells: [ReportCell]
    /// Why a cell is null or infinite, by column (JSON).
    package let notes: [String: String]
    /// Columns the text format leaves out.
    package let hiddenInText: Set<String>
    /// The row's text in the text format, when it is not its cells.
    package let text: String?
}

/// How a format writes a stream of rows: what comes before the first, each row, what comes after the last.
package struct RowLayout: Sendable {
    /// Printed before the first row, given the column names (CSV's header).
    package let header: @Sendable ([String]) -> String
    /// Printed after the last row, given how many rows there were (JSON's closing bracket).
    package let footer: @Sendable (Int) -> String
    /// One row, given its index from 0.
    package let row: @Sendable (StreamRow, Int) throws -> String

    /// A layout from its three parts.
    package init(header: @escaping @Sendable ([String]) -> String, footer: @escaping @Sendable (Int) -> String,
                row: @escaping @Sendable (StreamRow, Int) throws -> String) {
        (self.header, self.footer, self.row) = (header, footer, row)
    }
}
