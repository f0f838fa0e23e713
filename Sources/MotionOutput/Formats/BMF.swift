import Foundation

extension ReportFormat {
    /// Bencher Metric Format JSON, for any report with dashboard metrics.
    package static let bmf = ReportFormat.metricsExport(name: "bmf", summary: "Bencher Metric Format JSON", export: BMF.render)
}

/// Bencher Metric Format: `{"benchmark": {"measure": {"value": v, "lower_value": l, "upper_value": u}}}`.
package enum BMF {
    /// The document for `metrics` (only finite values; a range only when both ends are finite).
    package static func render(_ metrics: [ExportMetric], _ context: ExportContext) throws -> String {
        struct Metric: Encodable {
            let value: Double
            let lower_value: Double?
            let upper_value: Double?
        }
        var document: [String: [String: Metric]] = [:]
        for metric in metrics where metric.value.isFinite {
            let range = metric.range.flatMap { $0.lower.isFinite && $0.upper.isFinite ? $0 : nil }
            document[metric.benchmark, default: [:]][metric.measure] = Metric(value: metric.value, lower_value: range?.lower,
                                                                             upper_value: range?.upper)
        }
        return try ReportJSON.document(document)
    }
}
