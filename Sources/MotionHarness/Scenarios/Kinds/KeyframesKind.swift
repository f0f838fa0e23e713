import Foundation
import MotionCore
import MotionEngine

/// `keyframes`: a `CAKeyframeAnimation` of a scalar, each layer with its own values (each may be a distribution),
/// begin time, duration, repeats and easing; key times and the calculation mode are shared by the entry.
enum KeyframesKind: ScenarioKind {
    static let engineKind = EngineLayerKind.keyframes
    static let fields: Set<String> = TimedFields.names.union(["values", "keyTimes", "calculationMode"])

    static func recipe(_ reader: ScenarioReader) throws(ScenarioError) -> any LayerRecipe {
        let values = try reader.distributions("values", rule: Rule.magnitude)
        let keyTimes = reader.has("keyTimes") ? try reader.numbers("keyTimes") : nil
        let mode = try reader.oneOf("calculationMode", KeyframeAnimation<Double>.CalculationMode.allCases, default: .linear)
        if mode == .paced || mode == .cubicPaced, !values.allSatisfy(\.isConstant) {
            throw reader.fail("calculationMode", "'\(mode.rawValue)' needs constant values (its key times follow the values)")
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

    func kernels(begins: [Double], generator: inout SplitMix64) -> [any LayerGroup] {
        // A value that draws nothing from the generator (a constant) is written to its whole column at once; the others
        // per layer, in key order, so that the draws are the ones a key-by-key fill makes.
        let drawn = values.indices.filter { !values[$0].drawsNothing }
        return groupedKernels(begins: begins, timing: timing, generator: &generator,
                              make: { count, curves in
                                  let layers = KeyframeLayers(count: count, valueCount: values.count, keyTimes: keyTimes,
                                                              mode: mode, curves: curves)
                                  for k in values.indices where values[k].drawsNothing {
                                      layers.setForAllLayers(key: k, value: values[k].bounds.lower)
                                  }
                                  return KeyframesGroup(layers: layers, givenKeyTimes: givenKeyTimes, scalar: KeyframesScalarLayers())
                              },
                              fill: { group, slot, draw, generator in
                                  group.layers.schedule.set(slot, draw)
                                  for k in drawn { group.layers.set(slot, key: k, value: values[k].sample(&generator)) }
                              })
    }
}

extension NumberDistribution {
    /// Whether `sample` returns without drawing from the generator (a constant, or a uniform range of one value).
    var drawsNothing: Bool {
        switch self {
        case .constant: return true
        case .uniform(let lower, let upper): return lower == upper
        case .choice: return false
        }
    }
}

/// `KeyframeLayers` with the scalar path (`KeyframeAnimation` built from the key times as the scenario gave them) and
/// the naive model. A layer's scalar animation is built once, the first time the layer is compared, and kept: a
/// comparison costs what the animation's evaluation costs (O(log n) in the values), not a rebuild (O(n)).
struct KeyframesGroup: LayerGroup {
    let layers: KeyframeLayers
    /// The key times as the scenario gave them (nil: the animation's own spacing).
    let givenKeyTimes: [Double]?
    /// The layers' scalar animations, built on first use.
    let scalar: KeyframesScalarLayers
    var kernel: any LayerKernel { layers }

    /// From this many values on, the naive layers and the engines' parameters take the layer's values from the
    /// scalar path's copy (one copy per layer instead of two); below it, their own small copy.
    static let sharedValuesMinimum = 64

    func beginTime(_ layer: Int) -> Double { layers.schedule.beginTime(layer) }
    func outputScale(layer: Int) -> Double { scalarLayer(layer).outputScale }

    private func values(_ i: Int) -> [Double] {
        layers.valueCount >= Self.sharedValuesMinimum ? scalarLayer(i).values : gatheredValues(i)
    }

    private func gatheredValues(_ i: Int) -> [Double] { (0..<layers.valueCount).map { layers.value(i, key: $0) } }

    /// Layer `i`'s values, animation and scales, built the first time they are asked for; with long lists, for the
    /// eight layers around it at once (one cache line of each value column, instead of one line per value per layer).
    private func scalarLayer(_ i: Int) -> KeyframesScalarLayers.Layer {
        let block = layers.valueCount >= Self.sharedValuesMinimum ? 8 : 1
        return scalar.layer(i, block: block, count: layers.count) { range in
            zip(range, layers.values(ofLayers: range)).map { scalarLayer($0, values: $1) }
        }
    }

    private func scalarLayer(_ i: Int, values: [Double]) -> KeyframesScalarLayers.Layer {
        // Without given key times, the kernel's evenly spaced ones (`KeyframeAnimation.keyTimes` of the recipe's
        // template: the same numbers the animation would space itself) are shared, not rebuilt per layer.
        let paced = layers.mode == .paced || layers.mode == .cubicPaced
        let animation = KernelParameters.rebuilt {
            try KeyframeAnimation(values: values, keyTimes: givenKeyTimes ?? (paced ? nil : layers.keyTimes),
                                  calculationMode: layers.mode, timing: layers.schedule.mediaTiming(i))
        }
        return KeyframesScalarLayers.Layer(
            values: values, animation: animation, outputScale: 2 * values.reduce(0) { max($0, abs($1)) },
            travel: (values.max() ?? 0) - (values.min() ?? 0))
    }

    func expectedOutputs(layer i: Int, time: Double) -> [Double] {
        let layer = scalarLayer(i), first = layer.values[0]
        return [layer.animation.value(atParentTime: time, current: first) ?? first]
    }

    func engineParameters(layer i: Int) -> EngineLayer.Parameters {
        .keyframes(.init(timing: layers.schedule.engineTiming(i), values: values(i), keyTimes: layers.keyTimes,
                         mode: layers.mode))
    }

    /// A position-like scalar: a tenth of a pixel over the range of the layer's values.
    func errorScales(layer i: Int) -> [ErrorScale] {
        [ErrorScale(travel: scalarLayer(i).travel, .tenthPixel)]
    }

    func naiveAnimations(layer i: Int) -> [any NaiveAnimation] {
        let (timing, curve) = layers.schedule.naive(i)
        return [NaiveKeyframes(values: values(i), keyTimes: layers.keyTimes, mode: layers.mode, timing: timing, curve: curve)]
    }
}

/// The scalar path's per-layer state of a keyframes group, built once per layer on first use (only the layers that
/// are compared or otherwise asked for), under a lock: the comparisons may run on several threads.
final class KeyframesScalarLayers: @unchecked Sendable {
    /// One layer: its values in key order, its `KeyframeAnimation` and the scales derived from the values.
    struct Layer {
        let values: [Double]
        let animation: KeyframeAnimation<Double>
        let outputScale: Double, travel: Double
    }

    private let lock = NSLock()
    private var built: [Int: Layer] = [:]

    /// Layer `index` of `count`, from `build` the first time, which builds the `block` layers aligned around it
    /// (those not built yet are kept).
    func layer(_ index: Int, block: Int, count: Int, build: (Range<Int>) -> [Layer]) -> Layer {
        lock.lock()
        defer { lock.unlock() }
        if let layer = built[index] { return layer }
        let start = index / block * block, range = start..<min(start + block, count)
        var wanted: Layer?
        for (layer, entry) in zip(range, build(range)) {
            if built[layer] == nil { built[layer] = entry }
            if layer == index { wanted = entry }
        }
        guard let wanted else { preconditionFailure("build returned fewer layers than its range") }
        return wanted
    }
}

/// Naive keyframes: segment search and Catmull–Rom tangents recomputed on every call.
struct NaiveKeyframes: NaiveAnimation {
    let values: [Double], keyTimes: [Double]
    let mode: KeyframeAnimation<Double>.CalculationMode
    let timing: NaiveTiming
    let curve: NaiveCurve

    func apply(clockTime: Double, beginTime: Double, to layer: NaiveEvaluator.Layer) {
        let sample = timing.sample(clockTime: clockTime)
        let p = curve.value(sample.progress, before: sample.before)
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
