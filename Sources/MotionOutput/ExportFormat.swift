/// One figure for a dashboard: which benchmark, which measure, its unit and value, and optionally a range.
public struct ExportMetric: Sendable, Equatable {
    /// The benchmark's name, e.g. "mixed/1000000 layers/2 threads" or a gate workload.
    public var benchmark: String
    /// The measure's slug, e.g. "ns-per-layer-frame".
    public var measure: String
    /// The unit, e.g. "ns".
    public var unit: String
    /// The value (exports leave out metrics whose value is not finite).
    public var value: Double
    /// The lower and upper ends of its spread, when known.
    public var range: (lower: Double, upper: Double)?

    /// A metric.
    public init(benchmark: String, measure: String, unit: String, value: Double, range: (lower: Double, upper: Double)? = nil) {
        self.benchmark = benchmark
        self.measure = measure
        self.unit = unit
        self.value = value
        self.range = range
    }

    /// Equal in every field.
    public static func == (a: ExportMetric, b: ExportMetric) -> Bool {
        a.benchmark == b.benchmark && a.measure == b.measure && a.unit == b.unit && a.value == b.value
            && a.range?.lower == b.range?.lower && a.range?.upper == b.range?.upper
    }
}

/// A dashboard format that metrics can be exported to: one descriptor per format, listed in `ExportFormats.all`,
/// so that `run` and `gate` gain a format by one entry here. Every metric exported is one where smaller is better.
public struct ExportFormat: Sendable {
    /// The `--format` value.
    public let name: String
    /// What it is for.
    public let summary: String
    /// The document for `metrics` (only finite values).
    public let render: @Sendable ([ExportMetric]) throws -> String
}

/// The export formats.
public enum ExportFormats {
    /// Bencher Metric Format: `{"benchmark": {"measure": {"value": v, "lower_value": l, "upper_value": u}}}`.
    public static let bmf = ExportFormat(name: "bmf", summary: "Bencher Metric Format JSON") { metrics in
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

    /// github-action-benchmark's `customSmallerIsBetter`: `[{"name", "unit", "value", "range"?}]`.
    public static let githubBenchmark = ExportFormat(name: "github-benchmark",
                                                     summary: "github-action-benchmark customSmallerIsBetter JSON") { metrics in
        struct Entry: Encodable {
            let name, unit: String
            let value: Double
            let range: String?
        }
        let entries = metrics.filter { $0.value.isFinite }.map { metric in
            Entry(name: "\(metric.benchmark) \(metric.measure)", unit: metric.unit, value: metric.value,
                  range: metric.range.map { "\(formatNumber($0.lower))–\(formatNumber($0.upper))" })
        }
        return try ReportJSON.document(entries)
    }

    /// Every export format, in help order.
    public static let all = [bmf, githubBenchmark]

    /// The format called `name`, or nil.
    public static func named(_ name: String) -> ExportFormat? { all.first { $0.name == name } }

    private static func formatNumber(_ value: Double) -> String { CSVWriter.number(value) }
}
