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
            InteriorInputs.with { interior in
                var lower = range.lowerBound
                while lower < range.upperBound {
                    let upper = min(lower + LayerBlock.size, range.upperBound)
                    let count = interior.gather(values + lower, count: upper - lower)
                    easeInterior(values, layers: lower..<upper, interior, count: count, scratch: scratch)
                    lower = upper
                }
            }
        }
    }

    /// `ease` for a block of at most `LayerBlock.size` layers whose `count` interior inputs (0 < x < 1) are gathered
    /// in `interior` (offsets from `block.lowerBound`), each with its own curve: every other layer's output is its end
    /// value (0 for an input ≤ 0, 1 for an input ≥ 1, as `value(at:)` answers there), and the interior inputs take the
    /// same steps as `CompactCubicBezier.value(at:)` — the mirrored frame, the coarse guess from the frame at 1/4,
    /// 1/2, 3/4, Newton steps, the Kantorovich certificate on the last one — but a fixed number of steps and selects
    /// instead of branches, two inputs per `SIMD2` lane pair; inputs whose last step is not certified (every interior
    /// input of a curve whose output needs a scale, whose tolerance column holds +infinity) are solved again by
    /// `value(at:)`. Same bound. Between its cycles, or before its start and after its end, a layer's progress is 0 or
    /// 1, so on a typical frame about half the layers skip the solve.
    ///
    /// Each step is its own pass over the list: one input's steps form a chain of dependent divisions (about 40
    /// cycles a step), and a loop that ran all of an input's steps before the next left the processor waiting on that
    /// chain; a pass over many inputs gives it independent work to overlap. The first pass computes each input's
    /// mirrored frame once into `BlockScratch`, and the Newton passes read it back instead of recomputing it from the
    /// columns: a stored double reads back exactly, so every step sees the same operands as before.
    ///
    /// Bit-identical to the scalar form: each lane performs the same IEEE-754 double operations in the same order
    /// (Swift does not contract a * b + c into a fused multiply-add, and the baseline target has none), and the
    /// selects pick the same values the conditionals did.
    func easeInterior(_ values: UnsafeMutablePointer<Double>, layers block: Range<Int>, _ interior: InteriorInputs,
                      count interiorCount: Int, scratch: BlockScratch) {
        for k in block { values[k] = values[k] >= 1 ? 1 : 0 }  // the ends; the interior layers are overwritten below
        guard interiorCount > 0 else { return }
        let list = List(interior, block: block.lowerBound)
        // The passes run over whole lane pairs: an odd list's spare slot repeats its last input (the same layer, the
        // same output written twice). The list holds `LayerBlock.size` (even) slots, so the spare one exists.
        var count = interiorCount
        if count % 2 == 1 {
            interior.inputs[count] = interior.inputs[count &- 1]
            interior.offsets[count] = interior.offsets[count &- 1]
            count &+= 1
        }
        for q in stride(from: 0, to: count, by: 2) { frameAndGuess(list, scratch, q) }
        for _ in 1..<Self.newtonSteps {
            for q in stride(from: 0, to: count, by: 2) {
                storeLanes(Self.newtonStep(lanes(scratch.root, q), scratch.frame(q)).next, scratch.root, q)
            }
        }
        // `anyPending` gathers the uncertified lanes, so that a block without one skips the scan below.
        var anyPending = SIMDMask<SIMD2<Int64>>(repeating: false)
        for q in stride(from: 0, to: count, by: 2) { anyPending .|= lastStep(values, list, scratch, q) }
        guard any(anyPending) else { return }
        // Rare: the complete solve where the last step was not certified (`pending` holds its input, > 0).
        for q in 0..<count where scratch.pending[q] >= 0 {
            let layer = list.layer(q)
            values[layer] = curve(layer).value(at: scratch.pending[q])
        }
    }

    /// A block's gathered interior inputs, read by list slot with their layers.
    struct List {
        /// The inputs and their offsets in the block.
        let interior: InteriorInputs
        /// The block's first layer.
        let block: Int

        /// An input list for the block starting at layer `block`.
        @inline(__always)
        init(_ interior: InteriorInputs, block: Int) { (self.interior, self.block) = (interior, block) }

        /// The layer of slot `q`.
        @inline(__always)
        func layer(_ q: Int) -> Int { block &+ Int(interior.offsets[q]) }

        /// The inputs of slots q and q + 1.
        @inline(__always)
        func inputs(_ q: Int) -> SIMD2<Double> { lanes(interior.inputs, q) }

        /// Column `column`'s entries for the layers of slots q and q + 1.
        @inline(__always)
        func gathered(_ column: UnsafeMutablePointer<Double>, _ q: Int) -> SIMD2<Double> {
            SIMD2(column[layer(q)], column[layer(q &+ 1)])
        }
    }

    /// The first pass for list slots q and q + 1: the mirrored frame into `scratch` and the coarse guess into
    /// `scratch.root`.
    @inline(__always)
    private func frameAndGuess(_ list: List, _ scratch: BlockScratch, _ q: Int) {
        let x = list.inputs(q)
        let m = Self.mirrorSelector(x), n = 1 - m
        let xa = list.gathered(x1, q), xb = list.gathered(x2, q)
        let p1 = xa * n + (1 - xb) * m, p2 = xb * n + (1 - xa) * m
        let a = 1 + 3 * p1 - 3 * p2, b = 3 * p2 - 6 * p1
        let target = x * n + (1 - x) * m
        storeLanes(target, scratch.target, q)
        storeLanes(p1, scratch.p1, q)
        storeLanes(p2, scratch.p2, q)
        storeLanes(3 * a, scratch.a3, q)
        storeLanes(2 * b, scratch.b2, q)
        // B at 1/4, 1/2, 3/4: 3uv(u·p1 + v·p2) + v³.
        let quarter = 0.5625 * (0.75 * p1 + 0.25 * p2) + 0.015625
        let half = 0.375 * (p1 + p2) + 0.125
        let threeQuarters = 0.5625 * (0.25 * p1 + 0.75 * p2) + 0.421875
        let upper = target .>= half, top = target .>= threeQuarters, second = target .>= quarter
        // upper ? (top ? …) : (second ? …) as two selects per value.
        let low = selectLanes(upper, selectLanes(top, SIMD2(repeating: 0.75), SIMD2(repeating: 0.5)),
                              maskedLanes(SIMD2(repeating: 0.25), second))
        let lowValue = selectLanes(upper, selectLanes(top, threeQuarters, half), maskedLanes(quarter, second))
        let highValue = selectLanes(upper, selectLanes(top, SIMD2(repeating: 1), threeQuarters),
                                    selectLanes(second, half, quarter))
        let rise = highValue - lowValue
        let divisor = selectLanes(rise .> 0, rise, SIMD2(repeating: 1))
        storeLanes(low + 0.25 * (target - lowValue) / divisor, scratch.root, q)
    }

    /// The last pass for list slots q and q + 1 (interior inputs): the last Newton step, its certificate and the
    /// output into the slots' layers of `values`; `scratch.pending` gets the input where the step is not certified and
    /// −1 elsewhere. Returns the lanes not certified.
    @inline(__always)
    private func lastStep(_ values: UnsafeMutablePointer<Double>, _ list: List, _ scratch: BlockScratch, _ q: Int)
        -> SIMDMask<SIMD2<Int64>>
    {
        let x = list.inputs(q)
        let frame = scratch.frame(q)
        let (v, step, slope) = Self.newtonStep(lanes(scratch.root, q), frame)
        let m = Self.mirrorSelector(x), n = 1 - m
        // max|B″|/2 over [0, 1], from B″/2 = 3a·v + b at the ends (a and b as the first pass computed them).
        let a = 1 + 3 * frame.p1 - 3 * frame.p2, b = 3 * frame.p2 - 6 * frame.p1
        let bEnd = 3 * a + b
        let absB = laneMagnitudes(b), absBEnd = laneMagnitudes(bEnd)
        let curvature = 2 * selectLanes(absB .> absBEnd, absB, absBEnd)
        let tol = list.gathered(tolerance, q)
        let certified = (curvature * step * step .<= tol * slope) .& (slope .> 4 * tol * curvature)
        storeLanes(selectLanes(certified, SIMD2(repeating: -1), x), scratch.pending, q)
        let u = 1 - v, weight = 3 * u * v
        let yA = list.gathered(y1, q), yB = list.gathered(y2, q)
        // f = (weight·u)·(yA·n + (1 − yB)·m) + ((weight·v)·(yB·n + (1 − yA)·m) + v·v·v), in parts (the same order).
        let first: SIMD2<Double> = yA * n + (1 - yB) * m, second: SIMD2<Double> = yB * n + (1 - yA) * m
        let cube: SIMD2<Double> = v * v * v
        let f: SIMD2<Double> = (weight * u) * first + ((weight * v) * second + cube)
        let eased = f * n + (1 - f) * m
        values[list.layer(q)] = eased[0]
        values[list.layer(q &+ 1)] = eased[1]
        return .!certified
    }

    /// m = 1 where x is in the mirrored half (x > 0.5), else 0.
    @inline(__always)
    static func mirrorSelector(_ x: SIMD2<Double>) -> SIMD2<Double> {
        maskedLanes(SIMD2(repeating: 1), x .> 0.5)
    }

    /// A lane pair's mirrored frame: its target and control points and B′'s coefficients, B′(v) = (a3·v + b2)·v + c.
    struct Frame {
        let target: SIMD2<Double>, p1: SIMD2<Double>, p2: SIMD2<Double>, a3: SIMD2<Double>, b2: SIMD2<Double>
        /// c = 3·p1, recomputed by the same multiply as the first pass.
        var c: SIMD2<Double> { 3 * p1 }
    }

    /// One block's scratch, `LayerBlock.size` (even) doubles per column, indexed by list slot: each interior input's
    /// mirrored frame (target, p1, p2, a3 = 3a, b2 = 2b) and its root so far; after the last pass, `pending` (the
    /// root's column, each pair read before it is overwritten) holds the input where its step was not certified, else
    /// −1.
    struct BlockScratch {
        let target, p1, p2, a3, b2, root: UnsafeMutablePointer<Double>
        /// The root's column, reused after the last step.
        var pending: UnsafeMutablePointer<Double> { root }

        /// Runs `body` with six columns of `LayerBlock.size` doubles on the stack (1 KiB each, the size that
        /// `withUnsafeTemporaryAllocation` keeps off the heap).
        @inline(__always)
        static func withColumns(_ body: (BlockScratch) -> Void) {
            withColumn { target in
                withColumn { p1 in
                    withColumn { p2 in
                        withColumn { a3 in
                            withColumn { b2 in
                                withColumn { root in
                                    body(BlockScratch(target: target, p1: p1, p2: p2, a3: a3, b2: b2, root: root))
                                }
                            }
                        }
                    }
                }
            }
        }

        /// Runs `body` with one column of `LayerBlock.size` doubles on the stack.
        @inline(__always)
        private static func withColumn(_ body: (UnsafeMutablePointer<Double>) -> Void) {
            // baseAddress! cannot fail: the allocation holds `LayerBlock.size` (> 0) doubles.
            withUnsafeTemporaryAllocation(of: Double.self, capacity: LayerBlock.size) { body($0.baseAddress!) }
        }

        /// List slots q and q + 1's frame.
        @inline(__always)
        func frame(_ q: Int) -> Frame {
            Frame(target: lanes(target, q), p1: lanes(p1, q), p2: lanes(p2, q), a3: lanes(a3, q), b2: lanes(b2, q))
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
        return (selectLanes(next .> 1, SIMD2(repeating: 1), maskedLanes(next, .!(next .< 0))), step, slope)
    }
}
