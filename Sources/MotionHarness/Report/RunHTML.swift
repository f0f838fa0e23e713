import Foundation
import MotionOutput
import MotionSupport

/// `motionbench run --format html`: one self-contained page (inline SVG, no script, no network) with the cost per
/// layer-frame of every evaluator against the layer count, the frame-time distribution of each layer count against
/// the budget, and the table with its notes.
enum RunHTML {
    /// Colours of the evaluators, the same on every page.
    static let evaluatorColours = ["batch": "#1b6ac9", "naive": "#d9480f", "stream bound": "#495057",
                                   "shared-timeline (comparison)": "#2b8a3e"]
    /// Colours of successive layer counts in the distribution chart.
    static let countColours = ["#74a9e8", "#1b6ac9", "#364fc7", "#862e9c", "#c2255c", "#d9480f", "#e67700", "#5c940d"]

    static func page(_ results: [HarnessResult], machine: MachineInfo, provenance: String?) -> String {
        guard let first = results.first else { return SVGChart.page(title: "MotionBench run", body: "<p>no results</p>") }
        let escape = SVGChart.escape
        var body = "<h1>MotionBench frame harness: \(escape(first.scenario))</h1>"
        if let provenance { body += "<p class='provenance'>\(escape(provenance))</p>" }
        let budgetMs = 1000 / first.rateHz
        body += "<p class='reading'>Clock \(escape(first.clock)) (frame budget \(String(format: "%.2f", budgetMs)) ms), "
            + "\(first.frames) frames" + (first.repeats > 1 ? " × \(first.repeats) timed passes (medians)" : "")
            + ", \(first.threads) thread\(first.threads == 1 ? "" : "s"), on \(escape(machine.summary)). "
            + "\(escape(HarnessReport.budgetLine(results))).</p><div class='grid'>"
        body += costChart(results) + distributionChart(results, budgetMs: budgetMs) + "</div>"
        body += SVGChart.tables(fromMarkdown: HarnessReport.markdownTable(results))
        body += HarnessReport.notes(results).split(separator: "\n").map { "<p class='note'>\(escape(String($0)))</p>" }.joined()
        body += engines(results)
        return SVGChart.page(title: "MotionBench run: \(first.scenario)", body: body)
    }

    /// ns per layer-frame against layers, both logarithmic, one line per evaluator.
    static func costChart(_ results: [HarnessResult]) -> String {
        var series: [(String, [(Double, Double)])] = [
            ("batch", results.map { (Double($0.layers), $0.nsPerLayerFrame) }),
            ("naive", results.map { (Double($0.layers), $0.naiveNsPerLayerFrame) }),
            ("stream bound", results.filter { $0.streamNsPerLayerFrame.isFinite }.map { (Double($0.layers), $0.streamNsPerLayerFrame) }),
        ]
        let shared = results.compactMap { r in r.sharedTimelineNsPerLayerFrame.map { (Double(r.layers), $0) } }
        if shared.count == results.count { series.append(("shared-timeline (comparison)", shared)) }
        for label in engineLabels(results) {
            series.append((label, results.compactMap { r in
                r.engines.first { engineLabel($0) == label }?.nsPerLayerFrame.map { (Double(r.layers), $0) }
            }))
        }
        let values = series.flatMap { $0.1.map(\.1) }.filter { $0.isFinite && $0 > 0 }
        let layers = results.map { Double($0.layers) }
        let chart = SVGChart.render(
            title: "Cost per layer-frame by evaluator",
            series: series.map { ChartSeries(name: $0.0, colour: colour($0.0, results), points: $0.1,
                                             dashed: $0.0 == "stream bound", markers: true) },
            x: .logarithmic("layers", covering: layers.min() ?? 1, layers.max() ?? 10),
            y: .logarithmic("ns per layer-frame (median frame / layers)", covering: values.min() ?? 1, values.max() ?? 10),
            width: 460, height: 300)
        return "<figure>" + SVGChart.legend(series.map { ($0.0, colour($0.0, results)) }) + chart + "</figure>"
    }

    /// The engines under test (and MotionCore's batch on their kinds) by label, in order of appearance.
    static func engineLabels(_ results: [HarnessResult]) -> [String] {
        results.flatMap(\.engines).filter { $0.role != .batch && $0.role != .naive }.map(engineLabel).uniqued()
    }

    /// An engine row's label in the charts.
    static func engineLabel(_ row: EngineRow) -> String {
        row.role == .batchSubset ? "\(row.name) (same kinds as \(row.kinds.map(\.name).joined(separator: ", ")))" : row.name
    }

    /// A series' colour: the evaluators' own, then the engines' in turn.
    static func colour(_ name: String, _ results: [HarnessResult]) -> String {
        if let colour = evaluatorColours[name] { return colour }
        let index = engineLabels(results).firstIndex(of: name) ?? 0
        return ["#ae3ec9", "#0c8599", "#f08c00", "#5f3dc4", "#c92a2a"][index % 5]
    }

    /// The engines' tables, one per layer count, with their details.
    static func engines(_ results: [HarnessResult]) -> String {
        let escape = SVGChart.escape
        return results.filter { !$0.engines.isEmpty }.map { result in
            "<h2>Engines on \(escape(result.scenario)), \(result.layers) layers</h2>"
                + SVGChart.tables(fromMarkdown: EngineTable.markdownTable(result.engines, frames: result.frames))
                + EngineTable.details(result.engines).map { "<p class='note'>\(escape($0))</p>" }.joined()
        }.joined()
    }

    /// Frame time at each percentile of frames, one line per layer count, with the budget dashed.
    static func distributionChart(_ results: [HarnessResult], budgetMs: Double) -> String {
        let rows = results.filter { !$0.frameMsPercentiles.isEmpty }
        let values = rows.flatMap(\.frameMsPercentiles).filter { $0 > 0 } + [budgetMs]
        var series = rows.enumerated().map { index, row in
            ChartSeries(name: "\(row.layers) layers", colour: countColours[index % countColours.count],
                        points: row.frameMsPercentiles.enumerated().map { (Double($0.offset), $0.element) })
        }
        series.append(ChartSeries(name: "frame budget", colour: "#e03131", points: [(0, budgetMs), (100, budgetMs)], dashed: true))
        let chart = SVGChart.render(
            title: "Frame-time distribution (first timed pass)", series: series,
            x: .linear("percentile of frames", 0...100),
            y: .logarithmic("frame time (ms)", covering: values.min() ?? 0.01, values.max() ?? 10),
            width: 460, height: 300)
        return "<figure>" + SVGChart.legend(series.map { ($0.name, $0.colour) }) + chart + "</figure>"
    }
}
