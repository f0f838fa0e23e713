extension ReportFormat {
    /// InfluxDB line protocol, for any report with dashboard metrics.
    package static let influx = ReportFormat.metricsExport(name: "influx", summary: "InfluxDB line protocol",
                                                          export: InfluxLineProtocol.render)
}

/// InfluxDB line protocol: one line per metric, measurement `motionbench`, tags benchmark, measure, unit and the
/// context's tags, field `value` (and `lower`, `upper`), the context's timestamp in nanoseconds.
package enum InfluxLineProtocol {
    /// The lines for `metrics` (only finite values).
    package static func render(_ metrics: [ExportMetric], _ context: ExportContext) -> String {
        let contextTags = context.tags.sorted { $0.key < $1.key }.filter { !$0.value.isEmpty }
        return metrics.filter { $0.value.isFinite }.map { metric in
            let tags = [("benchmark", metric.benchmark), ("measure", metric.measure), ("unit", metric.unit)] + contextTags
            var fields = ["value=\(number(metric.value))"]
            if let range = metric.range, range.lower.isFinite, range.upper.isFinite {
                fields += ["lower=\(number(range.lower))", "upper=\(number(range.upper))"]
            }
            let tagText = tags.filter { !$0.1.isEmpty }.map { "\(key($0.0))=\(key($0.1))" }.joined(separator: ",")
            return "motionbench,\(tagText) \(fields.joined(separator: ",")) \(context.timestampNanoseconds)\n"
        }.joined()
    }

    /// A tag key or value, or the measurement, with commas, equals signs and spaces escaped; line breaks become spaces.
    static func key(_ text: String) -> String {
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
    static func number(_ value: Double) -> String { CSVWriter.number(value) }
}
