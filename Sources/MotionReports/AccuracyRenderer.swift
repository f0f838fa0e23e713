import Foundation
import MotionCore

/// Renders an accuracy report as JSON (the keys are a contract), Markdown (a pull-request comment), CSV, or one
/// self-contained HTML page with inline SVG plots.
public enum AccuracyRenderer {
    /// Output formats of `motionbench accuracy`.
    public enum Format: String, Sendable, CaseIterable {
        case markdown, json, csv, html
    }

    /// The report in `format`.
    public static func render(_ report: AccuracyReport, format: Format) -> String {
        switch format {
        case .json: json(report)
        case .markdown: markdown(report)
        case .csv: csv(report)
        case .html: html(report)
        }
    }

    static func number(_ value: Double) -> String { value.isFinite ? formatOutputNumber(value) : "null" }
    static func quoted(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
    static func sci(_ value: Double) -> String { value == 0 ? "0" : String(format: "%.2g", value) }

    static func statisticsJSON(_ s: ErrorStatistics, monotone: Bool) -> String {
        var fields = ["\"maxAbsError\": \(number(s.maxAbsError))", "\"meanAbsError\": \(number(s.meanAbsError))",
                      "\"p99AbsError\": \(number(s.p99AbsError))", "\"pointsOver1e-3\": \(s.pointsOver1e3)"]
        if monotone { fields.append("\"monotonicityViolations\": \(s.monotonicityViolations.map(String.init) ?? "null")") }
        return fields.joined(separator: ", ")
    }

    static func json(_ r: AccuracyReport) -> String {
        let bezier = r.bezier.map { s in
            let perCurve = s.perCurve.map { "\(quoted($0.curve)): {\(statisticsJSON($0.statistics, monotone: true))}" }
            return "{\"name\": \(quoted(s.name)), \(statisticsJSON(s.overall, monotone: true)), \"nsPerEval\": \(number(s.nsPerEval)), "
                + "\"perCurve\": {\(perCurve.joined(separator: ", "))}}"
        }
        let springs = r.springResults.map { s in
            let perSpring = s.perSpring.map { "\(quoted($0.spring)): {\(statisticsJSON($0.statistics, monotone: false))}" }
            return "{\"name\": \(quoted(s.name)), \"maxAbsError\": \(number(s.overall.maxAbsError)), "
                + "\"meanAbsError\": \(number(s.overall.meanAbsError)), \"clockDrift\": \(s.clockDrift.map(number) ?? "null"), "
                + "\"nsPerStep\": \(number(s.nsPerStep)), \"perSpring\": {\(perSpring.joined(separator: ", "))}}"
        }
        let settling = r.settling.map { row in
            let definitions = row.definitions.map { "\(quoted($0.name)): \($0.seconds.map(number) ?? "null")" }
            return "{\"spring\": \(quoted(row.spring)), \"epsilon\": \(number(row.epsilon)), \"definitions\": {\(definitions.joined(separator: ", "))}}"
        }
        return """
            {
              "bezier": {"samples": \(r.samples), "curves": [\(r.curves.map { quoted($0.name) }.joined(separator: ", "))],
                "strategies": [
                  \(bezier.joined(separator: ",\n      "))
                ]},
              "springs": {"rateHz": \(number(r.rateHz)), "seconds": \(number(r.seconds)), "springs": [\(r.springs.map { quoted($0.name) }.joined(separator: ", "))],
                "strategies": [
                  \(springs.joined(separator: ",\n      "))
                ],
                "settling": [
                  \(settling.joined(separator: ",\n      "))
                ]},
              "reference": {"bezierWorstError": \(number(r.bezierReferenceWorstError)), "springWorstError": \(number(r.springReferenceWorstError))}
            }

            """
    }

    /// One paragraph that reads the results, built from the numbers.
    static func reading(_ r: AccuracyReport) -> String {
        let byError = r.bezier.sorted { $0.overall.maxAbsError < $1.overall.maxAbsError }
        let ours = r.bezier.first { $0.name == "motionbench" }
        let chromium = r.bezier.first { $0.name == "chromium" }
        let springOurs = r.springResults.first { $0.name == "motionbench" }
        let worstSpring = r.springResults.max { $0.overall.maxAbsError < $1.overall.maxAbsError }
        var text = "Across \(r.curves.count) curves at \(r.samples) inputs, the most accurate Bézier strategy is "
            + "\(byError.first?.name ?? "-") (worst error \(sci(byError.first?.overall.maxAbsError ?? 0))) and the least "
            + "accurate \(byError.last?.name ?? "-") (\(sci(byError.last?.overall.maxAbsError ?? 0)))."
        if let ours, let chromium {
            text += " MotionBench's default solver reaches \(sci(ours.overall.maxAbsError)) at \(String(format: "%.1f", ours.nsPerEval)) ns "
                + "per evaluation; Chromium's 1e-7 x-tolerance gives \(sci(chromium.overall.maxAbsError)) at "
                + "\(String(format: "%.1f", chromium.nsPerEval)) ns."
        }
        if let springOurs, let worstSpring {
            text += " For springs the exact closed form stays within \(sci(springOurs.overall.maxAbsError)) of the GSL rk8pd "
                + "reference (whose own error against an 80-bit closed form is \(sci(r.springReferenceWorstError))), while "
                + "\(worstSpring.name) is off by up to \(sci(worstSpring.overall.maxAbsError)) of the travel."
        }
        return text
    }

    static func markdown(_ r: AccuracyReport) -> String {
        var text = "## Accuracy report\n\n\(reading(r))\n\n### Bézier strategies (\(r.samples) samples per curve)\n\n"
        text += "| strategy | max error | mean error | p99 error | points > 1e-3 | monotonicity violations | ns/eval |\n"
        text += "|---|---:|---:|---:|---:|---:|---:|\n"
        for s in r.bezier {
            text += "| \(s.name) | \(sci(s.overall.maxAbsError)) | \(sci(s.overall.meanAbsError)) | \(sci(s.overall.p99AbsError)) | "
                + "\(s.overall.pointsOver1e3) | \(s.overall.monotonicityViolations.map(String.init) ?? "–") | \(String(format: "%.1f", s.nsPerEval)) |\n"
        }
        text += "\nWorst error per curve:\n\n| curve | " + r.bezier.map(\.name).joined(separator: " | ") + " |\n|---|"
            + r.bezier.map { _ in "---:" }.joined(separator: "|") + "|\n"
        for (index, curve) in r.curves.enumerated() {
            text += "| \(curve.name) | " + r.bezier.map { sci($0.perCurve[index].statistics.maxAbsError) }.joined(separator: " | ") + " |\n"
        }
        text += "\n### Spring strategies (\(formatSpecNumber(r.rateHz)) Hz over \(formatSpecNumber(r.seconds)) s)\n\n"
        text += "| strategy | max error | mean error | clock drift | ns/step |\n|---|---:|---:|---:|---:|\n"
        for s in r.springResults {
            text += "| \(s.name) | \(sci(s.overall.maxAbsError)) | \(sci(s.overall.meanAbsError)) | "
                + "\(s.clockDrift.map { String(format: "%.4f", $0) } ?? "–") | \(String(format: "%.1f", s.nsPerStep)) |\n"
        }
        let names = r.settling.first?.definitions.map(\.name) ?? []
        text += "\n### Settling time (s), ε = 0.001\n\n| spring | " + names.joined(separator: " | ") + " |\n|---|"
            + names.map { _ in "---:" }.joined(separator: "|") + "|\n"
        for row in r.settling {
            text += "| \(row.spring) | " + row.definitions.map { $0.seconds.map { String(format: "%.3f", $0) } ?? "never" }
                .joined(separator: " | ") + " |\n"
        }
        text += "\nReference floor: Bézier \(sci(r.bezierReferenceWorstError)) (GSL Brent vs 80-bit Newton), springs "
            + "\(sci(r.springReferenceWorstError)) (GSL rk8pd vs 80-bit closed form).\n"
        return text
    }

    static func csv(_ r: AccuracyReport) -> String {
        var lines = ["kind,strategy,case,maxAbsError,meanAbsError,p99AbsError,pointsOver1e-3,monotonicityViolations,nsPerEvalOrStep,clockDrift"]
        for s in r.bezier {
            for (curve, st) in [("all", s.overall)] + s.perCurve.map({ ($0.curve, $0.statistics) }) {
                lines.append("bezier,\(s.name),\"\(curve)\",\(number(st.maxAbsError)),\(number(st.meanAbsError)),\(number(st.p99AbsError)),"
                             + "\(st.pointsOver1e3),\(st.monotonicityViolations.map(String.init) ?? ""),\(number(s.nsPerEval)),")
            }
        }
        for s in r.springResults {
            for (spring, st) in [("all", s.overall)] + s.perSpring.map({ ($0.spring, $0.statistics) }) {
                lines.append("spring,\(s.name),\"\(spring)\",\(number(st.maxAbsError)),\(number(st.meanAbsError)),\(number(st.p99AbsError)),"
                             + "\(st.pointsOver1e3),,\(number(s.nsPerStep)),\(s.clockDrift.map(number) ?? "")")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
