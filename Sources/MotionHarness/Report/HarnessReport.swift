import MotionSupport
import Foundation
import MotionCore
import MotionOutput

/// Renders frame-harness results for people (table, markdown) and machines (json, csv); `HarnessRunReport` offers
/// them to the format registry.
public enum HarnessReport {
    /// The figures a dashboard tracks per result row, all smaller-is-better: ns per layer-frame (batch and naive),
    /// p99 frame time, bytes per layer and peak RSS, with the min–max over passes as the range when the run was
    /// repeated. The benchmark is "SCENARIO/N layers/T threads"; each engine under test adds its own (`engineMetrics`).
    public static func exportMetrics(_ results: [HarnessResult]) -> [ExportMetric] {
        results.flatMap { r -> [ExportMetric] in
            let benchmark = "\(r.scenario)/\(r.layers) layers/\(r.threads) threads"
            return RunFigure.exported.compactMap { figure -> ExportMetric? in
                guard let export = figure.export, let value = figure.number(r) else { return nil }
                return ExportMetric(benchmark: benchmark, measure: export.measure, unit: figure.unit ?? "",
                                    value: value, range: figure.range(r).map { ($0.lowerBound, $0.upperBound) })
            } + engineMetrics(r, benchmark: benchmark)
        }
    }

    /// Per engine under test (not MotionCore's own rows): its ns per layer-frame and largest error, under
    /// "BENCHMARK/engine NAME", so that a dashboard follows an engine from run to run.
    static func engineMetrics(_ r: HarnessResult, benchmark: String) -> [ExportMetric] {
        r.engines.filter(\.isUnderTest).flatMap { row -> [ExportMetric] in
            let name = "\(benchmark)/engine \(row.name)"
            return (row.nsPerLayerFrame.map {
                [ExportMetric(benchmark: name, measure: "ns-per-layer-frame", unit: "ns", value: $0)]
            } ?? []) + (row.errors.map(\.maxError).max().map {
                [ExportMetric(benchmark: name, measure: "max-error", unit: "fraction of travel", value: $0)]
            } ?? [])
        }
    }

    /// The table's column titles (`RunFigure.columns`).
    static var columns: [String] { RunFigure.columns.compactMap { $0.column?.title } }

    /// One row's table cells, in column order.
    static func cells(_ r: HarnessResult) -> [String] { RunFigure.columns.map { $0.cell(r) } }

    /// The columns, with p99 named for what it is when fewer than 100 frames were timed.
    static func columns(_ results: [HarnessResult]) -> [String] { namingP99(columns, frames: results.first?.frames ?? 100) }

    /// `columns` with the p99 columns renamed when fewer than 100 `frames` were timed: the 99th percentile (nearest
    /// rank) of fewer than 100 frames is the slowest of them.
    static func namingP99(_ columns: [String], frames: Int) -> [String] {
        guard frames < 100 else { return columns }
        return columns.map { $0 == "p99 ms" ? "p99 = max of \(frames) ms" : $0 == "budget@p99" ? "budget@max of \(frames)" : $0 }
    }

    /// The result rows as a Markdown table (the text table's columns).
    static func markdownTable(_ results: [HarnessResult]) -> String {
        let columns = columns(results)
        return "| " + columns.joined(separator: " | ") + " |\n|" + columns.map { _ in "---:" }.joined(separator: "|") + "|\n"
            + results.map { "| " + cells($0).joined(separator: " | ") + " |\n" }.joined()
    }

    /// The run's one estimate of the layers that fit the budget (from every row's p99).
    public static func budgetEstimate(_ results: [HarnessResult]) -> BudgetEstimate {
        BudgetEstimate(rows: results.map { ($0.layers, $0.frameMs.p99.median) }, budgetMs: 1000 / (results.first?.rateHz ?? 1))
    }

    /// One line: the budget estimate and how it was made or, when a row was disturbed, why none is stated.
    static func budgetLine(_ results: [HarnessResult]) -> String {
        let estimate = budgetEstimate(results), budget = 1000 / (results.first?.rateHz ?? 1)
        let disturbed = results.filter(\.isDisturbed)
        guard disturbed.isEmpty else {
            let load = disturbed.compactMap { $0.noise?.loadAverage.end }.max().map { String(format: "%.1f", $0) } ?? "unknown"
            return "Max layers in budget: not stated, because the run was disturbed ("
                + disturbed.map { "\($0.layers) layers: \($0.noise?.reason ?? "flagged")" }.joined(separator: "; ")
                + "; load average \(load) on \(MachineInfo.current.cores) cores). Rerun the same command when nothing else "
                + "is running (`uptime` shows a load average below the core count), adding --repeat 5 for medians over passes"
        }
        let model = estimate.interceptMs == 0 && results.count < 2 ? "from the measured p99 cost per layer"
            : "p99 frame time ≈ \(fixed(estimate.interceptMs, 3)) ms + \(fixed(estimate.slopeNs, 2)) ns × layers, fitted over all rows"
        guard !estimate.isLowerBound else {
            return "Max layers in budget (p99 ≤ \(fixed(budget, 2)) ms): ≥ \(estimate.maxLayers) (every row fits; the limit lies "
                + "beyond the largest row measured, \(estimate.maxLayers) layers; \(model))"
        }
        return "Max layers in budget (p99 ≤ \(fixed(budget, 2)) ms): \(estimate.maxLayers) (\(model); at least the largest row "
            + "that fits, below the smallest that does not)"
    }

    /// `value` with `digits` decimals, or "–" when it is not finite (no layer was active, say).
    static func fixed(_ value: Double, _ digits: Int) -> String {
        value.isFinite ? String(format: "%.\(digits)f", value) : "–"
    }

    static func table(_ results: [HarnessResult], machine: MachineInfo, markdown: Bool) -> String {
        guard let first = results.first else { return "no results\n" }
        let budget = 1000 / first.rateHz
        var text = "Scenario \(first.scenario), clock \(first.clock) (frame budget \(fixed(budget, 2)) ms), "
            + "\(first.frames) frames" + (first.repeats > 1 ? " × \(first.repeats) timed passes (medians; [min–max] over the passes)" : "")
            + ", on \(machine.summary)\n" + budgetLine(results) + "\n"
        let columns = columns(results), rows = [columns] + results.map(cells)
        if markdown {
            text += "\n" + markdownTable(results)
        } else {
            let widths = columns.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
            for (index, row) in rows.enumerated() {
                text += zip(row, widths).map { String(repeating: " ", count: $1 - $0.count) + $0 }.joined(separator: "  ") + "\n"
                if index == 0 { text += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n" }
            }
        }
        text += "\n" + notes(results)
        text += EngineTable.text(results, markdown: markdown)
        return text
    }

    static func notes(_ results: [HarnessResult]) -> String {
        var lines: [String] = []
        let naiveLayers = Set(results.map(\.naiveLayers)).sorted().map(String.init).joined(separator: ", ")
        let stream = Set(results.map { fixed($0.streamBytesPerLayerFrame, 0) }).sorted().joined(separator: ", ")
        lines.append("batch: every layer evaluated every frame from its own parameters at the frame's timestamp "
                     + "(timing, easing, interpolation, springs stepped, matrices built). ns/layer/frame: median frame "
                     + "time / layers; active: mean share of layers mid-animation; ns/active layer = ns/layer/frame / active.")
        lines.append("naive: a class-per-layer Core Animation port on the same layers, measured on \(naiveLayers) layers "
                     + "at \(results.first?.engines.first { $0.role == .naive }?.frames ?? 0) frames on the run's threads, "
                     + "scaled per layer. stream: reading every column a frame reads and writing every column it "
                     + "writes, no arithmetic (\(stream) bytes per layer-frame), the faster of the run's threads and one "
                     + "thread; – where it is not below the batch cost.")
        if let frames = results.first?.frames, frames < 100 {
            lines.append("p99: with \(frames) frames (fewer than 100) the 99th percentile is the slowest frame; time at "
                         + "least 100 frames (--frames) for a p99 that is not a single frame.")
        }
        for result in results {
            guard let noise = result.noise else { continue }
            let load = [noise.loadAverage.start, noise.loadAverage.end].map { $0.map { String(format: "%.2f", $0) } ?? "?" }
            let idle = result.threads == 1 ? "not running \(FrameNoise.percent(noise.notRunningShare)) of the frame time"
                : "threads idle or not running \(FrameNoise.percent(noise.notRunningShare)) of their time (with "
                    + "\(result.threads) threads \(FrameNoise.waitingNote))"
            lines.append("noise \(result.layers) layers: \(idle), \(noise.preemptedFrames) of \(noise.frames) frames preempted "
                         + "(\(noise.slowedFrames) slowed), load average \(load[0]) → \(load[1])"
                         + (noise.flagged ? "; DISTURBED: \(noise.reason ?? "")" : ""))
        }
        if let obstacle = results.first?.sharedTimelineObstacle {
            lines.append("shared-timeline: n/a (\(obstacle)); it needs shared parameters, whole-frame begins and a fixed rate.")
        } else {
            lines.append("shared-timeline: a comparison, not the headline: outputs tabulated once and copied out per "
                         + "frame, possible only because every layer of an entry shares its parameters here.")
        }
        for result in results {
            if let verification = result.verification {
                lines.append("verify \(result.layers) layers: \(verification.samples) layer-frames against the scalar path, "
                             + "largest |batch − scalar| / max(1, scale) \(verification.maxError) "
                             + "(tolerance \(FrameHarness.verifyTolerance))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The results as JSON: `{"machine": {...}, "results": [...]}` with the keys of `RunFigure.all` and `HarnessResult.encode`.
    static func json(_ results: [HarnessResult], machine: MachineInfo, metadata: (any ReportMetadata)?) throws -> String {
        struct Budget: Encodable {
            let maxLayers: Int?
            let maxLayersIsLowerBound: Bool
            let interceptMs, slopeNs: ReportNumber
            let method: String
            /// Why no limit is stated (rows disturbed), nil when it is.
            let notStated: String?

            func encode(to encoder: Encoder) throws {
                enum Keys: String, CodingKey { case maxLayers, maxLayersIsLowerBound, interceptMs, slopeNs, method, notStated }
                var container = encoder.container(keyedBy: Keys.self)
                try container.encodeOrNull(maxLayers, forKey: .maxLayers)
                try container.encode(maxLayersIsLowerBound, forKey: .maxLayersIsLowerBound)
                try container.encode(interceptMs, forKey: .interceptMs)
                try container.encode(slopeNs, forKey: .slopeNs)
                try container.encode(method, forKey: .method)
                try container.encodeOrNull(notStated, forKey: .notStated)
            }
        }
        struct Document: Encodable {
            let machine: MachineInfo
            let results: [HarnessResult]
            let budget: Budget
            let metadata: MetadataJSON?
            let units: [String: String]
        }
        let estimate = budgetEstimate(results)
        let disturbed = results.contains(where: \.isDisturbed)
        let budget = Budget(maxLayers: disturbed ? nil : estimate.maxLayers, maxLayersIsLowerBound: estimate.isLowerBound,
                            interceptMs: ReportNumber(estimate.interceptMs), slopeNs: ReportNumber(estimate.slopeNs),
                            method: "least-squares line of p99 frame time over layer count across all rows, clamped to the "
                                + "measured rows; when every row fits, the largest row as a lower bound (never extrapolated)",
                            notStated: disturbed ? "a row's timing was disturbed (its noise.flagged); rerun on a quiet machine" : nil)
        var units = ["interceptMs": "ms", "slopeNs": "ns", "spread": "min and max over passes, in each figure's unit",
                     "noise.notRunningShare": "fraction", "noise.framesBehindP99.ms": "ms"]
        for figure in RunFigure.all {
            if let unit = figure.unit, let key = figure.json.topKey { units[key] = unit }
        }
        // Every number goes through ReportNumber, so encoding should not fail; if it does, the error reaches the caller.
        return try ReportJSON.document(Document(machine: machine, results: results, budget: budget,
                                                metadata: MetadataJSON(metadata), units: units))
    }

    /// The CSV columns, in order: every figure with a column, then each timed figure's min and max over passes.
    static var csvColumns: [String] {
        RunFigure.all.filter(\.csv).map(\.name) + RunFigure.timed.flatMap { [$0.name + "Min", $0.name + "Max"] }
    }

    /// The results as RFC 4180 CSV (a missing or non-finite number is an empty field).
    static func csv(_ results: [HarnessResult]) -> String {
        CSVWriter.record(csvColumns) + results.map { r in
            CSVWriter.record(RunFigure.all.filter(\.csv).map { $0.csvCell(r) } + RunFigure.timed.flatMap { figure -> [ReportCell] in
                figure.range(r).map { [.number($0.lowerBound), .number($0.upperBound)] } ?? [.null, .null]
            })
        }.joined()
    }
}

extension HarnessResult: Encodable {
    /// A key of the result object: a figure's (`RunFigure.json`) or one of the objects below.
    struct JSONKey: CodingKey {
        let stringValue: String
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.init(stringValue) }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    private struct Range: Encodable {
        let min, max: ReportNumber
    }

    private struct Verification: Encodable {
        let samples: Int
        let maxError: ReportNumber
    }

    /// One result object: every figure of `RunFigure.all` under its JSON key, then the verification, the ranges
    /// (`spread`), the noise, the engines and the notes; a number without a finite value is null, and `notes` says why.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        var notes: [String: String] = [:], groups: [String: [String: ReportNumber]] = [:], spread: [String: Range] = [:]
        for figure in RunFigure.all {
            if let range = figure.range(self) {
                spread[figure.name] = Range(min: ReportNumber(range.lowerBound), max: ReportNumber(range.upperBound))
            }
            switch figure.json {
            case .none: continue
            case .member(let group, let key): groups[group, default: [:]][key] = ReportNumber(figure.number(self))
            case .key(let key):
                switch figure.reading {
                case .text(let read): try container.encodeOrNull(read(self), forKey: JSONKey(key))
                case .integer(let read): try container.encodeOrNull(read(self), forKey: JSONKey(key))
                case .number, .timed:
                    let value = figure.number(self)
                    try container.encode(ReportNumber(value), forKey: JSONKey(key))
                    if let value, !value.isFinite, let note = figure.nonFiniteNote { notes[key] = note }
                }
            }
        }
        for (group, members) in groups { try container.encode(members, forKey: JSONKey(group)) }
        if let verification {
            try container.encode(Verification(samples: verification.samples, maxError: ReportNumber(verification.maxError)),
                                 forKey: JSONKey("verification"))
        }
        if !spread.isEmpty { try container.encode(spread, forKey: JSONKey("spread")) }
        try container.encodeIfPresent(noise, forKey: JSONKey("noise"))
        try container.encode(engines, forKey: JSONKey("engines"))
        if !notes.isEmpty { try container.encode(notes, forKey: JSONKey("notes")) }
    }
}
