import Foundation
import MotionCore
import MotionOutput

/// The measured implementations' part of every accuracy report format: Markdown tables, the `measured` JSON object,
/// CSV records, HTML error plots and dashboard metrics.
extension AccuracyRenderer {
    static func percent(_ share: Double) -> String {
        share == 0 ? "0" : share < 0.0001 ? "<0.01%" : String(format: "%.2f%%", share * 100)
    }

    static func ulps(_ value: Double) -> String { value == 0 ? "0" : String(format: "%.3g", value) }

    static func seconds(_ value: Double?) -> String { value.map(formatSpecNumber) ?? "not settled" }

    /// `SPEC at x = INPUT` (or `at t = … s` for a spring) for a statistic's worst point.
    static func worstPlace(_ statistics: MeasuredStatistics, in m: MeasuredAccuracy, spec: String? = nil) -> String {
        guard statistics.samples > 0 else { return "–" }
        let name = spec ?? statistics.worst.spec ?? ""
        let place = m.springSpecs.contains(name) ? "t = \(formatSpecNumber(statistics.worst.input)) s" : "x = \(formatSpecNumber(statistics.worst.input))"
        return spec == nil ? "\(name) at \(place)" : place
    }

    /// The sentence per port: how far it is from the engine it models.
    static func distanceSentence(_ d: PortDistance) -> String {
        guard d.maxDifference > 0 else {
            return "\(d.strategy) strategy vs \(d.implementation): identical on all \(d.samples) samples"
        }
        return "\(d.strategy) strategy vs \(d.implementation): largest difference \(sci(d.maxDifference)) at \(d.worst.spec) "
            + "x = \(formatSpecNumber(d.worst.input)) (port \(answer(d.worst.port)), engine "
            + "\(formatSpecNumber(d.worst.measured))); identical on \(d.identical) of \(d.samples) samples"
    }

    /// An implementation's answer as the sentences quote it: the number, or `no finite value` for a port's NaN or
    /// infinity (a port of a browser whose power-form coefficients overflow answers NaN, as the browser does).
    static func answer(_ value: Double) -> String { value.isFinite ? formatSpecNumber(value) : "no finite value" }

    /// `text` safe inside a Markdown table cell: a `|` would end the cell, so it is shown as `¦` (the table readers of
    /// the `table` and `html` formats split on every `|`).
    static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "¦") }

    static func thresholdHeader() -> String {
        VisibleThreshold.all.map { "> \($0.name)" }.joined(separator: " | ")
    }

    static func statisticsCells(_ s: MeasuredStatistics) -> String {
        var maxError = sci(s.maxAbsError), violations = s.monotonicityViolations.map(String.init) ?? "–"
        if let grid = s.grid {
            if sci(grid.maxAbsError) != maxError { maxError = "\(sci(grid.maxAbsError)) → \(maxError)" }
            if let gridViolations = grid.monotonicityViolations, String(gridViolations) != violations {
                violations = "\(gridViolations) → \(violations)"
            }
        }
        return "\(s.samples) | \(maxError) | \(sci(s.meanAbsError)) | \(ulps(s.maxFloat32Ulps)) | \(ulps(s.maxFloat64Ulps)) | "
            + "\(violations) | "
            + s.beyondThresholds.map(percent).joined(separator: " | ") + " | \(s.maxVelocityError.map(sci) ?? "–")"
    }

    /// The measured section in Markdown.
    static func measuredMarkdown(_ m: MeasuredAccuracy) -> String {
        let columns = "samples | max error | mean error | max float32 ulps | max float64 ulps | monotonicity violations | "
            + thresholdHeader() + " | max velocity error"
        let alignment = Array(repeating: "---:", count: 7 + VisibleThreshold.all.count).joined(separator: "|")
        var text = "\n### Measured implementations, and the in-repo ports at their inputs (\(m.files.joined(separator: ", ")))\n\n"
            + "Every sample against the exact answer at its input: the correctly rounded value for cubic Béziers, "
            + "steps(), linear() and springs (docs/solver.md#correct-rounding). Errors are in progress (fractions of the "
            + "travel). Visible thresholds: " + VisibleThreshold.all.map { "\($0.name) = \($0.meaning)" }.joined(separator: "; ")
            + ". In-repo ports are evaluated at the same cubic-Bézier inputs (WebKit's tolerances at 1 s).\n\n"
        text += "| implementation | kind | \(columns) | worst at |\n|---|---|\(alignment)|---|\n"
        for row in m.implementations + m.ports {
            text += "| \(cell(row.label)) | \(row.isPort ? "in-repo port" : "measured") | \(statisticsCells(row.overall)) | "
                + "\(worstPlace(row.overall, in: m)) |\n"
        }
        text += measuredNotes(m)
        if !m.distances.isEmpty {
            text += "\n#### In-repo ports against the engines they model\n\n"
                + "| port | measured engine | largest difference | at | identical outputs |\n|---|---|---:|---|---:|\n"
            for d in m.distances {
                let place = d.maxDifference > 0 ? "\(d.worst.spec) x = \(formatSpecNumber(d.worst.input))" : "–"
                text += "| \(d.strategy) | \(cell(d.implementation)) | \(sci(d.maxDifference)) | \(place) | "
                    + "\(d.identical) of \(d.samples) |\n"
            }
        }
        text += "\n#### Per spec\n\n| implementation | spec | \(columns) | worst at | implied settling (measured / exact, s) |\n"
            + "|---|---|\(alignment)|---|---|\n"
        for row in m.implementations {
            for (spec, s) in row.perSpec {
                let settling = s.settling.map { "\(seconds($0.measured)) / \(seconds($0.exact))" } ?? "–"
                text += "| \(cell(row.label)) | \(spec) | \(statisticsCells(s)) | \(worstPlace(s, in: m, spec: spec)) | \(settling) |\n"
            }
        }
        return text
    }

    /// After the table: what a search added, the effective inputs, where fixed samples leave room for a larger
    /// error, and the specs an implementation could not evaluate.
    static func measuredNotes(_ m: MeasuredAccuracy) -> String {
        var notes: [String] = []
        if (m.implementations + m.ports).contains(where: { $0.overall.grid != nil }) {
            notes.append("Rows from a search (a `round` column) show grid → searched where the search found more; their mean "
                         + "and shares are over the grid.")
        }
        for row in m.implementations {
            if let shift = row.overall.maxInputShift, shift > 0, let easing = row.overall.maxEasingError {
                notes.append("\(row.label) evaluated its easing up to \(sci(shift)) away from the input asked for (its "
                             + "time rounding, measured); against the exact answer at that effective input its worst error "
                             + "is \(sci(easing)).")
            }
            if let spot = row.overall.blindSpot {
                let room = spot.room.isFinite ? sci(spot.room) : "any size (a vertical tangent)"
                let advice = row.overall.search == nil
                    ? "a search finds what fixed inputs miss: `motionbench capture` searches by default, or give denser inputs"
                    : "more search rounds (`\(row.name.contains(" (engine") ? "accuracy" : "capture") --search-rounds`) "
                        + "or a denser grid (`--samples`) would look there"
                notes.append("\(row.label): the samples leave room for a larger error than the worst measured for its spec "
                             + "in \(spot.intervals) interval(s), first between x = \(formatSpecNumber(spot.from)) and "
                             + "\(formatSpecNumber(spot.to)) (the exact curve could move by \(room) there); \(advice).")
            }
        }
        for item in m.unsupported {
            notes.append("\(item.implementation) could not evaluate \(item.spec): \(item.reason)")
        }
        return notes.isEmpty ? "" : "\n" + notes.map { "- " + cell($0) }.joined(separator: "\n") + "\n"
    }

    /// One implementation's statistics as JSON.
    struct MeasuredStatisticsJSON: Encodable {
        let statistics: MeasuredStatistics
        let spec: String?

        enum CodingKeys: String, CodingKey {
            case spec, samples, maxAbsError, meanAbsError, worst, maxFloat32Ulps, maxFloat64Ulps, monotonicityViolations,
                 beyondThresholds, maxVelocityError, settling, grid, search, blindSpot, maxInputShift, maxEasingError
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            let s = statistics
            try container.encodeIfPresent(spec, forKey: .spec)
            try container.encode(s.samples, forKey: .samples)
            try container.encode(ReportNumber(s.maxAbsError), forKey: .maxAbsError)
            try container.encode(ReportNumber(s.meanAbsError), forKey: .meanAbsError)
            var worst: [String: ReportCell] = ["input": .number(s.worst.input), "output": .number(s.worst.output),
                                               "exact": .number(s.worst.exact)]
            if spec == nil, let worstSpec = s.worst.spec { worst["spec"] = .text(worstSpec) }
            try container.encode(worst, forKey: .worst)
            try container.encode(ReportNumber(s.maxFloat32Ulps), forKey: .maxFloat32Ulps)
            try container.encode(ReportNumber(s.maxFloat64Ulps), forKey: .maxFloat64Ulps)
            try container.encodeOrNull(s.monotonicityViolations, forKey: .monotonicityViolations)
            try container.encode(Dictionary(uniqueKeysWithValues: zip(VisibleThreshold.all.map(\.name),
                                                                      s.beyondThresholds.map(ReportNumber.init))),
                                 forKey: .beyondThresholds)
            try container.encode(ReportNumber(s.maxVelocityError), forKey: .maxVelocityError)
            if let settling = s.settling {
                try container.encode(["measured": ReportNumber(settling.measured), "exact": ReportNumber(settling.exact),
                                      "error": ReportNumber(settling.error)], forKey: .settling)
            }
            if let grid = s.grid { try container.encode(GridJSON(grid, monotone: s.monotonicityViolations != nil), forKey: .grid) }
            if let search = s.search { try container.encode(SearchJSON(search), forKey: .search) }
            if let spot = s.blindSpot {
                try container.encode(["from": ReportCell.number(spot.from), "to": .number(spot.to),
                                      "room": spot.room.isFinite ? .number(spot.room) : .text("unbounded"),
                                      "intervals": .integer(spot.intervals)], forKey: .blindSpot)
            }
            if let shift = s.maxInputShift { try container.encode(ReportNumber(shift), forKey: .maxInputShift) }
            if let easing = s.maxEasingError { try container.encode(ReportNumber(easing), forKey: .maxEasingError) }
        }
    }

    /// The `measured` object of the JSON document.
    struct MeasuredJSON: Encodable {
        struct Implementation: Encodable {
            let name, label, kind: String
            let duration: ReportNumber
            let overall: MeasuredStatisticsJSON
            let perSpec: [MeasuredStatisticsJSON]
        }
        struct Threshold: Encodable {
            let name, meaning: String
            let limit: ReportNumber
        }
        struct Distance: Encodable {
            let port, implementation, worstSpec: String
            let samples, identical: Int
            let maxDifference, worstInput, portOutput, measuredOutput: ReportNumber
        }
        struct Unsupported: Encodable {
            let implementation, spec, reason: String
        }
        let files: [String]
        let thresholds: [Threshold]
        let implementations: [Implementation]
        let portDistances: [Distance]
        let unsupported: [Unsupported]

        init(_ m: MeasuredAccuracy) {
            files = m.files
            thresholds = VisibleThreshold.all.map { Threshold(name: $0.name, meaning: $0.meaning, limit: ReportNumber($0.limit)) }
            implementations = (m.implementations + m.ports).map { row in
                Implementation(name: row.name, label: row.label, kind: row.isPort ? "in-repo port" : "measured",
                               duration: ReportNumber(row.duration),
                               overall: MeasuredStatisticsJSON(statistics: row.overall, spec: nil),
                               perSpec: row.perSpec.map { MeasuredStatisticsJSON(statistics: $0.statistics, spec: $0.spec) })
            }
            portDistances = m.distances.map { d in
                Distance(port: d.strategy, implementation: d.implementation, worstSpec: d.worst.spec, samples: d.samples,
                         identical: d.identical, maxDifference: ReportNumber(d.maxDifference),
                         worstInput: ReportNumber(d.worst.input), portOutput: ReportNumber(d.worst.port),
                         measuredOutput: ReportNumber(d.worst.measured))
            }
            unsupported = m.unsupported.map { Unsupported(implementation: $0.implementation, spec: $0.spec, reason: $0.reason) }
        }
    }

    /// The CSV columns after the in-repo study's: blank on the in-repo study's records.
    static let measuredCSVColumns = ["samples", "worstInput", "maxFloat32Ulps", "maxFloat64Ulps"]
        + VisibleThreshold.all.map { "over-\($0.name)" } + ["maxVelocityError", "settlingMeasured", "settlingExact"]

    /// One record per measured implementation (and port) and spec, `case` "all" for the overall figures.
    static func measuredCSV(_ m: MeasuredAccuracy) -> String {
        var text = ""
        for row in m.implementations + m.ports {
            for (spec, s) in [("all", row.overall)] + row.perSpec.map({ ($0.spec, $0.statistics) }) {
                let leading: [ReportCell] = [.text(row.isPort ? "measured-port" : "measured"), .text(row.label), .text(spec),
                                             .number(s.maxAbsError), .number(s.meanAbsError), .null, .null,
                                             s.monotonicityViolations.map(ReportCell.integer) ?? .null, .null, .null]
                let trailing: [ReportCell] = [.integer(s.samples), .number(s.worst.input), .number(s.maxFloat32Ulps),
                                              .number(s.maxFloat64Ulps)] + s.beyondThresholds.map(ReportCell.number)
                    + [s.maxVelocityError.map(ReportCell.number) ?? .null, s.settling?.measured.map(ReportCell.number) ?? .null,
                       s.settling?.exact.map(ReportCell.number) ?? .null]
                text += CSVWriter.record(leading + trailing)
            }
        }
        return text
    }

    /// Per measured implementation and port: its largest error and its share beyond each visible threshold.
    static func measuredMetrics(_ m: MeasuredAccuracy) -> [ExportMetric] {
        (m.implementations + m.ports).flatMap { row in
            [ExportMetric(benchmark: "measured/\(row.label)", measure: "max-abs-error", unit: "progress",
                          value: row.overall.maxAbsError)]
                + zip(VisibleThreshold.all, row.overall.beyondThresholds).map { threshold, share in
                    ExportMetric(benchmark: "measured/\(row.label)", measure: "share-over-\(threshold.name)", unit: "fraction",
                                 value: share)
                }
        }
    }

    /// The HTML section: per spec, each measured implementation's |error| against the input (solid, its own colour),
    /// the in-repo ports beside them on Bézier specs (dashed, each strategy's colour), log scale. `palette` holds
    /// the page's colours, the measured implementations' labels included, so no engine shares a colour with a port.
    static func measuredHTML(_ m: MeasuredAccuracy, palette: ChartPalette) -> String {
        let rows = m.implementations + m.ports
        let colours = rows.map { colour($0.isPort ? $0.name : $0.label, palette) }
        var body = "<h2 id='measured'>Measured implementations: absolute error against the input</h2><p class='note'>Largest "
            + "|implementation − exact| in each of \(AccuracyReport.plotBins) bins of the input, log scale (a point at the "
            + "bottom is below 1e-17); measured implementations solid, in-repo ports at the same inputs dashed. Files: "
            + "\(escape(m.files.joined(separator: ", "))).</p>"
            + SVGChart.legend(zip(rows, colours).map { ($0.label + ($0.isPort ? " (port)" : ""), $1) }) + "<div class='grid'>"
        for spec in m.specs {
            let series = zip(rows, colours).compactMap { row, colour in
                row.errorPlot[spec].map {
                    ChartSeries(name: row.label, colour: colour, points: $0.map { ($0.input, $0.error) }, dashed: row.isPort)
                }
            }
            let inputs = series.flatMap { $0.points.map(\.0) }
            let low = inputs.min() ?? 0, high = max(inputs.max() ?? 1, low + 1e-9)
            let isSpring = m.springSpecs.contains(spec)
            body += SVGChart.render(title: "\(spec): |error|", series: series,
                                    x: .linear(isSpring ? "time (s)" : "input progress x", isSpring ? low...high : 0...1),
                                    y: .decades("|error| (progress)", -17...0))
        }
        body += "</div>"
        if !m.distances.isEmpty {
            body += "<h2>In-repo ports against the engines they model</h2><ul>"
                + m.distances.map { "<li>\(escape(distanceSentence($0)))</li>" }.joined() + "</ul>"
        }
        return body
    }
}
