import MotionCore
import MotionEngine

/// `transition`: a `CATransition` (fade, moveIn, push, reveal) between two layers, each transition with its own begin
/// time, duration, repeats, easing and layer size. Outputs, for the outgoing then the incoming layer: its opacity and
/// its full 4×4 transform (a translation), 34 values.
enum TransitionKind: ScenarioKind {
    static let engineKind = EngineLayerKind.transition
    static let fields: Set<String> = TimedFields.names.union(["type", "subtype", "width", "height"])

    static func recipe(_ reader: ScenarioReader) throws(ScenarioError) -> any LayerRecipe {
        let type = try reader.oneOf("type", Transition.Kind.allCases)
        let subtype = try reader.oneOf("subtype", Transition.Subtype.allCases, default: .fromLeft)
        let size = { (value: Double) in value > 0 && value <= 1e6 ? nil : "must be in (0, 1000000] points" }
        let width = try reader.distribution("width", default: 320, rule: size)
        let height = reader.has("height") ? try reader.distribution("height", rule: size) : nil
        return TransitionRecipe(timing: try TimedFields(reader), type: type, subtype: subtype, width: width, height: height)
    }
}

struct TransitionRecipe: LayerRecipe {
    let timing: TimedFields
    let type: Transition.Kind
    let subtype: Transition.Subtype
    let width: NumberDistribution
    /// nil: square layers (height = width).
    let height: NumberDistribution?

    var variation: String? {
        timing.variation ?? (width.isConstant && (height?.isConstant ?? true) ? nil : "sizes vary per layer")
    }

    func kernels(begins: [Double], generator: inout SplitMix64) -> [any LayerGroup] {
        groupedKernels(begins: begins, timing: timing, generator: &generator,
                       make: { TransitionGroup(layers: TransitionLayers(count: $0, type: type, subtype: subtype, curves: $1)) },
                       fill: { group, slot, draw, generator in
                           group.layers.schedule.set(slot, draw)
                           let w = width.sample(&generator)
                           group.layers.setSize(slot, Size(width: w, height: height?.sample(&generator) ?? w))
                       })
    }
}

/// `TransitionLayers` with the scalar path (`Transition.layers(at:)` and `Transform3D.translation`) and the naive model.
struct TransitionGroup: LayerGroup {
    let layers: TransitionLayers
    var kernel: any LayerKernel { layers }

    func beginTime(_ layer: Int) -> Double { layers.schedule.beginTime(layer) }
    func outputScale(layer: Int) -> Double { max(layers.size(layer).width, layers.size(layer).height) }

    private func transition(_ i: Int) -> Transition {
        KernelParameters.rebuilt { try Transition(kind: layers.type, subtype: layers.subtype, size: layers.size(i)) }
    }

    /// `Transition.layers(at:)` at the progress `MediaTiming` gives, and `Transform3D.translation` matrices.
    func expectedOutputs(layer i: Int, time: Double) -> [Double] {
        let progress = layers.schedule.mediaTiming(i).evaluate(parentTime: time).progress ?? 0
        let (outgoing, incoming) = transition(i).layers(at: progress)
        return [outgoing.opacity] + Transform3D.translation(outgoing.translation.x, outgoing.translation.y).entries
            + [incoming.opacity] + Transform3D.translation(incoming.translation.x, incoming.translation.y).entries
    }

    func engineParameters(layer i: Int) -> EngineLayer.Parameters {
        .transition(.init(timing: layers.schedule.engineTiming(i), type: layers.type, subtype: layers.subtype,
                          size: layers.size(i)))
    }

    /// The opacities to half an 8-bit step, the matrices (translations up to the layer's size) to a tenth of a pixel
    /// over that size.
    func errorScales(layer i: Int) -> [ErrorScale] {
        let size = layers.size(i), matrix = ErrorScale(travel: max(size.width, size.height), .tenthPixel)
        let opacity = ErrorScale(travel: 1, .alphaHalfStep)
        return [opacity] + [ErrorScale](repeating: matrix, count: 16) + [opacity] + [ErrorScale](repeating: matrix, count: 16)
    }

    func naiveAnimations(layer i: Int) -> [any NaiveAnimation] {
        let (timing, curve) = layers.schedule.naive(i)
        return [NaiveTransition(transition: transition(i), timing: timing, curve: curve)]
    }
}

/// The naive transition: both layer states and both matrices built on every call.
struct NaiveTransition: NaiveAnimation {
    let transition: Transition
    let timing: NaiveTiming
    let curve: NaiveCurve

    func apply(clockTime: Double, beginTime: Double, to layer: NaiveEvaluator.Layer) {
        let sample = timing.sample(clockTime: clockTime)
        let (outgoing, incoming) = transition.layers(at: curve.value(sample.progress, before: sample.before))
        let first = Transform3D.translation(outgoing.translation.x, outgoing.translation.y)
        let second = Transform3D.translation(incoming.translation.x, incoming.translation.y)
        layer.values[0] = outgoing.opacity
        layer.values[17] = incoming.opacity
        for index in 0..<16 {
            layer.values[1 + index] = first[index]
            layer.values[18 + index] = second[index]
        }
    }
}
