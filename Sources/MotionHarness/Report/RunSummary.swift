import Foundation
import MotionSupport
import MotionOutput

/// The short text a person reads first after `motionbench run`: what fits in the frame budget, what each engine costs
/// against MotionCore's batch and how far it is off, one small table of the figures per layer count, and each warning
/// that changes what a figure means (disturbed timing, a failed engine) on its own line. Every line fits `width`
/// columns; the full table and the notes are `--details` (`HarnessReport.table`).
enum RunSummary {
    /// The widest line printed, in characters.
    static let width = 100

    /// The summary of `results` measured on `machine`.
    static func text(_ results: [HarnessResult], machine: MachineInfo) -> String {
        guard let first = results.first else { return "no results\n" }
        let fixed = HarnessReport.fixed, budget = 1000 / first.rateHz
        var lines: [String] = []
        lines += wrap("Scenario \(first.scenario), \(first.clock) (\(fixed(budget, 2)) ms a frame), \(first.frames) frames"
                      + (first.repeats > 1 ? " × \(first.repeats) passes (medians)" : "") + ", \(first.threads) threads; "
                      + "\(machine.cpu), \(machine.cores) cores")
        lines += wrap(verdict(results, budgetMs: budget))
        for name in engineNames(results) {
            lines += wrap(engineLine(name, results))
            lines += coverageLine(name, results).map { wrap($0, indent: "  ") } ?? []
        }
        lines.append("")
        lines += table(results)
        lines += warnings(results).flatMap { wrap($0) }
        lines += results.compactMap(\.verification).isEmpty ? [] : wrap(verificationLine(results))
        lines.append("Every figure and note: --details or --format markdown|html|json|csv; errors: fraction of travel")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The answer: how many layers MotionCore's batch fits in a frame at p99. Where some rows were disturbed, the
    /// estimate of the others, saying so (the JSON and `--details` state none then); where all were, why none is given.
    static func verdict(_ results: [HarnessResult], budgetMs: Double) -> String {
        let label = (results.first?.frames ?? 100) < 100 ? "at the slowest frame" : "at p99"
        let head = "Fits in \(HarnessReport.fixed(budgetMs, 2)) ms \(label): "
        let quiet = results.filter { !$0.isDisturbed }
        guard !quiet.isEmpty else { return head + "not stated, the batch's timing was disturbed (warning below)" }
        let estimate = HarnessReport.budgetEstimate(quiet)
        let count = estimate.isLowerBound ? "≥ \(grouped(estimate.maxLayers)) layers (every row fits)"
            : "\(grouped(estimate.maxLayers)) layers (a line fitted over the rows)"
        guard quiet.count < results.count else { return head + count + " with MotionCore's batch" }
        return head + count.replacingOccurrences(of: " (every row fits)", with: "").replacingOccurrences(
            of: " (a line fitted over the rows)", with: "") + " from the undisturbed rows (warning below)"
    }

    /// The engines compared with the batch, by their label in the tables (`EngineTable.label`: two libraries of one
    /// name are told apart by path), in the order the rows list them: the naive evaluator and every engine under test
    /// (not the batch itself, its subset on an engine's kinds or the stream bound).
    static func engineNames(_ results: [HarnessResult]) -> [String] {
        var names: [String] = []
        for result in results {
            for row in result.engines where isCompared(row) {
                let name = EngineTable.label(row, among: result.engines)
                if !names.contains(name) { names.append(name) }
            }
        }
        return names
    }

    /// Whether `row` is one the summary compares with the batch: the naive evaluator or an engine under test.
    static func isCompared(_ row: EngineRow) -> Bool { row.role == .naive || row.isUnderTest }

    /// The row labelled `name` in `result`, if that engine ran on it.
    static func row(_ name: String, in result: HarnessResult) -> EngineRow? {
        result.engines.first { isCompared($0) && EngineTable.label($0, among: result.engines) == name }
    }

    /// One engine over every layer count: its cost against the batch (the median over the layer counts; the table
    /// gives each), its largest error against the exact answer and its share of outputs beyond the visible thresholds.
    static func engineLine(_ name: String, _ results: [HarnessResult]) -> String {
        let rows = results.compactMap { row(name, in: $0) }
        let ratios = rows.filter { $0.failure == nil }.compactMap(\.timesBatch).filter(\.isFinite).sorted()
        let failed = rows.filter { $0.failure != nil }.count
        var parts: [String] = []
        if let median = ratios.isEmpty ? nil : Timed(samples: ratios).median {
            // Each layer count's ratio is in the table below; the line gives their median.
            parts.append("\(ratio(median)) the batch" + (ratios.count > 1 ? " (median)" : ""))
        }
        if failed > 0 { parts.append("FAILED at \(failed) of \(rows.count) layer counts (below)") }
        let errors = rows.flatMap(\.errors), outputs = errors.reduce(0) { $0 + $1.outputs }
        if let largest = errors.max(by: { $0.maxError < $1.maxError }), outputs > 0 {
            let beyond = errors.reduce(0) { $0 + $1.beyondVisible }
            parts.append("error ≤ \(scientific(largest.maxError)) (\(largest.kind)), "
                         + "\(EngineTable.share(beyond, of: outputs)) beyond visible")
        }
        return "\(name): " + (parts.isEmpty ? "no figures" : parts.joined(separator: "; "))
    }

    /// For an engine that supports only some kinds: the share of the layers it ran and its kinds, and that its
    /// × batch is against MotionCore's batch on those same layers; nil for an engine that ran every layer.
    static func coverageLine(_ name: String, _ results: [HarnessResult]) -> String? {
        guard let result = results.last(where: { row(name, in: $0).map { !$0.unsupported.isEmpty } ?? false }),
              let row = row(name, in: result), result.layers > 0 else { return nil }
        let share = HarnessReport.fixed(Double(row.layers) / Double(result.layers) * 100, 0)
        return "its kinds only: \(share)% of the layers (\(row.kinds.map(\.name).joined(separator: ", "))); "
            + "× batch on those layers"
    }

    /// The figures per layer count, one column per layer count (split into blocks when they would pass `width`).
    static func table(_ results: [HarnessResult]) -> [String] {
        let fixed = HarnessReport.fixed
        let slowest = (results.first?.frames ?? 100) < 100
        var rows: [(String, [String])] = [
            ("layers", results.map { grouped($0.layers) }),
            ("batch ns/layer/frame", results.map { fixed($0.nsPerLayerFrame.median, 2) }),
            (slowest ? "slowest frame ms" : "p99 frame ms", results.map { fixed($0.frameMs.p99.median, 3) }),
            (slowest ? "budget, slowest frame" : "budget used at p99", results.map { fixed($0.budgetFractionP99 * 100, 1) + "%" }),
        ]
        for name in engineNames(results) {
            rows.append((shortened(name, to: 22) + " × batch", results.map { result in
                guard let row = row(name, in: result) else { return "–" }
                return row.failure != nil ? "FAILED" : row.timesBatch.map(ratio) ?? "–"
            }))
        }
        let labelWidth = rows.map(\.0.count).max() ?? 0
        let cellWidth = (rows.flatMap(\.1).map(\.count).max() ?? 0) + 2
        let perBlock = max(1, (width - labelWidth) / cellWidth)
        var lines: [String] = []
        for start in stride(from: 0, to: results.count, by: perBlock) {
            if start > 0 { lines.append("") }
            let columns = start..<min(start + perBlock, results.count)
            for (label, cells) in rows {
                lines.append(label.padding(toLength: labelWidth, withPad: " ", startingAt: 0)
                             + columns.map { padded(cells[$0], to: cellWidth) }.joined())
            }
        }
        return lines
    }

    /// One line per kind of warning that changes what a figure means: a failed engine (each failure), and timing
    /// that was disturbed (the batch's rows or an engine's), naming the rows.
    static func warnings(_ results: [HarnessResult]) -> [String] {
        var lines: [String] = []
        for result in results {
            for row in result.engines {
                if let failure = row.failure {
                    lines.append("FAILED: \(EngineTable.label(row, among: result.engines)) at \(grouped(result.layers)) "
                                 + "layers: \(failure)")
                }
            }
        }
        // Per name (the batch, then each engine in the rows' order), the layer counts whose timing was disturbed.
        var disturbed: [(name: String, layers: [Int])] = []
        func note(_ name: String, _ layers: Int) {
            if let index = disturbed.firstIndex(where: { $0.name == name }) { disturbed[index].layers.append(layers) }
            else { disturbed.append((name, [layers])) }
        }
        for result in results {
            if result.isDisturbed { note("batch", result.layers) }
            for row in result.engines where row.isUnderTest && row.failure == nil && row.noise?.flagged == true {
                note(EngineTable.label(row, among: result.engines), result.layers)
            }
        }
        if !disturbed.isEmpty {
            lines.append("warning: disturbed timing (rerun when quiet): " + disturbed.map {
                $0.layers.count == results.count && results.count > 1 ? "\($0.name) at every layer count"
                    : "\($0.name) at \($0.layers.map(grouped).joined(separator: ", ")) layers"
            }.joined(separator: "; "))
        }
        return lines
    }

    /// `--verify`: the batch against the scalar path, over every layer count.
    static func verificationLine(_ results: [HarnessResult]) -> String {
        let checks = results.compactMap(\.verification)
        let samples = checks.reduce(0) { $0 + $1.samples }, largest = checks.map(\.maxError).max() ?? 0
        return "verify: \(grouped(samples)) batch layer-frames against the scalar path, largest error "
            + "\(scientific(largest)) (tolerance \(scientific(FrameHarness.verifyTolerance)))"
    }

    /// `text` broken at spaces into lines of at most `width` characters, each starting with `indent` and the later
    /// ones indented by two spaces more.
    static func wrap(_ text: String, indent: String = "") -> [String] {
        var lines: [String] = [], line = indent
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = line == indent ? line + word : line + " " + word
            if candidate.count > width, line != indent, line != indent + "  " {
                lines.append(line)
                line = indent + "  " + word
            } else {
                line = candidate
            }
        }
        lines.append(line)
        // A single word longer than the line (a long path) is cut, with an ellipsis, rather than passing the width.
        return lines.map { $0.count > width ? String($0.prefix(width - 1)) + "…" : $0 }
    }

    /// `ratio` as `2.09×` (two decimals below 100, none above).
    static func ratio(_ ratio: Double) -> String {
        HarnessReport.fixed(ratio, ratio < 100 ? 2 : 0) + "×"
    }

    /// `value` in scientific notation with two significant digits (`3.4e-05`).
    static func scientific(_ value: Double) -> String { String(format: "%.1e", value) }

    /// `count` with thin groups of three digits (`1,000,000`).
    static func grouped(_ count: Int) -> String {
        let digits = String(count.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return (count < 0 ? "-" : "") + text
    }

    /// `text` right-aligned in `width` characters.
    static func padded(_ text: String, to width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    /// `name` cut to `length` characters with an ellipsis.
    static func shortened(_ name: String, to length: Int) -> String {
        name.count <= length ? name : String(name.prefix(length - 1)) + "…"
    }
}
