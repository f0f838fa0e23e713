/// Pendulum layers: the UIView keyframe seed (rotations of −270°, 180°, 234°, 144°, then a 100-point shift, at
/// relative starts 0, 0.15, 0.25, 0.45, 0.65, each with ease-in-out), each layer with its own begin time and duration.
/// Per layer, each keyframe starts from the value reached so far and eases toward its own value over its slice of the
/// layer's duration. Outputs: rotation (radians) and shift (points).
public final class PendulumLayers: LayerKernel, @unchecked Sendable {
    /// Number of layers.
    public let count: Int
    /// Two outputs per layer: rotation and shift.
    public static let outputCount = 2
    /// Two outputs per layer: rotation and shift. (`outputCount`)
    public let components = PendulumLayers.outputCount
    /// begin, duration, rotation, shift.
    let columns: LayerColumns
    let curve = TabulatedCubicBezier(CompactCubicBezier(.easeInOut))

    /// The keyframes' relative start times (fractions of the duration); each runs until the next one starts, the last
    /// until 1.
    public static let keyframeStarts = [0, 0.15, 0.25, 0.45, 0.65]
    /// The keyframes' rotations, in radians.
    public static let rotations: [Double] = [-270, 180, 234, 144, 0].map { $0 * .pi / 180 }
    /// The keyframes' shifts, in points.
    public static let shifts: [Double] = [0, 0, 0, 0, 100]

    /// `count` layers at rest (begin 0, duration 0) until set.
    public init(count: Int) {
        self.count = count
        columns = LayerColumns(columns: 4, count: count)
    }

    /// Sets layer `layer` to begin at `begin` seconds and run its keyframes over `duration` seconds.
    public func set(_ layer: Int, begin: Double, duration: Double) {
        precondition((0..<count).contains(layer), "layer \(layer) is outside 0..<\(count)")
        (columns[0][layer], columns[1][layer]) = (begin, duration)
    }

    /// Layer `layer`'s begin time and duration, in seconds.
    public func parameters(_ layer: Int) -> (begin: Double, duration: Double) { (columns[0][layer], columns[1][layer]) }

    /// Per block: each layer's progress through every keyframe (0 before its start, which leaves the value as it is),
    /// then the easing, then both values move toward each keyframe's in turn.
    ///
    /// The easing is a function of each input alone (`TabulatedCubicBezier.ease` leaves inputs outside (0, 1) as they
    /// are and solves each interior one on its own), and a layer is inside at most one keyframe at a time but for
    /// rounding at a boundary. So the first pass also keeps, per layer, its interior progress (or 0), and the block
    /// eases those values at once instead of five columns of them; the last pass takes the eased value where a
    /// progress was interior and the progress itself elsewhere: the numbers that easing each keyframe's column gives.
    /// A block with a layer inside two keyframes eases the five columns as they are. Two layers at a time in `SIMD2`
    /// lanes, each lane operation the scalar one on the same operands in the same order: the outputs are the same bits.
    public func evaluate(_ frame: LayerFrame, layers range: Range<Int>) {
        let begin = columns[0], duration = columns[1], rotation = columns[2], shift = columns[3]
        let time = frame.time, curve = self.curve
        let keyframes = Self.keyframes
        // Keyframe k's constants (k is a constant wherever this is called).
        @inline(__always) func keyframe(_ k: Int) -> Keyframe {
            switch k {
            case 0: keyframes.0
            case 1: keyframes.1
            case 2: keyframes.2
            case 3: keyframes.3
            default: keyframes.4
            }
        }
        LayerBlock.forEach(in: range) { block, interior in
            Self.withKeyframeColumns(block) { progress in
                @inline(__always) func isInterior(_ x: SIMD2<Double>) -> SIMDMask<SIMD2<Int64>> { (x .> 0) .& (x .< 1) }
                // Pass 1: keyframe k's progress, min((local − start) / length, 1) where length > 0 (else 1), and 0
                // before its start; per layer the sum of its interior progresses (its interior progress where there is
                // at most one: 0 + x and x + 0 are x exactly for x in (0, 1), a masked-off lane adds +0), and whether a
                // second keyframe was interior too (bits of the compare masks, or-ed over the block).
                var overlap = SIMD2<Int64>.zero
                @inline(__always) func progressPair(_ i: Int, _ j: Int) {
                    let local = time - lanes(begin, i, j), d = lanes(duration, i, j)
                    var inside = SIMD2<Double>.zero, seen = SIMD2<Int64>.zero
                    @inline(__always) func step(_ k: Int) {
                        let start = keyframe(k).startFraction * d, length = keyframe(k).lengthFraction * d
                        let ratio = (local - start) / length
                        // min(ratio, 1) is `1 < ratio ? 1 : ratio`.
                        let clamped = ratio.replacing(with: 1, where: ratio .> 1).replacing(with: 1, where: .!(length .> 0))
                        let x = maskedLanes(clamped, local .>= start)
                        storeLanes(x, progress(k), i, j)
                        let interior = isInterior(x)
                        inside += maskedLanes(x, interior)
                        let bits = unsafeBitCast(interior, to: SIMD2<Int64>.self)
                        overlap |= seen & bits
                        seen |= bits
                    }
                    step(0); step(1); step(2); step(3); step(4)
                    storeLanes(inside, interior, i, j)
                }
                forEachLanePair(block, progressPair)
                let single = overlap == .zero
                if single {
                    curve.ease(interior + block.lowerBound, count: block.count)
                } else {
                    for k in 0..<5 { curve.ease(progress(k) + block.lowerBound, count: block.count) }
                }
                // Pass 2: rotation and shift from 0, each keyframe's eased progress moving them toward its values.
                @inline(__always) func valuePair(_ i: Int, _ j: Int, single: Bool) -> (SIMD2<Double>, SIMD2<Double>) {
                    var r = SIMD2<Double>.zero, s = SIMD2<Double>.zero
                    let eased = lanes(interior, i, j)
                    @inline(__always) func step(_ k: Int) {
                        let x = lanes(progress(k), i, j)
                        let e = single ? x.replacing(with: eased, where: isInterior(x)) : x
                        r += (keyframe(k).angle - r) * e
                        s += (keyframe(k).offset - s) * e
                    }
                    step(0); step(1); step(2); step(3); step(4)
                    return (r, s)
                }
                @inline(__always) func values(single: Bool) {
                    forEachLanePair(block) { i, j in
                        let (r, s) = valuePair(i, j, single: single)
                        storeLanes(r, rotation, i, j)
                        storeLanes(s, shift, i, j)
                    }
                }
                if single { values(single: true) } else { values(single: false) }
            }
        }
    }

    /// One keyframe's constants: its start and length as fractions of the duration, its rotation and its shift.
    private struct Keyframe {
        let startFraction: Double, lengthFraction: Double, angle: Double, offset: Double
    }

    /// The five keyframes: each runs from its start until the next one's (the last until 1); the length is that
    /// difference, the same subtraction the layers made per keyframe.
    private static let keyframes: (Keyframe, Keyframe, Keyframe, Keyframe, Keyframe) = {
        let all = (0..<5).map { k in
            Keyframe(startFraction: keyframeStarts[k], lengthFraction: (k + 1 < 5 ? keyframeStarts[k + 1] : 1) - keyframeStarts[k],
                     angle: rotations[k], offset: shifts[k])
        }
        return (all[0], all[1], all[2], all[3], all[4])
    }()

    /// Runs `body` with five scratch columns of `LayerBlock.size` doubles on the stack (1 KiB each, the size
    /// `withUnsafeTemporaryAllocation` always places there), column k indexed by layer (`column(k)[i]` for i in
    /// `block`).
    @inline(__always)
    private static func withKeyframeColumns(_ block: Range<Int>,
                                            _ body: (_ column: (Int) -> UnsafeMutablePointer<Double>) -> Void) {
        let size = LayerBlock.size
        // baseAddress! cannot fail: each buffer holds `size` (> 0) elements.
        withUnsafeTemporaryAllocation(of: Double.self, capacity: size) { c0 in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: size) { c1 in
                withUnsafeTemporaryAllocation(of: Double.self, capacity: size) { c2 in
                    withUnsafeTemporaryAllocation(of: Double.self, capacity: size) { c3 in
                        withUnsafeTemporaryAllocation(of: Double.self, capacity: size) { c4 in
                            let columns = (c0.baseAddress! - block.lowerBound, c1.baseAddress! - block.lowerBound,
                                           c2.baseAddress! - block.lowerBound, c3.baseAddress! - block.lowerBound,
                                           c4.baseAddress! - block.lowerBound)
                            body { k in
                                switch k {
                                case 0: columns.0
                                case 1: columns.1
                                case 2: columns.2
                                case 3: columns.3
                                default: columns.4
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Rotation and shift back to 0.
    public func reset() {
        columns[2].update(repeating: 0, count: count)
        columns[3].update(repeating: 0, count: count)
    }

    /// Begin and duration are read; rotation and shift written.
    public var streamColumns: LayerStreamColumns {
        LayerStreamColumns(reads: [columns[0], columns[1]], writes: [columns[2], columns[3]])
    }

    /// Four columns.
    public var bytesPerLayer: Int { columns.columns * MemoryLayout<Double>.size }

    /// Rotation (component 0, radians) or shift (1, points) of `layer` after the last frame.
    public func output(_ component: Int, layer: Int) -> Double { columns[2 + component][layer] }

    /// Begun and not past its duration.
    public func isActive(_ layer: Int, at time: Double) -> Bool {
        let local = time - columns[0][layer]
        return local > 0 && local < columns[1][layer]
    }
}
