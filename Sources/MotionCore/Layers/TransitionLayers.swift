/// `CATransition` layers (fade, moveIn, push, reveal) between two layers, each transition with its own timing, easing
/// and layer size. Outputs, for the outgoing then the incoming layer: its opacity and its full 4×4 transform (a
/// translation), 34 values: 0 outgoing opacity, 1…16 its transform, 17 incoming opacity, 18…33 its transform.
public final class TransitionLayers: LayerKernel, @unchecked Sendable {
    /// Number of layers (transitions).
    public let count: Int
    /// 34 outputs per transition.
    public static let outputCount = 34
    /// 34 outputs per transition. (`outputCount`)
    public let components = TransitionLayers.outputCount
    /// Each transition's timing and curve.
    public let schedule: LayerSchedule
    /// The transition type, shared by the kernel.
    public let type: Transition.Kind
    /// Where the motion comes from, shared by the kernel.
    public let subtype: Transition.Subtype
    /// Unit vector toward the side the motion comes from (UIKit coordinates).
    let side: (x: Double, y: Double)

    /// `count` transitions of `type` from `subtype`, eased by `curves`; sizes 0 × 0 until set.
    public init(count: Int, type: Transition.Kind, subtype: Transition.Subtype, curves: LayerCurves) {
        self.count = count
        self.type = type
        self.subtype = subtype
        switch subtype {
        case .fromLeft: side = (-1, 0)
        case .fromRight: side = (1, 0)
        case .fromTop: side = (0, -1)
        case .fromBottom: side = (0, 1)
        }
        schedule = LayerSchedule(count: count, valueColumns: 2 + 34, curves: curves)
    }

    /// Output `index` (see the type's description).
    private func out(_ index: Int) -> UnsafeMutablePointer<Double> { schedule.value(2 + index) }

    /// Sets transition `layer`'s layer size (points, how far a slide travels); its outputs become the state at
    /// progress 0 until the next frame.
    public func setSize(_ layer: Int, _ size: Size) {
        precondition((0..<count).contains(layer), "layer \(layer) is outside 0..<\(count)")
        (schedule.value(0)[layer], schedule.value(1)[layer]) = (size.width, size.height)
        resetLayer(layer)
    }

    /// Transition `layer`'s layer size in points.
    public func size(_ layer: Int) -> Size { Size(width: schedule.value(0)[layer], height: schedule.value(1)[layer]) }

    /// Per block, after the eased progress: the opacities or translations the type moves, one loop per type.
    public func evaluate(_ frame: LayerFrame, layers range: Range<Int>) {
        let width = schedule.value(0), height = schedule.value(1)
        let (outOpacity, outX, outY, inOpacity, inX, inY) = (out(0), out(13), out(14), out(17), out(30), out(31))
        let (sx, sy) = side, type = self.type
        schedule.forEachBlock(range, time: frame.time) { block, progress in
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

    /// Layer `i` before the transition starts: identity transforms, then `Transition.layers(at: 0)`. Allocation-free.
    private func resetLayer(_ i: Int) {
        for index in 0..<16 {
            let diagonal: Double = index % 5 == 0 ? 1 : 0
            out(1 + index)[i] = diagonal
            out(18 + index)[i] = diagonal
        }
        // The default progress range [0, 1] is valid, so this never fails.
        guard let state = try? Transition(kind: type, subtype: subtype, size: size(i)).layers(at: 0) else { return }
        (out(0)[i], out(13)[i], out(14)[i]) = (state.outgoing.opacity, state.outgoing.translation.x, state.outgoing.translation.y)
        (out(17)[i], out(30)[i], out(31)[i]) = (state.incoming.opacity, state.incoming.translation.x, state.incoming.translation.y)
    }

    /// Every transition back to progress 0.
    public func reset() { for i in 0..<count { resetLayer(i) } }

    /// Timing, curves and the size are read; the outputs the type moves are written.
    public var streamColumns: LayerStreamColumns {
        let writes: [UnsafeMutablePointer<Double>] = switch type {
        case .fade: [out(0), out(17)]
        case .moveIn: [out(30), out(31)]
        case .push: [out(13), out(14), out(30), out(31)]
        case .reveal: [out(13), out(14)]
        }
        return LayerStreamColumns(reads: schedule.streamReads + [schedule.value(0), schedule.value(1)], writes: writes)
    }

    /// Timing, curves, size and the 34 outputs.
    public var bytesPerLayer: Int { schedule.bytesPerLayer }

    /// Output `component` of transition `layer` after the last frame.
    public func output(_ component: Int, layer: Int) -> Double { out(component)[layer] }

    /// Inside its active interval.
    public func isActive(_ layer: Int, at time: Double) -> Bool { schedule.isActive(layer, at: time) }
}
