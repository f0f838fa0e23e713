/// The easing of one group of layers, chosen once per group so that the inner loop's branch never changes.
public enum LayerEasing: Sendable {
    /// The identity (`linear`): no solve.
    case identity
    /// One cubic Bézier shared by every layer of the group, solved with its guess table.
    case sharedBezier(TabulatedCubicBezier)
    /// Each layer's own cubic Bézier, read from five columns (x1, y1, x2, y2, tolerance): 40 bytes per layer.
    case ownBezier(BezierColumns)
    /// Any other timing function (`steps()`, `linear(...)`), shared by the group, evaluated by its scalar code.
    case function(TimingFunction)

    /// The easing for a shared timing function: the identity, a tabulated Bézier, or the function itself.
    public init(_ function: TimingFunction) {
        switch function {
        case .cubicBezier(let curve):
            self = .sharedBezier(TabulatedCubicBezier(CompactCubicBezier(curve)))
        case .linear(let linear) where linear == .identity:
            self = .identity
        default:
            self = .function(function)
        }
    }

    /// Eased progress of layer `index` at directed progress `progress` with the before flag `before` (one layer; loops
    /// use `easeTimes`).
    @inlinable
    public func value(at progress: Double, before: Bool, layer index: Int) -> Double {
        switch self {
        case .identity: progress
        case .sharedBezier(let curve): curve.value(at: progress)
        case .ownBezier(let columns): columns.curve(index).value(at: progress)
        case .function(let function): function.value(at: progress, before: before)
        }
    }

    /// Eased progress of layers `range` at `time` into `output[i − range.lowerBound]`: the timing of each layer, then
    /// the easing, with the choice of easing made once for the whole range so that the loop inside is homogeneous.
    @inlinable
    public func easeTimes(_ timing: LayerTiming, layers range: Range<Int>, time: Double, into output: UnsafeMutablePointer<Double>) {
        // Indexed by layer: no checked index arithmetic inside the loops, which would keep them from vectorising.
        let shifted = output - range.lowerBound
        switch self {
        case .identity:
            for i in range { shifted[i] = timing.sample(i, time: time).directed }
        case .sharedBezier(let curve):
            for i in range { shifted[i] = timing.sample(i, time: time).directed }
            curve.ease(output, count: range.count)
        case .ownBezier(let columns):
            for i in range { shifted[i] = columns.curve(i).value(at: timing.sample(i, time: time).directed) }
        case .function(let function):
            for i in range {
                let sample = timing.sample(i, time: time)
                shifted[i] = function.value(at: sample.directed, before: sample.before)
            }
        }
    }

    /// Bytes read per layer per frame beyond the timing (the own curves' columns).
    public var bytesPerLayer: Int {
        if case .ownBezier = self { return BezierColumns.columnCount * 8 }
        return 0
    }
}

/// Per-layer cubic Béziers in five columns of `LayerColumns`: x1, y1, x2, y2 and the solver tolerance.
public struct BezierColumns: @unchecked Sendable {
    @usableFromInline let x1: UnsafeMutablePointer<Double>, y1: UnsafeMutablePointer<Double>
    @usableFromInline let x2: UnsafeMutablePointer<Double>, y2: UnsafeMutablePointer<Double>
    @usableFromInline let tolerance: UnsafeMutablePointer<Double>

    /// Columns per curve.
    public static let columnCount = 5

    /// Curves stored in columns `first`…`first + 4` of `columns`.
    public init(_ columns: LayerColumns, first: Int) {
        (x1, y1, x2, y2, tolerance) = (columns[first], columns[first + 1], columns[first + 2], columns[first + 3],
                                       columns[first + 4])
    }

    /// Stores layer `index`'s curve.
    public func set(_ index: Int, _ curve: CompactCubicBezier) {
        (x1[index], y1[index], x2[index], y2[index], tolerance[index]) = (curve.x1, curve.y1, curve.x2, curve.y2,
                                                                         curve.tolerance)
    }

    /// Layer `index`'s curve.
    @inlinable @inline(__always)
    public func curve(_ index: Int) -> CompactCubicBezier {
        CompactCubicBezier(storedX1: x1[index], y1: y1[index], x2: x2[index], y2: y2[index], tolerance: tolerance[index])
    }
}

extension CompactCubicBezier {
    /// A curve from stored fields (already validated).
    @inlinable
    init(storedX1 x1: Double, y1: Double, x2: Double, y2: Double, tolerance: Double) {
        (self.x1, self.y1, self.x2, self.y2, self.tolerance) = (x1, y1, x2, y2, tolerance)
    }
}
