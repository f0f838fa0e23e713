import Foundation
import MotionOutput

/// What `motionbench gate --format` can print: an aligned table (people), Markdown (pull-request comments), JSON
/// (machines, with the run's metadata) and every dashboard format, junit with one test case per workload.
extension PerformanceGate.Outcome: TableReport, MarkdownReport, JSONReport, TestSuiteReport {
    /// The rows as an aligned table, then the notes and the verdict.
    package func tableText() -> String {
        let header = ["workload", "metric", "baseline", "current", "change", "spread", "verdict", "note"]
        let cells = rows.map { [$0.workload, $0.metric, Self.number($0.baseline), Self.number($0.current),
                                PerformanceGate.percent($0.change), Self.spreadText($0), $0.verdict.rawValue, $0.note] }
        let all = [header] + cells
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        var text = all.map { row in zip(row, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }
            .joined(separator: "  ") }.joined(separator: "\n")
        text += "\n" + functionTables(markdown: false)
        text += notes.map { "note: \($0)\n" }.joined() + "gate: \(verdict.rawValue)\n"
        return text
    }

    /// For each row that lists moved functions: a heading and a table of them (function, where, base, this, change,
    /// share of the row's total change), aligned text or Markdown.
    func functionTables(markdown: Bool) -> String {
        var text = ""
        for row in rows where !row.functions.isEmpty || row.functionsNote != nil {
            let title = "functions that moved most in \(row.workload) (\(row.verdict.rawValue), self instructions)"
            let header = ["function", "where", "base", "this", "change", "share"]
            let cells = row.functions.map { change in
                [Self.shortened(change.name), change.location ?? "", change.base.map { "\($0)" } ?? "(in the rest)",
                 change.head.map { "\($0)" } ?? "(in the rest)", (change.change > 0 ? "+" : "") + "\(change.change)",
                 change.share.map { String(format: "%.1f%%", $0 * 100) } ?? ""]
            }
            if markdown {
                text += "\n**\(title)**\n\n"
                if !cells.isEmpty {
                    text += "| " + header.joined(separator: " | ") + " |\n|---|---|---:|---:|---:|---:|\n"
                    text += cells.map { "| " + $0.map { $0.replacingOccurrences(of: "|", with: "\\|") }
                        .joined(separator: " | ") + " |\n" }.joined()
                }
                if let note = row.functionsNote { text += "\n> \(note)\n" }
            } else {
                text += title + ":\n"
                let all = [header] + cells
                let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
                if !cells.isEmpty {
                    text += all.map { line in "  " + zip(line, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }
                        .joined(separator: "  ") }.joined(separator: "\n") + "\n"
                }
                if let note = row.functionsNote { text += "  \(note)\n" }
            }
        }
        return text
    }

    /// A function name cut to 100 characters for tables (Swift's demangled names can be long).
    static func shortened(_ name: String) -> String { name.count <= 100 ? name : String(name.prefix(99)) + "…" }

    /// The verdict in bold, the rows as a Markdown table, the notes as quotes.
    package func markdownText() -> String {
        var text = "**Performance gate: \(verdict.rawValue)**\n\n| workload | metric | baseline | current | change | spread | verdict | note |\n|---|---|---:|---:|---:|---|---|---|\n"
        for row in rows {
            text += "| \(row.workload) | \(row.metric) | \(Self.number(row.baseline)) | \(Self.number(row.current)) | "
                + "\(PerformanceGate.percent(row.change)) | \(Self.spreadText(row)) | \(row.verdict.rawValue) | "
                + row.note.replacingOccurrences(of: "|", with: "\\|") + " |\n"
        }
        return text + functionTables(markdown: true) + notes.map { "\n> \($0)" }.joined() + "\n"
    }

    /// `{"verdict", "rows", "notes", "metadata"?}`; the keys are a contract.
    package func jsonDocument(metadata: (any ReportMetadata)?) throws -> String {
        struct FunctionJSON: Encodable {
            let name: String
            let location: String?
            let base, head: UInt64?
            let change: Int64
            let share: ReportNumber?
        }
        struct RowJSON: Encodable {
            let workload, metric, unit: String
            let baseline, current, change, changePercent: ReportNumber
            let low, high: ReportNumber?
            let samples: Int?
            let verdict, note: String
            let functions: [FunctionJSON]?
            let functionsNote: String?
        }
        struct Document: Encodable {
            let verdict: String
            let rows: [RowJSON]
            let notes: [String]
            let metadata: MetadataJSON?
        }
        let document = Document(verdict: verdict.rawValue, rows: rows.map {
            RowJSON(workload: $0.workload, metric: $0.metric, unit: $0.unit, baseline: ReportNumber($0.baseline),
                    current: ReportNumber($0.current), change: ReportNumber($0.change),
                    changePercent: ReportNumber($0.change * 100), low: $0.spread.map { ReportNumber($0.lowerBound) },
                    high: $0.spread.map { ReportNumber($0.upperBound) }, samples: $0.samples,
                    verdict: $0.verdict.rawValue, note: $0.note,
                    functions: $0.functions.isEmpty ? nil : $0.functions.map {
                        FunctionJSON(name: $0.name, location: $0.location, base: $0.base, head: $0.head, change: $0.change,
                                     share: $0.share.map(ReportNumber.init))
                    }, functionsNote: $0.functionsNote)
        }, notes: notes, metadata: MetadataJSON(metadata))
        // Every number goes through ReportNumber, so encoding should not fail; if it does, the error reaches the caller.
        return try ReportJSON.document(document)
    }

    /// One figure per row (instructions, cpu-seconds or paired-cpu-ratio), a failed row's numbers as its failure.
    package var exportMetrics: [ExportMetric] {
        rows.map { row in
            ExportMetric(benchmark: row.workload, measure: row.unit == "instructions" ? "instructions"
                            : (row.unit == "s" ? "cpu-seconds" : "paired-cpu-ratio"), unit: row.unit, value: row.current,
                         failure: row.verdict == .fail ? "\(row.metric): \(Self.number(row.current)) against "
                            + "\(Self.number(row.baseline)) (\(PerformanceGate.percent(row.change))); \(row.note)"
                            + Self.movedFunctions(row) : nil)
        }
    }

    /// "; moved most: NAME (WHERE) +N, …" for a failure message, or empty.
    static func movedFunctions(_ row: PerformanceGate.Row) -> String {
        guard !row.functions.isEmpty else { return row.functionsNote.map { "; \($0)" } ?? "" }
        return "; moved most: " + row.functions.prefix(5).map { change in
            shortened(change.name) + (change.location.map { " (\($0))" } ?? "") + " " + (change.change > 0 ? "+" : "")
                + "\(change.change)"
        }.joined(separator: ", ")
    }

    /// A figure with four significant digits.
    static func number(_ value: Double) -> String { String(format: "%.4g", value) }

    /// `low–high (n N)` for a row measured repeatedly, `n N` when there are too few for an interval, else empty.
    static func spreadText(_ row: PerformanceGate.Row) -> String {
        let count = row.samples.map { "n \($0)" } ?? ""
        guard let spread = row.spread else { return count }
        return "\(number(spread.lowerBound))–\(number(spread.upperBound))" + (count.isEmpty ? "" : " (\(count))")
    }
}
