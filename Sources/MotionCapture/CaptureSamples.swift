import MotionCore
import MotionOutput

/// What one browser computed for a plan: the samples `motionbench capture` writes as CSV.
public struct CaptureSamples: Sendable, Equatable {
    /// The CSV's header fields, a contract with the readers of captures.
    public static let header = ["implementation", "spec", "input", "output", "duration"]

    /// The browser's name and version, e.g. `chromium 156.0.8078.79`.
    public let implementation: String
    /// The plan the browser ran.
    public let plan: CapturePlan
    /// One output per row of the plan, as the browser printed it (JavaScript's shortest round-trip `String(v)`).
    public let outputs: [String]

    /// Samples of `implementation` for `plan` (`outputs.count` must equal `plan.rowCount`).
    public init(implementation: String, plan: CapturePlan, outputs: [String]) {
        precondition(outputs.count == plan.rowCount, "one output per row")
        self.implementation = implementation
        self.plan = plan
        self.outputs = outputs
    }

    /// RFC 4180 CSV (CRLF records): the header, then one record per row with the input as Swift's shortest
    /// round-trip text, the output as the browser printed it and the duration in seconds (`0.25`, `1`, `10`).
    public func csv() -> String {
        var text = CSVWriter.record(Self.header)
        text.reserveCapacity(outputs.count * (implementation.count + 48))
        let implementationField = CSVWriter.quoted(implementation)
        let specFields = plan.specs.map(CSVWriter.quoted)
        let inputFields = plan.inputs.map(formatOutputNumber)
        let durationFields = plan.durations.map(formatSpecNumber)
        var row = 0
        for duration in durationFields {
            for spec in specFields {
                for input in inputFields {
                    text += implementationField + "," + spec + "," + input + "," + outputs[row] + "," + duration + "\r\n"
                    row += 1
                }
            }
        }
        return text
    }
}
