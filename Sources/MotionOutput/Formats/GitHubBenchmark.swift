import Foundation

extension ReportFormat {
    /// github-action-benchmark's customSmallerIsBetter JSON, for any report with dashboard metrics.
    package static let githubBenchmark = ReportFormat.metricsExport(
        name: "github-benchmark", summary: "github-action-benchmark customSmallerIsBetter JSON", export: GitHubBenchmark.render)
}

/// github-action-benchmark's `customSmallerIsBetter`: `[{"name", "unit", "value", "range"?}]`.
package enum GitHubBenchmark {
    /// The document for `metrics` (only finite values); the name is "BENCHMARK MEASURE", the range "LOW–HIGH".
    package static func render(_ metrics: [ExportMetric], _ context: ExportContext) throws -> String {
        struct Entry: Encodable {
            let name, unit: String
            let value: Double
            let range: String?
        }
        let entries = metrics.filter { $0.value.isFinite }.map { metric in
            Entry(name: "\(metric.benchmark) \(metric.measure)", unit: metric.unit, value: metric.value,
                  range: metric.range.map { "\(CSVWriter.number($0.lower))–\(CSVWriter.number($0.upper))" })
        }
        return try ReportJSON.document(entries)
    }
}
