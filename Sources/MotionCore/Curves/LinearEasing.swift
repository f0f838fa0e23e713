/// The CSS Easing 2 `linear(...)` timing function: a piecewise-linear curve through control points.
///
/// Inputs are kept as the percentages CSS uses, so printing and parsing round-trip exactly. Missing inputs are
/// filled in by the CSS rules when the function is created.
public struct LinearEasing: TimingCurve, Hashable, CustomStringConvertible {
    /// One control point: an output and the input at which it is reached, in percent.
    public struct Stop: Sendable, Hashable {
        /// Output progress at this stop.
        public var output: Double
        /// Input progress in percent (50 means input 0.5); `nil` before the CSS fill-in rules run.
        public var inputPercent: Double?

        /// A stop with `output` reached at `inputPercent` (or an input to be filled in).
        public init(output: Double, inputPercent: Double? = nil) {
            self.output = output
            self.inputPercent = inputPercent
        }
    }

    /// The resolved control points: every input present and non-decreasing.
    public let stops: [(output: Double, inputPercent: Double)]

    /// The identity `linear(0, 1)` (the CSS `linear` keyword).
    public static let identity = LinearEasing(resolved: [(0, 0), (1, 100)])

    /// Creates `linear(stops...)`, filling in inputs by CSS Easing 2: the first stop's missing input is 0%, the last's
    /// is max(100%, largest given); each input is raised to the largest before it; runs of missing inputs are spread
    /// evenly between their neighbours.
    /// - Throws: `InvalidParameterError` for fewer than 2 stops or a non-finite value.
    public init(stops given: [Stop]) throws(InvalidParameterError) {
        guard given.count >= 2 else {
            throw InvalidParameterError(
                context: "linear", parameter: "stops", value: String(given.count), rule: "must be at least 2")
        }
        for (index, stop) in given.enumerated() {
            try requireFinite(stop.output, "output \(index + 1)", in: "linear")
            if let input = stop.inputPercent { try requireFinite(input, "input \(index + 1)", in: "linear") }
        }
        var inputs = given.map(\.inputPercent)
        if inputs[0] == nil { inputs[0] = 0 }
        if inputs[inputs.count - 1] == nil {
            inputs[inputs.count - 1] = max(100, inputs.compactMap { $0 }.max() ?? 100)
        }
        var largest = -Double.infinity
        for index in inputs.indices {
            if let input = inputs[index] {
                largest = max(largest, input)
                inputs[index] = largest
            }
        }
        var index = 1
        while index < inputs.count {
            guard inputs[index] == nil else {
                index += 1
                continue
            }
            let runStart = index - 1
            var runEnd = index
            while inputs[runEnd] == nil { runEnd += 1 }
            // Both ends are known: runStart is the entry before the first nil, runEnd the first non-nil after it (the
            // last input is always given), so neither unwrap can fail; nor the one below, once every gap is filled.
            let from = inputs[runStart]!, to = inputs[runEnd]!
            for filled in (runStart + 1)..<runEnd {
                inputs[filled] = from + (to - from) * Double(filled - runStart) / Double(runEnd - runStart)
            }
            index = runEnd + 1
        }
        self.init(resolved: zip(given, inputs).map { ($0.output, $1!) })
    }

    private init(resolved: [(output: Double, inputPercent: Double)]) {
        stops = resolved
    }

    /// The output at `progress`: linear interpolation through the two stops around it, extrapolating along the
    /// first or last segment outside the stops' range.
    public func value(at progress: Double) -> Double {
        let (first, second) = segment(at: progress)
        let inputA = first.inputPercent / 100, inputB = second.inputPercent / 100
        if inputA == inputB { return second.output }
        let fraction = (progress - inputA) / (inputB - inputA)
        return lerp(first.output, second.output, fraction)
    }

    /// The slope of the segment containing `progress` (0 on a vertical jump).
    public func slope(at progress: Double) -> Double {
        let (first, second) = segment(at: progress)
        let inputA = first.inputPercent / 100, inputB = second.inputPercent / 100
        return inputA == inputB ? 0 : (second.output - first.output) / (inputB - inputA)
    }

    /// The two stops that bracket `progress` by the CSS rule.
    private func segment(at progress: Double) -> ((output: Double, inputPercent: Double),
                                                    (output: Double, inputPercent: Double)) {
        var index = 0
        for candidate in stops.indices where stops[candidate].inputPercent / 100 <= progress { index = candidate }
        if index == stops.count - 1 { index -= 1 }
        return (stops[index], stops[index + 1])
    }

    /// `linear(o1 i1%, o2 i2%, ...)`, or `linear` for the identity.
    public var description: String {
        if self == .identity { return "linear" }
        let items = stops.map { "\(formatSpecNumber($0.output)) \(formatSpecNumber($0.inputPercent))%" }
        return "linear(\(items.joined(separator: ", ")))"
    }

    /// Equal when the resolved stops are equal.
    public static func == (lhs: LinearEasing, rhs: LinearEasing) -> Bool {
        lhs.stops.count == rhs.stops.count
            && zip(lhs.stops, rhs.stops).allSatisfy { $0.output == $1.output && $0.inputPercent == $1.inputPercent }
    }

    /// Hashes the resolved stops.
    public func hash(into hasher: inout Hasher) {
        for stop in stops {
            hasher.combine(stop.output)
            hasher.combine(stop.inputPercent)
        }
    }
}
