/// `CAKeyframeAnimation`: values at key times, with every calculation mode.
///
/// - linear: each segment interpolates with its own timing function (if given).
/// - discrete: each value holds until the next key time (key times may have one more entry than values).
/// - paced: key times and timing functions are ignored; key times are placed by cumulative distance, so the value
///   moves at constant speed.
/// - cubic: a Kochanek–Bartels spline through the values with per-key tension, continuity and bias in [−1, 1]
///   (zeros give Catmull–Rom); end tangents use the end value as its own neighbour; vector values only.
/// - cubicPaced: cubic, with key times placed by cumulative chord length (the arc-length approximation used here).
///
/// Cost: `value(atProgress:)` finds its segment by binary search over the key times, O(log n) in the number of
/// values, and allocates nothing; the cubic modes' Kochanek–Bartels tangent weights are built once, in `init`, and a
/// segment's two tangents are formed from its neighbouring values when it is evaluated (O(1)). (Key times that are not
/// ordered, which only paced modes over values whose distances overflow can produce, keep the linear scan.)
public struct KeyframeAnimation<Value: AnimatableValue>: Sendable {
    /// How values between key times are computed.
    public enum CalculationMode: String, Sendable, CaseIterable {
        case linear, discrete, paced, cubic, cubicPaced
    }

    /// The values.
    public let values: [Value]
    /// Key times in [0, 1], non-decreasing (given, or evenly spaced / paced).
    public let keyTimes: [Double]
    /// One timing function per segment, or none.
    public let timingFunctions: [TimingFunction]?
    /// The calculation mode.
    public let calculationMode: CalculationMode
    /// Timing of the whole animation.
    public let timing: MediaTiming
    /// Adds the animated value to the current value.
    public let isAdditive: Bool
    /// Adds (last − first) for every completed cycle.
    public let isCumulative: Bool
    /// For cubic modes: the value on segment i at local progress u.
    @usableFromInline let cubicSegment: (@Sendable (Int, Double) -> Value)?
    /// Whether `keyTimes` never decreases and holds no NaN, so that the segment search may be a binary search.
    @usableFromInline let keyTimesOrdered: Bool

    /// Creates a keyframe animation.
    /// - Throws: for no values; a keyTimes or timingFunctions count that does not match the values; key times outside
    ///   [0, 1] or decreasing; tension, continuity or bias counts that do not match or values outside [−1, 1]; a cubic
    ///   mode with values that are not vectors.
    public init(values: [Value], keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
                calculationMode: CalculationMode = .linear, tensions: [Double]? = nil, continuities: [Double]? = nil,
                biases: [Double]? = nil, timing: MediaTiming, isAdditive: Bool = false, isCumulative: Bool = false)
        throws(InvalidParameterError)
    {
        let context = "keyframe animation"
        guard !values.isEmpty else {
            throw InvalidParameterError(context: context, parameter: "values", value: "[]", rule: "must not be empty")
        }
        if let keyTimes { try Self.checkKeyTimes(keyTimes, valueCount: values.count, mode: calculationMode) }
        if let timingFunctions, timingFunctions.count != max(values.count - 1, 0) {
            throw InvalidParameterError(context: context, parameter: "timingFunctions",
                                        value: "\(timingFunctions.count) entries",
                                        rule: "must be one per segment (\(max(values.count - 1, 0)))")
        }
        try Self.checkKochanekBartels(tensions: tensions, continuities: continuities, biases: biases,
                                      valueCount: values.count)
        let paced = calculationMode == .paced || calculationMode == .cubicPaced
        var times = keyTimes ?? Self.evenlySpaced(values.count)
        if paced { times = Self.pacedKeyTimes(values) }
        if calculationMode == .cubic || calculationMode == .cubicPaced {
            guard let vectorType = Value.self as? any VectorAnimatableValue.Type else {
                throw InvalidParameterError(context: context, parameter: "calculationMode", value: calculationMode.rawValue,
                                            rule: "needs vector values (Double, Point, Size, Rect, RGBAColor)")
            }
            cubicSegment = Self.kochanekBartels(vectorType, values: values, tensions: tensions,
                                                continuities: continuities, biases: biases)
        } else {
            cubicSegment = nil
        }
        self.values = values
        self.keyTimes = times
        keyTimesOrdered = keyTimesAreOrdered(times)
        self.timingFunctions = paced ? nil : timingFunctions
        self.calculationMode = calculationMode
        self.timing = timing
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
    }

    /// Throws unless `keyTimes` has one entry per value (or one more, for discrete mode) in [0, 1] and never decreases.
    private static func checkKeyTimes(_ keyTimes: [Double], valueCount: Int, mode: CalculationMode)
        throws(InvalidParameterError)
    {
        let context = "keyframe animation"
        let allowed = mode == .discrete ? [valueCount, valueCount + 1] : [valueCount]
        guard allowed.contains(keyTimes.count) else {
            throw InvalidParameterError(context: context, parameter: "keyTimes", value: "\(keyTimes.count) entries",
                                        rule: "must match the \(valueCount) values")
        }
        for (index, time) in keyTimes.enumerated() {
            guard time >= 0, time <= 1 else {
                throw InvalidParameterError(context: context, parameter: "keyTimes[\(index)]", value: time,
                                            rule: "is outside [0, 1]")
            }
            if index > 0, time < keyTimes[index - 1] {
                throw InvalidParameterError(context: context, parameter: "keyTimes[\(index)]", value: time,
                                            rule: "is less than keyTimes[\(index - 1)] = \(formatSpecNumber(keyTimes[index - 1])); key times must not decrease")
            }
        }
    }

    /// Throws unless each of the tension, continuity and bias arrays given has one entry per value, each in [−1, 1].
    private static func checkKochanekBartels(tensions: [Double]?, continuities: [Double]?, biases: [Double]?,
                                             valueCount: Int) throws(InvalidParameterError)
    {
        for (name, array) in [("tensions", tensions), ("continuities", continuities), ("biases", biases)] {
            guard let array else { continue }
            guard array.count == valueCount else {
                throw InvalidParameterError(context: "keyframe animation", parameter: name, value: "\(array.count) entries",
                                            rule: "must match the \(valueCount) values")
            }
            if let bad = array.firstIndex(where: { !($0 >= -1 && $0 <= 1) }) {
                throw InvalidParameterError(context: "keyframe animation", parameter: "\(name)[\(bad)]", value: array[bad],
                                            rule: "is outside [-1, 1]")
            }
        }
    }

    /// The value at (eased) animation progress `progress` in [0, 1].
    @inlinable
    public func value(atProgress progress: Double) -> Value {
        let count = values.count
        if count == 1 { return values[0] }
        if calculationMode == .discrete {
            let index = lastKeyTime(atOrBefore: progress, among: keyTimes.count)
            return values[min(index, count - 1)]
        }
        if progress <= keyTimes[0] { return values[0] }
        if progress >= keyTimes[count - 1] { return values[count - 1] }
        let segment = lastKeyTime(atOrBefore: progress, among: count - 1)
        let span = keyTimes[segment + 1] - keyTimes[segment]
        var local = span > 0 ? (progress - keyTimes[segment]) / span : 1
        if let timingFunctions { local = timingFunctions[segment].value(at: local) }
        if let cubicSegment { return cubicSegment(segment, local) }
        return values[segment].interpolated(to: values[segment + 1], at: local)
    }

    /// The index of the last of the first `prefix` key times that is ≤ `progress`, or 0 when none is: a binary search
    /// when the key times are ordered (O(log n)), else the linear scan.
    @inlinable
    func lastKeyTime(atOrBefore progress: Double, among prefix: Int) -> Int {
        if keyTimesOrdered {
            // baseAddress! cannot fail: `value(atProgress:)` comes here only with two or more values, so key times.
            let atOrBefore = keyTimes.withUnsafeBufferPointer { keyTimesAtOrBefore(progress, in: $0.baseAddress!, 0..<prefix) }
            return max(atOrBefore - 1, 0)
        }
        var index = 0
        for candidate in 0..<prefix where keyTimes[candidate] <= progress { index = candidate }
        return index
    }

    /// The presentation value at `parentTime`, or `nil` when the animation does not apply.
    @inlinable
    public func value(atParentTime parentTime: Double?, current: Value) -> Value? {
        let result = timing.evaluate(parentTime: parentTime)
        guard let progress = result.progress else { return nil }
        var value = value(atProgress: progress)
        if isCumulative, let iteration = result.currentIteration, iteration.isFinite {
            let cycles = Int(min(max(timing.autoreverses ? (iteration / 2).rounded(.down) : iteration, 0), Double(Int32.max)))
            value = value.accumulating(values[values.count - 1].subtracting(values[0]), times: cycles)
        }
        return isAdditive ? current.adding(value) : value
    }

    static func evenlySpaced(_ count: Int) -> [Double] {
        count == 1 ? [0] : (0..<count).map { Double($0) / Double(count - 1) }
    }

    /// Key times proportional to cumulative distance (evenly spaced when nothing moves).
    static func pacedKeyTimes(_ values: [Value]) -> [Double] {
        var cumulative = [0.0]
        for index in 1..<max(values.count, 1) {
            cumulative.append(cumulative[index - 1] + values[index - 1].distance(to: values[index]))
        }
        guard let total = cumulative.last, total > 0 else { return evenlySpaced(values.count) }
        return cumulative.map { $0 / total }
    }

    /// Kochanek–Bartels segments: outgoing tangent at i and incoming tangent at i + 1 from the neighbours. The four
    /// tangent weights of each key, (1 − t)(1 ± b)(1 ± c)/2, are built here once (one constant 1/2 when no tension,
    /// continuity or bias is given, which is what zeros give); a segment's tangents are formed from its neighbouring
    /// values when it is evaluated, with the same operations in the same order as building them all up front.
    private static func kochanekBartels<V: VectorAnimatableValue>(
        _ type: V.Type, values: [Value], tensions: [Double]?, continuities: [Double]?, biases: [Double]?
    ) -> @Sendable (Int, Double) -> Value {
        let last = values.count - 1
        // Per key: outgoing (before, after), incoming (before, after); nil: every weight 1/2.
        var weights: [Double]?
        if tensions != nil || continuities != nil || biases != nil {
            var built = [Double]()
            built.reserveCapacity(4 * values.count)
            for i in 0...last {
                let (t, c, b) = (tensions?[i] ?? 0, continuities?[i] ?? 0, biases?[i] ?? 0)
                built.append((1 - t) * (1 + b) * (1 + c) / 2)
                built.append((1 - t) * (1 - b) * (1 - c) / 2)
                built.append((1 - t) * (1 + b) * (1 - c) / 2)
                built.append((1 - t) * (1 - b) * (1 + c) / 2)
            }
            weights = built
        }
        return { [weights] segment, u in
            func point(_ index: Int) -> V { values[min(max(index, 0), last)] as! V }
            // The tangent at key i: outgoing (weights 0, 1) or incoming (weights 2, 3).
            func tangent(_ i: Int, _ first: Int) -> V {
                let before = point(i).subtracting(point(i - 1)), after = point(i + 1).subtracting(point(i))
                let (w0, w1) = weights.map { ($0[4 * i + first], $0[4 * i + first + 1]) } ?? (0.5, 0.5)
                return before.scaled(by: w0).adding(after.scaled(by: w1))
            }
            let u2 = u * u, u3 = u2 * u
            let value = point(segment).scaled(by: 2 * u3 - 3 * u2 + 1)
                .adding(tangent(segment, 0).scaled(by: u3 - 2 * u2 + u))
                .adding(point(segment + 1).scaled(by: 3 * u2 - 2 * u3))
                .adding(tangent(segment + 1, 2).scaled(by: u3 - u2))
            return value as! Value
        }
    }
}
