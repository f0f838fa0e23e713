import Foundation
import MotionOutput

/// What `motionbench gate --format` can print: an aligned table (people), Markdown (pull-request comments), JSON
/// (machines, with the run's metadata) and every dashboard format, junit with one test case per workload.
extension PerformanceGate.Outcome: TableReport, MarkdownReport, JSONReport, TestSuiteReport {
    /// The rows as an aligned table, then the notes and the verdict.
    public func tableText() -> String {
        let header = ["workload", "metric", "baseline", "current", "change", "spread", "verdict", "note"]
        let cells = rows.map { [$0.workload, $0.metric, Self.number($0.baseline), Self.number($0.current),
                                PerformanceGate.percent($0.change), Self.spreadText($0), $0.verdict.rawValue, $0.note] }
        let all = [header] + cells
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        var text = all.map { row in zip(row, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }
            .joined(separator: "  ") }.joined(separator: "\n")
        text += "\n" + notes.map { "note: \($0)\n" }.joined() + "gate: \(verdict.rawValue)\n"
        return text
    }

    /// The verdict in bold, the rows as a Markdown table, the notes as quotes.
    public func markdownText() -> String {
        var text = "**Performance gate: \(verdict.rawValue)**\n\n| workload | metric | baseline | current | change | spread | verdict |\n|---|---|---:|---:|---:|---|---|\n"
        for row in rows {
            text += "| \(row.workload) | \(row.metric) | \(Self.number(row.baseline)) | \(Self.number(row.current)) | "
                + "\(PerformanceGate.percent(row.change)) | \(Self.spreadText(row)) | \(row.verdict.rawValue) |\n"
        }
        return text + notes.map { "\n> \($0)" }.joined() + "\n"
    }

    /// `{"verdict", "rows", "notes", "metadata"?}`; the keys are a contract.
    public func jsonDocument(metadata: (any ReportMetadata)?) throws -> String {
        struct RowJSON: Encodable {
            let workload, metric, unit: String
            let baseline, current, change, changePercent: ReportNumber
            let low, high: ReportNumber?
            let samples: Int?
            let verdict, note: String
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
                    verdict: $0.verdict.rawValue, note: $0.note)
        }, notes: notes, metadata: MetadataJSON(metadata))
        // Every number goes through ReportNumber, so encoding should not fail; if it does, the error reaches the caller.
        return try ReportJSON.document(document)
    }

    /// One figure per row (instructions, cpu-seconds or paired-cpu-ratio), a failed row's numbers as its failure.
    public var exportMetrics: [ExportMetric] {
        rows.map { row in
            ExportMetric(benchmark: row.workload, measure: row.unit == "instructions" ? "instructions"
                            : (row.unit == "s" ? "cpu-seconds" : "paired-cpu-ratio"), unit: row.unit, value: row.current,
                         failure: row.verdict == .fail ? "\(row.metric): \(Self.number(row.current)) against "
                            + "\(Self.number(row.baseline)) (\(PerformanceGate.percent(row.change))); \(row.note)" : nil)
        }
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
