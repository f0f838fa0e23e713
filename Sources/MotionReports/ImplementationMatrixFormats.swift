import Foundation
import MotionCore
import MotionOutput

/// `ImplementationMatrix` in the accuracy report's formats: a Markdown table (and so the aligned text table), a JSON
/// object, and an HTML table shaded by error.
extension ImplementationMatrix {
    /// An error as the report's other tables print it.
    static func error(_ value: Double) -> String { value == 0 ? "0" : String(format: "%.2g", value) }

    /// An implementation's output or an exact answer as printed: the shortest round-trip double, or "not finite" (a
    /// browser port whose coefficients overflow answers NaN, which counts as the largest error).
    package static func value(_ value: Double) -> String { value.isFinite ? "\(value)" : "not finite" }

    /// The table every report opens with: one row per curve, one column per implementation, the worst error
    /// (worst error · ns/eval where timed), under a caption of one line; empty when the report has no Bézier rows.
    package func markdownTable() -> String {
        guard !rows.isEmpty else { return "" }
        var text = "### Every implementation, curve by curve\n\n"
            + "Worst error against the correctly rounded answer (output progress) · ns per evaluation where timed.\n\n"
        text += "| curve | " + columns.map(\.name).joined(separator: " | ") + " |\n|---|"
            + columns.map { _ in "---:" }.joined(separator: "|") + "|\n"
        for row in rows {
            text += "| \(Self.label(row)) | " + row.cells.map { cell in
                guard let cell else { return "–" }
                return Self.error(cell.maxError) + (cell.nsPerEval.map { " · " + String(format: "%.1f", $0) + " ns" } ?? "")
            }.joined(separator: " | ") + " |\n"
        }
        return text
    }

    /// How the table was made (the inputs of each column, where each was timed), then where each engine's and
    /// measured implementation's worst errors are, with its value and the exact one; empty like `markdownTable()`.
    package func markdownDetails() -> String {
        guard !rows.isEmpty else { return "" }
        var text = "\n### The implementation table: inputs and worst cases\n\n"
            + "ns per evaluation: in-process for the in-repo strategies; in the engine's child process for an engine, one "
            + "frame call of one layer per input; a captured or measured file is not timed. Curves are matched by their "
            + "control values, named by the canonical spec with the names they were given in brackets. Inputs: "
            + columns.map { "\($0.name) \($0.budget)" }.joined(separator: "; ") + "."
            + (budgetsDiffer ? " The measured files were not searched with the same budget as the rest." : "") + "\n"
        let outside = columns.indices.filter { columns[$0].kind != .inRepo }
        guard !outside.isEmpty else { return text }
        text += "\nWhere the engines' and measured implementations' worst errors are (the exact answer is the correctly "
            + "rounded value at that input):\n\n| implementation | curve | input | its value | exact | error |\n"
            + "|---|---|---:|---:|---:|---:|\n"
        for column in outside {
            for row in rows {
                guard let cell = row.cells[column], let worst = cell.worst else { continue }
                text += "| \(columns[column].name) | \(Self.label(row)) | \(worst.input) | \(Self.value(worst.output)) | "
                    + "\(Self.value(worst.exact)) | "
                    + "\(Self.error(cell.maxError)) |\n"
            }
        }
        return text
    }

    /// The worst cell of the table: the implementation, the curve and the cell (nil without cells).
    package var worstCell: (column: Column, row: Row, cell: Cell)? {
        var worst: (column: Column, row: Row, cell: Cell)?
        for row in rows {
            for (index, cell) in row.cells.enumerated() {
                guard let cell, cell.maxError > (worst?.cell.maxError ?? -1) else { continue }
                worst = (columns[index], row, cell)
            }
        }
        return worst
    }

    /// Per column, its worst error over every curve it has, how many curves that is, and its mean ns per evaluation
    /// over the curves timed (as the strategies' table gives it).
    package var columnSummaries: [(column: Column, maxError: Double, curves: Int, nsPerEval: Double?)] {
        columns.indices.compactMap { index in
            let cells = rows.compactMap { $0.cells[index] }
            guard let maxError = cells.map(\.maxError).max() else { return nil }
            let times = cells.compactMap(\.nsPerEval)
            return (columns[index], maxError, cells.count, times.isEmpty ? nil : times.reduce(0, +) / Double(times.count))
        }
    }

    /// The JSON object: columns (name, kind, budget) and rows (curve, aliases, one cell per column or null).
    struct JSON: Encodable {
        struct ColumnJSON: Encodable {
            let name, kind, budget: String
        }
        struct CellJSON: Encodable {
            let maxAbsError: ReportNumber
            let worst: WorstJSON?
            let nsPerEval: ReportNumber?
            let samples: Int
        }
        struct WorstJSON: Encodable {
            let input, output, exact: ReportNumber
        }
        struct RowJSON: Encodable {
            let curve: String
            let aliases: [String]
            let cells: [CellJSON?]
        }
        let columns: [ColumnJSON]
        let rows: [RowJSON]
        let budgetsDiffer: Bool

        init(_ matrix: ImplementationMatrix) {
            columns = matrix.columns.map { ColumnJSON(name: $0.name, kind: $0.kind.rawValue, budget: $0.budget) }
            rows = matrix.rows.map { row in
                RowJSON(curve: row.curve, aliases: row.aliases, cells: row.cells.map { cell in
                    cell.map { cell in
                        CellJSON(maxAbsError: ReportNumber(cell.maxError), worst: cell.worst.map {
                            WorstJSON(input: ReportNumber($0.input), output: ReportNumber($0.output), exact: ReportNumber($0.exact))
                        }, nsPerEval: cell.nsPerEval.map(ReportNumber.init), samples: cell.samples)
                    }
                })
            }
            budgetsDiffer = matrix.budgetsDiffer
        }
    }

    /// An HTML table, each cell shaded from green (0) to red (1e-3 and beyond) on a log scale, with the worst input,
    /// value and exact answer in the cell's title; empty like `markdown()`.
    package func html() -> String {
        guard !rows.isEmpty else { return "" }
        func escape(_ text: String) -> String { SVGChart.escape(text) }
        var html = "<h2>Every implementation, curve by curve</h2><p class='note'>Worst error against the correctly rounded "
            + "answer (green 1e-16 to red 1e-3), and ns per evaluation where timed; hover a cell for the input, the "
            + "implementation's value and the exact one.</p><style>.matrix td,.matrix th{padding:2px 6px}"
            + ".matrix td{white-space:nowrap}.matrix tr>th{text-align:left}.matrix td.none{text-align:center}</style>"
            + "<table class='matrix'><tr><th>curve</th>" + columns.map { "<th>\(escape($0.name))</th>" }.joined() + "</tr>"
        for row in rows {
            html += "<tr><th>\(escape(Self.label(row)))</th>"
            for cell in row.cells {
                guard let cell else {
                    html += "<td class='none'>–</td>"
                    continue
                }
                // log10 error from -16 (green) to -3 (red).
                let level = cell.maxError <= 0 ? 0 : min(max((log10(cell.maxError) + 16) / 13, 0), 1)
                let hue = Int((1 - level) * 120)
                let title = cell.worst.map { "x = \($0.input): \(Self.value($0.output)), exact \(Self.value($0.exact))" } ?? ""
                html += "<td title='\(escape(title))' style='background:hsl(\(hue),70%,85%)'>\(Self.error(cell.maxError))"
                    + (cell.nsPerEval.map { "<br><small>" + String(format: "%.1f", $0) + " ns</small>" } ?? "") + "</td>"
            }
            html += "</tr>"
        }
        return html + "</table>"
    }
}
