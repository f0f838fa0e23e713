import MotionCore
import MotionOutput

/// What one browser computed for a plan: the samples `motionbench capture` writes as CSV, one search round's worth.
package struct CaptureSamples: Sendable, Equatable {
    /// The CSV's header fields, a contract with the readers of captures.
    package static let header = ["implementation", "spec", "input", "output", "duration", "effective_input", "round"]

    /// The browser's name and version, e.g. `chromium 156.0.8078.79`.
    package let implementation: String
    /// The plan the browser ran.
    package let plan: CapturePlan
    /// One output per row of the plan, as the browser printed it (JavaScript's shortest round-trip `String(v)`).
    package let outputs: [String]
    /// Per row, the progress a `linear` twin animation showed at the same time: the input the browser's easing received.
    package let effectiveInputs: [String]
    /// The search round (0: the grid).
    package let round: Int

    /// Samples of `implementation` for `plan` (`outputs` and `effectiveInputs` have `plan.rowCount` entries each).
    package init(implementation: String, plan: CapturePlan, outputs: [String], effectiveInputs: [String], round: Int = 0) {
        precondition(outputs.count == plan.rowCount && effectiveInputs.count == plan.rowCount, "one output per row")
        self.implementation = implementation
        self.plan = plan
        self.outputs = outputs
        self.effectiveInputs = effectiveInputs
        self.round = round
    }

    /// RFC 4180 CSV (CRLF records) of every round in `rounds`: the header, then one record per row with the input as
    /// Swift's shortest round-trip text, the output and the effective input as the browser printed them, the
    /// duration in seconds (`0.25`, `1`, `10`) and the round.
    package static func csv(_ rounds: [CaptureSamples]) -> String {
        var text = CSVWriter.record(header)
        for part in rounds { part.appendRows(to: &text) }
        return text
    }

    /// This round alone as CSV, with the header.
    package func csv() -> String { Self.csv([self]) }

    private func appendRows(to text: inout String) {
        text.reserveCapacity(text.utf8.count + outputs.count * (implementation.count + 72))
        let implementationField = CSVWriter.quoted(implementation)
        let specFields = plan.specs.map(CSVWriter.quoted)
        let durationFields = plan.durations.map(formatSpecNumber)
        let roundField = String(round)
        var row = 0
        for request in plan.requests {
            let prefix = implementationField + "," + specFields[request.spec] + ","
            for input in request.inputs {
                text += prefix + formatOutputNumber(input) + "," + outputs[row] + "," + durationFields[request.duration] + ","
                    + effectiveInputs[row] + "," + roundField + "\r\n"
                row += 1
            }
        }
    }
}
