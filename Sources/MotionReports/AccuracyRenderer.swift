import Foundation
import MotionCore
import MotionOutput
import MotionSupport

/// Renders an accuracy report as JSON (the keys are a contract), Markdown (a pull-request comment), CSV, or one
/// self-contained HTML page with inline SVG plots; `AccuracyReport`'s conformances below offer them to the format
/// registry.
package enum AccuracyRenderer {
    /// The figures a dashboard tracks, all smaller-is-better: per Bézier strategy its largest error (in output
    /// progress) and ns per evaluation; per spring strategy its largest error (fraction of the travel) and ns per step.
    /// Benchmarks are named "bezier/STRATEGY" and "spring/STRATEGY".
    package static func exportMetrics(_ r: AccuracyReport) -> [ExportMetric] {
        r.bezier.flatMap { s in [
            ExportMetric(benchmark: "bezier/\(s.name)", measure: "max-abs-error", unit: "progress", value: s.overall.maxAbsError),
            ExportMetric(benchmark: "bezier/\(s.name)", measure: "ns-per-eval", unit: "ns", value: s.nsPerEval),
        ] } + r.springResults.flatMap { s in [
            ExportMetric(benchmark: "spring/\(s.name)", measure: "max-abs-error", unit: "fraction of travel", value: s.overall.maxAbsError),
            ExportMetric(benchmark: "spring/\(s.name)", measure: "ns-per-step", unit: "ns", value: s.nsPerStep),
        ] } + (r.measured.map(measuredMetrics) ?? [])
    }

    static func sci(_ value: Double) -> String { value == 0 ? "0" : String(format: "%.2g", value) }

    /// Error statistics as JSON (`monotonicityViolations` only for Bézier strategies).
    struct StatisticsJSON: Encodable {
        let statistics: ErrorStatistics
        let monotone: Bool
        /// The strategy's ns per evaluation on this curve alone (per-curve entries only).
        var nsPerEval: Double? = nil

        enum CodingKeys: String, CodingKey {
            case maxAbsError, meanAbsError, p99AbsError, pointsOver1e3 = "pointsOver1e-3", monotonicityViolations, worst, grid,
                 search, nsPerEval
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(ReportNumber(statistics.maxAbsError), forKey: .maxAbsError)
            try container.encode(ReportNumber(statistics.meanAbsError), forKey: .meanAbsError)
            try container.encode(ReportNumber(statistics.p99AbsError), forKey: .p99AbsError)
            try container.encode(statistics.pointsOver1e3, forKey: .pointsOver1e3)
            if monotone { try container.encodeOrNull(statistics.monotonicityViolations, forKey: .monotonicityViolations) }
            if let worst = statistics.worst {
                try container.encode(["input": ReportNumber(worst.input), "output": ReportNumber(worst.output),
                                      "exact": ReportNumber(worst.exact)], forKey: .worst)
            }
            if let grid = statistics.grid { try container.encode(GridJSON(grid, monotone: monotone), forKey: .grid) }
            if let search = statistics.search { try container.encode(SearchJSON(search), forKey: .search) }
            if let nsPerEval { try container.encode(ReportNumber(nsPerEval), forKey: .nsPerEval) }
        }
    }

    /// A search's grid figures as JSON (`grid`).
    struct GridJSON: Encodable {
        let samples: Int
        let maxAbsError: ReportNumber
        let monotonicityViolations: Int?
        let monotone: Bool

        init(_ grid: GridFigures, monotone: Bool) {
            samples = grid.samples
            maxAbsError = ReportNumber(grid.maxAbsError)
            monotonicityViolations = grid.monotonicityViolations
            self.monotone = monotone
        }

        enum CodingKeys: String, CodingKey { case samples, maxAbsError, monotonicityViolations }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(samples, forKey: .samples)
            try container.encode(maxAbsError, forKey: .maxAbsError)
            if monotone { try container.encodeOrNull(monotonicityViolations, forKey: .monotonicityViolations) }
        }
    }

    /// What a search did, as JSON (`search`).
    struct SearchJSON: Encodable {
        let rounds: Int
        let samples: Int
        let worstRound: Int

        init(_ search: SearchFigures) {
            rounds = search.rounds
            samples = search.samples
            worstRound = search.worstRound
        }
    }

    /// `grid → searched` when a search found more than its grid, else the figure alone.
    static func searched(_ statistics: ErrorStatistics) -> String {
        guard let grid = statistics.grid, sci(grid.maxAbsError) != sci(statistics.maxAbsError) else {
            return sci(statistics.maxAbsError)
        }
        return "\(sci(grid.maxAbsError)) → \(sci(statistics.maxAbsError))"
    }

    /// Monotonicity violations as `grid → searched` when they differ, "–" where they are not counted.
    static func searchedViolations(_ statistics: ErrorStatistics) -> String {
        guard let violations = statistics.monotonicityViolations else { return "–" }
        guard let grid = statistics.grid?.monotonicityViolations, grid != violations else { return String(violations) }
        return "\(grid) → \(violations)"
    }

    /// The report's JSON document; its keys are a contract.
    struct ReportJSONDocument: Encodable {
        struct BezierStrategyJSON: Encodable {
            let name: String
            let overall: StatisticsJSON
            let nsPerEval: ReportNumber
            let perCurve: [String: StatisticsJSON]

            enum CodingKeys: String, CodingKey { case name, nsPerEval, perCurve }

            func encode(to encoder: Encoder) throws {
                try overall.encode(to: encoder)
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(name, forKey: .name)
                try container.encode(nsPerEval, forKey: .nsPerEval)
                try container.encode(perCurve, forKey: .perCurve)
            }
        }
        struct SpringStrategyJSON: Encodable {
            let name: String
            let maxAbsError, meanAbsError, clockDrift, nsPerStep: ReportNumber
            let perSpring: [String: StatisticsJSON]
        }
        struct RegimeJSON: Encodable {
            let regime: String
            let dampingRatio, nsPerEval, webkitNsPerEval: ReportNumber
        }
        struct SettlingJSON: Encodable {
            let spring: String
            let epsilon: ReportNumber
            let definitions: [String: ReportNumber]
        }
        struct Bezier: Encodable {
            let samples: Int
            let searchRounds: Int
            let curves: [String]
            let strategies: [BezierStrategyJSON]
        }
        struct Springs: Encodable {
            let rateHz, seconds: ReportNumber
            let springs: [String]
            let strategies: [SpringStrategyJSON]
            let regimes: [RegimeJSON]
            let settling: [SettlingJSON]
        }
        struct Reference: Encodable {
            let bezierWorstError, springWorstError: ReportNumber
        }
        let bezier: Bezier
        let springs: Springs
        let reference: Reference
        let measured: MeasuredJSON?
        /// Every implementation, curve by curve (`ImplementationMatrix`), when an engine or measured file joined.
        let implementations: ImplementationMatrix.JSON?
        let units: [String: String]
        let metadata: MetadataJSON?
    }

    /// The unit of each kind of figure in the JSON document.
    static let jsonUnits = [
        "maxAbsError": "output progress (Bézier) or fraction of the travel (springs)", "meanAbsError": "as maxAbsError",
        "p99AbsError": "as maxAbsError", "pointsOver1e-3": "samples", "monotonicityViolations": "samples",
        "worst.input": "input progress", "grid.samples": "inputs", "search.samples": "inputs", "search.rounds": "rounds",
        "searchRounds": "rounds", "gridMaxAbsError": "as maxAbsError", "inputsTried": "inputs",
        "nsPerEval": "ns", "perCurve.nsPerEval": "ns", "regimes.nsPerEval": "ns", "regimes.webkitNsPerEval": "ns",
        "regimes.dampingRatio": "unitless", "nsPerStep": "ns", "clockDrift": "fraction of the duration", "rateHz": "Hz", "seconds": "s",
        "settling.definitions": "s", "settling.epsilon": "fraction of the travel",
        "measured.maxAbsError": "output progress", "measured.maxFloat32Ulps": "ulps of the exact answer as a Float",
        "measured.maxFloat64Ulps": "ulps of the exact answer as a Double", "measured.beyondThresholds": "fraction of samples",
        "measured.maxVelocityError": "progress per unit input (per second for springs)", "measured.settling": "s",
        "implementations.rows.cells.maxAbsError": "output progress", "implementations.rows.cells.nsPerEval": "ns",
        "implementations.rows.cells.samples": "inputs",
    ]

    static func json(_ r: AccuracyReport, metadata: (any ReportMetadata)? = nil) throws -> String {
        typealias Document = ReportJSONDocument
        let bezier = r.bezier.map { s in
            Document.BezierStrategyJSON(
                name: s.name, overall: StatisticsJSON(statistics: s.overall, monotone: true), nsPerEval: ReportNumber(s.nsPerEval),
                perCurve: Dictionary(s.perCurve.map {
                    ($0.curve, StatisticsJSON(statistics: $0.statistics, monotone: true, nsPerEval: $0.nsPerEval))
                },
                                     uniquingKeysWith: { first, _ in first }))
        }
        let springs = r.springResults.map { s in
            Document.SpringStrategyJSON(
                name: s.name, maxAbsError: ReportNumber(s.overall.maxAbsError), meanAbsError: ReportNumber(s.overall.meanAbsError),
                clockDrift: ReportNumber(s.clockDrift), nsPerStep: ReportNumber(s.nsPerStep),
                perSpring: Dictionary(s.perSpring.map { ($0.spring, StatisticsJSON(statistics: $0.statistics, monotone: false)) },
                                      uniquingKeysWith: { first, _ in first }))
        }
        let settling = r.settling.map { row in
            Document.SettlingJSON(spring: row.spring, epsilon: ReportNumber(row.epsilon),
                                  definitions: Dictionary(row.definitions.map { ($0.name, ReportNumber($0.seconds)) },
                                                          uniquingKeysWith: { first, _ in first }))
        }
        let document = Document(
            bezier: .init(samples: r.samples, searchRounds: r.search.rounds, curves: r.curves.map(\.name), strategies: bezier),
            springs: .init(rateHz: ReportNumber(r.rateHz), seconds: ReportNumber(r.seconds), springs: r.springs.map(\.name),
                           strategies: springs, regimes: r.springRegimes.map {
                               Document.RegimeJSON(regime: $0.regime, dampingRatio: ReportNumber($0.dampingRatio),
                                                   nsPerEval: ReportNumber($0.nsPerEval),
                                                   webkitNsPerEval: ReportNumber($0.webKitNsPerEval))
                           }, settling: settling),
            reference: .init(bezierWorstError: ReportNumber(r.bezierReferenceWorstError),
                             springWorstError: ReportNumber(r.springReferenceWorstError)),
            measured: r.measured.map(MeasuredJSON.init),
            implementations: r.measured == nil ? nil : ImplementationMatrix.JSON(ImplementationMatrix(r)),
            units: jsonUnits, metadata: MetadataJSON(metadata))
        // Every number goes through ReportNumber, so encoding should not fail; if it does, the error reaches the caller.
        return try ReportJSON.document(document)
    }

    /// The verdict under the implementation table, at most five lines built from the numbers: the most accurate and
    /// the fastest implementation, the worst case found (where, its value and the exact one), the springs, and the
    /// measured implementations' share beyond the visible threshold (over the same kind of inputs for every row).
    static func summary(_ r: AccuracyReport) -> [String] {
        var lines: [String] = []
        let matrix = ImplementationMatrix(r), columns = matrix.columnSummaries
        let tried = r.search.rounds > 0 ? "searched from \(r.samples) even inputs per curve" : "at \(r.samples) inputs per curve"
        if let best = columns.min(by: { $0.maxError < $1.maxError }) {
            lines.append("Most accurate: \(best.column.name), worst error \(sci(best.maxError)) over its \(best.curves) "
                         + "curves (\(tried)).")
        }
        if let fastest = columns.filter({ $0.nsPerEval != nil }).min(by: { $0.nsPerEval! < $1.nsPerEval! }),
           let ns = fastest.nsPerEval {
            let ours = columns.first { $0.column.name == "motionbench" }
            lines.append("Fastest: \(fastest.column.name), \(String(format: "%.1f", ns)) ns per evaluation (mean over its "
                         + "curves), worst error \(sci(fastest.maxError))"
                         + (ours.flatMap { $0.nsPerEval }.map { fastest.column.name == "motionbench" ? "." : "; the correctly "
                            + "rounded motionbench takes \(String(format: "%.1f", $0)) ns." } ?? "."))
        }
        if let worst = matrix.worstCell {
            let place = worst.cell.worst.map {
                " at x = \($0.input): \(ImplementationMatrix.value($0.output)), exact \(ImplementationMatrix.value($0.exact))"
            } ?? ""
            lines.append("Worst case found: \(worst.column.name) on \(worst.row.curve)\(place) (error \(sci(worst.cell.maxError))).")
        }
        if let ours = r.springResults.first(where: { $0.name == "motionbench" }),
           let worstSpring = r.springResults.max(by: { $0.overall.maxAbsError < $1.overall.maxAbsError }) {
            lines.append("Springs: motionbench within \(sci(ours.overall.maxAbsError)) of the GSL rk8pd reference; "
                         + "\(worstSpring.name) off by up to \(sci(worstSpring.overall.maxAbsError)) of the travel.")
        }
        if let measured = r.measured, !measured.implementations.isEmpty {
            lines.append("Beyond half an 8-bit step: " + measured.implementations.map { row in
                let samples = gridSamples(row.overall)
                let beyond = Int(((row.overall.beyondThresholds.first ?? 0) * Double(samples)).rounded())
                return "\(row.label) \(beyond) of \(samples)"
            }.joined(separator: ", ") + " (grid samples: the same kind of inputs for every row).")
        }
        return Array(lines.prefix(5))
    }

    /// The samples a row's shares are over: its grid where it was searched, else every sample.
    static func gridSamples(_ statistics: MeasuredStatistics) -> Int { statistics.grid?.samples ?? statistics.samples }

    /// The report as Markdown: the implementation table, the summary, then the details (`details(_:)`).
    static func markdown(_ r: AccuracyReport) -> String {
        "## Accuracy report\n\n" + ImplementationMatrix(r).markdownTable() + "\n### Summary\n\n"
            + summary(r).map { "- " + $0 + "\n" }.joined() + "\n## Details\n" + details(r)
    }

    /// Everything after the summary: the strategies' tables, the springs, settling, the reference floor, how the
    /// implementation table was made and the measured implementations.
    static func details(_ r: AccuracyReport) -> String {
        var text = "\n### Bézier strategies (\(r.samples) samples per curve)\n\n"
        text += searchSentence(r)
        text += "| strategy | max error | mean error | p99 error | points > 1e-3 | monotonicity violations | ns/eval |\n"
        text += "|---|---:|---:|---:|---:|---:|---:|\n"
        for s in r.bezier {
            text += "| \(s.name) | \(searched(s.overall)) | \(sci(s.overall.meanAbsError)) | \(sci(s.overall.p99AbsError)) | "
                + "\(s.overall.pointsOver1e3) | \(searchedViolations(s.overall)) | \(String(format: "%.1f", s.nsPerEval)) |\n"
        }
        text += "\nWorst error per curve\(r.search.rounds > 0 ? " (grid → searched where the search found more)" : ""):\n\n"
            + "| curve | " + r.bezier.map(\.name).joined(separator: " | ") + " |\n|---|"
            + r.bezier.map { _ in "---:" }.joined(separator: "|") + "|\n"
        for (index, curve) in r.curves.enumerated() {
            text += "| \(curve.name) | " + r.bezier.map { searched($0.perCurve[index].statistics) }.joined(separator: " | ") + " |\n"
        }
        text += "\nns per evaluation per curve (each curve timed on its own, every strategy on the same shuffled inputs, "
            + "interleaved in one run)\(chromiumColumnNote(r)):\n\n| curve | " + r.bezier.map(\.name).joined(separator: " | ")
            + (hasChromiumRatio(r) ? " | motionbench ÷ chromium" : "") + " |\n|---|"
            + r.bezier.map { _ in "---:" }.joined(separator: "|")
            + (hasChromiumRatio(r) ? "|---:" : "") + "|\n"
        for (index, curve) in r.curves.enumerated() {
            text += "| \(curve.name) | " + r.bezier.map { String(format: "%.1f", $0.perCurve[index].nsPerEval) }.joined(separator: " | ")
                + (chromiumRatio(r, curve: index).map { " | " + String(format: "%.2f", $0) } ?? "") + " |\n"
        }
        text += "\n### Spring strategies (\(formatSpecNumber(r.rateHz)) Hz over \(formatSpecNumber(r.seconds)) s)\n\n"
        text += "| strategy | max error | mean error | clock drift | ns/step |\n|---|---:|---:|---:|---:|\n"
        for s in r.springResults {
            text += "| \(s.name) | \(sci(s.overall.maxAbsError)) | \(sci(s.overall.meanAbsError)) | "
                + "\(s.clockDrift.map { String(format: "%.4f", $0) } ?? "–") | \(String(format: "%.1f", s.nsPerStep)) |\n"
        }
        if !r.springRegimes.isEmpty {
            text += "\nClosed-form cost per regime (m = 1, k = 100, v0 = 0; shuffled times, interleaved in one run):\n\n"
                + "| regime | ζ | motionbench ns/eval | webkit ns/eval |\n|---|---:|---:|---:|\n"
            for row in r.springRegimes {
                text += "| \(row.regime) | \(formatSpecNumber(row.dampingRatio)) | \(String(format: "%.1f", row.nsPerEval)) | "
                    + "\(String(format: "%.1f", row.webKitNsPerEval)) |\n"
            }
        }
        let names = r.settling.first?.definitions.map(\.name) ?? []
        text += "\n### Settling time (s), ε = 0.001\n\n| spring | " + names.joined(separator: " | ") + " |\n|---|"
            + names.map { _ in "---:" }.joined(separator: "|") + "|\n"
        for row in r.settling {
            text += "| \(row.spring) | " + row.definitions.map { $0.seconds.map { String(format: "%.3f", $0) } ?? "never" }
                .joined(separator: " | ") + " |\n"
        }
        text += "\nReference floor: Bézier \(sci(r.bezierReferenceWorstError)) (correctly rounded value(at:) vs exact multi-precision, at the searched inputs), springs "
            + "\(sci(r.springReferenceWorstError)) (GSL rk8pd vs 80-bit closed form).\n"
        return text + ImplementationMatrix(r).markdownDetails() + (r.measured.map(measuredMarkdown) ?? "")
    }

    /// MotionBench's time over the `chromium` port's on curve `curve`, when both strategies ran.
    static func chromiumRatio(_ r: AccuracyReport, curve: Int) -> Double? {
        guard let ours = r.bezier.first(where: { $0.name == "motionbench" }),
              let chromium = r.bezier.first(where: { $0.name == "chromium" }), chromium.perCurve[curve].nsPerEval > 0
        else { return nil }
        return ours.perCurve[curve].nsPerEval / chromium.perCurve[curve].nsPerEval
    }

    /// A note after the per-curve cost table's title when the ratio column is there.
    static func chromiumColumnNote(_ r: AccuracyReport) -> String {
        hasChromiumRatio(r) ? "; the last column is MotionBench's time over the chromium port's" : ""
    }

    /// Whether both `motionbench` and `chromium` ran, so that the per-curve table has a ratio column.
    static func hasChromiumRatio(_ r: AccuracyReport) -> Bool {
        r.bezier.contains { $0.name == "chromium" } && r.bezier.contains { $0.name == "motionbench" }
    }

    /// What the search did, one sentence before the Bézier table (nothing without a search).
    static func searchSentence(_ r: AccuracyReport) -> String {
        guard r.search.rounds > 0 else { return "Figures from the even grid alone (no search).\n\n" }
        let tried = r.bezier.reduce(0) { $0 + ($1.overall.search?.samples ?? 0) }
        return "Max errors and monotonicity violations are the worst a search found: \(r.samples) even inputs per curve, then "
            + "\(r.search.rounds) rounds refining around the largest errors, where the exact curve is steepest, and at "
            + "adjacent doubles (\(tried) inputs tried in all); mean, p99 and points > 1e-3 are over the even grid. "
            + "Where the search found more, a cell reads grid → searched.\n\n"
    }

    static func csv(_ r: AccuracyReport) -> String {
        // With measured samples the records grow by the measured columns, blank on the in-repo study's records.
        let extra = r.measured == nil ? [] : measuredCSVColumns
        let padding = [ReportCell](repeating: .null, count: extra.count)
        var text = CSVWriter.record(["kind", "strategy", "case", "maxAbsError", "meanAbsError", "p99AbsError", "pointsOver1e-3",
                                     "monotonicityViolations", "nsPerEvalOrStep", "clockDrift", "gridMaxAbsError",
                                     "inputsTried"] + extra)
        for s in r.bezier {
            for (curve, st, ns) in [("all", s.overall, s.nsPerEval)] + s.perCurve.map({ ($0.curve, $0.statistics, $0.nsPerEval) }) {
                text += CSVWriter.record([.text("bezier"), .text(s.name), .text(curve), .number(st.maxAbsError),
                                          .number(st.meanAbsError), .number(st.p99AbsError), .integer(st.pointsOver1e3),
                                          st.monotonicityViolations.map(ReportCell.integer) ?? .null, .number(ns), .null,
                                          st.grid.map { .number($0.maxAbsError) } ?? .null,
                                          st.search.map { .integer($0.samples) } ?? .null] + padding)
            }
        }
        for s in r.springResults {
            for (spring, st) in [("all", s.overall)] + s.perSpring.map({ ($0.spring, $0.statistics) }) {
                text += CSVWriter.record([.text("spring"), .text(s.name), .text(spring), .number(st.maxAbsError),
                                          .number(st.meanAbsError), .number(st.p99AbsError), .integer(st.pointsOver1e3), .null,
                                          .number(s.nsPerStep), s.clockDrift.map(ReportCell.number) ?? .null, .null, .null] + padding)
            }
        }
        return text + (r.measured.map(measuredCSV) ?? "")
    }
}

/// What `motionbench accuracy --format` can print: markdown, table, json, csv, html and the dashboard formats (no
/// junit: accuracy has no pass/fail rule).
extension AccuracyReport: MarkdownReport, TableReport, JSONReport, CSVReport, HTMLReport, MetricsReport {
    /// The Markdown report with its tables aligned for a terminal.
    package func tableText() -> String { AlignedText.fromMarkdown(AccuracyRenderer.markdown(self)) }
    /// The implementation table, the summary, then the details.
    package func markdownText() -> String { AccuracyRenderer.markdown(self) }
    /// The document whose keys are a contract, with `metadata` when given.
    package func jsonDocument(metadata: (any ReportMetadata)?) throws -> String {
        try AccuracyRenderer.json(self, metadata: metadata)
    }
    /// One record per strategy and case.
    package func csvText() -> String { AccuracyRenderer.csv(self) }
    /// The page with the plots.
    package func htmlPage(provenance: String?) -> String { AccuracyRenderer.html(self, provenance: provenance) }
    /// Largest error and ns per evaluation or step per strategy.
    package var exportMetrics: [ExportMetric] { AccuracyRenderer.exportMetrics(self) }
}
