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
    /// Why this figure failed its check (a gate regression), with the numbers; nil when it passed or was not checked.
    public var failure: String?

    /// A metric.
    public init(benchmark: String, measure: String, unit: String, value: Double, range: (lower: Double, upper: Double)? = nil,
                failure: String? = nil) {
        self.benchmark = benchmark
        self.measure = measure
        self.unit = unit
        self.value = value
        self.range = range
        self.failure = failure
    }

    /// Equal in every field.
    public static func == (a: ExportMetric, b: ExportMetric) -> Bool {
        a.benchmark == b.benchmark && a.measure == b.measure && a.unit == b.unit && a.value == b.value
            && a.range?.lower == b.range?.lower && a.range?.upper == b.range?.upper && a.failure == b.failure
    }
}

/// Who produced the metrics and when: tags for InfluxDB, properties for JUnit.
public struct ExportContext: Sendable {
    /// Tag names and values, e.g. "version", "toolchain", "machine", "commit".
    public var tags: [String: String]
    /// When, in nanoseconds since 1970 (InfluxDB's default precision).
    public var timestampNanoseconds: Int64

    /// A context.
    public init(tags: [String: String] = [:], timestampNanoseconds: Int64 = 0) {
        self.tags = tags
        self.timestampNanoseconds = timestampNanoseconds
    }
}

/// A report that dashboards can track: it lists its figures as `ExportMetric`s, every one smaller-is-better.
/// Every dashboard format (bmf, github-benchmark, influx) renders any report that conforms.
public protocol MetricsReport {
    /// The figures a dashboard tracks.
    var exportMetrics: [ExportMetric] { get }
}

/// A report whose figures are checks that pass or fail (a gate, a run with its rows, a recorded baseline), so that
/// it reads as a test suite; `ExportMetric.failure` marks the failed ones. JUnit renders these.
public protocol TestSuiteReport: MetricsReport {}

extension ReportFormat {
    /// A dashboard format named `name`: it renders any report whose type `accepts` (by default every
    /// `MetricsReport`) through `export`, tagged with the run's metadata, which it always carries.
    public static func metricsExport(name: String, summary: String,
                          accepts: @escaping @Sendable (Any.Type) -> Bool = { $0 is any MetricsReport.Type },
                          export: @escaping @Sendable ([ExportMetric], ExportContext) throws -> String) -> ReportFormat {
        .rendering((any MetricsReport).self, name: name, summary: summary, carriesMetadata: true, accepts: accepts) { report, context in
            try export(report.exportMetrics, context.exportContext)
        }
    }
}
