extension ReportFormat {
    /// JUnit XML, for reports whose figures pass or fail (not accuracy, which has no pass/fail rule).
    package static let junit = ReportFormat.metricsExport(name: "junit", summary: "JUnit XML",
                                                         accepts: { $0 is any TestSuiteReport.Type }, export: JUnit.render)
}

/// JUnit XML: one test case per benchmark (a gate workload or a run row), failed when any of its metrics failed,
/// with the figures in `system-out` and the failure's numbers in its message.
package enum JUnit {
    /// The document for `metrics`, the context's tags as suite properties.
    package static func render(_ metrics: [ExportMetric], _ context: ExportContext) -> String {
        var order: [String] = []
        var byBenchmark: [String: [ExportMetric]] = [:]
        for metric in metrics {
            if byBenchmark[metric.benchmark] == nil { order.append(metric.benchmark) }
            byBenchmark[metric.benchmark, default: []].append(metric)
        }
        let groups = order.map { ($0, byBenchmark[$0] ?? []) }
        let failures = groups.filter { $0.1.contains { $0.failure != nil } }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"motionbench\" tests=\"\(order.count)\" failures=\"\(failures)\">\n"
        xml += "  <testsuite name=\"motionbench\" tests=\"\(order.count)\" failures=\"\(failures)\" errors=\"0\">\n"
        if !context.tags.isEmpty {
            xml += "    <properties>\n" + context.tags.sorted { $0.key < $1.key }.map {
                "      <property name=\"\(xmlEscaped($0.key))\" value=\"\(xmlEscaped($0.value))\"/>\n"
            }.joined() + "    </properties>\n"
        }
        for (benchmark, group) in groups {
            xml += "    <testcase classname=\"motionbench\" name=\"\(xmlEscaped(benchmark))\">\n"
            for failure in group.compactMap(\.failure) {
                xml += "      <failure message=\"\(xmlEscaped(failure))\" type=\"regression\"/>\n"
            }
            let lines = group.map { "\($0.measure) = \(CSVWriter.number($0.value)) \($0.unit)" }.joined(separator: "\n")
            xml += "      <system-out>\(xmlEscaped(lines))</system-out>\n    </testcase>\n"
        }
        return xml + "  </testsuite>\n</testsuites>\n"
    }

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
}
