import MotionCore

/// What a capture asks a browser for: every spec at every input, once per duration.
///
/// Rows come in the order durations, then specs, then inputs (the page's loops and the CSV's rows).
public struct CapturePlan: Sendable, Equatable {
    /// Easing specs, each text both `MotionSpec(parsing:)` and a browser's `easing` option accept.
    public let specs: [String]
    /// Input progress values in [0, 1]; the browser seeks to `input × duration`.
    public let inputs: [Double]
    /// Animation durations in seconds.
    public let durations: [Double]

    /// The largest number of rows one capture may have (what a browser prints is held in memory).
    public static let maximumRows = 5_000_000
    /// The longest duration, in seconds, a capture accepts (one hour).
    public static let maximumDuration = 3600.0

    /// A checked plan.
    /// - Throws: `CaptureError` when a spec is not a timing function MotionSpec parses, an input is outside [0, 1], a
    ///   duration is not in (0, 3600] s, a list is empty, or the plan has more than `maximumRows` rows.
    public init(specs: [String], inputs: [Double], durations: [Double]) throws(CaptureError) {
        guard !specs.isEmpty, !inputs.isEmpty, !durations.isEmpty else {
            throw CaptureError("capture: the plan needs at least one spec, one input and one duration")
        }
        for spec in specs {
            let parsed: MotionSpec
            do {
                parsed = try MotionSpec(parsing: spec)
            } catch {
                throw CaptureError("capture: curve \(error)")
            }
            guard case .timingFunction = parsed else {
                throw CaptureError("capture: curve '\(SafeText.quoted(spec))' is a spring; a capture takes CSS easing "
                                   + "functions (cubic-bezier(), steps(), linear() or a named curve)")
            }
        }
        for input in inputs where !(input >= 0 && input <= 1) {
            throw CaptureError("capture: input \(formatSpecNumber(input)) is not a progress in [0, 1]")
        }
        for duration in durations where !(duration > 0 && duration <= Self.maximumDuration) {
            throw CaptureError("capture: duration \(formatSpecNumber(duration)) s is not a number of seconds in (0, 3600]")
        }
        let rows = specs.count.multipliedReportingOverflow(by: inputs.count)
        let total = rows.partialValue.multipliedReportingOverflow(by: durations.count)
        guard !rows.overflow, !total.overflow, total.partialValue <= Self.maximumRows else {
            throw CaptureError("capture: \(specs.count) curves × \(inputs.count) inputs × \(durations.count) durations is "
                               + "more than \(Self.maximumRows) rows; use fewer --samples or curves")
        }
        self.specs = specs
        self.inputs = inputs
        self.durations = durations
    }

    /// The number of rows: specs × inputs × durations.
    public var rowCount: Int { specs.count * inputs.count * durations.count }

    /// `count` evenly spaced inputs i/(count − 1), from exactly 0 to exactly 1 (count ≥ 2; one input is 0).
    public static func evenlySpaced(_ count: Int) -> [Double] {
        guard count > 1 else { return [0] }
        return (0..<count).map { Double($0) / Double(count - 1) }
    }

    /// The spec, input and duration of row `index` (0-based, in the plan's order).
    public func row(_ index: Int) -> (spec: String, input: Double, duration: Double) {
        let perDuration = specs.count * inputs.count
        let within = index % perDuration
        return (specs[within / inputs.count], inputs[within % inputs.count], durations[index / perDuration])
    }
}
