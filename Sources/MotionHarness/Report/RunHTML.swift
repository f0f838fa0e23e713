import Foundation
import MotionOutput
import MotionSupport

/// `motionbench run --format html`: one self-contained page (inline SVG, no script, no network) with the cost per
/// layer-frame of every evaluator against the layer count, the frame-time distribution of each layer count against
/// the budget, and the table with its notes.
enum RunHTML {
    /// The series drawn on every page, in the order they take their colours (so theirs are the same on every page).
    static let alwaysDrawn = ["batch", "naive", "stream bound", "frame budget"]

    /// One colour per series name across the page (`ChartPalette`, distinguishable with protanopia and deuteranopia
    /// too): the series every page has, the engines, the layer counts, then the shared-timeline comparison (drawn
    /// only where every row could run it), so the series a page has take the most distinct colours.
    static func palette(_ results: [HarnessResult]) -> ChartPalette {
        ChartPalette(alwaysDrawn + engineLabels(results) + results.map(countName) + ["shared-timeline (comparison)"])
    }

    /// A layer count's series name in the distribution chart.
    static func countName(_ result: HarnessResult) -> String { "\(result.layers) layers" }

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
            ("batch", results.map { (Double($0.layers), $0.nsPerLayerFrame.median) }),
            ("naive", results.map { (Double($0.layers), $0.naiveNsPerLayerFrame.median) }),
            ("stream bound", results.filter { $0.streamNsPerLayerFrame.median.isFinite }.map { (Double($0.layers), $0.streamNsPerLayerFrame.median) }),
        ]
        let shared = results.compactMap { r in r.sharedTimelineNsPerLayerFrame.map { (Double(r.layers), $0.median) } }
        if shared.count == results.count { series.append(("shared-timeline (comparison)", shared)) }
        for label in engineLabels(results) {
            series.append((label, results.compactMap { r in
                r.engines.first { engineLabel($0) == label }?.nsPerLayerFrame.map { (Double(r.layers), $0) }
            }))
        }
        let values = series.flatMap { $0.1.map(\.1) }.filter { $0.isFinite && $0 > 0 }
        let layers = results.map { Double($0.layers) }
        let palette = palette(results)
        let colour = { (name: String) in palette.existing(name) ?? ChartPalette.colours[0] }
        let chart = SVGChart.render(
            title: "Cost per layer-frame by evaluator",
            series: series.map { ChartSeries(name: $0.0, colour: colour($0.0), points: $0.1,
                                             dashed: $0.0 == "stream bound", markers: true) },
            x: .logarithmic("layers", covering: layers.min() ?? 1, layers.max() ?? 10),
            y: .logarithmic("ns per layer-frame (median frame / layers)", covering: values.min() ?? 1, values.max() ?? 10),
            width: 460, height: 300)
        return "<figure>" + SVGChart.legend(series.map { ($0.0, colour($0.0)) }) + chart + "</figure>"
    }

    /// The engines under test (and MotionCore's batch on their kinds) by label, in order of appearance; the batch,
    /// naive and stream-bound rows are the evaluators' own series, drawn once.
    static func engineLabels(_ results: [HarnessResult]) -> [String] {
        results.flatMap(\.engines).filter { ![.batch, .naive, .stream].contains($0.role) }.map(engineLabel).uniqued()
    }

    /// An engine row's label in the charts.
    static func engineLabel(_ row: EngineRow) -> String {
        row.role == .batchSubset ? "\(row.name) (same kinds as \(row.kinds.map(\.name).joined(separator: ", ")))" : row.name
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
        let palette = palette(results)
        let colour = { (name: String) in palette.existing(name) ?? ChartPalette.colours[0] }
        var series = rows.map { row in
            ChartSeries(name: countName(row), colour: colour(countName(row)),
                        points: row.frameMsPercentiles.enumerated().map { (Double($0.offset), $0.element) })
        }
        series.append(ChartSeries(name: "frame budget", colour: colour("frame budget"), points: [(0, budgetMs), (100, budgetMs)],
                                  dashed: true))
        let chart = SVGChart.render(
            title: "Frame-time distribution (first timed pass)", series: series,
            x: .linear("percentile of frames", 0...100),
            y: .logarithmic("frame time (ms)", covering: values.min() ?? 0.01, values.max() ?? 10),
            width: 460, height: 300)
        return "<figure>" + SVGChart.legend(series.map { ($0.name, $0.colour) }) + chart + "</figure>"
    }
}
