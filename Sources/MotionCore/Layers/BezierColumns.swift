/// Per-layer cubic Béziers in five columns of `LayerColumns`: x1, y1, x2, y2 and the solver tolerance.
struct BezierColumns: @unchecked Sendable {
    let x1: UnsafeMutablePointer<Double>, y1: UnsafeMutablePointer<Double>
    let x2: UnsafeMutablePointer<Double>, y2: UnsafeMutablePointer<Double>
    /// Each curve's tolerance on t, or +infinity for a curve whose output needs a scale (|y1| or |y2| beyond
    /// `BezierOutputScale.largestUnscaled`): then the last step's certificate fails without a test in the loop, and
    /// `CompactCubicBezier.value(at:)` answers in the scaled form. `curve(_:)` gives the real tolerance back.
    let tolerance: UnsafeMutablePointer<Double>

    /// Columns per curve.
    static let columnCount = 5

    /// Curves stored in columns `first`…`first + 4` of `columns`.
    init(_ columns: LayerColumns, first: Int) {
        (x1, y1, x2, y2, tolerance) = (columns[first], columns[first + 1], columns[first + 2], columns[first + 3],
                                       columns[first + 4])
    }

    /// Stores layer `index`'s curve.
    func set(_ index: Int, _ curve: CompactCubicBezier) {
        let scaled = BezierOutputScale(y1: curve.y1, y2: curve.y2) != nil
        (x1[index], y1[index], x2[index], y2[index], tolerance[index]) = (curve.x1, curve.y1, curve.x2, curve.y2,
                                                                         scaled ? .infinity : curve.tolerance)
    }

    /// Layer `index`'s curve, with its real tolerance (recomputed where the column holds +infinity).
    @inline(__always)
    func curve(_ index: Int) -> CompactCubicBezier {
        let stored = tolerance[index]
        guard stored.isFinite else {
            return CompactCubicBezier(validatedX1: x1[index], y1: y1[index], x2: x2[index], y2: y2[index])
        }
        return CompactCubicBezier(storedX1: x1[index], y1: y1[index], x2: x2[index], y2: y2[index], tolerance: stored)
    }

    /// Newton steps from the coarse guess: its error is about 1e-2, so three steps reach the tolerance and the fourth
    /// certifies it.
    static let newtonSteps = 4

    /// Replaces `values[i]` (an input in [0, 1]) by layer i's curve output for the layers in `range`, a block of
    /// `LayerBlock.size` at a time.
    func ease(_ values: UnsafeMutablePointer<Double>, layers range: Range<Int>) {
        guard !range.isEmpty else { return }
        BlockScratch.withColumns { scratch in
            var lower = range.lowerBound
            while lower < range.upperBound {
                let upper = min(lower + LayerBlock.size, range.upperBound)
                easeBlock(values, layers: lower..<upper, scratch: scratch.indexed(from: lower))
                lower = upper
            }
        }
    }

    /// `ease` for at most `LayerBlock.size` layers, each with its own curve: the same steps as
    /// `CompactCubicBezier.value(at:)` — the mirrored frame, the coarse guess from the frame at 1/4, 1/2, 3/4, Newton
    /// steps, the Kantorovich certificate on the last one — but a fixed number of steps and selects instead of
    /// branches, two layers per `SIMD2` lane pair; layers whose last step is not certified (every interior input of a
    /// curve whose output needs a scale, whose tolerance column holds +infinity) are solved again by `value(at:)`.
    /// Same bound.
    ///
    /// Each step is its own pass over the block: one layer's steps form a chain of dependent divisions (about 40
    /// cycles a step), and a loop that ran all of a layer's steps before the next layer left the processor waiting on
    /// that chain; a pass over many layers gives it independent work to overlap. The first pass computes each layer's
    /// mirrored frame once into `BlockScratch`, and the Newton passes read it back instead of recomputing it from the
    /// columns: a stored double reads back exactly, so every step sees the same operands as before.
    ///
    /// Bit-identical to the scalar form: each lane performs the same IEEE-754 double operations in the same order
    /// (Swift does not contract a * b + c into a fused multiply-add, and the baseline target has none), and the
    /// selects pick the same values the conditionals did.
    func easeBlock(_ values: UnsafeMutablePointer<Double>, layers block: Range<Int>, scratch: BlockScratch) {
        // The scratch columns have an even stride (`LayerBlock.size`, 128): a Newton pass runs over whole lane pairs,
        // and the first pass fills an odd last layer's spare lane with a copy of that layer.
        var i = block.lowerBound
        while i &+ 1 < block.upperBound {
            frameAndGuess(values, scratch, i, pair: true)
            i &+= 2
        }
        if i < block.upperBound { frameAndGuess(values, scratch, i, pair: false) }
        for _ in 1..<Self.newtonSteps {
            i = block.lowerBound
            while i < block.upperBound {
                storeLanes(Self.newtonStep(lanes(scratch.root, i), scratch.frame(i)).next, scratch.root, i)
                i &+= 2
            }
        }
        // `anyPending` gathers the uncertified lanes, so that a block without one skips the scan below.
        var anyPending = SIMDMask<SIMD2<Int64>>(repeating: false)
        i = block.lowerBound
        while i &+ 1 < block.upperBound {
            anyPending .|= lastStep(values, scratch, i, pair: true)
            i &+= 2
        }
        if i < block.upperBound { anyPending .|= lastStep(values, scratch, i, pair: false) }
        guard any(anyPending) else { return }
        // Rare: the complete solve where the last step was not certified (`pending` holds its input, ≥ 0).
        for i in block where scratch.pending[i] >= 0 { values[i] = curve(i).value(at: scratch.pending[i]) }
    }

    /// The first pass for layers i, i + 1 (`pair`) or layer i alone in both lanes: the mirrored frame into `scratch`
    /// and the coarse guess into `scratch.root`.
    @inline(__always)
    private func frameAndGuess(_ values: UnsafeMutablePointer<Double>, _ scratch: BlockScratch, _ i: Int, pair: Bool) {
        let x = Self.load(values, i, pair: pair)
        let m = Self.mirrorSelector(x), n = 1 - m
        let xa = Self.load(x1, i, pair: pair), xb = Self.load(x2, i, pair: pair)
        let p1 = xa * n + (1 - xb) * m, p2 = xb * n + (1 - xa) * m
        let a = 1 + 3 * p1 - 3 * p2, b = 3 * p2 - 6 * p1
        let target = x * n + (1 - x) * m
        storeLanes(target, scratch.target, i)
        storeLanes(p1, scratch.p1, i)
        storeLanes(p2, scratch.p2, i)
        storeLanes(3 * a, scratch.a3, i)
        storeLanes(2 * b, scratch.b2, i)
        // B at 1/4, 1/2, 3/4: 3uv(u·p1 + v·p2) + v³.
        let quarter = 0.5625 * (0.75 * p1 + 0.25 * p2) + 0.015625
        let half = 0.375 * (p1 + p2) + 0.125
        let threeQuarters = 0.5625 * (0.25 * p1 + 0.75 * p2) + 0.421875
        let upper = target .>= half, top = target .>= threeQuarters, second = target .>= quarter
        // upper ? (top ? …) : (second ? …) as two selects per value.
        let low = SIMD2<Double>(repeating: 0).replacing(with: 0.25, where: second)
            .replacing(with: SIMD2(repeating: 0.5).replacing(with: 0.75, where: top), where: upper)
        let lowValue = SIMD2<Double>(repeating: 0).replacing(with: quarter, where: second)
            .replacing(with: half.replacing(with: threeQuarters, where: top), where: upper)
        let highValue = quarter.replacing(with: half, where: second)
            .replacing(with: threeQuarters.replacing(with: 1, where: top), where: upper)
        let rise = highValue - lowValue
        let divisor = SIMD2<Double>(repeating: 1).replacing(with: rise, where: rise .> 0)
        storeLanes(low + 0.25 * (target - lowValue) / divisor, scratch.root, i)
    }

    /// The last pass for layers i, i + 1 (`pair`) or layer i alone: the last Newton step, its certificate and the
    /// output into `values`; `scratch.pending` gets the input where the step is not certified and −1 elsewhere.
    /// Returns the lanes not certified.
    @inline(__always)
    private func lastStep(_ values: UnsafeMutablePointer<Double>, _ scratch: BlockScratch, _ i: Int, pair: Bool)
        -> SIMDMask<SIMD2<Int64>>
    {
        let x = Self.load(values, i, pair: pair)
        let frame = scratch.frame(i)
        let (v, step, slope) = Self.newtonStep(lanes(scratch.root, i), frame)
        let m = Self.mirrorSelector(x), n = 1 - m
        // max|B″|/2 over [0, 1], from B″/2 = 3a·v + b at the ends (a and b as the first pass computed them).
        let a = 1 + 3 * frame.p1 - 3 * frame.p2, b = 3 * frame.p2 - 6 * frame.p1
        let bEnd = 3 * a + b
        let absB = laneMagnitudes(b), absBEnd = laneMagnitudes(bEnd)
        let curvature = 2 * absBEnd.replacing(with: absB, where: absB .> absBEnd)
        let tol = Self.load(tolerance, i, pair: pair)
        let small = curvature * step * step .<= tol * slope
        let steep = slope .> 4 * tol * curvature
        let interior = (x .> 0) .& (x .< 1)
        // Certified where small and steep, or not interior (the scalar form's small·steep + (1 − interior) ≠ 0).
        let certified = (small .& steep) .| .!interior
        storeLanes(x.replacing(with: -1, where: certified), scratch.pending, i)
        let u = 1 - v, weight = 3 * u * v
        let yA = Self.load(y1, i, pair: pair), yB = Self.load(y2, i, pair: pair)
        // f = (weight·u)·(yA·n + (1 − yB)·m) + ((weight·v)·(yB·n + (1 − yA)·m) + v·v·v), in parts (the same order).
        let first: SIMD2<Double> = yA * n + (1 - yB) * m, second: SIMD2<Double> = yB * n + (1 - yA) * m
        let cube: SIMD2<Double> = v * v * v
        let f: SIMD2<Double> = (weight * u) * first + ((weight * v) * second + cube)
        let eased = f * n + (1 - f) * m
        let end = SIMD2<Double>(repeating: 0).replacing(with: 1, where: x .>= 1)
        Self.store(end.replacing(with: eased, where: interior), values, i, pair: pair)
        return .!certified
    }

    /// m = 1 where x is in the mirrored half (x > 0.5), else 0.
    @inline(__always)
    static func mirrorSelector(_ x: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(repeating: 0).replacing(with: 1, where: x .> 0.5)
    }

    /// Layers i and i + 1 of `column` (`pair`), or layer i in both lanes.
    @inline(__always)
    static func load(_ column: UnsafeMutablePointer<Double>, _ i: Int, pair: Bool) -> SIMD2<Double> {
        pair ? lanes(column, i) : SIMD2(repeating: column[i])
    }

    /// Stores both lanes into layers i and i + 1 of `column` (`pair`), or the first lane into layer i.
    @inline(__always)
    static func store(_ value: SIMD2<Double>, _ column: UnsafeMutablePointer<Double>, _ i: Int, pair: Bool) {
        storeLanes(value, column, i, pair ? i &+ 1 : i)
    }

    /// A lane pair's mirrored frame: its target and control points and B′'s coefficients, B′(v) = (a3·v + b2)·v + c.
    struct Frame {
        let target: SIMD2<Double>, p1: SIMD2<Double>, p2: SIMD2<Double>, a3: SIMD2<Double>, b2: SIMD2<Double>
        /// c = 3·p1, recomputed by the same multiply as the first pass.
        var c: SIMD2<Double> { 3 * p1 }
    }

    /// One block's scratch columns, indexed by layer, `LayerBlock.size` (even) entries each: the mirrored frame
    /// (target, p1, p2, a3 = 3a, b2 = 2b) and the root so far; after the last pass, `pending` (the root's column,
    /// each pair read before it is overwritten) holds each layer's input where its step was not certified, else −1.
    struct BlockScratch {
        let target, p1, p2, a3, b2, root: UnsafeMutablePointer<Double>
        /// The root's column, reused after the last step.
        var pending: UnsafeMutablePointer<Double> { root }

        /// Runs `body` with six columns of `LayerBlock.size` doubles on the stack (1 KiB each, the size that
        /// `withUnsafeTemporaryAllocation` keeps off the heap), indexed from 0.
        @inline(__always)
        static func withColumns(_ body: (BlockScratch) -> Void) {
            // baseAddress! cannot fail below: each allocation holds `LayerBlock.size` (> 0) doubles.
            withUnsafeTemporaryAllocation(of: Double.self, capacity: LayerBlock.size) { target in
                withUnsafeTemporaryAllocation(of: Double.self, capacity: LayerBlock.size) { p1 in
                    withUnsafeTemporaryAllocation(of: Double.self, capacity: LayerBlock.size) { p2 in
                        withUnsafeTemporaryAllocation(of: Double.self, capacity: LayerBlock.size) { a3 in
                            withUnsafeTemporaryAllocation(of: Double.self, capacity: LayerBlock.size) { b2 in
                                withUnsafeTemporaryAllocation(of: Double.self, capacity: LayerBlock.size) { root in
                                    body(BlockScratch(target: target.baseAddress!, p1: p1.baseAddress!,
                                                      p2: p2.baseAddress!, a3: a3.baseAddress!,
                                                      b2: b2.baseAddress!, root: root.baseAddress!))
                                }
                            }
                        }
                    }
                }
            }
        }

        /// The same columns indexed by layer, for a block starting at layer `lower`.
        @inline(__always)
        func indexed(from lower: Int) -> BlockScratch {
            BlockScratch(target: target - lower, p1: p1 - lower, p2: p2 - lower, a3: a3 - lower, b2: b2 - lower,
                         root: root - lower)
        }

        /// Layers i and i + 1's frame.
        @inline(__always)
        func frame(_ i: Int) -> Frame {
            Frame(target: lanes(target, i), p1: lanes(p1, i), p2: lanes(p2, i), a3: lanes(a3, i), b2: lanes(b2, i))
        }
    }

    /// One Newton step on B(v) = target from `v`, clamped into [0, 1]: the new root, the step and B′(v).
    @inline(__always)
    static func newtonStep(_ v: SIMD2<Double>, _ frame: Frame)
        -> (next: SIMD2<Double>, step: SIMD2<Double>, slope: SIMD2<Double>)
    {
        let w = 1 - v
        let position = 3 * w * v * (w * frame.p1 + v * frame.p2) + v * v * v
        let slope = (frame.a3 * v + frame.b2) * v + frame.c
        let step = (position - frame.target) / slope
        let next = v - step
        // next < 0 ? 0 : (next > 1 ? 1 : next): the two conditions never both hold.
        return (next.replacing(with: 1, where: next .> 1).replacing(with: 0, where: next .< 0), step, slope)
    }
}

extension CompactCubicBezier {
    /// A curve from stored fields (already validated).
    init(storedX1 x1: Double, y1: Double, x2: Double, y2: Double, tolerance: Double) {
        (self.x1, self.y1, self.x2, self.y2, self.tolerance) = (x1, y1, x2, y2, tolerance)
    }
}
