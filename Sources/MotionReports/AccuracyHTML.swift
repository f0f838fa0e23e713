import Foundation
import MotionCore

/// The self-contained HTML report: a provenance line, one reading, inline SVG plots with titled axes, and the tables
/// (no network, no script).
extension AccuracyRenderer {
    /// One colour per name across the whole page: a strategy (or a platform's settling rule) keeps its colour in every
    /// chart and legend. The GSL reference is black.
    static func colour(_ name: String) -> String {
        if name == referenceName { return "#111111" }
        if name == curveName { return "#444444" }
        let known = ["motionbench", "motionbench-propagator", "webkit-2008", "webkit", "chromium", "firefox-smil",
                     "bezier-easing-v2", "cardano", "react-native", "android", "flutter", "rebound", "react-spring", "motion",
                     "swiftui", "core-animation", "uikit"]
        let palette = ["#1b6ac9", "#74a9e8", "#8d6e63", "#2b8a3e", "#d9480f", "#7048e8", "#e67700", "#c2255c", "#0b7285",
                       "#5c940d", "#862e9c", "#f08c00", "#a61e4d", "#364fc7", "#e8590c", "#087f5b", "#495057"]
        if let index = known.firstIndex(of: name) { return palette[index % palette.count] }
        let hash = name.unicodeScalars.reduce(UInt32(2_166_136_261)) { ($0 ^ $1.value) &* 16_777_619 }
        return palette[Int(hash % UInt32(palette.count))]
    }

    /// The name the GSL reference series carries in plots and legends.
    static let referenceName = "GSL reference"
    /// The name of the plotted curve shapes (MotionBench's solver, which agrees with the reference to its bound).
    static let curveName = "y(x)"

    /// One axis of a chart: its title (with the unit), its range in plotted coordinates, the tick positions and how a
    /// tick is labelled.
    struct Axis {
        let title: String
        let range: ClosedRange<Double>
        let ticks: [Double]
        let label: (Double) -> String

        /// A linear axis with about five round ticks.
        static func linear(_ title: String, _ range: ClosedRange<Double>) -> Axis {
            Axis(title: title, range: range, ticks: roundTicks(range), label: { tickLabel($0) })
        }

        /// A log10 axis over powers of ten from `exponents`, ticked every `step` decades.
        static func decades(_ title: String, _ exponents: ClosedRange<Double>, step: Double = 3) -> Axis {
            Axis(title: title, range: exponents, ticks: Array(stride(from: exponents.lowerBound, through: exponents.upperBound, by: step)),
                 label: { "1e\(Int($0))" })
        }
    }

    /// About `count` ticks at round values (1, 2, 2.5 or 5 × 10^k apart) covering `range`.
    static func roundTicks(_ range: ClosedRange<Double>, count: Int = 5) -> [Double] {
        let span = range.upperBound - range.lowerBound
        guard span > 0, span.isFinite else { return [range.lowerBound] }
        let rough = span / Double(max(count - 1, 1)), power = pow(10, floor(log10(rough)))
        let step = [1.0, 2, 2.5, 5, 10].map { $0 * power }.first { $0 >= rough } ?? 10 * power
        let first = (range.lowerBound / step).rounded(.up) * step
        return Array(stride(from: first, through: range.upperBound + step * 1e-9, by: step))
    }

    /// A tick value without float noise (0.30000000000000004 → 0.3).
    static func tickLabel(_ value: Double) -> String {
        let text = String(format: "%.4g", abs(value) < 1e-12 ? 0 : value)
        return text
    }

    /// A chart: `series` as polylines; axes with titles, ticks and grid lines; the reference drawn dashed.
    static func chart(title: String, series: [(name: String, points: [(Double, Double)])], x: Axis, y: Axis,
                      logarithmicY: Bool = false, width: Double = 340, height: Double = 230) -> String {
        let (left, right, top, bottom) = (58.0, 10.0, 24.0, 42.0)
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        func px(_ value: Double) -> Double { left + (value - x.range.lowerBound) / (x.range.upperBound - x.range.lowerBound) * plotWidth }
        func py(_ value: Double) -> Double {
            let plotted = logarithmicY ? log10(max(value, 1e-300)) : value
            let clamped = min(max(plotted, y.range.lowerBound), y.range.upperBound)
            return top + plotHeight - (clamped - y.range.lowerBound) / (y.range.upperBound - y.range.lowerBound) * plotHeight
        }
        func coordinate(_ value: Double) -> String { String(format: "%.1f", value) }
        let font = "font-family='sans-serif' fill='#333'"
        var svg = "<svg xmlns='http://www.w3.org/2000/svg' width='\(Int(width))' height='\(Int(height))' "
            + "viewBox='0 0 \(Int(width)) \(Int(height))' role='img' aria-label='\(escape(title))'>"
        svg += "<rect x='\(left)' y='\(top)' width='\(plotWidth)' height='\(plotHeight)' fill='#fbfbfb' stroke='#bbb'/>"
        svg += "<text x='\(left)' y='15' font-size='12' font-weight='bold' \(font)>\(escape(title))</text>"
        for tick in y.ticks {
            let position = coordinate(top + plotHeight - (tick - y.range.lowerBound) / (y.range.upperBound - y.range.lowerBound) * plotHeight)
            svg += "<line x1='\(left)' x2='\(left + plotWidth)' y1='\(position)' y2='\(position)' stroke='#e6e6e6'/>"
            svg += "<text x='\(left - 4)' y='\(position)' dy='3' font-size='9' text-anchor='end' \(font)>\(escape(y.label(tick)))</text>"
        }
        for tick in x.ticks {
            let position = coordinate(px(tick))
            svg += "<line x1='\(position)' x2='\(position)' y1='\(top)' y2='\(top + plotHeight)' stroke='#eeeeee'/>"
            svg += "<text x='\(position)' y='\(coordinate(top + plotHeight + 12))' font-size='9' text-anchor='middle' \(font)>"
                + "\(escape(x.label(tick)))</text>"
        }
        svg += "<text x='\(coordinate(left + plotWidth / 2))' y='\(coordinate(height - 6))' font-size='10' text-anchor='middle' \(font)>"
            + "\(escape(x.title))</text>"
        svg += "<text transform='translate(12 \(coordinate(top + plotHeight / 2))) rotate(-90)' font-size='10' text-anchor='middle' \(font)>"
            + "\(escape(y.title))</text>"
        for entry in series where !entry.points.isEmpty {
            let points = entry.points.map { "\(coordinate(px($0.0))),\(coordinate(py($0.1)))" }.joined(separator: " ")
            let dash = entry.name == referenceName ? " stroke-dasharray='5 3'" : ""
            svg += "<polyline fill='none' stroke='\(colour(entry.name))' stroke-width='1.4'\(dash) points='\(points)'>"
                + "<title>\(escape(entry.name))</title></polyline>"
        }
        return svg + "</svg>"
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "'", with: "&#39;")
    }

    static func legend(_ names: [String]) -> String {
        "<p class='legend'>" + names.map {
            "<span class='key'><span style='color:\(colour($0))'>■</span> \(escape($0))</span>"
        }.joined(separator: " ") + "</p>"
    }

    /// Markdown tables → HTML tables with a `<thead>` of `<th>` cells; `###` headings → `<h3>`; other lines → `<p>`.
    static func tables(fromMarkdown text: String) -> String {
        var html = "", rowsInTable = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("|") {
                if line.contains("---") { continue }
                let cells = line.split(separator: "|").map { escape($0.trimmingCharacters(in: .whitespaces)) }
                if rowsInTable == 0 {
                    html += "<table><thead><tr>" + cells.map { "<th scope='col'>\($0)</th>" }.joined() + "</tr></thead><tbody>"
                } else {
                    html += "<tr><th scope='row'>\(cells.first ?? "")</th>" + cells.dropFirst().map { "<td>\($0)</td>" }.joined() + "</tr>"
                }
                rowsInTable += 1
            } else {
                if rowsInTable > 0 { html += "</tbody></table>" }
                rowsInTable = 0
                if line.hasPrefix("### ") { html += "<h3>\(escape(String(line.dropFirst(4))))</h3>" }
                else if line.hasPrefix("## ") { continue }
                else if !line.isEmpty { html += "<p>\(escape(String(line)))</p>" }
            }
        }
        return html + (rowsInTable > 0 ? "</tbody></table>" : "")
    }

    static func html(_ r: AccuracyReport, provenance: String?) -> String {
        var body = "<h1>MotionBench accuracy report</h1>"
        if let provenance { body += "<p class='provenance'>\(escape(provenance))</p>" }
        body += "<p class='reading'>\(escape(reading(r)))</p>"
        let progressX = Axis(title: "input progress x", range: 0...1, ticks: [0, 0.25, 0.5, 0.75, 1], label: { tickLabel($0) })
        // Curves: every strategy agrees with the reference to well below a pixel, so one line per curve.
        let largest = r.bezier.map(\.overall.maxAbsError).max() ?? 0
        let ours = r.bezier.first { $0.name == "motionbench" }.map { " (within \(sci($0.overall.maxAbsError)) of the GSL reference)" } ?? ""
        body += "<h2>The curves</h2><p class='note'>y(x) by MotionBench's solver\(escape(ours)). Every strategy's curve lies "
            + "within \(escape(sci(largest))) of the reference (about \(escape(String(format: "%.1f", largest * 164))) px at this "
            + "size), so the strategies are not drawn over it; their differences are plotted as errors below.</p><div class='grid'>"
        for entry in r.curves {
            let range = entry.curve.outputRange
            let low = min(range.min, 0), high = max(range.max, 1)
            body += chart(title: entry.name, series: [(curveName, (0...200).map { (Double($0) / 200, entry.curve.value(at: Double($0) / 200)) })],
                          x: progressX, y: .linear("output progress y", low...high))
        }
        body += "</div><h2>Bézier: absolute error against x</h2><p class='note'>Largest |strategy − reference| in each of "
            + "\(AccuracyReport.plotBins) bins of x, log scale; a line at the bottom is below 1e-17.</p>"
            + legend(r.bezier.map(\.name)) + "<div class='grid'>"
        for (index, entry) in r.curves.enumerated() {
            let series = r.bezier.map { s -> (String, [(Double, Double)]) in
                (s.name, s.binnedErrors[index].enumerated().map { (Double($0.offset) / Double(AccuracyReport.plotBins), $0.element) })
            }
            body += chart(title: "\(entry.name): |error|", series: series, x: progressX,
                          y: .decades("|error| (output progress)", -17...0), logarithmicY: true)
        }
        body += "</div><h2>Springs: trajectories and error against time</h2>"
            + "<p class='note'>Position as a fraction of the travel, sampled at \(escape(formatSpecNumber(r.rateHz))) Hz; the "
            + "reference (dashed) is GSL's rk8pd integration.</p>"
            + legend([referenceName] + r.springResults.map(\.name)) + "<div class='grid'>"
        let times = { (count: Int) in (1...max(count, 1)).map { Double($0) / r.rateHz } }
        let timeAxis = Axis.linear("time (s)", 0...r.seconds)
        for (index, entry) in r.springs.enumerated() {
            let reference = r.referenceTrajectories[index]
            var series = [(referenceName, Array(zip(times(reference.count), reference)))]
            series += r.springResults.map { ($0.name, Array(zip(times($0.trajectories[index].count), $0.trajectories[index]))) }
            let values = series.flatMap { $0.1.map(\.1) }
            body += chart(title: entry.name, series: series, x: timeAxis,
                          y: .linear("position (fraction of travel)", min(values.min() ?? 0, 0)...max(values.max() ?? 1, 1.05)))
            let errors = r.springResults.map { ($0.name, Array(zip(times($0.errors[index].count), $0.errors[index]))) }
            body += chart(title: "\(entry.name): |error|", series: errors, x: timeAxis,
                          y: .decades("|error| (fraction of travel)", -17...0), logarithmicY: true)
        }
        body += "</div><h2>Settling time by each platform's rule</h2>" + settlingChart(r)
        body += tables(fromMarkdown: markdown(r, withReading: false))
        return """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><title>MotionBench accuracy report</title>
            <style>body{font-family:sans-serif;margin:24px;max-width:1400px;color:#222}.grid{display:flex;flex-wrap:wrap;gap:10px}
            table{border-collapse:collapse;margin:8px 0;font-size:12px}td,th{border:1px solid #ddd;padding:3px 6px;text-align:right}
            thead th{background:#f1f3f5;text-align:center}tbody th{text-align:left;font-weight:normal}
            .legend{font-size:12px}.key{margin-right:12px;white-space:nowrap}.reading{max-width:900px}
            .provenance,.note{color:#555;font-size:12px;max-width:900px}</style></head><body>
            \(body)
            </body></html>

            """
    }

    /// Horizontal bars, one group per spring, one bar per platform's rule, with a seconds axis and each bar's value.
    static func settlingChart(_ r: AccuracyReport) -> String {
        let names = r.settling.first?.definitions.map(\.name) ?? []
        let longest = r.settling.flatMap { $0.definitions.compactMap(\.seconds) }.max() ?? 1
        // The scale ends on the first round tick at or beyond the longest bar.
        var ticks = roundTicks(0...max(longest, 1e-9), count: 8)
        if let last = ticks.last, last < longest, ticks.count >= 2 { ticks.append(last + (ticks[1] - ticks[0])) }
        let scaleEnd = max(ticks.last ?? longest, longest)
        let rowHeight = 13.0, groupGap = 12.0, left = 190.0, width = 860.0, valueRoom = 150.0
        let plotWidth = width - left - valueRoom
        let top = 8.0, plotHeight = Double(r.settling.count) * (Double(names.count) * rowHeight + groupGap)
        let height = top + plotHeight + 40
        let font = "font-family='sans-serif' fill='#333'"
        func x(_ seconds: Double) -> Double { left + seconds / scaleEnd * plotWidth }
        var svg = "<svg xmlns='http://www.w3.org/2000/svg' width='\(Int(width))' height='\(Int(height))' role='img' "
            + "aria-label='settling time by rule'>"
        for tick in ticks {
            svg += "<line x1='\(x(tick))' x2='\(x(tick))' y1='\(top)' y2='\(top + plotHeight)' stroke='#e6e6e6'/>"
            svg += "<text x='\(x(tick))' y='\(top + plotHeight + 12)' font-size='9' text-anchor='middle' \(font)>\(tickLabel(tick))</text>"
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
                    + "fill='\(colour(definition.name))'><title>\(escape(definition.name)): \(value)</title></rect>"
                svg += "<text x='\(String(format: "%.1f", left + length + 4))' y='\(y + rowHeight - 4)' font-size='9' \(font)>"
                    + "\(escape(definition.name)) \(value)</text>"
                y += rowHeight
            }
            y += groupGap
        }
        return legend(names) + svg + "</svg>"
    }
}
