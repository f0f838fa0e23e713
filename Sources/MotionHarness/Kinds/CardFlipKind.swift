import MotionCore

/// `card-flip`: the card-flip seed, a group of rotation.y 0 → −π (ease-in-out) and a scale to `scale` that
/// autoreverses over the two halves, each layer with its own begin time, duration, scale and group repeats. Output:
/// the full 4×4 transform scale·rotationY·perspective with m34 = −1/`perspective` (1500 in the seed), 16 values in
/// `CATransform3D` order.
enum CardFlipKind: ScenarioKind {
    static let name = "card-flip"
    static let fields: Set<String> = ["duration", "scale", "perspective", "repeatCount", "autoreverses"]

    static func recipe(_ reader: ScenarioReader) throws(ScenarioError) -> any LayerRecipe {
        let perspective = try reader.number("perspective", default: 1500)
        guard perspective >= 1, perspective <= 1e9 else { throw reader.fail("perspective", "must be in [1, 1e9] points") }
        return CardFlipRecipe(
            duration: try reader.distribution("duration", rule: Rule.duration),
            scale: try reader.distribution("scale", default: 0.8) { $0 > 0 && $0 <= 1e3 ? nil : "must be in (0, 1000]" },
            repeatCount: try reader.distribution("repeatCount", default: 0) { $0 >= 0 && $0 <= 1e6 ? nil : "must be in [0, 1000000]" },
            autoreverses: try reader.boolDistribution("autoreverses", default: false), perspective: perspective)
    }
}

struct CardFlipRecipe: LayerRecipe {
    let duration: NumberDistribution, scale: NumberDistribution, repeatCount: NumberDistribution
    let autoreverses: BoolDistribution
    let perspective: Double

    var variation: String? {
        [duration, scale, repeatCount].allSatisfy(\.isConstant) && autoreverses.isConstant ? nil : "flips vary per layer"
    }

    func kernels(begins: [Double], generator: inout SplitMix64) -> [any HarnessKernel] {
        let kernel = CardFlipKernel(count: begins.count, perspective: perspective)
        for (layer, begin) in begins.enumerated() {
            kernel.timed.set(layer, TimedDraw(begin: begin, duration: duration.sample(&generator),
                                              repeatCount: repeatCount.sample(&generator),
                                              autoreverses: autoreverses.sample(&generator)))
            kernel.timed.value(0)[layer] = scale.sample(&generator)
        }
        kernel.reset()
        return [kernel]
    }
}

/// Card-flip layers: the group's linear time, the two children's timing, then the matrix.
final class CardFlipKernel: HarnessKernel, @unchecked Sendable {
    let count: Int
    let components = 16
    /// Group timing (linear), then scale and the 16 matrix entries.
    let timed: TimedColumns
    let perspective: Double
    let rotationCurve = TabulatedCubicBezier(CompactCubicBezier(.easeInOut))

    init(count: Int, perspective: Double) {
        self.count = count
        self.perspective = perspective
        timed = TimedColumns(count: count, valueColumns: 17, function: .linear(.identity))
    }

    private func entry(_ index: Int) -> UnsafeMutablePointer<Double> { timed.value(1 + index) }

    /// Per block: the group's progress gives the child time; the rotation child's directed progress is eased for the
    /// whole block by the shared curve; then the scale child and the matrix, with sin and cos from one `sinCosPiModerate`.
    func evaluate(_ frame: LayerFrame, layers range: Range<Int>) {
        let m34 = -1 / perspective, scale = timed.value(0), duration = timed.timing.durations
        let (m0, m2, m3, m5, m8, m10, m11) = (entry(0), entry(2), entry(3), entry(5), entry(8), entry(10), entry(11))
        withUnsafeTemporaryAllocation(of: Double.self, capacity: LayerBlock.size) { turnScratch in
            timed.forEachBlock(range, time: frame.time) { block, progress in
                let turn = turnScratch.baseAddress! - block.lowerBound
                for i in block {
                    let d = duration[i]
                    turn[i] = LayerTiming.sample(local: progress[i] * d, duration: d, iterations: 1, alternates: false).directed
                }
                rotationCurve.ease(turn + block.lowerBound, count: block.count)
                for i in block {
                    let d = duration[i]
                    let shrink = LayerTiming.sample(local: progress[i] * d, duration: d / 2, iterations: 2, alternates: true)
                    let f = 1 + (scale[i] - 1) * shrink.directed
                    // angle = −π·eased: sin(angle) = −sin(π·eased), cos(angle) = cos(π·eased).
                    let (s, cosine) = sinCosPiModerate(turn[i])  // turn is in [0, 1]
                    let sine = -s
                    m0[i] = f * cosine
                    m2[i] = -f * sine
                    m3[i] = -f * sine * m34
                    m5[i] = f
                    m8[i] = sine
                    m10[i] = cosine
                    m11[i] = cosine * m34
                }
            }
        }
    }

    func reset() {
        let identityWithPerspective = Transform3D.perspective(perspective).entries
        for index in 0..<16 { entry(index).update(repeating: identityWithPerspective[index], count: count) }
    }

    var streamReads: [UnsafeMutablePointer<Double>] { timed.streamReads + [timed.value(0)] }
    /// The seven entries that change; the other nine are constant (0 or 1) and written once.
    var streamWrites: [UnsafeMutablePointer<Double>] { [0, 2, 3, 5, 8, 10, 11].map(entry) }
    var bytesPerLayer: Int { timed.columns.columns * 8 }
    func output(_ component: Int, layer: Int) -> Double { entry(component)[layer] }
    func isActive(_ layer: Int, at time: Double) -> Bool { timed.isActive(layer, at: time) }
    func beginTime(_ layer: Int) -> Double { timed.timing.beginTime(layer) }
    func outputScale(layer: Int) -> Double { max(1, timed.value(0)[layer]) }

    /// The seed's group and children (`AnimationGroup`, `BasicAnimation`, `MediaTiming`), and the matrix built with
    /// `Transform3D`.
    func expectedOutputs(layer i: Int, time: Double) -> [Double] {
        let d = timed.timing.parameters(i).duration
        let group = AnimationGroup(timing: timed.mediaTiming(i, fillMode: .forwards))
        let hold = { (seconds: Double, autoreverses: Bool, easing: TimingFunction) in
            try! MediaTiming(duration: seconds, autoreverses: autoreverses, fillMode: .forwards, removedOnCompletion: false,
                             timingFunction: easing)
        }
        let rotation = try! BasicAnimation<Double>(from: 0, to: -Double.pi, timing: hold(d, false, .cubicBezier(.easeInOut)))
        let scale = try! BasicAnimation<Double>(from: 1, to: timed.value(0)[i], timing: hold(d / 2, true, .linear(.identity)))
        let childTime = group.childTime(parentTime: time - beginTime(i))
        let angle = rotation.value(atParentTime: childTime, current: 0) ?? 0
        let factor = scale.value(atParentTime: childTime, current: 1) ?? 1
        return Transform3D.scale(factor, factor).concatenating(.rotation(angle, x: 0, y: 1, z: 0))
            .concatenating(.perspective(perspective)).entries
    }

    func naiveAnimations(layer i: Int) -> [any NaiveAnimation] {
        let (timing, _) = timed.naive(i)
        let d = timed.timing.parameters(i).duration
        return [NaiveCardFlip(group: timing, duration: d, scale: timed.value(0)[i], perspective: perspective,
                              curve: NaiveCurve(.cubicBezier(.easeInOut)))]
    }
}

/// The naive card flip: the children's timing from scratch, then three `Transform3D`s built and concatenated.
struct NaiveCardFlip: NaiveAnimation {
    let group: NaiveTiming
    let duration: Double, scale: Double, perspective: Double
    let curve: NaiveCurve

    func apply(time: Double, to layer: NaiveEvaluator.Layer) {
        let child = group.progress(time) * duration
        let turn = NaiveTiming(duration: duration, iterations: 1, autoreverses: false).progress(child)
        let shrink = NaiveTiming(duration: duration / 2, iterations: 2, autoreverses: true).progress(child)
        let angle = -Double.pi * curve.value(turn), factor = 1 + (scale - 1) * shrink
        let matrix = Transform3D.scale(factor, factor).concatenating(.rotation(angle, x: 0, y: 1, z: 0))
            .concatenating(.perspective(perspective))
        for index in 0..<16 { layer.values[index] = matrix[index] }
    }
}
