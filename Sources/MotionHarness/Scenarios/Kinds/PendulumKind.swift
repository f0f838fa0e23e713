import MotionCore
import MotionEngine

/// `pendulum`: the UIView keyframe seed (rotations of −270°, 180°, 234°, 144°, then a 100-point shift, at relative
/// starts 0, 0.15, 0.25, 0.45, 0.65, each with ease-in-out), each layer with its own begin time and duration.
/// Outputs: rotation (radians) and shift (points).
enum PendulumKind: ScenarioKind {
    static let engineKind = EngineLayerKind.pendulum
    static let fields: Set<String> = ["duration"]

    static let starts = PendulumLayers.keyframeStarts
    static let rotations = PendulumLayers.rotations
    static let shifts = PendulumLayers.shifts

    static func recipe(_ reader: ScenarioReader) throws(ScenarioError) -> any LayerRecipe {
        PendulumRecipe(duration: try reader.distribution("duration", rule: Rule.duration))
    }

    /// The seed's keyframes of `values` for a sequence of `duration` seconds.
    static func keyframes(_ values: [Double], duration: Double) -> ViewKeyframes<Double> {
        let frames = values.indices.map { index in
            ViewKeyframes<Double>.Keyframe(
                relativeStartTime: starts[index],
                relativeDuration: (index + 1 < starts.count ? starts[index + 1] : 1) - starts[index], value: values[index])
        }
        return KernelParameters.rebuilt { try ViewKeyframes(duration: duration, initialValue: 0, keyframes: frames) }
    }
}

struct PendulumRecipe: LayerRecipe {
    let duration: NumberDistribution
    var variation: String? { duration.isConstant ? nil : "durations vary per layer" }

    func kernels(begins: [Double], generator: inout SplitMix64) -> [any LayerGroup] {
        let layers = PendulumLayers(count: begins.count)
        for (layer, begin) in begins.enumerated() {
            layers.set(layer, begin: begin, duration: duration.sample(&generator))
        }
        return [PendulumGroup(layers: layers)]
    }
}

/// `PendulumLayers` with the scalar path (`ViewKeyframes`) and the naive model.
struct PendulumGroup: LayerGroup {
    let layers: PendulumLayers
    var kernel: any LayerKernel { layers }

    func beginTime(_ layer: Int) -> Double { layers.parameters(layer).begin }
    func outputScale(layer: Int) -> Double { 100 }

    func expectedOutputs(layer i: Int, time: Double) -> [Double] {
        let (begin, d) = layers.parameters(i), local = time - begin
        return [PendulumKind.keyframes(PendulumKind.rotations, duration: d).value(at: local),
                PendulumKind.keyframes(PendulumKind.shifts, duration: d).value(at: local)]
    }

    func engineParameters(layer i: Int) -> EngineLayer.Parameters {
        let (begin, duration) = layers.parameters(i)
        return .pendulum(.init(begin: begin, duration: duration, relativeStarts: PendulumKind.starts,
                               rotations: PendulumKind.rotations, shifts: PendulumKind.shifts))
    }

    /// The rotation to a hundredth of a degree over its swing, the shift to a tenth of a pixel over its travel.
    func errorScales(layer i: Int) -> [ErrorScale] {
        let swing = PendulumKind.rotations.reduce(0, max) - PendulumKind.rotations.reduce(0, min)
        let shift = PendulumKind.shifts.reduce(0, max) - PendulumKind.shifts.reduce(0, min)
        return [ErrorScale(travel: swing, .hundredthDegree), ErrorScale(travel: shift, .tenthPixel)]
    }

    func naiveAnimations(layer i: Int) -> [any NaiveAnimation] {
        let d = layers.parameters(i).duration
        return [NaiveViewKeyframes(component: 0, keyframes: PendulumKind.keyframes(PendulumKind.rotations, duration: d)),
                NaiveViewKeyframes(component: 1, keyframes: PendulumKind.keyframes(PendulumKind.shifts, duration: d))]
    }
}

/// Naive UIView keyframes: the curve rebuilt and every keyframe walked on every call.
struct NaiveViewKeyframes: NaiveAnimation {
    let component: Int
    let keyframes: ViewKeyframes<Double>

    func apply(clockTime: Double, beginTime: Double, to layer: NaiveEvaluator.Layer) {
        let time = clockTime - beginTime
        let curve = NaiveCurve(keyframes.curve)
        var current = keyframes.initialValue
        for keyframe in keyframes.keyframes {
            let start = keyframe.relativeStartTime * keyframes.duration, length = keyframe.relativeDuration * keyframes.duration
            guard time >= start else { break }
            let progress = length > 0 ? min((time - start) / length, 1) : 1
            current += (keyframe.value - current) * curve.value(progress)
        }
        layer.values[component] = current
    }
}
