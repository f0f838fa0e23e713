import MotionCore

/// `transition`: a `CATransition` (fade, moveIn, push, reveal) between two layers, each transition with its own begin
/// time, duration, repeats, easing and layer size. Outputs, for the outgoing then the incoming layer: its opacity and
/// its full 4×4 transform (a translation), 34 values.
enum TransitionKind: ScenarioKind {
    static let name = "transition"
    static let fields: Set<String> = TimedFields.names.union(["type", "subtype", "width", "height"])

    static func recipe(_ reader: ScenarioReader) throws(ScenarioError) -> any LayerRecipe {
        let type = Transition.Kind(rawValue: try reader.oneOf("type", Transition.Kind.allCases.map(\.rawValue)))!
        let subtype = Transition.Subtype(rawValue: try reader.oneOf("subtype", Transition.Subtype.allCases.map(\.rawValue),
                                                                    default: "fromLeft"))!
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

    func kernels(begins: [Double], generator: inout SplitMix64) -> [any HarnessKernel] {
        groupedKernels(begins: begins, timing: timing, generator: &generator,
                       make: { TransitionKernel(count: $0, type: type, subtype: subtype, function: $1) },
                       fill: { kernel, slot, draw, generator in
                           kernel.timed.set(slot, draw)
                           let w = width.sample(&generator)
                           kernel.timed.value(0)[slot] = w
                           kernel.timed.value(1)[slot] = height?.sample(&generator) ?? w
                           kernel.resetLayer(slot)
                       })
    }
}

/// Transition layers: the eased progress, then each layer's opacity and translation.
final class TransitionKernel: HarnessKernel, @unchecked Sendable {
    let count: Int
    let components = 34
    /// Timing, then width, height and the 34 outputs.
    let timed: TimedColumns
    let type: Transition.Kind
    let subtype: Transition.Subtype
    /// Unit vector toward the side the motion comes from (UIKit coordinates).
    let side: (x: Double, y: Double)

    init(count: Int, type: Transition.Kind, subtype: Transition.Subtype, function: TimingFunction?) {
        self.count = count
        self.type = type
        self.subtype = subtype
        switch subtype {
        case .fromLeft: side = (-1, 0)
        case .fromRight: side = (1, 0)
        case .fromTop: side = (0, -1)
        case .fromBottom: side = (0, 1)
        }
        timed = TimedColumns(count: count, valueColumns: 2 + 34, function: function)
    }

    /// Output `index` (0: outgoing opacity, 1…16 its transform, 17 incoming opacity, 18…33 its transform).
    private func out(_ index: Int) -> UnsafeMutablePointer<Double> { timed.value(2 + index) }

    func evaluate(_ frame: LayerFrame, layers range: Range<Int>) {
        let width = timed.value(0), height = timed.value(1)
        let (outOpacity, outX, outY, inOpacity, inX, inY) = (out(0), out(13), out(14), out(17), out(30), out(31))
        let (sx, sy) = side, type = self.type
        timed.forEachBlock(range, time: frame.time) { block, progress in
            switch type {
            case .fade:
                for i in block {
                    let q = min(max(progress[i], 0), 1)
                    outOpacity[i] = 1 - q
                    inOpacity[i] = q
                }
            case .moveIn:
                for i in block {
                    let q = min(max(progress[i], 0), 1)
                    inX[i] = sx * width[i] * (1 - q)
                    inY[i] = sy * height[i] * (1 - q)
                }
            case .push:
                for i in block {
                    let q = min(max(progress[i], 0), 1)
                    let tx = sx * width[i], ty = sy * height[i]
                    outX[i] = tx * -q
                    outY[i] = ty * -q
                    inX[i] = tx * (1 - q)
                    inY[i] = ty * (1 - q)
                }
            case .reveal:
                for i in block {
                    let q = min(max(progress[i], 0), 1)
                    outX[i] = sx * width[i] * -q
                    outY[i] = sy * height[i] * -q
                }
            }
        }
    }

    /// Layer `i` before the transition starts: progress 0 (identity transforms, then the state at 0). Allocation-free.
    func resetLayer(_ i: Int) {
        for index in 0..<16 {
            let diagonal: Double = index % 5 == 0 ? 1 : 0
            out(1 + index)[i] = diagonal
            out(18 + index)[i] = diagonal
        }
        let state = try! Transition(kind: type, subtype: subtype, size: Size(width: timed.value(0)[i], height: timed.value(1)[i]))
            .layers(at: 0)
        (out(0)[i], out(13)[i], out(14)[i]) = (state.outgoing.opacity, state.outgoing.translation.x, state.outgoing.translation.y)
        (out(17)[i], out(30)[i], out(31)[i]) = (state.incoming.opacity, state.incoming.translation.x, state.incoming.translation.y)
    }

    func reset() { for i in 0..<count { resetLayer(i) } }

    var streamReads: [UnsafeMutablePointer<Double>] { timed.streamReads + [timed.value(0), timed.value(1)] }
    var streamWrites: [UnsafeMutablePointer<Double>] {
        switch type {
        case .fade: [out(0), out(17)]
        case .moveIn: [out(30), out(31)]
        case .push: [out(13), out(14), out(30), out(31)]
        case .reveal: [out(13), out(14)]
        }
    }
    var bytesPerLayer: Int { timed.columns.columns * 8 }
    func output(_ component: Int, layer: Int) -> Double { out(component)[layer] }
    func isActive(_ layer: Int, at time: Double) -> Bool { timed.isActive(layer, at: time) }
    func beginTime(_ layer: Int) -> Double { timed.timing.beginTime(layer) }
    func outputScale(layer: Int) -> Double { max(timed.value(0)[layer], timed.value(1)[layer]) }

    /// `Transition.layers(at:)` at the progress `MediaTiming` gives, and `Transform3D.translation` matrices.
    func expectedOutputs(layer i: Int, time: Double) -> [Double] {
        let transition = try! Transition(kind: type, subtype: subtype,
                                         size: Size(width: timed.value(0)[i], height: timed.value(1)[i]))
        let progress = timed.mediaTiming(i).evaluate(parentTime: time - beginTime(i)).progress ?? 0
        let (outgoing, incoming) = transition.layers(at: progress)
        return [outgoing.opacity] + Transform3D.translation(outgoing.translation.x, outgoing.translation.y).entries
            + [incoming.opacity] + Transform3D.translation(incoming.translation.x, incoming.translation.y).entries
    }

    func naiveAnimations(layer i: Int) -> [any NaiveAnimation] {
        let (timing, curve) = timed.naive(i)
        let transition = try! Transition(kind: type, subtype: subtype,
                                         size: Size(width: timed.value(0)[i], height: timed.value(1)[i]))
        return [NaiveTransition(transition: transition, timing: timing, curve: curve)]
    }
}

/// The naive transition: both layer states and both matrices built on every call.
struct NaiveTransition: NaiveAnimation {
    let transition: Transition
    let timing: NaiveTiming
    let curve: NaiveCurve

    func apply(time: Double, to layer: NaiveEvaluator.Layer) {
        let (outgoing, incoming) = transition.layers(at: curve.value(timing.progress(time)))
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
