import Foundation

/// One axis of an `SVGChart`: its title (with the unit), its range, the tick positions and how a tick is labelled.
/// On a logarithmic axis the range and the ticks are in log10 units and data values are plotted as log10 of them.
package struct ChartAxis {
    /// The title under (x) or beside (y) the plot, with the unit.
    package let title: String
    /// The plotted range (log10 units when `logarithmic`).
    package let range: ClosedRange<Double>
    /// Where ticks and grid lines go (same units as `range`).
    package let ticks: [Double]
    /// A tick's label.
    package let label: @Sendable (Double) -> String
    /// Whether values are plotted as log10.
    package let logarithmic: Bool

    /// An axis from its parts.
    package init(title: String, range: ClosedRange<Double>, ticks: [Double], logarithmic: Bool = false,
                label: @escaping @Sendable (Double) -> String) {
        (self.title, self.range, self.ticks, self.logarithmic, self.label) = (title, range, ticks, logarithmic, label)
    }

    /// A linear axis with about `count` round ticks.
    package static func linear(_ title: String, _ range: ClosedRange<Double>, count: Int = 5) -> ChartAxis {
        ChartAxis(title: title, range: range, ticks: SVGChart.roundTicks(range, count: count), label: { SVGChart.tickLabel($0) })
    }

    /// A log10 axis over the decades `exponents`, ticked every `step` decades and labelled `1e-3` style.
    package static func decades(_ title: String, _ exponents: ClosedRange<Double>, step: Double = 3) -> ChartAxis {
        ChartAxis(title: title, range: exponents, ticks: Array(stride(from: exponents.lowerBound, through: exponents.upperBound, by: step)),
                  logarithmic: true, label: { "1e\(Int($0))" })
    }

    /// A log10 axis covering `low…high` (positive values) on whole decades, labelled with plain numbers (0.1, 1, 10).
    package static func logarithmic(_ title: String, covering low: Double, _ high: Double) -> ChartAxis {
        let first = floor(log10(max(low, 1e-300))), last = max(ceil(log10(max(high, 1e-300))), first + 1)
        return ChartAxis(title: title, range: first...last, ticks: Array(stride(from: first, through: last, by: 1)),
                         logarithmic: true, label: { SVGChart.compactLabel(pow(10, $0)) })
    }
}

/// One line of an `SVGChart`.
package struct ChartSeries {
    /// Shown as the line's tooltip.
    package let name: String
    /// CSS colour.
    package let colour: String
    /// (x, y) data values.
    package let points: [(Double, Double)]
    /// Drawn dashed (a reference or a limit).
    package let dashed: Bool
    /// Draw a dot on every point (few points, such as one per layer count).
    package let markers: Bool

    /// A series.
    package init(name: String, colour: String, points: [(Double, Double)], dashed: Bool = false, markers: Bool = false) {
        (self.name, self.colour, self.points, self.dashed, self.markers) = (name, colour, points, dashed, markers)
    }
}

/// Inline SVG line charts with titled axes, ticks and grid lines, for the self-contained HTML reports (no script, no
/// network).
package enum SVGChart {
    /// The chart as one `<svg>` element.
    package static func render(title: String, series: [ChartSeries], x: ChartAxis, y: ChartAxis,
                              width: Double = 340, height: Double = 230) -> String {
        let (left, right, top, bottom) = (58.0, 12.0, 24.0, 42.0)
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        func position(_ value: Double, _ axis: ChartAxis) -> Double {
            let plotted = axis.logarithmic ? log10(max(value, 1e-300)) : value
            let clamped = min(max(plotted, axis.range.lowerBound), axis.range.upperBound)
            return (clamped - axis.range.lowerBound) / (axis.range.upperBound - axis.range.lowerBound)
        }
        func px(_ value: Double) -> Double { left + position(value, x) * plotWidth }
        func py(_ value: Double) -> Double { top + plotHeight - position(value, y) * plotHeight }
        func tickX(_ tick: Double) -> Double { left + (tick - x.range.lowerBound) / (x.range.upperBound - x.range.lowerBound) * plotWidth }
        func tickY(_ tick: Double) -> Double {
            top + plotHeight - (tick - y.range.lowerBound) / (y.range.upperBound - y.range.lowerBound) * plotHeight
        }
        /// One decimal, without a trailing `.0`.
        func number(_ value: Double) -> String {
            let text = String(format: "%.1f", value)
            return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        }
        let font = "class='t'"
        var svg = "<svg xmlns='http://www.w3.org/2000/svg' width='\(Int(width))' height='\(Int(height))' "
            + "viewBox='0 0 \(Int(width)) \(Int(height))' role='img' aria-label='\(escape(title))'>"
        svg += "<rect x='\(left)' y='\(top)' width='\(plotWidth)' height='\(plotHeight)' fill='#fbfbfb' stroke='#bbb'/>"
        svg += "<text x='\(left)' y='15' font-size='12' font-weight='bold' \(font)>\(escape(title))</text>"
        // The grid lines as one path per direction, the tick labels in one group per axis.
        svg += "<path class='g' d='" + y.ticks.map { "M\(number(left)) \(number(tickY($0)))h\(number(plotWidth))" }.joined()
            + "'/><path class='gx' d='" + x.ticks.map { "M\(number(tickX($0))) \(number(top))v\(number(plotHeight))" }.joined()
            + "'/>"
        svg += "<g font-size='9' text-anchor='end' \(font)>" + y.ticks.map { tick in
            "<text x='\(number(left - 4))' y='\(number(tickY(tick)))' dy='3'>\(escape(y.label(tick)))</text>"
        }.joined() + "</g><g font-size='9' text-anchor='middle' \(font)>" + x.ticks.map { tick in
            "<text x='\(number(tickX(tick)))' y='\(number(top + plotHeight + 12))'>\(escape(x.label(tick)))</text>"
        }.joined() + "</g>"
        svg += "<text x='\(number(left + plotWidth / 2))' y='\(number(height - 6))' font-size='10' text-anchor='middle' \(font)>"
            + "\(escape(x.title))</text>"
        svg += "<text transform='translate(12 \(number(top + plotHeight / 2))) rotate(-90)' font-size='10' text-anchor='middle' \(font)>"
            + "\(escape(y.title))</text>"
        // The lines in quarter pixels (`pathData`), in one group that sets what they share.
        svg += "<g fill='none' stroke-width='5.6' transform='scale(.25)'>"
        for entry in series where !entry.points.isEmpty {
            // In pixels; a line keeps only the points that show (`simplified`).
            let pixels = entry.points.map { (px($0.0), py($0.1)) }
            let dash = entry.dashed ? " stroke-dasharray='20 12'" : ""
            svg += "<path stroke='\(entry.colour)'\(dash) d='\(pathData(simplified(pixels, tolerance: lineTolerance)))'>"
                + "<title>\(escape(entry.name))</title></path>"
        }
        svg += "</g>"
        for entry in series where !entry.points.isEmpty {
            if entry.markers {
                for point in entry.points {
                    svg += "<circle cx='\(number(px(point.0)))' cy='\(number(py(point.1)))' r='2.5' fill='\(entry.colour)'>"
                        + "<title>\(escape(entry.name)): \(escape(tickLabel(point.1)))</title></circle>"
                }
            }
        }
        return svg + "</svg>"
    }

    /// How far, in pixels, a drawn line may pass from a point it leaves out: a quarter of a pixel, under the 1.4 px
    /// stroke, so that thinning changes nothing a reader can see.
    package static let lineTolerance = 0.25

    /// `points` (pixel coordinates, in drawing order) thinned by Douglas–Peucker: the first and last kept, and between
    /// two kept points every point farther than `tolerance` from the segment joining them, recursively. Every point
    /// left out lies within `tolerance` of the drawn line; consecutive repeats go.
    package static func simplified(_ points: [(Double, Double)], tolerance: Double) -> [(Double, Double)] {
        guard points.count > 2 else { return points }
        var keep = [Bool](repeating: false, count: points.count)
        (keep[0], keep[points.count - 1]) = (true, true)
        var pending = [(0, points.count - 1)]
        while let (first, last) = pending.popLast() {
            guard last > first + 1 else { continue }
            let (ax, ay) = points[first], (bx, by) = points[last]
            let (dx, dy) = (bx - ax, by - ay), length = dx * dx + dy * dy
            var farthest = first, distance = -1.0
            for index in (first + 1)..<last {
                let (x, y) = points[index]
                // The distance to the segment: to its nearer end outside it, to the line inside it.
                let t = length > 0 ? min(max(((x - ax) * dx + (y - ay) * dy) / length, 0), 1) : 0
                let (ex, ey) = (x - (ax + t * dx), y - (ay + t * dy))
                let d = (ex * ex + ey * ey).squareRoot()
                if d > distance { (farthest, distance) = (index, d) }
            }
            guard distance > tolerance else { continue }
            keep[farthest] = true
            pending += [(first, farthest), (farthest, last)]
        }
        return points.indices.filter { keep[$0] }.map { points[$0] }
    }

    /// `points` (pixels) as SVG path data in quarter pixels, relative after the first (`M x y l dx dy dx dy …`): each
    /// point rounded to the nearest quarter pixel on its own, so that rounding never accumulates along the line.
    package static func pathData(_ points: [(Double, Double)]) -> String {
        guard let first = points.first else { return "" }
        func quarter(_ value: Double) -> Int { Int((value * 4).rounded()) }
        var (x, y) = (quarter(first.0), quarter(first.1))
        var text = "M\(x) \(y)"
        for (index, point) in points.dropFirst().enumerated() {
            let (nextX, nextY) = (quarter(point.0), quarter(point.1))
            let (dx, dy) = (nextX - x, nextY - y)
            text += (index == 0 ? "l" : (dx < 0 ? "" : " ")) + "\(dx)" + (dy < 0 ? "" : " ") + "\(dy)"
            (x, y) = (nextX, nextY)
        }
        return points.count == 1 ? text + "h0" : text
    }

    /// About `count` ticks at round values (1, 2, 2.5 or 5 × 10^k apart) covering `range`.
    package static func roundTicks(_ range: ClosedRange<Double>, count: Int = 5) -> [Double] {
        let span = range.upperBound - range.lowerBound
        guard span > 0, span.isFinite else { return [range.lowerBound] }
        let rough = span / Double(max(count - 1, 1)), power = pow(10, floor(log10(rough)))
        let step = [1.0, 2, 2.5, 5, 10].map { $0 * power }.first { $0 >= rough } ?? 10 * power
        let first = (range.lowerBound / step).rounded(.up) * step
        return Array(stride(from: first, through: range.upperBound + step * 1e-9, by: step))
    }

    /// A tick value without float noise (0.30000000000000004 → 0.3).
    package static func tickLabel(_ value: Double) -> String {
        String(format: "%.4g", abs(value) < 1e-12 ? 0 : value)
    }

    /// A round number in few characters: 0.01, 1, 100, 10k, 1M.
    package static func compactLabel(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude >= 1e9 { return tickLabel(value / 1e9) + "G" }
        if magnitude >= 1e6 { return tickLabel(value / 1e6) + "M" }
        if magnitude >= 1e4 { return tickLabel(value / 1e3) + "k" }
        return tickLabel(value)
    }

    /// Text made safe for HTML and SVG content and single-quoted attributes.
    package static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "'", with: "&#39;")
    }

    /// A legend line: a coloured square and the name for each entry.
    package static func legend(_ entries: [(name: String, colour: String)]) -> String {
        "<p class='legend'>" + entries.map {
            "<span class='key'><span style='color:\($0.colour)'>■</span> \(escape($0.name))</span>"
        }.joined(separator: " ") + "</p>"
    }

    /// Markdown tables → HTML tables with a `<thead>` of `<th>` cells and a `<th>` per row; `###` headings → `<h3>`,
    /// `####` headings → `<h4>`; `##` headings are dropped; other lines → `<p>`.
    package static func tables(fromMarkdown text: String) -> String {
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
                if line.hasPrefix("#### ") { html += "<h4>\(escape(String(line.dropFirst(5))))</h4>" }
                else if line.hasPrefix("### ") { html += "<h3>\(escape(String(line.dropFirst(4))))</h3>" }
                else if line.hasPrefix("## ") { continue }
                else if !line.isEmpty { html += "<p>\(escape(String(line)))</p>" }
            }
        }
        return html + (rowsInTable > 0 ? "</tbody></table>" : "")
    }

    /// The page around `body`: a title, the shared style sheet, no script.
    package static func page(title: String, body: String) -> String {
        """
        <!doctype html><html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
        <style>body{font-family:sans-serif;margin:24px;max-width:1400px;color:#222}.grid{display:flex;flex-wrap:wrap;gap:10px}
        table{border-collapse:collapse;margin:8px 0;font-size:12px}td,th{border:1px solid #ddd;padding:3px 6px;text-align:right}
        thead th{background:#f1f3f5;text-align:center}tbody th{text-align:left;font-weight:normal}
        .legend{font-size:12px}.key{margin-right:12px;white-space:nowrap}.reading{max-width:900px}
        .provenance,.note{color:#555;font-size:12px;max-width:900px}svg .t{font-family:sans-serif;fill:#333}
        svg .g{stroke:#e6e6e6}svg .gx{stroke:#eee}</style></head><body>
        \(body)
        </body></html>

        """
    }
}
