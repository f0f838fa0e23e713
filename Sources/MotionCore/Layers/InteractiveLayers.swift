/// `UIPercentDrivenInteractiveTransition` layers: each scrubbed linearly to its own percent over its own scrub time,
/// then finished or cancelled with ease-in-out at its own completion speed. Outputs: percent and offset (points).
public final class InteractiveLayers: LayerKernel, @unchecked Sendable {
    /// One layer's gesture.
    public struct Parameters: Sendable, Hashable {
        /// Begin time of the gesture, in seconds.
        public var begin: Double
        /// The transition's duration at completion speed 1, in seconds.
        public var duration: Double
        /// Percent reached by the scrub, in [0, 1].
        public var scrubTo: Double
        /// Seconds the scrub takes (> 0).
        public var scrubDuration: Double
        /// Whether the gesture finishes (to 1) or cancels (to 0).
        public var finishes: Bool
        /// The completion speed (> 0).
        public var completionSpeed: Double
        /// How far percent 1 moves the layer, in points.
        public var width: Double

        /// A gesture.
        public init(begin: Double, duration: Double, scrubTo: Double, scrubDuration: Double, finishes: Bool,
                    completionSpeed: Double, width: Double) {
            (self.begin, self.duration, self.scrubTo, self.scrubDuration) = (begin, duration, scrubTo, scrubDuration)
            (self.finishes, self.completionSpeed, self.width) = (finishes, completionSpeed, width)
        }

        /// Seconds the completion takes: the remaining (or scrubbed) share of the duration over the speed.
        public var completionSeconds: Double { (finishes ? max(1 - scrubTo, 0) : scrubTo) * duration / completionSpeed }
    }

    /// Number of layers.
    public let count: Int
    /// Two outputs per layer: percent and offset.
    public static let outputCount = 2
    /// Two outputs per layer: percent and offset. (`outputCount`)
    public let components = InteractiveLayers.outputCount
    /// begin, duration, scrubTo, scrubDuration, finish (1/0), completionSpeed, width, completion seconds, percent, offset.
    let columns: LayerColumns
    let curve = TabulatedCubicBezier(CompactCubicBezier(.easeInOut))

    /// `count` layers at rest until set.
    public init(count: Int) {
        self.count = count
        columns = LayerColumns(columns: 10, count: count)
    }

    /// Sets layer `layer`'s gesture.
    public func set(_ layer: Int, _ p: Parameters) {
        precondition((0..<count).contains(layer), "layer \(layer) is outside 0..<\(count)")
        let c = columns, i = layer
        (c[0][i], c[1][i], c[2][i], c[3][i], c[4][i], c[5][i], c[6][i]) =
            (p.begin, p.duration, p.scrubTo, p.scrubDuration, p.finishes ? 1 : 0, p.completionSpeed, p.width)
        c[7][i] = p.completionSeconds
    }

    /// Layer `layer`'s gesture.
    public func parameters(_ layer: Int) -> Parameters {
        let c = columns, i = layer
        return Parameters(begin: c[0][i], duration: c[1][i], scrubTo: c[2][i], scrubDuration: c[3][i], finishes: c[4][i] != 0,
                          completionSpeed: c[5][i], width: c[6][i])
    }

    /// Per block: the completion's progress for every layer, eased at once by the shared curve, then selects (no
    /// branch on the layer's phase). Both passes run two layers at a time in `SIMD2` lanes: each lane operation is the
    /// scalar one on the same operands in the same order, and each select the scalar ternary (its conditions and their
    /// priority, NaN included), so the outputs are the same bits.
    public func evaluate(_ frame: LayerFrame, layers range: Range<Int>) {
        let (begin, scrubTo, scrub, finish, width, completion) = (columns[0], columns[2], columns[3], columns[4], columns[6],
                                                                  columns[7])
        let (percentOut, offsetOut) = (columns[8], columns[9])
        let time = frame.time
        LayerBlock.forEach(in: range) { block, eased in
            // progress = (local − scrub) / (length > 0 ? length : 1), clamped: progress < 0 ? 0 : (progress > 1 ? 1 :
            // progress), whose two conditions exclude each other (the order of the selects does not matter).
            forEachLanePair(block) { i, j in
                let local = time - lanes(begin, i, j), length = lanes(completion, i, j)
                let progress = (local - lanes(scrub, i, j)) / selectLanes(length .> 0, length, SIMD2(repeating: 1))
                storeLanes(selectLanes(progress .> 1, SIMD2(repeating: 1), maskedLanes(progress, .!(progress .< 0))),
                           eased, i, j)
            }
            curve.ease(eased + block.lowerBound, count: block.count)
            // percent = local <= 0 ? 0 : (local < scrub ? p · local / scrub : (length > 0 ? p + (target − p) · eased :
            // target)): the inner selects first, then local <= 0 over them. (Selects as bit operations: the standard
            // library's compiled to a branch per lane here.)
            forEachLanePair(block) { i, j in
                let local = time - lanes(begin, i, j), p = lanes(scrubTo, i, j), target = lanes(finish, i, j)
                let scrubSeconds = lanes(scrub, i, j)
                let completing = selectLanes(lanes(completion, i, j) .> 0, p + (target - p) * lanes(eased, i, j),
                                             target)
                let scrubbing = p * local / scrubSeconds
                let percent = maskedLanes(selectLanes(local .< scrubSeconds, scrubbing, completing), .!(local .<= 0))
                storeLanes(percent, percentOut, i, j)
                storeLanes(percent * lanes(width, i, j), offsetOut, i, j)
            }
        }
    }

    /// Percent and offset back to 0.
    public func reset() {
        columns[8].update(repeating: 0, count: count)
        columns[9].update(repeating: 0, count: count)
    }

    /// Begin, scrub percent and time, finish, width and completion seconds are read; percent and offset written.
    public var streamColumns: LayerStreamColumns {
        LayerStreamColumns(reads: [0, 2, 3, 4, 6, 7].map { columns[$0] }, writes: [columns[8], columns[9]])
    }

    /// Ten columns.
    public var bytesPerLayer: Int { columns.columns * MemoryLayout<Double>.size }

    /// Percent (component 0) or offset (1, points) of `layer` after the last frame.
    public func output(_ component: Int, layer: Int) -> Double { columns[8 + component][layer] }

    /// Between its begin and the end of its completion.
    public func isActive(_ layer: Int, at time: Double) -> Bool {
        let local = time - columns[0][layer]
        return local > 0 && local < columns[3][layer] + columns[7][layer]
    }
}
