/// A cubic-Bézier timing function shared by many layers: `CompactCubicBezier` plus two tables. Most interior inputs
/// are answered from certified output rows (`DirectBezierRows`: per 1/128 of the input, a degree-7 polynomial in the
/// input whose error over the whole row is certified below 1e-13 when the table is built), with no root solve; the rest
/// (the first and last rows, rows next to vertical tangents and stationary inflections) are solved from a guess table
/// by one certified Newton step.
///
/// Per mirrored frame, the table has 65 nodes at coordinates j·h (j = 0…64), in X or in √X (see `coordinateIsRoot`),
/// with the root v_j of B(v) = X_j and its first and second derivatives in the coordinate. The guess is the quintic
/// Hermite interpolant of the two nodes around the input, stored per segment in power form with the segment's ends
/// [v_j, v_j+1] (a linear guess where a node has a vertical tangent), and evaluated without a clamp: the Newton step
/// after it is certified per input. It is within about 1e-9 of the root on Apple's and
/// Material's curves, so one Newton step passes the Kantorovich certificate; where it does not, the complete solve goes
/// on from that step. 8 KB per table and curve, built once and read by every layer that shares the curve. The error
/// bound and the iteration bound are `CompactCubicBezier`'s (the rows' 1e-13 lies within it). A curve whose control values exceed
/// `BezierOutputScale.largestUnscaled` certifies no step: every interior input goes on to the complete solve and the
/// scaled output (`CompactCubicBezier.output(x:frameRoot:)`).
@usableFromInline package struct TabulatedCubicBezier: Sendable {
    /// The curve and its tolerance.
    @usableFromInline package let curve: CompactCubicBezier
    /// The tolerance the batch loop's certificate tests against: the curve's, or +infinity for a curve whose output
    /// needs a scale (`BezierOutputScale`), so that its certificate fails on every input without a test in the loop.
    @usableFromInline let certifiedTolerance: Double
    /// Segments per frame.
    @usableFromInline static let segments = 64

    /// The two mirrored frames (inputs ≤ 0.5, then inputs > 0.5).
    @usableFromInline let frames: (BezierFrame, BezierFrame)
    /// Per frame f and segment j (index `rowsPerFrame`·f + j), the guess in power form on u in [0, 1],
    /// v(u) = ((((c5·u + c4)·u + c3)·u + c2)·u + c1)·u + c0, then the segment's ends v_j and v_j+1 (written by
    /// `BezierNodes.writeSegmentGuess` for `CubicBezierInverter`'s clamped guess; this table's guess is not
    /// clamped). Each frame ends with one more row, the constant v_64 (coordinate 64 exactly, the frame's end x = 0.5), so that an
    /// input's row is ⌊coordinate⌋ with no clamp to the last segment.
    @usableFromInline let segmentGuesses: [Double]
    /// The certified output polynomials (`DirectBezierRows`), `DirectBezierRows.rows` rows of
    /// `DirectBezierRows.stride` doubles, NaN where a row is not certified: the ease's fast path.
    @usableFromInline let directRows: [Double]
    /// Whether any row of `directRows` is certified (else the ease skips them).
    @usableFromInline let hasDirectRows: Bool
    /// Rows per frame in `segmentGuesses`: the segments and the end row.
    @usableFromInline static let rowsPerFrame = segments + 1
    /// Doubles per segment: six coefficients and the segment's ends (64 bytes, one cache line).
    @usableFromInline static let segmentStride = 8

    /// Whether the table's coordinate is √X rather than X (X the frame's input in [0, 0.5]).
    ///
    /// Where a frame starts flat (x′(0) = 0, as in `ease-in`, `ease-out` and (0, 1, 1, 0)), its root behaves like √X
    /// near 0, which no polynomial in X follows: a guess from nodes spaced in X is off by up to 1e-3 in the first
    /// segments and their Newton step fails the certificate. In √X the root is smooth, so such curves tabulate in √X.
    @usableFromInline package let coordinateIsRoot: Bool
    /// Segments per unit of the coordinate, 1/h: 128 in X (nodes at j/128), or 64/√0.5 in √X.
    @usableFromInline let coordinateScale: Double

    /// Builds the table for `curve` (130 root solves).
    @usableFromInline package init(_ curve: CompactCubicBezier) {
        self.curve = curve
        certifiedTolerance = BezierOutputScale(y1: curve.y1, y2: curve.y2) == nil ? curve.tolerance : .infinity
        frames = (BezierFrame(p1: curve.x1, p2: curve.x2), BezierFrame(p1: 1 - curve.x2, p2: 1 - curve.x1))
        let root = min(curve.x1, 1 - curve.x2) < BezierNodes.flatStart
        coordinateIsRoot = root
        // Node j sits at coordinate j·h; its input is that coordinate, or its square.
        let h = (root ? 0.5.squareRoot() : 0.5) / Double(Self.segments)
        coordinateScale = 1 / h
        var guesses = [Double](repeating: 0, count: 2 * Self.rowsPerFrame * Self.segmentStride)
        let frameList = [frames.0, frames.1], tolerance = curve.tolerance
        guesses.withUnsafeMutableBufferPointer { table in
            for (index, frame) in frameList.enumerated() {
                let nodes = BezierNodes.nodes(frame, count: Self.segments, spacing: h, root: root, tolerance: tolerance)
                // baseAddress! cannot fail: the table was just allocated with 2 × rowsPerFrame × segmentStride (> 0) elements.
                let frameRows = table.baseAddress! + Self.segmentStride * Self.rowsPerFrame * index
                for j in 0..<Self.segments {
                    BezierNodes.writeSegmentGuess(from: nodes[j], to: nodes[j + 1], into: frameRows + Self.segmentStride * j)
                }
                let end = frameRows + Self.segmentStride * Self.segments
                (end[5], end[6], end[7]) = (nodes[Self.segments].v, nodes[Self.segments].v, nodes[Self.segments].v)
            }
        }
        segmentGuesses = guesses
        directRows = DirectBezierRows.table(curve)
        hasDirectRows = directRows.contains { !$0.isNaN }
    }

    /// The guess at table coordinate `scaled` in [0, 64] (segments per unit times X or √X) from its row of a frame's
    /// table (the end row at 64).
    @inlinable @inline(__always)
    func rowGuess(_ table: UnsafePointer<Double>, _ scaled: Double) -> Double {
        let (j, start) = segment(scaled)
        return Self.guess(table + Self.segmentStride &* j, at: scaled - start)
    }

    /// `rowGuess` for two table coordinates on SIMD2 lanes, lane by lane the same operations (the segment's index and
    /// start from the rounded sum, then the guess polynomial by Horner's rule), each lane reading its own row.
    @inlinable @inline(__always)
    func rowGuesses(_ table: UnsafePointer<Double>, _ scaled: SIMD2<Double>) -> SIMD2<Double> {
        let rounded = (scaled - 0.5) + 0x1.8p52
        let u = scaled - (rounded - 0x1.8p52)
        let first = table + Self.segmentStride &* Int(truncatingIfNeeded: rounded.x.bitPattern & 0xFFFF_FFFF)
        let second = table + Self.segmentStride &* Int(truncatingIfNeeded: rounded.y.bitPattern & 0xFFFF_FFFF)
        var value = SIMD2(first[0], second[0])
        for k in 1..<6 { value = value * u + SIMD2(first[k], second[k]) }
        return value
    }

    /// The guess at segment coordinate `u` in [0, 1] from a segment's row of `segmentGuesses`, not clamped: the Newton
    /// step after it is certified per input from the slope at the guess itself, so a guess a hair outside the segment
    /// costs nothing, while the clamp cost two compares per input in the batch's table loop.
    @inlinable @inline(__always)
    static func guess(_ segment: UnsafePointer<Double>, at u: Double) -> Double {
        ((((segment[0] * u + segment[1]) * u + segment[2]) * u + segment[3]) * u + segment[4]) * u + segment[5]
    }

    /// Replaces each of `count` inputs in [0, 1] at `values` by the curve's output, for a loop over many layers.
    /// (Inputs outside [0, 1] are left as they are: extrapolate them with `CompactCubicBezier.value(at:)`. A single
    /// input is `CubicBezier.value(at:)`'s job, whose own table serves one call at a time.)
    ///
    /// Inputs at the ends (layers before or after their animation) are their own outputs, 0 and 1. The interior inputs
    /// are gathered without branching, and each one whose row of `directRows` is certified is answered by that row's
    /// polynomial. The others (`solveBlock`) are sorted into two lists by frame (x ≤ 0.5 and x > 0.5) without
    /// branching, so that each list is solved with its frame's constants fixed: per input the segment's guess
    /// polynomial is read and evaluated, then come one Newton step with its Kantorovich certificate and the output
    /// F(v) = 3uv·(u·Y1 + v·Y2) + v³ in frame coordinates (1 − F in the mirrored frame), in a loop without branches or
    /// table reads that the compiler vectorises. Where the step is not certified (rare), the complete solve goes on
    /// from it. The results have `value(at:)`'s bound, 0 at 0 and 1 at 1.
    ///
    /// - Returns: how many inputs needed more than the one step (a measure of the table's fit, not of the result).
    @inlinable @discardableResult
    package func ease(_ values: UnsafeMutablePointer<Double>, count: Int) -> Int {
        var lower = 0, unfinished = 0
        while lower < count {
            let length = min(LayerBlock.size, count - lower)
            unfinished += easeBlock(values + lower, count: length)
            lower += length
        }
        return unfinished
    }

    /// `ease` for at most `LayerBlock.size` inputs: the interior inputs gathered (`InteriorInputs`), then
    /// `easeInterior`.
    @inlinable
    func easeBlock(_ values: UnsafeMutablePointer<Double>, count: Int) -> Int {
        InteriorInputs.with { interior in
            easeInterior(values, interior, count: interior.gather(values, count: count))
        }
    }

    /// Eases the `count` interior inputs of `interior`, gathered from a block `values` of at most `LayerBlock.size`
    /// inputs, into their places in `values` (the ends, 0 and 1, are their own outputs, left as they are): each one
    /// whose certified row of `directRows` exists is answered by it (one table read and Horner's rule); the rest, next
    /// to vertical tangents, inflections and the ends, are gathered again in `interior`'s own slots and solved by
    /// `solveBlock`. Returns how many needed more than one Newton step there.
    @inlinable
    func easeInterior(_ values: UnsafeMutablePointer<Double>, _ interior: InteriorInputs, count interiorCount: Int)
        -> Int
    {
        let list = interior.inputs, positions = interior.offsets
        // Each interior input's row; where the row is not certified (NaN) the input stays pending, moved to the next
        // pending slot (never past its own).
        var pending = 0
        if hasDirectRows {
            directRows.withUnsafeBufferPointer { rows in
                // baseAddress! cannot fail: the table has its rows.
                let table = rows.baseAddress!
                for q in 0..<interiorCount {
                    let x = list[q], position = positions[q]
                    let (y, answered) = DirectBezierRows.value(table, at: x)
                    values[Int(position)] = answered ? y : x
                    (list[pending], positions[pending]) = (x, position)
                    pending &+= answered ? 0 : 1
                }
            }
        } else {
            pending = interiorCount
        }
        guard pending > 0 else { return 0 }
        let unfinished = solveBlock(list, count: pending)
        for q in 0..<pending { values[Int(positions[q])] = list[q] }
        return unfinished
    }

    /// Solves `count` (≤ `LayerBlock.size`) inputs in place: the ends are set and the interior inputs sorted by frame,
    /// then each frame's list is solved in groups of `solveGroup`. Its scratch stays on the stack, with no allocation:
    /// every buffer holds at most 1 KiB, the size `withUnsafeTemporaryAllocation` always places there (a 2 KiB buffer
    /// goes to the heap on Linux, which cost a malloc and a free per block).
    @inlinable
    func solveBlock(_ values: UnsafeMutablePointer<Double>, count: Int) -> Int {
      withUnsafeTemporaryAllocation(of: UInt16.self, capacity: count) { positionScratch in
        withUnsafeTemporaryAllocation(of: Double.self, capacity: count) { listScratch in
            // One list for both frames: the near frame's interior inputs from the front, the far frame's from the back,
            // each with its position in the block. The ends, 0 and 1, are their own outputs.
            // baseAddress! (here and below) cannot fail: `ease` passes only non-empty blocks, the guess table is built
            // with its rows, and the solve scratch holds 3 × solveGroup (> 0) elements.
            let positions = positionScratch.baseAddress!, list = listScratch.baseAddress!
            var nearCount = 0
            // The tests on the bit pattern as an unsigned integer, where non-negative doubles order as their values and
            // every negative one (−0 included) and every NaN lies above 1's pattern: x is interior (0 < x < 1) exactly
            // when pattern − 1 < pattern(1) − 1 with wrapping (x = +0 wraps to the top), the same inputs as the compares
            // on doubles, in two integer operations instead of three compares and their flags.
            // Each input is written once, to the next free slot of its frame's end of the list (a select of the
            // address, not a branch); only an interior input advances that end, so an end input's entry is overwritten
            // by the next one. The next free slots never reach the other frame's entries: after k inputs the two lists
            // hold at most k < count together.
            let oneBits = (1.0).bitPattern, halfBits = (0.5).bitPattern
            var far = count
            for k in 0..<count {
                let x = values[k]
                let bits = x.bitPattern
                let isFar = bits > halfBits
                let slot = isFar ? far &- 1 : nearCount
                positions[slot] = UInt16(truncatingIfNeeded: k)
                list[slot] = x
                let interior = bits &- 1 < oneBits &- 1 ? 1 : 0, farInterior = isFar ? interior : 0
                nearCount &+= interior &- farInterior
                far &-= farInterior
            }
            let n = Self.solveGroup, farCount = count &- far
            var unfinished = 0
            withUnsafeTemporaryAllocation(of: Double.self, capacity: 3 * n) { scratch in
                segmentGuesses.withUnsafeBufferPointer { guessTable in
                    for frame in 0..<2 {
                        let mirrored = frame == 1, inputs = mirrored ? list + far : list
                        let length = mirrored ? farCount : nearCount
                        var lower = 0
                        while lower < length {
                            let group = min(n, length - lower)
                            unfinished += solveGroup(inputs + lower, count: group, mirrored: mirrored,
                                       guesses: guessTable.baseAddress!, scratch: scratch.baseAddress!)
                            lower += group
                        }
                    }
                }
            }
            for q in 0..<nearCount { values[Int(positions[q])] = list[q] }
            for q in far..<count { values[Int(positions[q])] = list[q] }
            return unfinished
        }
      }
    }

    /// Interior inputs solved together: the table is read in one loop, the arithmetic runs in another over contiguous
    /// scratch arrays with no table access and no branch, so that the compiler vectorises it.
    @usableFromInline static let solveGroup = 32

    /// Replaces `count` (≤ `solveGroup`) inputs in (0, 0.5] (or in (0.5, 1) when `mirrored`) by the curve's outputs;
    /// `guesses` is `segmentGuesses`' storage and `scratch` 3·`solveGroup` doubles. Returns how many inputs needed
    /// more than one step.
    @inlinable @inline(__always)
    func solveGroup(_ inputs: UnsafeMutablePointer<Double>, count: Int, mirrored: Bool, guesses: UnsafePointer<Double>,
                    scratch: UnsafeMutablePointer<Double>) -> Int {
        // Each frame's loops are compiled on their own, with the map between x and the frame's target (and between the
        // frame's output and y) written out: x itself, or 1 − x, exact for x in (0.5, 1), its own inverse.
        if mirrored {
            return solveGroup(inputs, count: count, frame: frames.1, outputControls: (1 - curve.y2, 1 - curve.y1),
                              table: guesses + Self.segmentStride * Self.rowsPerFrame, scratch: scratch) { 1 - $0 }
        }
        return solveGroup(inputs, count: count, frame: frames.0, outputControls: (curve.y1, curve.y2), table: guesses,
                          scratch: scratch) { $0 }
    }

    /// `solveGroup` in one frame: `frameMap` takes an input x to the frame's target and the frame's output F to y.
    @inlinable @inline(__always)
    func solveGroup(_ inputs: UnsafeMutablePointer<Double>, count: Int, frame: BezierFrame,
                    outputControls: (Double, Double), table: UnsafePointer<Double>,
                    scratch: UnsafeMutablePointer<Double>, frameMap: (Double) -> Double) -> Int {
        let n = Self.solveGroup
        // Scratch: per input its frame target, the guess, then the certificate flag.
        let (target, guess, certified) = (scratch, scratch + n, scratch + 2 * n)
        let scale = coordinateScale
        // Per input its frame target, its table coordinate (X or √X, times segments per unit) and the guess from that
        // segment's row, two inputs at a time on SIMD2 lanes (the same operations lane by lane as `rowGuess`, so the
        // same bits: only the two rows' coefficients are read one by one), then the odd one out; one loop per
        // coordinate.
        let pairs = count / 2
        if coordinateIsRoot {
            for pair in 0..<pairs {
                let q = 2 &* pair
                let frameTarget = SIMD2(frameMap(inputs[q]), frameMap(inputs[q &+ 1]))
                (target[q], target[q &+ 1]) = (frameTarget.x, frameTarget.y)
                let g = rowGuesses(table, frameTarget.squareRoot() * scale)
                (guess[q], guess[q &+ 1]) = (g.x, g.y)
            }
        } else {
            for pair in 0..<pairs {
                let q = 2 &* pair
                let frameTarget = SIMD2(frameMap(inputs[q]), frameMap(inputs[q &+ 1]))
                (target[q], target[q &+ 1]) = (frameTarget.x, frameTarget.y)
                let g = rowGuesses(table, frameTarget * scale)
                (guess[q], guess[q &+ 1]) = (g.x, g.y)
            }
        }
        if count % 2 == 1 {
            let q = count &- 1, frameTarget = frameMap(inputs[q])
            target[q] = frameTarget
            guess[q] = rowGuess(table, coordinateIsRoot ? frameTarget.squareRoot() * scale : frameTarget * scale)
        }
        let (p1, p2, a3, b2, c) = (frame.p1, frame.p2, frame.a3, frame.b2, frame.c)
        let curvature = frame.doubledCurvature
        let (y1, y2) = outputControls
        // The certificate's tolerance (the curve's, or +infinity for a scaled curve); the solve below reads the curve's.
        let tolerance = certifiedTolerance
        for q in 0..<count {
            let g = guess[q], w = 1 - g
            let position = 3 * w * g * (w * p1 + g * p2) + g * g * g
            let slope = (a3 * g + b2) * g + c
            let step = (position - target[q]) / slope
            // Clamped into [0, 1], where the root lies: a clamp only moves v toward it.
            let unclamped = g - step
            let v = unclamped < 0 ? 0 : (unclamped > 1 ? 1 : unclamped)
            guess[q] = v
            let u = 1 - v, weight = 3 * u * v
            let f = (weight * u) * y1 + ((weight * v) * y2 + v * v * v)
            inputs[q] = frameMap(f)  // F, or 1 − F in the mirrored frame
            let small: Double = curvature * step * step <= tolerance * slope ? 1 : 0
            let steep: Double = slope > 4 * tolerance * curvature ? 1 : 0
            certified[q] = small * steep
        }
        // Rare: where the step was not certified, the complete solve goes on from where it stopped.
        var unfinished = 0
        for q in 0..<count where certified[q] == 0 {
            unfinished += 1
            let x = frameMap(target[q])  // exact: 1 − x is exact for x ≥ 0.5, and so is 1 − (1 − x)
            inputs[q] = completeValue(x: x, target: target[q], guess: guess[q], frame: frame)
        }
        return unfinished
    }

    /// The output at input `x` from the complete solve of `frame` (the frame `x` selects) for `target` from `guess`,
    /// where the batch step was not certified. Out of line, so that this rare path's code (the complete solve, the
    /// scaled output of a curve with huge control values) takes no registers from the batch loops around it.
    @usableFromInline @inline(never)
    func completeValue(x: Double, target: Double, guess: Double, frame: BezierFrame) -> Double {
        curve.output(x: x, frameRoot: frame.solve(target: target, guess: guess, tolerance: curve.tolerance))
    }
}
