/// How the layers of one timing-driven kernel are eased: one timing function shared by all of them, or a cubic Bézier
/// of each layer's own (set with `LayerSchedule.set(_:_:curve:)`).
public enum LayerCurves: Sendable {
    /// Every layer eases by this function.
    case shared(TimingFunction)
    /// Every layer has its own cubic Bézier.
    case perLayer
}

/// The per-layer timing and easing of a timing-driven kernel (`BasicLayers`, `KeyframeLayers`, `CardFlipLayers`,
/// `TransitionLayers`): each layer's begin time, duration, repeat count and autoreverse flag, and its own curve where
/// curves are per layer. Stored in the kernel's columns (the kernel's value columns follow them in one allocation);
/// set and read here one layer at a time.
public final class LayerSchedule: @unchecked Sendable {
    /// Number of layers.
    public let count: Int
    /// The layers' easing.
    public let curves: LayerCurves
    /// Every column of the kernel: timing, curves, then the kernel's own.
    let columns: LayerColumns
    /// Per-layer media timing.
    let timing: LayerTiming
    /// The group's easing, chosen once.
    let easing: LayerEasing
    /// First column after timing and curves.
    let firstValueColumn: Int

    /// Columns for `count` layers eased by `curves`, with `valueColumns` columns of the kernel's own after them.
    init(count: Int, valueColumns: Int, curves: LayerCurves) {
        let curveColumns: Int
        switch curves {
        case .shared(let function):
            curveColumns = 0
            columns = LayerColumns(columns: LayerTiming.columnCount + valueColumns, count: count)
            easing = LayerEasing(function)
        case .perLayer:
            curveColumns = BezierColumns.columnCount
            columns = LayerColumns(columns: LayerTiming.columnCount + curveColumns + valueColumns, count: count)
            easing = .ownBezier(BezierColumns(columns, first: LayerTiming.columnCount))
        }
        self.count = count
        self.curves = curves
        timing = LayerTiming(columns, first: 0)
        firstValueColumn = LayerTiming.columnCount + curveColumns
    }

    /// Column `index` of the kernel's own columns.
    @inline(__always)
    func value(_ index: Int) -> UnsafeMutablePointer<Double> { columns[firstValueColumn + index] }

    /// Sets layer `layer`'s timing and, where curves are per layer, its curve (ignored where the curve is shared). The
    /// schedule keeps the curve's control points and tolerance in its columns (40 bytes), whatever representation the
    /// curve was built in: build a layer's curve with `evaluations: .few`, which builds no tables. With `curve` nil a
    /// layer keeps the curve it has; a new schedule's layers start with `cubic-bezier(0, 0, 0, 0)`, the identity.
    public func set(_ layer: Int, _ parameters: LayerTimingParameters, curve: CubicBezier? = nil) {
        precondition((0..<count).contains(layer), "layer \(layer) is outside 0..<\(count)")
        timing.set(layer, begin: parameters.begin, duration: parameters.duration, repeatCount: parameters.repeatCount,
                   autoreverses: parameters.autoreverses)
        if case .ownBezier(let own) = easing, let curve { own.set(layer, CompactCubicBezier(curve)) }
    }

    /// Layer `layer`'s timing as stored (a single cycle reads back as repeatCount 0).
    public func parameters(_ layer: Int) -> LayerTimingParameters {
        let (duration, iterations, autoreverses) = timing.parameters(layer)
        return LayerTimingParameters(begin: timing.beginTime(layer), duration: duration, iterations: iterations,
                                     autoreverses: autoreverses)
    }

    /// Layer `layer`'s begin time, in seconds.
    public func beginTime(_ layer: Int) -> Double { timing.beginTime(layer) }

    /// Layer `layer`'s own cubic Bézier (built for few evaluations, without tables), or nil where the curve is shared.
    public func curve(_ layer: Int) -> CubicBezier? {
        if case .ownBezier(let own) = easing {
            let curve = own.curve(layer)
            return CubicBezier(validatedX1: curve.x1, y1: curve.y1, x2: curve.x2, y2: curve.y2, evaluations: .few)
        }
        return nil
    }

    /// Whether layer `layer` is inside its active interval at `time` seconds.
    public func isActive(_ layer: Int, at time: Double) -> Bool { timing.sample(layer, time: time).isActive }

    /// Runs `body` over blocks of at most `LayerBlock.size` layers of `range`, with each layer's eased progress at
    /// `time` in a scratch buffer indexed by layer (`progress[i]` for i in the block): the timing and easing loop runs
    /// once per block with its easing chosen outside it, then the kind's value loop.
    @inline(__always)
    func forEachBlock(_ range: Range<Int>, time: Double,
                      _ body: (_ block: Range<Int>, _ progress: UnsafeMutablePointer<Double>) -> Void) {
        LayerBlock.forEach(in: range) { block, progress in
            easing.easeTimes(timing, layers: block, time: time, into: progress + block.lowerBound)
            body(block, progress)
        }
    }

    /// The columns every frame reads for timing and easing.
    var streamReads: [UnsafeMutablePointer<Double>] { (0..<firstValueColumn).map { columns[$0] } }

    /// Bytes held per layer: timing, curves and the kernel's own columns.
    var bytesPerLayer: Int { columns.columns * MemoryLayout<Double>.size }
}
