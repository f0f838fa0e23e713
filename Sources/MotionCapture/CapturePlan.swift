import MotionCore

/// What a capture asks a browser for: for each duration and spec, a list of inputs (the same even grid for every
/// pair in a plain capture; a search round asks each pair for its own).
///
/// Rows come in the order durations, then specs, then each request's inputs (the page's loops and the CSV's rows).
package struct CapturePlan: Sendable, Equatable {
    /// One duration and spec and the inputs asked of them.
    package struct Request: Sendable, Equatable {
        /// Index into `specs`.
        package let spec: Int
        /// Index into `durations`.
        package let duration: Int
        /// Input progress values in [0, 1]; the browser seeks to `input × duration`.
        package let inputs: [Double]
    }

    /// Easing specs, each text both `MotionSpec(parsing:)` and a browser's `easing` option accept.
    package let specs: [String]
    /// Animation durations in seconds.
    package let durations: [Double]
    /// The requests with at least one input, durations first, then specs.
    package let requests: [Request]

    /// The largest number of rows one capture may have (what a browser prints is held in memory).
    package static let maximumRows = 5_000_000
    /// The longest duration, in seconds, a capture accepts (one hour).
    package static let maximumDuration = 3600.0

    /// A plan asking every spec at every input, once per duration.
    /// - Throws: `CaptureError` when a spec is not a timing function MotionSpec parses, an input is outside [0, 1], a
    ///   duration is not in (0, 3600] s, a list is empty, or the plan has more than `maximumRows` rows.
    package init(specs: [String], inputs: [Double], durations: [Double]) throws(CaptureError) {
        guard !inputs.isEmpty else { throw CaptureError("capture: the plan needs at least one spec, one input and one duration") }
        try self.init(specs: specs, durations: durations,
                      inputs: Array(repeating: inputs, count: specs.count * durations.count))
    }

    /// A plan asking subject k (duration k / specs.count, spec k % specs.count) for `inputs[k]` (possibly none).
    /// - Throws: `CaptureError` as the grid form does; also when `inputs` does not have one list per subject.
    package init(specs: [String], durations: [Double], inputs: [[Double]]) throws(CaptureError) {
        guard !specs.isEmpty, !durations.isEmpty, inputs.contains(where: { !$0.isEmpty }) else {
            throw CaptureError("capture: the plan needs at least one spec, one input and one duration")
        }
        guard inputs.count == specs.count * durations.count else {
            throw CaptureError("capture: \(inputs.count) input lists for \(specs.count) curves × \(durations.count) durations")
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
        for list in inputs {
            for input in list where !(input >= 0 && input <= 1) {
                throw CaptureError("capture: input \(formatSpecNumber(input)) is not a progress in [0, 1]")
            }
        }
        for duration in durations where !(duration > 0 && duration <= Self.maximumDuration) {
            throw CaptureError("capture: duration \(formatSpecNumber(duration)) s is not a number of seconds in (0, 3600]")
        }
        var total = 0
        for list in inputs {
            let sum = total.addingReportingOverflow(list.count)
            guard !sum.overflow, sum.partialValue <= Self.maximumRows else {
                throw CaptureError("capture: \(specs.count) curves × \(inputs.first?.count ?? 0) inputs × \(durations.count) "
                                   + "durations is more than \(Self.maximumRows) rows; use fewer --samples or curves")
            }
            total = sum.partialValue
        }
        self.specs = specs
        self.durations = durations
        requests = inputs.enumerated().compactMap { index, list in
            list.isEmpty ? nil : Request(spec: index % specs.count, duration: index / specs.count, inputs: list)
        }
    }

    /// The number of rows: every request's inputs.
    package var rowCount: Int { requests.reduce(0) { $0 + $1.inputs.count } }

    /// `count` evenly spaced inputs i/(count − 1), from exactly 0 to exactly 1 (count ≥ 2; one input is 0).
    package static func evenlySpaced(_ count: Int) -> [Double] {
        guard count > 1 else { return [0] }
        return (0..<count).map { Double($0) / Double(count - 1) }
    }

    /// The spec, input and duration of row `index` (0-based, in the plan's order).
    package func row(_ index: Int) -> (spec: String, input: Double, duration: Double) {
        var rest = index
        for request in requests {
            if rest < request.inputs.count { return (specs[request.spec], request.inputs[rest], durations[request.duration]) }
            rest -= request.inputs.count
        }
        preconditionFailure("row \(index) is beyond the plan's \(rowCount) rows")
    }
}
