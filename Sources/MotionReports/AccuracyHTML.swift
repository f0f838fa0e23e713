import Foundation
import MotionCore

/// The self-contained HTML report: tables, a one-paragraph reading, and inline SVG plots (no network).
extension AccuracyRenderer {
    static let palette = ["#1b6ac9", "#d9480f", "#2b8a3e", "#7048e8", "#e67700", "#c2255c", "#0b7285", "#5c940d", "#862e9c"]

    /// A small chart: `series` as polylines over x in `xRange`, y in `yRange` (log10 when `logarithmic`).
    static func chart(title: String, series: [(name: String, points: [(Double, Double)])], xRange: ClosedRange<Double>,
                      yRange: ClosedRange<Double>, logarithmic: Bool = false, width: Double = 320, height: Double = 200) -> String {
        let (left, right, top, bottom) = (46.0, 8.0, 22.0, 26.0)
        func px(_ x: Double) -> Double { left + (x - xRange.lowerBound) / (xRange.upperBound - xRange.lowerBound) * (width - left - right) }
        func py(_ y: Double) -> Double {
            let value = logarithmic ? log10(max(y, 1e-17)) : y
            let clamped = min(max(value, yRange.lowerBound), yRange.upperBound)
            return height - bottom - (clamped - yRange.lowerBound) / (yRange.upperBound - yRange.lowerBound) * (height - top - bottom)
        }
        var svg = "<svg xmlns='http://www.w3.org/2000/svg' width='\(Int(width))' height='\(Int(height))' viewBox='0 0 \(Int(width)) \(Int(height))'>"
        svg += "<rect x='\(left)' y='\(top)' width='\(width - left - right)' height='\(height - top - bottom)' fill='#fafafa' stroke='#ccc'/>"
        svg += "<text x='\(left)' y='14' font-size='11' font-family='sans-serif'>\(escape(title))</text>"
        let ticks = logarithmic ? stride(from: yRange.lowerBound, through: yRange.upperBound, by: 4).map { $0 }
            : [yRange.lowerBound, (yRange.lowerBound + yRange.upperBound) / 2, yRange.upperBound]
        for tick in ticks {
            let y = height - bottom - (tick - yRange.lowerBound) / (yRange.upperBound - yRange.lowerBound) * (height - top - bottom)
            svg += "<line x1='\(left)' x2='\(width - right)' y1='\(y)' y2='\(y)' stroke='#eee'/>"
            svg += "<text x='2' y='\(y + 4)' font-size='9' font-family='sans-serif'>\(logarithmic ? "1e\(Int(tick))" : String(format: "%.2g", tick))</text>"
        }
        svg += "<text x='\(left)' y='\(height - 8)' font-size='9' font-family='sans-serif'>\(String(format: "%g", xRange.lowerBound))</text>"
        svg += "<text x='\(width - right - 20)' y='\(height - 8)' font-size='9' font-family='sans-serif'>\(String(format: "%g", xRange.upperBound))</text>"
        for (index, entry) in series.enumerated() {
            let points = entry.points.map { String(format: "%.1f,%.1f", px($0.0), py($0.1)) }.joined(separator: " ")
            svg += "<polyline fill='none' stroke='\(palette[index % palette.count])' stroke-width='1.2' points='\(points)'><title>\(escape(entry.name))</title></polyline>"
        }
        return svg + "</svg>"
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    static func legend(_ names: [String]) -> String {
        "<p class='legend'>" + names.enumerated().map { "<span style='color:\(palette[$0.offset % palette.count])'>■</span> \(escape($0.element))" }
            .joined(separator: " &nbsp; ") + "</p>"
    }

    /// Markdown tables → HTML tables (the report's own tables, no other Markdown).
    static func tables(fromMarkdown text: String) -> String {
        var html = "", inTable = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("|") {
                if line.contains("---") { continue }
                let cells = line.split(separator: "|").map { escape($0.trimmingCharacters(in: .whitespaces)) }
                html += (inTable ? "" : "<table>") + "<tr>" + cells.map { "<td>\($0)</td>" }.joined() + "</tr>"
                inTable = true
            } else {
                if inTable { html += "</table>" }
                inTable = false
                if line.hasPrefix("### ") { html += "<h3>\(escape(String(line.dropFirst(4))))</h3>" }
                else if line.hasPrefix("## ") { html += "" }
                else if !line.isEmpty { html += "<p>\(escape(String(line)))</p>" }
            }
        }
        return html + (inTable ? "</table>" : "")
    }

    static func html(_ r: AccuracyReport) -> String {
        var body = "<h1>MotionBench accuracy report</h1><p class='reading'>\(escape(reading(r)))</p>"
        // Curves with every strategy overlaid.
        let strategies = BezierStrategy.all()
        body += "<h2>Curves, every strategy overlaid</h2>" + legend(strategies.map(\.name)) + "<div class='grid'>"
        for entry in r.curves {
            let range = entry.curve.outputRange
            let series = strategies.map { strategy -> (String, [(Double, Double)]) in
                let evaluate = strategy.make(entry.curve)
                return (strategy.name, (0...100).map { (Double($0) / 100, evaluate(Double($0) / 100)) })
            }
            body += chart(title: entry.name, series: series, xRange: 0...1,
                          yRange: min(range.min, 0)...max(range.max, 1))
        }
        body += "</div><h2>Absolute error against x (log scale, largest per bin)</h2>" + legend(r.bezier.map(\.name)) + "<div class='grid'>"
        for (index, entry) in r.curves.enumerated() {
            let series = r.bezier.map { s -> (String, [(Double, Double)]) in
                (s.name, s.binnedErrors[index].enumerated().map { (Double($0.offset) / Double(AccuracyReport.plotBins), $0.element) })
            }
            body += chart(title: entry.name, series: series, xRange: 0...1, yRange: -17...0, logarithmic: true)
        }
        body += "</div><h2>Spring trajectories and error against time</h2>" + legend(["GSL reference"] + r.springResults.map(\.name))
            + "<div class='grid'>"
        let times = { (count: Int) in (1...max(count, 1)).map { Double($0) / r.rateHz } }
        for (index, entry) in r.springs.enumerated() {
            let reference = r.referenceTrajectories[index]
            var series = [("GSL reference", Array(zip(times(reference.count), reference)))]
            series += r.springResults.map { ($0.name, Array(zip(times($0.trajectories[index].count), $0.trajectories[index]))) }
            let values = series.flatMap { $0.1.map(\.1) }
            body += chart(title: entry.name, series: series, xRange: 0...r.seconds,
                          yRange: min(values.min() ?? 0, 0)...max(values.max() ?? 1, 1.05))
            let errors = r.springResults.map { ($0.name, Array(zip(times($0.errors[index].count), $0.errors[index]))) }
            body += chart(title: "\(entry.name): |error|", series: [("", [])] + errors, xRange: 0...r.seconds,
                          yRange: -17...0, logarithmic: true)
        }
        body += "</div><h2>Settling time by definition</h2>" + settlingChart(r)
        body += tables(fromMarkdown: markdown(r))
        return """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><title>MotionBench accuracy report</title>
            <style>body{font-family:sans-serif;margin:24px;max-width:1400px;color:#222}.grid{display:flex;flex-wrap:wrap;gap:8px}
            table{border-collapse:collapse;margin:8px 0;font-size:12px}td{border:1px solid #ddd;padding:3px 6px;text-align:right}
            td:first-child{text-align:left}.legend{font-size:12px}.reading{max-width:900px}</style></head><body>
            \(body)
            </body></html>

            """
    }

    /// Horizontal bars: each spring's settling time by every definition.
    static func settlingChart(_ r: AccuracyReport) -> String {
        let names = r.settling.first?.definitions.map(\.name) ?? []
        let longest = r.settling.flatMap { $0.definitions.compactMap(\.seconds) }.max() ?? 1
        let rowHeight = 6.0, groupGap = 10.0, left = 170.0, width = 700.0
        let height = Double(r.settling.count) * (Double(names.count) * rowHeight + groupGap) + 20
        var svg = "<svg xmlns='http://www.w3.org/2000/svg' width='\(Int(width))' height='\(Int(height))'>"
        var y = 10.0
        for row in r.settling {
            svg += "<text x='0' y='\(y + Double(names.count) * rowHeight / 2 + 4)' font-size='10' font-family='sans-serif'>\(escape(row.spring))</text>"
            for (index, definition) in row.definitions.enumerated() {
                let length = (definition.seconds ?? 0) / longest * (width - left - 60)
                svg += "<rect x='\(left)' y='\(y)' width='\(length)' height='\(rowHeight - 1)' fill='\(palette[index % palette.count])'>"
                    + "<title>\(escape(definition.name)): \(definition.seconds.map { String(format: "%.3f s", $0) } ?? "never")</title></rect>"
                y += rowHeight
            }
            y += groupGap
        }
        return legend(names) + svg + "</svg>"
    }
}
