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

/// A dashboard format that metrics can be exported to: one descriptor per format, listed in `ExportFormats.all`,
/// so that `run` and `gate` gain a format by one entry here. Every metric exported is one where smaller is better.
public struct ExportFormat: Sendable {
    /// The `--format` value.
    public let name: String
    /// What it is for.
    public let summary: String
    /// The document for `metrics` (only finite values) produced in `context`.
    public let render: @Sendable ([ExportMetric], ExportContext) throws -> String
}

/// The export formats.
public enum ExportFormats {
    /// Bencher Metric Format: `{"benchmark": {"measure": {"value": v, "lower_value": l, "upper_value": u}}}`.
    public static let bmf = ExportFormat(name: "bmf", summary: "Bencher Metric Format JSON") { metrics, _ in
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
                                                     summary: "github-action-benchmark customSmallerIsBetter JSON") { metrics, _ in
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

    /// InfluxDB line protocol: one line per metric, measurement `motionbench`, tags benchmark, measure, unit and the
    /// context's tags, field `value` (and `lower`, `upper`), the context's timestamp in nanoseconds.
    public static let influx = ExportFormat(name: "influx", summary: "InfluxDB line protocol") { metrics, context in
        let contextTags = context.tags.sorted { $0.key < $1.key }.filter { !$0.value.isEmpty }
        return metrics.filter { $0.value.isFinite }.map { metric in
            let tags = [("benchmark", metric.benchmark), ("measure", metric.measure), ("unit", metric.unit)] + contextTags
            var fields = ["value=\(influxNumber(metric.value))"]
            if let range = metric.range, range.lower.isFinite, range.upper.isFinite {
                fields += ["lower=\(influxNumber(range.lower))", "upper=\(influxNumber(range.upper))"]
            }
            let tagText = tags.filter { !$0.1.isEmpty }.map { "\(influxKey($0.0))=\(influxKey($0.1))" }.joined(separator: ",")
            return "motionbench,\(tagText) \(fields.joined(separator: ",")) \(context.timestampNanoseconds)\n"
        }.joined()
    }

    /// JUnit XML: one test case per benchmark (a gate workload or a run row), failed when any of its metrics failed,
    /// with the figures in `system-out` and the failure's numbers in its message.
    public static let junit = ExportFormat(name: "junit", summary: "JUnit XML") { metrics, context in
        var order: [String] = []
        var byBenchmark: [String: [ExportMetric]] = [:]
        for metric in metrics {
            if byBenchmark[metric.benchmark] == nil { order.append(metric.benchmark) }
            byBenchmark[metric.benchmark, default: []].append(metric)
        }
        let failures = order.filter { byBenchmark[$0]!.contains { $0.failure != nil } }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"motionbench\" tests=\"\(order.count)\" failures=\"\(failures)\">\n"
        xml += "  <testsuite name=\"motionbench\" tests=\"\(order.count)\" failures=\"\(failures)\" errors=\"0\">\n"
        if !context.tags.isEmpty {
            xml += "    <properties>\n" + context.tags.sorted { $0.key < $1.key }.map {
                "      <property name=\"\(xmlEscaped($0.key))\" value=\"\(xmlEscaped($0.value))\"/>\n"
            }.joined() + "    </properties>\n"
        }
        for benchmark in order {
            let group = byBenchmark[benchmark]!
            xml += "    <testcase classname=\"motionbench\" name=\"\(xmlEscaped(benchmark))\">\n"
            for failure in group.compactMap(\.failure) {
                xml += "      <failure message=\"\(xmlEscaped(failure))\" type=\"regression\"/>\n"
            }
            let lines = group.map { "\($0.measure) = \(CSVWriter.number($0.value)) \($0.unit)" }.joined(separator: "\n")
            xml += "      <system-out>\(xmlEscaped(lines))</system-out>\n    </testcase>\n"
        }
        return xml + "  </testsuite>\n</testsuites>\n"
    }

    /// Every export format, in help order.
    public static let all = [bmf, githubBenchmark, influx, junit]

    /// A tag key or value, or the measurement, with commas, equals signs and spaces escaped; line breaks become spaces.
    static func influxKey(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case ",", "=", " ", "\\": result += "\\" + String(character)
            case "\n", "\r", "\r\n": result += "\\ "
            default: result.append(character)
            }
        }
        return result
    }

    /// A float field value.
    static func influxNumber(_ value: Double) -> String { CSVWriter.number(value) }

    /// Text safe inside XML attributes and elements (and free of the control characters XML 1.0 forbids).
    static func xmlEscaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n": result += "&#10;"
            case "\t": result += "&#9;"
            default: result += scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF ? "?" : String(scalar)
            }
        }
        return result
    }

    /// The format called `name`, or nil.
    public static func named(_ name: String) -> ExportFormat? { all.first { $0.name == name } }

    private static func formatNumber(_ value: Double) -> String { CSVWriter.number(value) }
}
