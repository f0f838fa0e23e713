/// `CAKeyframeAnimation` layers of a scalar: each layer with its own values, timing and easing; the key times and the
/// calculation mode are shared by the kernel. The segment of the eased progress among the key times, then linear,
/// discrete or Catmull–Rom (Kochanek–Bartels with zero tension, continuity and bias) between the layer's own values.
///
/// Cost per layer per frame: O(log n) in the number of values n (a binary search over the shared key times; up to
/// `countedKeyTimes` of them are counted instead), and O(1) for the value itself (the segment's two Catmull–Rom tangents
/// come from its four neighbouring values). Nothing is allocated per frame; memory is n + 1 columns per layer (and n column pointers per kernel).
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
    }

    deinit { valueColumns.deallocate() }

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
    public func evaluate(_ frame: LayerFrame, layers range: Range<Int>) {
        let out = self.out, last = valueCount - 1, mode = self.mode
        let cubic: Double = mode == .cubic || mode == .cubicPaced ? 1 : 0
        let values = UnsafePointer(valueColumns)
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
                // Layer i at eased progress p on segment `segment`.
                @inline(__always) func interpolate(_ i: Int, _ p: Double, _ segment: Int) {
                    let start = keyTimes[segment], span = keyTimes[segment + 1] - start
                    let raw = span > 0 ? (p - start) / span : 1
                    let u = raw < 0 ? 0 : (raw > 1 ? 1 : raw)
                    let p0 = values[max(segment - 1, 0)][i], p1 = values[segment][i]
                    let p2 = values[segment + 1][i], p3 = values[min(segment + 2, last)][i]
                    let m1 = ((p1 - p0) + (p2 - p1)) * 0.5 * cubic, m2 = ((p2 - p1) + (p3 - p2)) * 0.5 * cubic
                    let u2 = u * u, u3 = u2 * u
                    // Linear mode: the tangents are zero and the basis weights of p1 and p2 are 1 − u and u.
                    let w1 = cubic * (2 * u3 - 3 * u2 + 1) + (1 - cubic) * (1 - u)
                    let w2 = cubic * (3 * u2 - 2 * u3) + (1 - cubic) * u
                    out[i] = p1 * w1 + m1 * (u3 - 2 * u2 + u) + p2 * w2 + m2 * (u3 - u2)
                }
                if searched {
                    for i in block { interpolate(i, progress[i], keyTimesAtOrBefore(progress[i], in: times, 1..<last)) }
                    return
                }
                for i in block {
                    let p = progress[i]
                    var segment = 0
                    for k in 1..<last { segment &+= keyTimes[k] <= p ? 1 : 0 }
                    interpolate(i, p, segment)
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
