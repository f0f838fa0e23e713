import Foundation
import MotionCore
import MotionOutput

/// The engines side by side, for people: one table per layer count (cost beside correctness), then per engine its
/// errors by kind, the layers it left out, its worst output and any failure.
enum EngineTable {
    static let columns = ["engine", "precision", "layers", "frames", "threads", "ns/layer/frame", "× batch", "p50 ms",
                          "p99 ms", "budget@p99", "largest error", "beyond visible", "outputs compared"]

    static func cells(_ row: EngineRow, among rows: [EngineRow]) -> [String] {
        let fixed = HarnessReport.fixed
        let outputs = row.errors.reduce(0) { $0 + $1.outputs }, beyond = row.errors.reduce(0) { $0 + $1.beyondVisible }
        let largest = row.errors.max { $0.maxError < $1.maxError }
        return [
            label(row, among: rows), row.precision?.rawValue ?? "–",
            // A row whose child died before it could report (a crash, a hang) has no frames or threads to show.
            "\(row.layers)", row.frames > 0 ? "\(row.frames)" : "–", row.frames > 0 ? "\(row.threads)" : "–",
            row.failure != nil ? "FAILED" : row.nsPerLayerFrame.map { fixed($0, 2) } ?? "–",
            row.timesBatch.map { fixed($0, 2) + "×" } ?? "–",
            row.frameMs.map { fixed($0.p50, 3) } ?? "–", row.frameMs.map { fixed($0.p99, 3) } ?? "–",
            row.budgetFractionP99.map { fixed($0 * 100, 1) + "%" } ?? "–",
            largest.map { String(format: "%.1e", $0.maxError) + " (\($0.kind))" } ?? "–",
            outputs > 0 ? share(beyond, of: outputs) : "–",
            outputs > 0 ? "\(outputs) (\(row.comparedFrames) fr)" : "–",
        ]
    }

    /// `count` of `total` in percent with two decimals; a share that is not zero never prints as 0.00% (`<0.01%`).
    static func share(_ count: Int, of total: Int) -> String {
        let percent = Double(count) / Double(total) * 100
        return count > 0 && percent < 0.005 ? "<0.01%" : HarnessReport.fixed(percent, 2) + "%"
    }

    /// The tables of every result, with their notes; empty when no result has engine rows.
    static func text(_ results: [HarnessResult], markdown: Bool) -> String {
        guard results.contains(where: { !$0.engines.isEmpty }) else { return "" }
        var text = ""
        for result in results where !result.engines.isEmpty {
            text += "\nEngines on \(result.scenario), \(result.layers) layers, same frame times:\n"
            let table = markdownTable(result.engines, frames: result.frames)
            text += markdown ? table : AlignedText.fromMarkdown(table)
            text += details(result.engines).map { "- " + $0 + "\n" }.joined()
        }
        text += "\nlargest error: |engine − exact| as a fraction of the output's travel, over the outputs compared (the kind "
            + "in brackets); an output beyond its threshold at a frame's time t also matches when the exact value at t's "
            + "neighbouring double is within it. beyond visible: the share of compared outputs beyond their visible "
            + "threshold (alpha-half-step 0.5/255 for opacity and colour, position-0.1px 1e-4 of the travel, "
            + "rotation-0.01deg 0.01/360; docs/engines.md). outputs compared: with the exact path, over a sample of layers "
            + "at every frame (fr: frames compared; --check-budget). Every output of every timed frame is checked to be "
            + "finite. × batch: ns/layer/frame ÷ MotionCore's batch on the same layers.\n"
        return text
    }

    /// The rows as a Markdown table; with fewer than 100 timed `frames`, p99 is named for what it is, the slowest.
    static func markdownTable(_ rows: [EngineRow], frames: Int = 100) -> String {
        let columns = HarnessReport.namingP99(columns, frames: frames)
        return "| " + columns.joined(separator: " | ") + " |\n|" + columns.map { _ in "---" }.joined(separator: "|") + "|\n"
            + rows.map { "| " + cells($0, among: rows).joined(separator: " | ") + " |\n" }.joined()
    }

    /// A row's name in the table: MotionCore's batch on an engine's kinds only is `motioncore-batch (same kinds)`, and
    /// a plug-in whose name another plug-in of `rows` shares is told apart by its path.
    static func label(_ row: EngineRow, among rows: [EngineRow]) -> String {
        let shared = row.role == .plugIn && rows.filter { $0.role == .plugIn && $0.name == row.name }.count > 1
        return row.name + (row.role == .batchSubset ? " (same kinds)" : "")
            + (shared ? " (\(SafeText.quoted(row.path ?? "?")))" : "")
    }

    /// Per engine: a failure, the layers left out, the errors by kind, the worst output.
    static func details(_ rows: [EngineRow]) -> [String] {
        rows.flatMap { row -> [String] in
            var lines: [String] = []
            let name = label(row, among: rows)
            if let failure = row.failure { lines.append("\(name): FAILED: \(failure)") }
            if !row.unsupported.isEmpty {
                lines.append(name + (row.role == .batchSubset ? ": left out to match the engine's kinds: "
                                     : ": not supported, not evaluated: ")
                             + row.unsupported.map { "\($0.kind) (\($0.layers) layers)" }.joined(separator: ", "))
            }
            if let noise = row.noise, noise.flagged, row.failure == nil {
                lines.append("\(name) timing disturbed: \(noise.reason ?? "flagged") (its figures are not to be trusted; rerun "
                             + "on a quiet machine)")
            }
            if row.role == .naive { lines.append("naive: \(row.layers) layers spread over the run, timed at \(row.frames) frames") }
            if row.role == .stream {
                lines.append("stream bound: MotionCore's columns read and written once with no arithmetic, a bound on the "
                             + "batch, not an engine (no outputs to check)"
                             + (row.nsPerLayerFrame == nil ? "; left out here: not below the batch cost" : ""))
            }
            if row.checkedFrames > 0, row.role != .batchSubset {
                lines.append("\(name) checked: every output finite after \(row.checkedFrames) frames; "
                             + "\(row.comparedLayerFrames) layer comparisons with the exact path at \(row.comparedFrames) "
                             + "frames (\(row.comparedLayers) different layers, \(row.comparedOutputs) outputs)")
            }
            if !row.errors.isEmpty, row.role != .batchSubset {
                lines.append("\(name) errors: " + row.errors.map { e in
                    "\(e.kind) \(String(format: "%.2e", e.maxError)) (\(e.beyondVisible) of \(e.outputs) beyond "
                        + e.thresholds.map(\.name).joined(separator: "/") + ")"
                }.joined(separator: "; "))
            }
            if let w = row.worst, w.error > 0, row.role != .batchSubset {
                lines.append("\(name) worst: layer \(w.layer) (its layer \(w.engineLayer), \(w.kind)) output \(w.output) at frame \(w.frame) "
                             + "(t = \(w.time) s): \(w.actual), exact \(w.expected), error \(String(format: "%.2e", w.error)) "
                             + "of the travel [\(w.threshold.name)]; \(w.parameters)")
            }
            return lines
        }
    }
}
