/// The easing of one group of layers, chosen once per group so that the inner loop's branch never changes.
enum LayerEasing: Sendable {
    /// The identity (`linear`): no solve.
    case identity
    /// One cubic Bézier shared by every layer of the group, solved with its guess table.
    case sharedBezier(TabulatedCubicBezier)
    /// Each layer's own cubic Bézier, read from five columns (x1, y1, x2, y2, tolerance): 40 bytes per layer.
    case ownBezier(BezierColumns)
    /// CSS `linear(...)` with stops, shared by the group: the directed progress as for a Bézier, then the easing's
    /// scalar code on each layer (it has no use for the before flag).
    case linearStops(LinearEasing)
    /// Any other timing function (`steps()`), shared by the group, evaluated by its scalar code with each layer's
    /// before flag.
    case function(TimingFunction)

    /// The easing for a shared timing function: the identity, a tabulated Bézier, `linear(...)`'s stops, or the
    /// function itself.
    init(_ function: TimingFunction) {
        switch function {
        case .cubicBezier(let curve):
            self = .sharedBezier(TabulatedCubicBezier(CompactCubicBezier(curve)))
        case .linear(let linear) where linear == .identity:
            self = .identity
        case .linear(let linear):
            self = .linearStops(linear)
        default:
            self = .function(function)
        }
    }

    /// Eased progress of layers `range` at `time` into `output[i − range.lowerBound]`: the timing of each layer, then
    /// the easing, with the choice of easing made once for the whole range so that the loop inside is homogeneous.
    @inline(__always)
    func easeTimes(_ timing: LayerTiming, layers range: Range<Int>, time: Double, into output: UnsafeMutablePointer<Double>) {
        // Indexed by layer: no checked index arithmetic inside the loops, which would keep them from vectorising.
        let shifted = output - range.lowerBound
        switch self {
        case .identity:
            Self.directedProgress(timing, layers: range, time: time, into: shifted)
        case .sharedBezier(let curve):
            Self.directedProgress(timing, layers: range, time: time, into: shifted)
            curve.ease(output, count: range.count)
        case .ownBezier(let columns):
            Self.directedProgress(timing, layers: range, time: time, into: shifted)
            columns.ease(shifted, layers: range)
        case .linearStops(let easing):
            Self.directedProgress(timing, layers: range, time: time, into: shifted)
            for i in range { shifted[i] = easing.value(at: shifted[i]) }
        case .function(let function):
            for i in range {
                let sample = timing.sample(i, time: time)
                shifted[i] = function.value(at: sample.directed, before: sample.before)
            }
        }
    }

    /// Each layer's directed progress at `time` into `shifted[i]`: the rounded procedure two layers at a time, which
    /// marks a doubtful layer (within a few rounding errors of a boundary) with a negative value and sums the doubt;
    /// only if that sum is positive, the exact procedure for the marked layers (`LayerTiming.repairMarked`).
    @inline(__always)
    static func directedProgress(_ timing: LayerTiming, layers range: Range<Int>, time: Double,
                                 into shifted: UnsafeMutablePointer<Double>) {
        var doubt = SIMD2<Double>.zero
        let first = range.lowerBound
        for pair in 0..<(range.count / 2) {
            let i = first &+ 2 &* pair
            let lanes = timing.roundedDirectedLanes(i, time: time)
            storeLanes(lanes.directed, shifted, i)
            doubt += lanes.doubt
        }
        if range.count % 2 == 1 {
            let last = range.upperBound - 1
            let rounded = timing.roundedSample(last, time: time)
            shifted[last] = rounded.isDoubtful ? -1 : rounded.sample.directed
            if rounded.isDoubtful { doubt.x = 1 }
        }
        guard doubt.sum() > 0 else { return }
        LayerTiming.repairMarked(shifted, layers: range) { timing.exactSample($0, time: time).directed }
    }
}
