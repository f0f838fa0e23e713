/// `CAKeyframeAnimation` layers of a scalar: each layer with its own values, timing and easing; the key times and the
/// calculation mode are shared by the kernel. The segment of the eased progress among the key times, then linear,
/// discrete or Catmull–Rom (Kochanek–Bartels with zero tension, continuity and bias) between the layer's own values.
///
/// Cost per layer per frame: O(log n) in the number of values n (a binary search over the shared key times; up to
/// `countedKeyTimes` of them are counted instead), and O(1) for the value itself (the segment's two Catmull–Rom tangents
/// come from its four neighbouring values). Nothing is allocated per frame; memory is n + 1 columns per layer (and, per
/// kernel, n column pointers, a segment table of 4 pointers and 2 doubles per segment, and the inner key times).
public final class KeyframeLayers: LayerKernel, @unchecked Sendable {
    /// Number of layers.
    public let count: Int
    /// One output per layer: the value.
    public static let outputCount = 1
    /// One output per layer: the value. (`outputCount`)
    public let components = KeyframeLayers.outputCount
    /// Each layer's timing and curve.
    public let schedule: LayerSchedule
    /// Values per layer.
    public let valueCount: Int
    /// The shared key times in [0, 1], non-decreasing (`valueCount` of them, or one more in discrete mode).
    public let keyTimes: [Double]
    /// The shared calculation mode.
    public let mode: KeyframeAnimation<Double>.CalculationMode
    /// Up to this many key times are searched by counting them all (branch-free, as fast as a search for short lists);
    /// beyond it, by binary search.
    public static let countedKeyTimes = 16
    /// Whether the key times never decrease and hold no NaN (the binary search's condition; else they are counted).
    let keyTimesOrdered: Bool
    /// The start of each value column, built once (n pointers per kernel, not per layer or per frame).
    private let valueColumns: UnsafeMutablePointer<UnsafeMutablePointer<Double>>
    /// Per segment s in 0..<n − 1 (row 4s), the columns of its four neighbouring values: max(s − 1, 0), s, s + 1 and
    /// min(s + 2, n − 1). Built once per kernel, so that a layer's segment gives its four columns with one row read and
    /// no clamps.
    private let segmentColumns: UnsafeMutablePointer<UnsafePointer<Double>>
    /// Per segment s (row 2s), its start keyTimes[s] and its span keyTimes[s + 1] − keyTimes[s]: the same subtraction
    /// of the same two doubles that each layer made before, so the same bits, made once per kernel.
    private let segmentBounds: UnsafeMutablePointer<Double>
    /// The inner key times keyTimes[1..<n − 1] that the count compares, each in both lanes, padded with NaN to an even
    /// number (a NaN key time is never ≤ p, so it adds 0 to the count), so the count runs two compares per step with
    /// no remainder loop.
    private let countedInnerTimes: UnsafeMutablePointer<SIMD2<Double>>
    /// Entries of `countedInnerTimes`: n − 2 rounded up to even (0 for n ≤ 2).
    private let countedInnerCount: Int

    /// `count` layers of `valueCount` values each, at `keyTimes` (as `KeyframeAnimation.keyTimes` resolves them:
    /// `valueCount` entries, or `valueCount + 1` in discrete mode), interpolated by `mode`, eased by `curves`.
    public init(count: Int, valueCount: Int, keyTimes: [Double], mode: KeyframeAnimation<Double>.CalculationMode,
                curves: LayerCurves) {
        precondition(valueCount > 0 && (keyTimes.count == valueCount || (mode == .discrete && keyTimes.count == valueCount + 1)),
                     "KeyframeLayers needs a key time per value (\(valueCount) values, \(keyTimes.count) key times)")
        self.count = count
        self.valueCount = valueCount
        self.keyTimes = keyTimes
        self.mode = mode
        keyTimesOrdered = keyTimesAreOrdered(keyTimes)
        schedule = LayerSchedule(count: count, valueColumns: valueCount + 1, curves: curves)
        valueColumns = .allocate(capacity: valueCount)
        for k in 0..<valueCount { valueColumns[k] = schedule.value(k) }
        let last = valueCount - 1
        segmentColumns = .allocate(capacity: max(4 * last, 1))
        segmentBounds = .allocate(capacity: max(2 * last, 1))
        countedInnerCount = (max(last - 1, 0) + 1) / 2 * 2
        countedInnerTimes = .allocate(capacity: max(countedInnerCount, 1))
        for k in 0..<countedInnerCount {
            countedInnerTimes[k] = SIMD2(repeating: k + 1 < last ? keyTimes[k + 1] : .nan)
        }
        for segment in 0..<last {
            let neighbours = [max(segment - 1, 0), segment, segment + 1, min(segment + 2, last)]
            for (j, k) in neighbours.enumerated() { segmentColumns[4 * segment + j] = UnsafePointer(valueColumns[k]) }
            segmentBounds[2 * segment] = keyTimes[segment]
            segmentBounds[2 * segment + 1] = keyTimes[segment + 1] - keyTimes[segment]
        }
    }

    deinit {
        valueColumns.deallocate()
        segmentColumns.deallocate()
        segmentBounds.deallocate()
        countedInnerTimes.deallocate()
    }

    private var out: UnsafeMutablePointer<Double> { schedule.value(valueCount) }

    /// Sets value `key` of layer `layer` (value units); the output follows at the next frame (or `reset()`).
    public func set(_ layer: Int, key: Int, value: Double) {
        precondition((0..<count).contains(layer) && (0..<valueCount).contains(key),
                     "layer \(layer), key \(key) is outside \(count) layers of \(valueCount) values")
        schedule.value(key)[layer] = value
    }

    /// Sets value `key` of every layer to `value` (one contiguous column: for a value every layer shares).
    public func setForAllLayers(key: Int, value: Double) {
        precondition((0..<valueCount).contains(key), "key \(key) is outside \(valueCount) values")
        schedule.value(key).update(repeating: value, count: count)
    }

    /// The values of layers `range`, one array per layer in key order, read column by column (the layers of a range
    /// share each column's cache lines, where reading one layer at a time would touch a line per value per layer).
    public func values(ofLayers range: Range<Int>) -> [[Double]] {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "layers \(range) are outside \(count) layers")
        let n = valueCount
        let rows = range.map { _ in UnsafeMutablePointer<Double>.allocate(capacity: n) }
        defer { for row in rows { row.deallocate() } }
        for k in 0..<n {
            let column = UnsafePointer(valueColumns[k])
            for (j, layer) in range.enumerated() { rows[j][k] = column[layer] }
        }
        return rows.map { Array(UnsafeBufferPointer(start: $0, count: n)) }
    }

    /// Value `key` of layer `layer` (value units).
    public func value(_ layer: Int, key: Int) -> Double { schedule.value(key)[layer] }

    /// Per block, after the eased progress: the segment is Σ [keyTime_s ≤ p] over the inner key times, counted for
    /// short lists and found by binary search (the same count) for long ones; the local progress is clamped into
    /// [0, 1] (which gives the first value before the first key time and the last after the last), and the value is
    /// the Hermite form with Catmull–Rom tangents (or the linear one): no branch that depends on the layer for short
    /// lists. Value k of layer i is `values[k][i]`.
    ///
    /// Interpolating modes run two layers at a time in `SIMD2<Double>` lanes: the count is two lanes of compares, each
    /// lane's segment reads its row of `segmentColumns` and `segmentBounds`, and the arithmetic is the scalar formula
    /// on both lanes. Every lane operation is the same IEEE operation, on the same operands in the same order, as the
    /// scalar loop made per layer (no reassociation, no fused multiply-add), so the outputs are the same bits.
    public func evaluate(_ frame: LayerFrame, layers range: Range<Int>) {
        let out = self.out, last = valueCount - 1, mode = self.mode
        let cubic: Double = mode == .cubic || mode == .cubicPaced ? 1 : 0
        let values = UnsafePointer(valueColumns)
        let rows = UnsafePointer(segmentColumns), bounds = UnsafePointer(segmentBounds)
        let innerTimes = UnsafePointer(countedInnerTimes), innerCount = countedInnerCount
        let searched = keyTimesOrdered && keyTimes.count > Self.countedKeyTimes
        keyTimes.withUnsafeBufferPointer { keyTimes in
            // baseAddress! cannot fail: there are valueCount (> 0) key times or one more (the initialiser's precondition).
            let times = keyTimes.baseAddress!
            schedule.forEachBlock(range, time: frame.time) { block, progress in
                if last == 0 {
                    for i in block { out[i] = values[0][i] }
                    return
                }
                if mode == .discrete {
                    if searched {
                        for i in block {
                            let index = max(keyTimesAtOrBefore(progress[i], in: times, 0..<keyTimes.count) - 1, 0)
                            out[i] = values[min(index, last)][i]
                        }
                        return
                    }
                    for i in block {
                        var index = 0
                        for k in 0..<keyTimes.count { index = keyTimes[k] <= progress[i] ? k : index }
                        out[i] = values[min(index, last)][i]
                    }
                    return
                }
                // Layers i (lane 0) and j (lane 1) at eased progress p on segments s and t: the scalar formula
                // start = keyTimes[s], span = keyTimes[s + 1] − start, raw = span > 0 ? (p − start) / span : 1, u =
                // raw clamped into [0, 1], then the Hermite form, with each operation on both lanes. `cubic` is 1 or 0.
                @inline(__always) func interpolate(_ i: Int, _ j: Int, _ p: SIMD2<Double>, _ s: Int, _ t: Int,
                                                   cubic: Double) -> SIMD2<Double> {
                    let a = rows + 4 &* s, b = rows + 4 &* t, sa = bounds + 2 &* s, sb = bounds + 2 &* t
                    let start = SIMD2(sa[0], sb[0]), span = SIMD2(sa[1], sb[1])
                    let raw = ((p - start) / span).replacing(with: 1, where: .!(span .> 0))
                    // raw < 0 and raw > 1 exclude each other, so the order of the two selects does not matter; NaN and
                    // −0 pass through both, as through the scalar ternaries.
                    let u = raw.replacing(with: 1, where: raw .> 1).replacing(with: 0, where: raw .< 0)
                    let p0 = SIMD2(a[0][i], b[0][j]), p1 = SIMD2(a[1][i], b[1][j])
                    let p2 = SIMD2(a[2][i], b[2][j]), p3 = SIMD2(a[3][i], b[3][j])
                    let m1: SIMD2<Double> = ((p1 - p0) + (p2 - p1)) * 0.5 * cubic
                    let m2: SIMD2<Double> = ((p2 - p1) + (p3 - p2)) * 0.5 * cubic
                    let u2 = u * u, u3 = u2 * u
                    // Linear mode: the tangents are zero and the basis weights of p1 and p2 are 1 − u and u.
                    var w1: SIMD2<Double> = cubic * (2 * u3 - 3 * u2 + 1) + (1 - cubic) * (1 - u)
                    var w2: SIMD2<Double> = cubic * (3 * u2 - 2 * u3) + (1 - cubic) * u
                    if cubic == 1 {
                        // The same bits without the linear terms. For u in [−0, 1] (or NaN): 1 · a is a; 0 · (1 − u) is
                        // +0 and X = (2u³ − 3u²) + 1 is never −0 (a sum is −0 only if both terms are), so X + 0 is X;
                        // 0 · u is ±0 and Y = 3u² − 2u³ is never −0 (3u² is +0 or positive), so Y + (±0) is Y. A NaN u
                        // gives NaN with u's payload both ways.
                        w1 = 2 * u3 - 3 * u2 + 1
                        w2 = 3 * u2 - 2 * u3
                    }
                    let h1: SIMD2<Double> = u3 - 2 * u2 + u, h2: SIMD2<Double> = u3 - u2
                    return p1 * w1 + m1 * h1 + p2 * w2 + m2 * h2
                }
                // Every layer of the block, two at a time (a lone last layer takes both lanes, i == j, and stores lane
                // 0), on the segments `segments` gives.
                @inline(__always) func interpolateBlock(cubic: Double, _ segments: (SIMD2<Double>) -> (Int, Int)) {
                    var i = block.lowerBound
                    while i &+ 1 < block.upperBound {
                        let p = lanes(progress, i), (s, t) = segments(p)
                        storeLanes(interpolate(i, i &+ 1, p, s, t, cubic: cubic), out, i)
                        i &+= 2
                    }
                    if i < block.upperBound {
                        let p = SIMD2(repeating: progress[i]), (s, t) = segments(p)
                        out[i] = interpolate(i, i, p, s, t, cubic: cubic)[0]
                    }
                }
                // The segment: counted, Σ [keyTimes[k] ≤ p] over the inner key times in both lanes at once, or found by
                // binary search (the same count) per lane.
                @inline(__always) func counted(_ p: SIMD2<Double>) -> (Int, Int) {
                    var count = SIMD2<Int64>.zero, k = 0
                    while k < innerCount {
                        count &+= SIMD2<Int64>.zero.replacing(with: 1, where: innerTimes[k] .<= p)
                        count &+= SIMD2<Int64>.zero.replacing(with: 1, where: innerTimes[k &+ 1] .<= p)
                        k &+= 2
                    }
                    return (Int(truncatingIfNeeded: count[0]), Int(truncatingIfNeeded: count[1]))
                }
                @inline(__always) func searchedSegments(_ p: SIMD2<Double>) -> (Int, Int) {
                    (keyTimesAtOrBefore(p[0], in: times, 1..<last), keyTimesAtOrBefore(p[1], in: times, 1..<last))
                }
                // One loop per mode and search, with `cubic` a constant in each: the compiler folds x · 1 to x (an
                // exact identity) and nothing else, so the outputs are those of the loop with `cubic` as a variable.
                switch (cubic == 1, searched) {
                case (true, false): interpolateBlock(cubic: 1, counted)
                case (true, true): interpolateBlock(cubic: 1, searchedSegments)
                case (false, false): interpolateBlock(cubic: 0, counted)
                case (false, true): interpolateBlock(cubic: 0, searchedSegments)
                }
            }
        }
    }

    /// Every output back to the layer's first value.
    public func reset() {
        out.update(from: schedule.value(0), count: count)
    }

    /// Timing, curves and the values are read; the output written. Short lists (counted): every value column, as any
    /// may be read. Searched lists: a layer reads only its segment's four neighbouring values (one in discrete mode),
    /// wherever they lie, and the key times it probes are shared by every layer; so four value columns (one) stand for
    /// its value traffic, rather than all n.
    public var streamColumns: LayerStreamColumns {
        let searched = keyTimesOrdered && keyTimes.count > Self.countedKeyTimes
        let read = searched ? min(valueCount, mode == .discrete ? 1 : 4) : valueCount
        return LayerStreamColumns(reads: schedule.streamReads + (0..<read).map(schedule.value), writes: [out])
    }

    /// Timing, curves, values and the output.
    public var bytesPerLayer: Int { schedule.bytesPerLayer }

    /// `layer`'s value after the last frame (value units).
    public func output(_ component: Int, layer: Int) -> Double { out[layer] }

    /// Inside its active interval.
    public func isActive(_ layer: Int, at time: Double) -> Bool { schedule.isActive(layer, at: time) }
}
