import MotionCore
import MotionEngine

/// `basic`: a `CABasicAnimation` from → to of an opacity (`scalar`), a position (`point`) or a colour (`color`), each
/// layer with its own begin time, duration, repeats, easing and values.
enum BasicKind: ScenarioKind {
    static let engineKind = EngineLayerKind.basic
    static let fields: Set<String> = TimedFields.names.union(["value", "from", "to"])

    /// The value types and their component counts.
    static let valueTypes = ["scalar": 1, "point": 2, "color": 4]

    static func recipe(_ reader: ScenarioReader) throws(ScenarioError) -> any LayerRecipe {
        let type = try reader.oneOf("value", ["scalar", "point", "color"], default: "scalar")
        guard let components = valueTypes[type] else { throw reader.fail("value", "'\(type)' has no component count") }
        func values(_ key: String) throws(ScenarioError) -> [NumberDistribution] {
            if components == 1 { return [try reader.distribution(key, rule: Rule.magnitude)] }
            let list = try reader.distributions(key, rule: Rule.magnitude)
            guard list.count == components else {
                throw reader.fail(key, "must have \(components) components for a \(type) value (found \(list.count))")
            }
            return list
        }
        return BasicRecipe(timing: try TimedFields(reader), from: try values("from"), to: try values("to"))
    }
}

struct BasicRecipe: LayerRecipe {
    let timing: TimedFields
    let from: [NumberDistribution], to: [NumberDistribution]

    var variation: String? {
        timing.variation ?? ((from + to).allSatisfy(\.isConstant) ? nil : "values vary per layer")
    }

    func kernels(begins: [Double], generator: inout SplitMix64) -> [any LayerGroup] {
        groupedKernels(begins: begins, timing: timing, generator: &generator,
                       make: { BasicGroup(layers: BasicLayers(count: $0, components: from.count, curves: $1)) },
                       fill: { group, slot, draw, generator in
                           group.layers.schedule.set(slot, draw)
                           for c in 0..<from.count {
                               let start = from[c].sample(&generator), end = to[c].sample(&generator)
                               group.layers.set(slot, component: c, from: start, to: end)
                           }
                       })
    }
}

/// `BasicLayers` with the scalar path (`BasicAnimation` of a `Double`, `Point` or `RGBAColor`) and the naive model.
struct BasicGroup: LayerGroup {
    let layers: BasicLayers
    var kernel: any LayerKernel { layers }

    func beginTime(_ layer: Int) -> Double { layers.schedule.beginTime(layer) }

    private func from(_ i: Int) -> [Double] { (0..<layers.components).map { layers.values(i, component: $0).from } }
    private func to(_ i: Int) -> [Double] { (0..<layers.components).map { layers.values(i, component: $0).to } }

    func outputScale(layer: Int) -> Double {
        zip(from(layer), to(layer)).reduce(0) { max($0, abs($1.0), abs($1.1)) }
    }

    func expectedOutputs(layer i: Int, time: Double) -> [Double] {
        let timing = layers.schedule.mediaTiming(i)
        let a = from(i), b = to(i)
        switch layers.components {
        case 1:
            let animation = KernelParameters.rebuilt { try BasicAnimation<Double>(from: a[0], to: b[0], timing: timing) }
            return [animation.value(atParentTime: time, current: a[0]) ?? a[0]]
        case 2:
            let start = Point(x: a[0], y: a[1])
            let animation = KernelParameters.rebuilt {
                try BasicAnimation<Point>(from: start, to: Point(x: b[0], y: b[1]), timing: timing)
            }
            let value = animation.value(atParentTime: time, current: start) ?? start
            return [value.x, value.y]
        default:
            let start = RGBAColor(red: a[0], green: a[1], blue: a[2], alpha: a[3])
            let animation = KernelParameters.rebuilt {
                try BasicAnimation<RGBAColor>(
                    from: start, to: RGBAColor(red: b[0], green: b[1], blue: b[2], alpha: b[3]), timing: timing)
            }
            let value = animation.value(atParentTime: time, current: start) ?? start
            return [value.red, value.green, value.blue, value.alpha]
        }
    }

    func engineParameters(layer i: Int) -> EngineLayer.Parameters {
        .basic(.init(timing: layers.schedule.engineTiming(i), from: from(i), to: to(i)))
    }

    /// Points are held to a tenth of a pixel, opacities and colours to half an 8-bit step, each over the layer's
    /// largest component travel.
    func errorScales(layer i: Int) -> [ErrorScale] {
        let travel = zip(from(i), to(i)).reduce(0) { max($0, abs($1.1 - $1.0)) }
        let threshold: VisibleThreshold = layers.components == 2 ? .tenthPixel : .alphaHalfStep
        return [ErrorScale](repeating: ErrorScale(travel: travel, threshold), count: layers.components)
    }

    func naiveAnimations(layer i: Int) -> [any NaiveAnimation] {
        let (timing, curve) = layers.schedule.naive(i)
        return [NaiveBasic(from: from(i), to: to(i), timing: timing, curve: curve)]
    }
}

/// A naive basic animation of any number of components.
struct NaiveBasic: NaiveAnimation {
    let from: [Double], to: [Double]
    let timing: NaiveTiming
    let curve: NaiveCurve

    func apply(clockTime: Double, beginTime: Double, to layer: NaiveEvaluator.Layer) {
        let sample = timing.sample(clockTime: clockTime)
        let progress = curve.value(sample.progress, before: sample.before)
        for c in from.indices { layer.values[c] = from[c] + (to[c] - from[c]) * progress }
    }
}
