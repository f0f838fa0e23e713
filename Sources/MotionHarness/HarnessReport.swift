import Foundation
import MotionCore

/// Renders frame-harness results for people (table, markdown) and machines (json, csv).
public enum HarnessReport {
    /// Output formats of `motionbench run`.
    public enum Format: String, Sendable, CaseIterable {
        case table, json, csv, markdown
    }

    /// The results in `format`; `machine` describes where they were measured.
    public static func render(_ results: [HarnessResult], machine: MachineInfo, format: Format) -> String {
        switch format {
        case .json: return json(results, machine: machine)
        case .csv: return csv(results)
        case .table: return table(results, machine: machine, markdown: false)
        case .markdown: return table(results, machine: machine, markdown: true)
        }
    }

    static let columns = [
        "layers", "threads", "ns/layer/frame", "p50 ms", "p90 ms", "p99 ms", "max ms", "budget@p99", "max layers in budget",
        "bytes/layer", "peak RSS MiB", "naive ns", "vs naive", "stream ns", "vs stream", "verdict",
    ]

    static func cells(_ r: HarnessResult) -> [String] {
        [
            "\(r.layers)", "\(r.threads)", fixed(r.nsPerLayerFrame, 2), fixed(r.frameMs.p50, 3), fixed(r.frameMs.p90, 3),
            fixed(r.frameMs.p99, 3), fixed(r.frameMs.max, 3), "\(fixed(r.budgetFractionP99 * 100, 1))%", "\(r.maxLayersInBudget)",
            "\(r.bytesPerLayer)", fixed(Double(r.peakRSSBytes) / 1_048_576, 1), fixed(r.naiveNsPerLayerFrame, 1),
            "\(fixed(r.speedupVsNaive, 1))×", fixed(r.streamNsPerLayerFrame, 2), "\(fixed(r.ratioToStream, 2))×",
            r.budgetFractionP99 <= 1 ? "fits" : "over budget",
        ]
    }

    static func fixed(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }

    static func table(_ results: [HarnessResult], machine: MachineInfo, markdown: Bool) -> String {
        guard let first = results.first else { return "no results\n" }
        let budget = 1000 / first.rateHz
        var text = "Scenario \(first.scenario) at \(formatSpecNumber(first.rateHz)) Hz (frame budget \(fixed(budget, 2)) ms), "
            + "\(first.frames) frames, on \(machine.summary)\n"
        let rows = [columns] + results.map(cells)
        if markdown {
            text += "\n| " + columns.joined(separator: " | ") + " |\n|" + columns.map { _ in "---:" }.joined(separator: "|") + "|\n"
            for row in rows.dropFirst() { text += "| " + row.joined(separator: " | ") + " |\n" }
        } else {
            let widths = columns.indices.map { column in rows.map { $0[column].count }.max()! }
            for (index, row) in rows.enumerated() {
                text += zip(row, widths).map { String(repeating: " ", count: $1 - $0.count) + $0 }.joined(separator: "  ") + "\n"
                if index == 0 { text += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n" }
            }
        }
        text += "\n" + notes(results)
        return text
    }

    static func notes(_ results: [HarnessResult]) -> String {
        var lines: [String] = []
        let naiveLayers = Set(results.map(\.naiveLayers)).sorted().map(String.init).joined(separator: ", ")
        lines.append("ns/layer/frame: median frame time / layers. naive: a class-per-layer Core Animation port measured on "
                     + "\(naiveLayers) layers and scaled per layer. stream: reading each layer's state and writing its "
                     + "outputs once, no arithmetic (the memory-bandwidth floor).")
        for result in results {
            if let verification = result.verification {
                lines.append("verify \(result.layers) layers: \(verification.samples) samples, largest |batch − scalar| "
                             + "\(verification.maxError) (tolerance \(FrameHarness.verifyTolerance))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func number(_ value: Double) -> String { value.isFinite ? formatOutputNumber(value) : "null" }

    static func json(_ results: [HarnessResult], machine: MachineInfo) -> String {
        func quoted(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        let machineText = "{\"cpu\": \(quoted(machine.cpu)), \"cores\": \(machine.cores), "
            + "\"memoryBytes\": \(machine.memoryBytes), \"system\": \(quoted(machine.system))}"
        let items = results.map { r -> String in
            var fields = [
                "\"scenario\": \(quoted(r.scenario))", "\"layers\": \(r.layers)", "\"threads\": \(r.threads)",
                "\"frames\": \(r.frames)", "\"rateHz\": \(number(r.rateHz))", "\"nsPerLayerFrame\": \(number(r.nsPerLayerFrame))",
                "\"frameMs\": {\"p50\": \(number(r.frameMs.p50)), \"p90\": \(number(r.frameMs.p90)), "
                    + "\"p99\": \(number(r.frameMs.p99)), \"max\": \(number(r.frameMs.max))}",
                "\"budgetFractionP99\": \(number(r.budgetFractionP99))", "\"maxLayersInBudget\": \(r.maxLayersInBudget)",
                "\"bytesPerLayer\": \(r.bytesPerLayer)", "\"peakRSSBytes\": \(r.peakRSSBytes)",
                "\"naiveNsPerLayerFrame\": \(number(r.naiveNsPerLayerFrame))", "\"naiveLayers\": \(r.naiveLayers)",
                "\"speedupVsNaive\": \(number(r.speedupVsNaive))", "\"streamNsPerLayerFrame\": \(number(r.streamNsPerLayerFrame))",
                "\"ratioToStream\": \(number(r.ratioToStream))", "\"checksum\": \(number(r.checksum))",
            ]
            if let verification = r.verification {
                fields.append("\"verification\": {\"samples\": \(verification.samples), \"maxError\": \(number(verification.maxError))}")
            }
            return "    {" + fields.joined(separator: ", ") + "}"
        }
        return "{\n  \"machine\": \(machineText),\n  \"results\": [\n" + items.joined(separator: ",\n") + "\n  ]\n}\n"
    }

    static func csv(_ results: [HarnessResult]) -> String {
        let header = ["scenario", "layers", "threads", "frames", "rateHz", "nsPerLayerFrame", "frameMsP50", "frameMsP90",
                      "frameMsP99", "frameMsMax", "budgetFractionP99", "maxLayersInBudget", "bytesPerLayer", "peakRSSBytes",
                      "naiveNsPerLayerFrame", "naiveLayers", "speedupVsNaive", "streamNsPerLayerFrame", "ratioToStream",
                      "checksum"]
        let rows = results.map { r in
            [r.scenario, "\(r.layers)", "\(r.threads)", "\(r.frames)", number(r.rateHz), number(r.nsPerLayerFrame),
             number(r.frameMs.p50), number(r.frameMs.p90), number(r.frameMs.p99), number(r.frameMs.max),
             number(r.budgetFractionP99), "\(r.maxLayersInBudget)", "\(r.bytesPerLayer)", "\(r.peakRSSBytes)",
             number(r.naiveNsPerLayerFrame), "\(r.naiveLayers)", number(r.speedupVsNaive), number(r.streamNsPerLayerFrame),
             number(r.ratioToStream), number(r.checksum)].joined(separator: ",")
        }
        return ([header.joined(separator: ",")] + rows).joined(separator: "\n") + "\n"
    }
}
