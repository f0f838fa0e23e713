import MotionCore
import MotionEngine

/// `card-flip`: the card-flip seed, a group of rotation.y 0 → −π (ease-in-out) and a scale to `scale` that
/// autoreverses over the two halves, each layer with its own begin time, duration, scale and group repeats. Output:
/// the full 4×4 transform scale·rotationY·perspective with m34 = −1/`perspective` (1500 in the seed), 16 values in
/// `CATransform3D` order.
enum CardFlipKind: ScenarioKind {
    static let engineKind = EngineLayerKind.cardFlip
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

    func kernels(begins: [Double], generator: inout SplitMix64) -> [any LayerGroup] {
        let layers = CardFlipLayers(count: begins.count, perspective: perspective)
        for (layer, begin) in begins.enumerated() {
            layers.schedule.set(layer, TimedDraw(begin: begin, duration: duration.sample(&generator),
                                                 repeatCount: repeatCount.sample(&generator),
                                                 autoreverses: autoreverses.sample(&generator)))
            layers.setScale(layer, scale.sample(&generator))
        }
        return [CardFlipGroup(layers: layers)]
    }
}

/// `CardFlipLayers` with the scalar path (the seed's group and children) and the naive model.
struct CardFlipGroup: LayerGroup {
    let layers: CardFlipLayers
    var kernel: any LayerKernel { layers }

    func beginTime(_ layer: Int) -> Double { layers.schedule.beginTime(layer) }
    func outputScale(layer: Int) -> Double { max(1, layers.scale(layer)) }

    /// The seed's group and children (`AnimationGroup`, `BasicAnimation`, `MediaTiming`), and the matrix built with
    /// `Transform3D`.
    func expectedOutputs(layer i: Int, time: Double) -> [Double] {
        let d = layers.schedule.parameters(i).duration
        let group = AnimationGroup(timing: layers.schedule.mediaTiming(i, fillMode: .forwards))
        let hold = { (seconds: Double, autoreverses: Bool, easing: TimingFunction) in
            try MediaTiming(duration: seconds, autoreverses: autoreverses, fillMode: .forwards, removedOnCompletion: false,
                            timingFunction: easing)
        }
        let (rotation, scale) = KernelParameters.rebuilt {
            (try BasicAnimation<Double>(from: 0, to: -Double.pi, timing: hold(d, false, .cubicBezier(.easeInOut))),
             try BasicAnimation<Double>(from: 1, to: layers.scale(i), timing: hold(d / 2, true, .linear(.identity))))
        }
        let childTime = group.childTime(parentTime: time)
        let angle = rotation.value(atParentTime: childTime, current: 0) ?? 0
        let factor = scale.value(atParentTime: childTime, current: 1) ?? 1
        return Transform3D.scale(factor, factor).concatenating(.rotation(angle, x: 0, y: 1, z: 0))
            .concatenating(.perspective(layers.perspective)).entries
    }

    func engineParameters(layer i: Int) -> EngineLayer.Parameters {
        .cardFlip(.init(timing: layers.schedule.engineTiming(i), rotationEasing: .cubicBezier(.easeInOut),
                        scale: layers.scale(i), perspective: layers.perspective))
    }

    /// Matrix entries move by up to 2 (a cosine from 1 to −1); an entry off by e moves a corner 500 points from the
    /// centre (a 1,000-point layer) by about 500·e points, so a tenth of a pixel is 1e-4 of that travel.
    func errorScales(layer i: Int) -> [ErrorScale] { [ErrorScale](repeating: ErrorScale(travel: 2, .tenthPixel), count: 16) }

    func naiveAnimations(layer i: Int) -> [any NaiveAnimation] {
        let (timing, _) = layers.schedule.naive(i)
        return [NaiveCardFlip(group: timing, duration: layers.schedule.parameters(i).duration, scale: layers.scale(i),
                              perspective: layers.perspective, curve: NaiveCurve(.cubicBezier(.easeInOut)))]
    }
}

/// The naive card flip: the children's timing from scratch, then three `Transform3D`s built and concatenated.
struct NaiveCardFlip: NaiveAnimation {
    let group: NaiveTiming
    let duration: Double, scale: Double, perspective: Double
    let curve: NaiveCurve

    func apply(clockTime: Double, beginTime: Double, to layer: NaiveEvaluator.Layer) {
        let child = group.progress(clockTime: clockTime) * duration
        let turn = NaiveTiming(duration: duration, autoreverses: false).progress(clockTime: child)
        let shrink = NaiveTiming(duration: duration / 2, autoreverses: true).progress(clockTime: child)
        let angle = -Double.pi * curve.value(turn), factor = 1 + (scale - 1) * shrink
        let matrix = Transform3D.scale(factor, factor).concatenating(.rotation(angle, x: 0, y: 1, z: 0))
            .concatenating(.perspective(perspective))
        for index in 0..<16 { layer.values[index] = matrix[index] }
    }
}
