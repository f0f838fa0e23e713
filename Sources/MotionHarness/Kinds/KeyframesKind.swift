import MotionCore

/// `keyframes`: a `CAKeyframeAnimation` of a scalar, each layer with its own values (each may be a distribution),
/// begin time, duration, repeats and easing; key times and the calculation mode are shared by the entry.
enum KeyframesKind: ScenarioKind {
    static let name = "keyframes"
    static let fields: Set<String> = TimedFields.names.union(["values", "keyTimes", "calculationMode"])

    static func recipe(_ reader: ScenarioReader) throws(ScenarioError) -> any LayerRecipe {
        let values = try reader.distributions("values", rule: Rule.magnitude)
        let keyTimes = reader.has("keyTimes") ? try reader.numbers("keyTimes") : nil
        let modeName = try reader.oneOf("calculationMode", KeyframeAnimation<Double>.CalculationMode.allCases.map(\.rawValue),
                                        default: "linear")
        let mode = KeyframeAnimation<Double>.CalculationMode(rawValue: modeName)!
        if mode == .paced || mode == .cubicPaced, !values.allSatisfy(\.isConstant) {
            throw reader.fail("calculationMode", "'\(modeName)' needs constant values (its key times follow the values)")
        }
        let timing = try TimedFields(reader)
        // The shared key times: as given, evenly spaced, or paced from the constant values.
        let template = try reader.validated {
            try KeyframeAnimation(values: values.map { $0.bounds.lower }, keyTimes: keyTimes, calculationMode: mode,
                                  timing: MediaTiming(duration: 1))
        }
        return KeyframesRecipe(timing: timing, values: values, keyTimes: template.keyTimes, givenKeyTimes: keyTimes, mode: mode)
    }
}

struct KeyframesRecipe: LayerRecipe {
    let timing: TimedFields
    let values: [NumberDistribution]
    let keyTimes: [Double]
    let givenKeyTimes: [Double]?
    let mode: KeyframeAnimation<Double>.CalculationMode

    var variation: String? { timing.variation ?? (values.allSatisfy(\.isConstant) ? nil : "values vary per layer") }

    func kernels(begins: [Double], generator: inout SplitMix64) -> [any HarnessKernel] {
        groupedKernels(begins: begins, timing: timing, generator: &generator,
                       make: { KeyframesKernel(count: $0, recipe: self, function: $1) },
                       fill: { kernel, slot, draw, generator in
                           kernel.timed.set(slot, draw)
                           for k in values.indices { kernel.timed.value(k)[slot] = values[k].sample(&generator) }
                       })
    }
}

/// Keyframe layers: the segment of the eased progress among the shared key times, then linear, discrete or
/// Catmull–Rom (Kochanek–Bartels with zero tension, continuity and bias) between the layer's own values.
final class KeyframesKernel: HarnessKernel, @unchecked Sendable {
    let count: Int
    let components = 1
    let timed: TimedColumns
    let recipe: KeyframesRecipe
    let keyCount: Int

    init(count: Int, recipe: KeyframesRecipe, function: TimingFunction?) {
        self.count = count
        self.recipe = recipe
        keyCount = recipe.values.count
        timed = TimedColumns(count: count, valueColumns: keyCount + 1, function: function)
    }

    private var out: UnsafeMutablePointer<Double> { timed.value(keyCount) }

    /// Per block, after the eased progress: the segment is counted, not searched (Σ [keyTime_s ≤ p] over the inner key
    /// times), the local progress is clamped into [0, 1] (which gives the first value before the first key time and
    /// the last after the last), and the value is the Hermite form with Catmull–Rom tangents (or the linear one): no
    /// branch that depends on the layer.
    func evaluate(_ frame: LayerFrame, layers range: Range<Int>) {
        let out = self.out, last = keyCount - 1
        let cubic: Double = recipe.mode == .cubic || recipe.mode == .cubicPaced ? 1 : 0
        withUnsafeTemporaryAllocation(of: UnsafeMutablePointer<Double>.self, capacity: keyCount) { valueColumns in
            for k in 0..<keyCount { valueColumns[k] = timed.value(k) }
            let values = valueColumns.baseAddress!
            recipe.keyTimes.withUnsafeBufferPointer { keyTimes in
                timed.forEachBlock(range, time: frame.time) { block, progress in
                    if last == 0 {
                        for i in block { out[i] = values[0][i] }
                        return
                    }
                    if recipe.mode == .discrete {
                        for i in block {
                            var index = 0
                            for k in 0..<keyTimes.count { index = keyTimes[k] <= progress[i] ? k : index }
                            out[i] = values[min(index, last)][i]
                        }
                        return
                    }
                    for i in block {
                        let p = progress[i]
                        var segment = 0
                        for k in 1..<last { segment &+= keyTimes[k] <= p ? 1 : 0 }
                        let start = keyTimes[segment], span = keyTimes[segment + 1] - start
                        let raw = span > 0 ? (p - start) / span : 1
                        let u = raw < 0 ? 0 : (raw > 1 ? 1 : raw)
                        let p0 = values[max(segment - 1, 0)][i], p1 = values[segment][i]
                        let p2 = values[segment + 1][i], p3 = values[min(segment + 2, last)][i]
                        let m1 = ((p1 - p0) + (p2 - p1)) * 0.5 * cubic, m2 = ((p2 - p1) + (p3 - p2)) * 0.5 * cubic
                        let u2 = u * u, u3 = u2 * u
                        // Linear mode: the tangents are zero and the basis weights of p1 and p2 are 1 − u and u.
                        let w1 = cubic * (2 * u3 - 3 * u2 + 1) + (1 - cubic) * (1 - u)
                        let w2 = cubic * (3 * u2 - 2 * u3) + (1 - cubic) * u
                        out[i] = p1 * w1 + m1 * (u3 - 2 * u2 + u) + p2 * w2 + m2 * (u3 - u2)
                    }
                }
            }
        }
    }

    func reset() {
        out.update(from: timed.value(0), count: count)
    }

    var streamReads: [UnsafeMutablePointer<Double>] { timed.streamReads + (0..<keyCount).map(timed.value) }
    var streamWrites: [UnsafeMutablePointer<Double>] { [out] }
    var bytesPerLayer: Int { timed.columns.columns * 8 }
    func output(_ component: Int, layer: Int) -> Double { out[layer] }
    func isActive(_ layer: Int, at time: Double) -> Bool { timed.isActive(layer, at: time) }
    func beginTime(_ layer: Int) -> Double { timed.timing.beginTime(layer) }
    func outputScale(layer: Int) -> Double { 2 * (0..<keyCount).reduce(0) { max($0, abs(timed.value($1)[layer])) } }

    private func values(_ i: Int) -> [Double] { (0..<keyCount).map { timed.value($0)[i] } }

    func expectedOutputs(layer i: Int, time: Double) -> [Double] {
        let values = values(i)
        let animation = try! KeyframeAnimation(values: values, keyTimes: recipe.givenKeyTimes, calculationMode: recipe.mode,
                                               timing: timed.mediaTiming(i))
        return [animation.value(atParentTime: time - beginTime(i), current: values[0]) ?? values[0]]
    }

    func naiveAnimations(layer i: Int) -> [any NaiveAnimation] {
        let (timing, curve) = timed.naive(i)
        return [NaiveKeyframes(values: values(i), keyTimes: recipe.keyTimes, mode: recipe.mode, timing: timing, curve: curve)]
    }
}

/// Naive keyframes: segment search and Catmull–Rom tangents recomputed on every call.
struct NaiveKeyframes: NaiveAnimation {
    let values: [Double], keyTimes: [Double]
    let mode: KeyframeAnimation<Double>.CalculationMode
    let timing: NaiveTiming
    let curve: NaiveCurve

    func apply(time: Double, to layer: NaiveEvaluator.Layer) {
        let p = curve.value(timing.progress(time))
        let last = values.count - 1
        if mode == .discrete {
            var index = 0
            for (candidate, keyTime) in keyTimes.enumerated() where keyTime <= p { index = candidate }
            layer.values[0] = values[min(index, last)]
            return
        }
        if last == 0 || p <= keyTimes[0] { layer.values[0] = values[0]; return }
        if p >= keyTimes[last] { layer.values[0] = values[last]; return }
        var segment = 0
        while segment < last - 1, keyTimes[segment + 1] <= p { segment += 1 }
        let span = keyTimes[segment + 1] - keyTimes[segment]
        let u = span > 0 ? (p - keyTimes[segment]) / span : 1
        if mode != .cubic && mode != .cubicPaced {
            layer.values[0] = values[segment] + (values[segment + 1] - values[segment]) * u
            return
        }
        let p0 = values[max(segment - 1, 0)], p1 = values[segment], p2 = values[segment + 1], p3 = values[min(segment + 2, last)]
        let m1 = (p2 - p0) / 2, m2 = (p3 - p1) / 2
        let u2 = u * u, u3 = u2 * u
        layer.values[0] = (2 * u3 - 3 * u2 + 1) * p1 + (u3 - 2 * u2 + u) * m1 + (3 * u2 - 2 * u3) * p2 + (u3 - u2) * m2
    }
}
