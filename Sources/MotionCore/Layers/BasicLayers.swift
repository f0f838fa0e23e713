/// `CABasicAnimation` layers interpolating 1, 2 or 4 components (an opacity, a position, a colour, …), each layer with
/// its own timing, easing and values: out = from + (to − from)·eased progress.
public final class BasicLayers: LayerKernel, @unchecked Sendable {
    /// Number of layers.
    public let count: Int
    /// Components per layer (outputs per layer).
    public let components: Int
    /// Each layer's timing and curve.
    public let schedule: LayerSchedule

    /// `count` layers of `components` components eased by `curves`; values 0 until set.
    public init(count: Int, components: Int, curves: LayerCurves) {
        precondition(components > 0, "BasicLayers needs at least one component")
        self.count = count
        self.components = components
        schedule = LayerSchedule(count: count, valueColumns: 3 * components, curves: curves)
    }

    private func from(_ c: Int) -> UnsafeMutablePointer<Double> { schedule.value(c) }
    private func to(_ c: Int) -> UnsafeMutablePointer<Double> { schedule.value(components + c) }
    private func out(_ c: Int) -> UnsafeMutablePointer<Double> { schedule.value(2 * components + c) }

    /// Sets component `component` of layer `layer` to run from `from` to `to` (value units); its output follows at the
    /// next frame (or `reset()`).
    public func set(_ layer: Int, component: Int, from: Double, to: Double) {
        precondition((0..<count).contains(layer) && (0..<components).contains(component),
                     "layer \(layer), component \(component) is outside \(count) layers of \(components)")
        (self.from(component)[layer], self.to(component)[layer]) = (from, to)
    }

    /// Component `component` of layer `layer`: its start and end values (value units).
    public func values(_ layer: Int, component: Int) -> (from: Double, to: Double) {
        (from(component)[layer], to(component)[layer])
    }

    /// Per block, after the eased progress: one interpolation loop per component.
    public func evaluate(_ frame: LayerFrame, layers range: Range<Int>) {
        let components = self.components
        schedule.forEachBlock(range, time: frame.time) { block, progress in
            for c in 0..<components {
                let a = from(c), b = to(c), o = out(c)
                for i in block { o[i] = a[i] + (b[i] - a[i]) * progress[i] }
            }
        }
    }

    /// Every output back to its start value.
    public func reset() {
        for c in 0..<components { out(c).update(from: from(c), count: count) }
    }

    /// Timing, curves and the start and end values are read; the outputs written.
    public var streamColumns: LayerStreamColumns {
        LayerStreamColumns(reads: schedule.streamReads + (0..<(2 * components)).map(schedule.value),
                           writes: (0..<components).map(out))
    }

    /// Timing, curves, start, end and output values.
    public var bytesPerLayer: Int { schedule.bytesPerLayer }

    /// Component `component` of `layer`'s value after the last frame (value units).
    public func output(_ component: Int, layer: Int) -> Double { out(component)[layer] }

    /// Inside its active interval.
    public func isActive(_ layer: Int, at time: Double) -> Bool { schedule.isActive(layer, at: time) }
}
