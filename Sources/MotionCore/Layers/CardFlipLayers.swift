/// Card-flip layers: the card-flip seed, a group of rotation.y 0 → −π (ease-in-out) and a scale to each layer's own
/// factor that autoreverses over the two halves, each layer with its own group timing. Output: the full 4×4 transform
/// scale·rotationY·perspective with m34 = −1/`perspective`, 16 values in `CATransform3D` order.
public final class CardFlipLayers: LayerKernel, @unchecked Sendable {
    /// Number of layers.
    public let count: Int
    /// Sixteen outputs per layer: the matrix entries.
    public static let outputCount = 16
    /// Sixteen outputs per layer: the matrix entries. (`outputCount`)
    public let components = CardFlipLayers.outputCount
    /// Each layer's group timing (linear: the children ease).
    public let schedule: LayerSchedule
    /// The perspective distance d in points (m34 = −1/d), shared by the kernel.
    public let perspective: Double
    let rotationCurve = TabulatedCubicBezier(CompactCubicBezier(.easeInOut))

    /// `count` layers with perspective distance `perspective` points (≥ 1); every layer at rest (scale 0 until set).
    public init(count: Int, perspective: Double) {
        self.count = count
        self.perspective = perspective
        schedule = LayerSchedule(count: count, valueColumns: 17, curves: .shared(.linear(.identity)))
        reset()
    }

    /// Scale, then the 16 matrix entries.
    private var scaleColumn: UnsafeMutablePointer<Double> { schedule.value(0) }
    private func entry(_ index: Int) -> UnsafeMutablePointer<Double> { schedule.value(1 + index) }

    /// Sets the scale factor layer `layer` shrinks to half-way through its flip.
    public func setScale(_ layer: Int, _ scale: Double) {
        precondition((0..<count).contains(layer), "layer \(layer) is outside 0..<\(count)")
        scaleColumn[layer] = scale
    }

    /// The scale factor of layer `layer` half-way through its flip.
    public func scale(_ layer: Int) -> Double { scaleColumn[layer] }

    /// Per block: the group's progress gives the child time; the rotation child's directed progress is eased for the
    /// whole block by the shared curve; then the scale child and the matrix, with sin and cos from one `sinCosPiModerate`.
    public func evaluate(_ frame: LayerFrame, layers range: Range<Int>) {
        let m34 = -1 / perspective, scale = scaleColumn, duration = schedule.timing.durations
        let (m0, m2, m3, m5, m8, m10, m11) = (entry(0), entry(2), entry(3), entry(5), entry(8), entry(10), entry(11))
        withUnsafeTemporaryAllocation(of: Double.self, capacity: LayerBlock.size) { turnScratch in
            schedule.forEachBlock(range, time: frame.time) { block, progress in
                // baseAddress! cannot fail: the scratch holds `LayerBlock.size` (> 0) elements.
                let turn = turnScratch.baseAddress! - block.lowerBound
                // The children's directed progress: the rotation's into `turn` (eased below for the whole block),
                // the scale's into `progress`, whose group value is not read again.
                for i in block {
                    let d = duration[i]
                    (turn[i], progress[i]) = LayerTiming.cardFlipChildren(local: progress[i] * d, duration: d)
                }
                rotationCurve.ease(turn + block.lowerBound, count: block.count)
                for i in block {
                    let f = 1 + (scale[i] - 1) * progress[i]
                    // angle = −π·eased: sin(angle) = −sin(π·eased), cos(angle) = cos(π·eased).
                    let (s, cosine) = sinCosPiModerate(turn[i])  // turn is in [0, 1]
                    let sine = -s
                    m0[i] = f * cosine
                    m2[i] = -f * sine
                    m3[i] = -f * sine * m34
                    m5[i] = f
                    m8[i] = sine
                    m10[i] = cosine
                    m11[i] = cosine * m34
                }
            }
        }
    }

    /// Every matrix back to the identity with perspective.
    public func reset() {
        let identityWithPerspective = Transform3D.perspective(perspective).entries
        for index in 0..<16 { entry(index).update(repeating: identityWithPerspective[index], count: count) }
    }

    /// Timing and the scale are read; the seven entries that change are written (the other nine are constant, 0 or
    /// 1, and written once).
    public var streamColumns: LayerStreamColumns {
        LayerStreamColumns(reads: schedule.streamReads + [scaleColumn], writes: [0, 2, 3, 5, 8, 10, 11].map(entry))
    }

    /// Timing, scale and the 16 entries.
    public var bytesPerLayer: Int { schedule.bytesPerLayer }

    /// Entry `component` of `layer`'s matrix after the last frame.
    public func output(_ component: Int, layer: Int) -> Double { entry(component)[layer] }

    /// Inside its group's active interval.
    public func isActive(_ layer: Int, at time: Double) -> Bool { schedule.isActive(layer, at: time) }
}
