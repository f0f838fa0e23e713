import Foundation
import MotionCore
import MotionOutput

/// The self-contained HTML report: a provenance line, the implementation table shaded by error, the summary, then
/// inline SVG plots with titled axes and the detailed tables (no network, no script).
extension AccuracyRenderer {
    /// The strategies and platforms in the order they take their colours, so each keeps its colour on every page
    /// (a strategy and the platform's settling rule of the same name share it: one meaning, the platform).
    static let knownNames = ["motionbench", "webkit-2008", "webkit", "chromium", "firefox", "firefox-smil", "bezier-easing-v2",
                             "cardano", "motionbench-propagator", "react-native", "android", "flutter", "rebound",
                             "react-spring", "motion", "swiftui", "core-animation"]

    /// One colour per name across the whole page (`ChartPalette`): the GSL reference black, the known strategies and
    /// platforms next, then any other name on the page and the measured implementations. The curve shapes are
    /// MotionBench's solver's, drawn in its colour.
    static func palette(_ r: AccuracyReport) -> ChartPalette {
        let settling = r.settling.first?.definitions.map(\.name) ?? []
        return ChartPalette([referenceName] + knownNames + r.bezier.map(\.name) + r.springResults.map(\.name) + settling
                            + (r.measured?.implementations.map(\.label) ?? []))
    }

    /// The name the GSL reference series carries in plots and legends.
    static let referenceName = "GSL reference"
    /// The name of the plotted curve shapes: MotionBench's solver, which agrees with the reference to its bound.
    static let curveName = "motionbench"

    /// A chart of named series, each in its colour on the page, the reference dashed.
    static func chart(title: String, series: [(name: String, points: [(Double, Double)])], x: ChartAxis, y: ChartAxis,
                      palette: ChartPalette) -> String {
        SVGChart.render(title: title, series: series.map {
            ChartSeries(name: $0.name, colour: colour($0.name, palette), points: $0.points, dashed: $0.name == referenceName)
        }, x: x, y: y)
    }

    /// The colour `name` has on the page (every name on it is in `palette`; black only for a name that is not).
    static func colour(_ name: String, _ palette: ChartPalette) -> String { palette.existing(name) ?? ChartPalette.colours[0] }

    static func escape(_ text: String) -> String { SVGChart.escape(text) }

    /// A distance in pixels with one decimal, or in `sci` form from 1e6 px on (clamped to the finite range), so that
    /// an error as large as a huge curve's stays a short, finite figure.
    static func pixels(_ value: Double) -> String {
        value < 1e6 ? String(format: "%.1f", value) : sci(min(value, .greatestFiniteMagnitude))
    }

    static func legend(_ names: [String], _ palette: ChartPalette) -> String {
        SVGChart.legend(names.map { ($0, colour($0, palette)) })
    }

    static func html(_ r: AccuracyReport, provenance: String?) -> String {
        let palette = palette(r)
        var body = "<h1>MotionBench accuracy report</h1>"
        if let provenance { body += "<p class='provenance'>\(escape(provenance))</p>" }
        body += ImplementationMatrix(r).html()
        body += "<h2>Summary</h2><ul class='reading'>" + summary(r).map { "<li>\(escape($0))</li>" }.joined() + "</ul>"
        let progressX = ChartAxis(title: "input progress x", range: 0...1, ticks: [0, 0.25, 0.5, 0.75, 1], label: { SVGChart.tickLabel($0) })
        // Curves: every strategy agrees with the reference to well below a pixel, so one line per curve.
        let largest = r.bezier.map(\.overall.maxAbsError).max() ?? 0
        let ours = r.bezier.first { $0.name == "motionbench" }.map { " (within \(sci($0.overall.maxAbsError)) of the GSL reference)" } ?? ""
        body += "<h2>The curves</h2><p class='note'>y(x) by MotionBench's solver\(escape(ours)). Every strategy's curve lies "
            + "within \(escape(sci(largest))) of the reference (about \(escape(pixels(largest * 164))) px at this "
            + "size), so the strategies are not drawn over it; their differences are plotted as errors below.</p><div class='grid'>"
        for entry in r.curves {
            let range = entry.curve.outputRange
            let low = min(range.min, 0), high = max(range.max, 1)
            body += chart(title: entry.name, series: [(curveName, (0...200).map { (Double($0) / 200, entry.curve.value(at: Double($0) / 200)) })],
                          x: progressX, y: .linear("output progress y", low...high), palette: palette)
        }
        body += "</div><h2>Bézier: absolute error against x</h2><p class='note'>Largest |strategy − reference| in each of "
            + "\(AccuracyReport.plotBins) bins of x, over every input tried (the grid of \(r.samples) and "
            + "\(r.search.rounds) search rounds), log scale; a line at the bottom is below 1e-17.</p>"
            + legend(r.bezier.map(\.name), palette) + "<div class='grid'>"
        for (index, entry) in r.curves.enumerated() {
            let series = r.bezier.map { s -> (String, [(Double, Double)]) in
                (s.name, s.binnedErrors[index].enumerated().map { (Double($0.offset) / Double(AccuracyReport.plotBins), $0.element) })
            }
            body += chart(title: "\(entry.name): |error|", series: series, x: progressX,
                          y: .decades("|error| (output progress)", -17...0), palette: palette)
        }
        body += "</div><h2>Springs: trajectories and error against time</h2>"
            + "<p class='note'>Position as a fraction of the travel, sampled at \(escape(formatSpecNumber(r.rateHz))) Hz; the "
            + "reference (dashed) is GSL's rk8pd integration.</p>"
            + legend([referenceName] + r.springResults.map(\.name), palette) + "<div class='grid'>"
        let times = { (count: Int) in (1...max(count, 1)).map { Double($0) / r.rateHz } }
        let timeAxis = ChartAxis.linear("time (s)", 0...r.seconds)
        for (index, entry) in r.springs.enumerated() {
            let reference = r.referenceTrajectories[index]
            var series = [(referenceName, Array(zip(times(reference.count), reference)))]
            series += r.springResults.map { ($0.name, Array(zip(times($0.trajectories[index].count), $0.trajectories[index]))) }
            let values = series.flatMap { $0.1.map(\.1) }
            body += chart(title: entry.name, series: series, x: timeAxis,
                          y: .linear("position (fraction of travel)", min(values.min() ?? 0, 0)...max(values.max() ?? 1, 1.05)), palette: palette)
            let errors = r.springResults.map { ($0.name, Array(zip(times($0.errors[index].count), $0.errors[index]))) }
            body += chart(title: "\(entry.name): |error|", series: errors, x: timeAxis,
                          y: .decades("|error| (fraction of travel)", -17...0), palette: palette)
        }
        body += "</div><h2>Settling time by each platform's rule</h2>" + settlingChart(r, palette: palette)
        if let measured = r.measured { body += measuredHTML(measured, palette: palette) }
        body += SVGChart.tables(fromMarkdown: details(r))
        return SVGChart.page(title: "MotionBench accuracy report", body: body)
    }

    /// Horizontal bars, one group per spring, one bar per platform's rule, with a seconds axis and each bar's value.
    static func settlingChart(_ r: AccuracyReport, palette: ChartPalette) -> String {
        let names = r.settling.first?.definitions.map(\.name) ?? []
        let longest = r.settling.flatMap { $0.definitions.compactMap(\.seconds) }.max() ?? 1
        // The scale ends on the first round tick at or beyond the longest bar.
        var ticks = SVGChart.roundTicks(0...max(longest, 1e-9), count: 8)
        if let last = ticks.last, last < longest, ticks.count >= 2 { ticks.append(last + (ticks[1] - ticks[0])) }
        let scaleEnd = max(ticks.last ?? longest, longest)
        let rowHeight = 13.0, groupGap = 12.0, left = 190.0, width = 860.0, valueRoom = 150.0
        let plotWidth = width - left - valueRoom
        let top = 8.0, plotHeight = Double(r.settling.count) * (Double(names.count) * rowHeight + groupGap)
        let height = top + plotHeight + 40
        let font = "class='t'"
        func x(_ seconds: Double) -> Double { left + seconds / scaleEnd * plotWidth }
        var svg = "<svg xmlns='http://www.w3.org/2000/svg' width='\(Int(width))' height='\(Int(height))' role='img' "
            + "aria-label='settling time by rule'>"
        for tick in ticks {
            svg += "<line x1='\(x(tick))' x2='\(x(tick))' y1='\(top)' y2='\(top + plotHeight)' stroke='#e6e6e6'/>"
            svg += "<text x='\(x(tick))' y='\(top + plotHeight + 12)' font-size='9' text-anchor='middle' \(font)>\(SVGChart.tickLabel(tick))</text>"
        }
        svg += "<text x='\(left + plotWidth / 2)' y='\(height - 8)' font-size='10' text-anchor='middle' \(font)>settling time (s)</text>"
        var y = top
        for row in r.settling {
            svg += "<text x='\(left - 8)' y='\(y + Double(names.count) * rowHeight / 2 + 3)' font-size='11' text-anchor='end' \(font)>"
                + "\(escape(row.spring))</text>"
            for definition in row.definitions {
                let value = definition.seconds.map { String(format: "%.3f s", $0) } ?? "never"
                let length = (definition.seconds ?? 0) / scaleEnd * plotWidth
                svg += "<rect x='\(left)' y='\(y)' width='\(String(format: "%.1f", length))' height='\(rowHeight - 2)' "
                    + "fill='\(colour(definition.name, palette))'><title>\(escape(definition.name)): \(value)</title></rect>"
                svg += "<text x='\(String(format: "%.1f", left + length + 4))' y='\(y + rowHeight - 4)' font-size='9' \(font)>"
                    + "\(escape(definition.name)) \(value)</text>"
                y += rowHeight
            }
            y += groupGap
        }
        return legend(names, palette) + svg + "</svg>"
    }
}
