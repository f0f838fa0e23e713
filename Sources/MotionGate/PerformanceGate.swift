import Foundation
import MotionHarness
import MotionSupport
import MotionCore
import MotionOutput

/// Records baselines and runs the CI gate.
public enum PerformanceGate {
    static func percent(_ fraction: Double) -> String {
        fraction.isFinite ? String(format: "%+.3f%%", fraction * 100) : "n/a"
    }

    static func format(_ value: Double) -> String { String(format: "%.4g", value) }

    /// `low–high (n N)` for a row measured repeatedly, `n N` when there are too few for an interval, else empty.
    static func spreadText(_ row: Row) -> String {
        let count = row.samples.map { "n \($0)" } ?? ""
        guard let spread = row.spread else { return count }
        return "\(format(spread.lowerBound))–\(format(spread.upperBound))" + (count.isEmpty ? "" : " (\(count))")
    }

    /// The outcome as a table (people), markdown (PR comments) or JSON (machines).
    /// `metadata` (tool, version, toolchain, machine, time, commit) is included in JSON.
    public static func render(_ outcome: Outcome, format style: String, metadata: RunMetadata? = nil) -> String {
        switch style {
        case "json":
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
                let metadata: RunMetadata?
            }
            let document = Document(verdict: outcome.verdict.rawValue, rows: outcome.rows.map {
                RowJSON(workload: $0.workload, metric: $0.metric, unit: $0.unit, baseline: ReportNumber($0.baseline),
                        current: ReportNumber($0.current), change: ReportNumber($0.change),
                        changePercent: ReportNumber($0.change * 100), low: $0.spread.map { ReportNumber($0.lowerBound) },
                        high: $0.spread.map { ReportNumber($0.upperBound) }, samples: $0.samples,
                        verdict: $0.verdict.rawValue, note: $0.note)
            }, notes: outcome.notes, metadata: metadata)
            // Every number goes through ReportNumber, so encoding cannot meet a non-finite Double.
            return (try? ReportJSON.document(document)) ?? "{}\n"
        case let name where ExportFormats.named(name) != nil:
            let metrics = outcome.rows.map { row in
                ExportMetric(benchmark: row.workload, measure: row.unit == "instructions" ? "instructions"
                                : (row.unit == "s" ? "cpu-seconds" : "paired-cpu-ratio"), unit: row.unit, value: row.current,
                             failure: row.verdict == .fail ? "\(row.metric): \(format(row.current)) against \(format(row.baseline)) "
                                + "(\(percent(row.change))); \(row.note)" : nil)
            }
            return (try? ExportFormats.named(name)!.render(metrics, metadata?.exportContext ?? ExportContext())) ?? "{}\n"
        case "markdown":
            var text = "**Performance gate: \(outcome.verdict.rawValue)**\n\n| workload | metric | baseline | current | change | spread | verdict |\n|---|---|---:|---:|---:|---|---|\n"
            for row in outcome.rows {
                text += "| \(row.workload) | \(row.metric) | \(format(row.baseline)) | \(format(row.current)) | \(percent(row.change)) | \(spreadText(row)) | \(row.verdict.rawValue) |\n"
            }
            return text + outcome.notes.map { "\n> \($0)" }.joined() + "\n"
        default:
            let header = ["workload", "metric", "baseline", "current", "change", "spread", "verdict", "note"]
            let cells = outcome.rows.map { [$0.workload, $0.metric, format($0.baseline), format($0.current), percent($0.change),
                                            spreadText($0), $0.verdict.rawValue, $0.note] }
            let all = [header] + cells
            let widths = header.indices.map { column in all.map { $0[column].count }.max()! }
            var text = all.map { row in zip(row, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }
                .joined(separator: "  ") }.joined(separator: "\n")
            text += "\n" + outcome.notes.map { "note: \($0)\n" }.joined() + "gate: \(outcome.verdict.rawValue)\n"
            return text
        }
    }
}
