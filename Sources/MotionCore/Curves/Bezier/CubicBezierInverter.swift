/// Inverts x(t) = x for a cubic Bézier timing curve whose x control points lie in [0, 1], and evaluates y there.
///
/// ## Frames
/// x(t) is strictly increasing on [0, 1], so the root is unique. Inputs x < 0.5 solve x(t) = x for v = t (frame 0);
/// inputs above solve the mirrored curve 1 − x(1 − s) = 1 − x for v = s = 1 − t (frame 1), itself a cubic Bézier with
/// control points (1 − x2, 1 − x1). In both frames the target X = min(x, 1 − x) lies in [0, 0.5] and the residual
/// B(v) − X is computed in Bernstein form, whose terms are all non-negative, so its rounding error is a few ulp *of X*
/// and never of 1: this keeps the answer exact next to vertical tangents at either end. The output is computed in the
/// same frame: y(t) in frame 0, 1 − y(1 − s) in frame 1 (its control values 1 − y2, 1 − y1), so that outputs next to
/// 1 keep their low digits.
///
/// ## Method
/// 1. **Guess** from a table of 128 rows, each a quintic in the row's coordinate u in [0, 1]: the Hermite interpolant
///    of the root and its first two derivatives at the row's ends (clamped to the row's interval of roots on the
///    complete path; the fast path's certificate covers the unclamped quintic). On most
///    curves a row is 1/128 of the input x itself, found from x with one multiply and no comparison: rows 0–63 are
///    frame 0, rows 64–127 frame 1, so the frame follows from the row with a shift and no branch depends on which
///    half of [0, 1] x lies in (with shuffled inputs such a branch is mispredicted half of the time). Where a frame
///    starts flat (first control point below `BezierNodes.flatStart`) the root grows like √X, which no
///    polynomial in X follows, so that frame's first `rootRegion` rows (X < 1/16) are replaced by `rootRows` rows
///    indexed by √X, reached by a branch that is rarely taken; the fast path (`fastStep`) reads octave rows there
///    instead, `octaveRows` per octave of X down to 2^-20, indexed by X's exponent and top significand bits (no square
///    root), since within one octave the root is smooth in X. Where the curve is steep at its centre (x′ below
///    `steepCenterSlope` at x = 0.5, as in easings.net's in-out curves, with a cube-root bend at a vertical tangent),
///    the fast path likewise reads centre rows for |x − 0.5| < 4/128, octave rows in d = 0.5 − X down to 2^-21, and
///    the complete path the main rows. The guess is within about 1e-9 of the root on ordinary
///    curves. Each row is built in its frame's own orientation (frame 1's rows run from 1 − x's side), so a symmetric
///    curve's two frames have identical rows.
/// 2. **One Newton step** δ = (B(g) − X)/B′(g) from the guess g, certified by Kantorovich's bound: the new iterate
///    g − δ is within K·δ²/B′(g) of the root (K = max|B″| over [0, 1]), which must be at most the tolerance, with
///    B′(g) > 4·K·tolerance. The output is y at g − δ to first order, Y(g) − Y′(g)·δ with Y the frame's output cubic;
///    the second-order term is at most max|Y″|/2·δ², which must be at most `linearizationTolerance`. Y(g), Y′(g),
///    B′(g) and the ratio Y′(g)/B′(g) are computed beside B(g), and the correction taken as (Y′/B′)·(B(g) − X), so that
///    only a multiply and a subtraction follow the residual. On main, octave and centre rows the fast path
///    (`fastStep`) checks one number instead: the row's largest |δ| for which both hold for every guess the row's
///    quintic can give (the hull of its Bernstein coefficients), computed when the row is built from the smallest B′
///    there (`fillRow`), compared as
///    |B(g) − X| ≤ row[8]·B′(g) so that no division is waited for; from a given guess it accepts a subset of what the
///    per-input certificate accepts, with the same outputs.
/// 3. Where either certificate fails (next to vertical tangents inside the curve, for targets below
///    `smallestFirstOrderTarget`, and for every input of a curve with a scaled output, whose control values exceed
///    `BezierOutputScale.largestUnscaled`), the **complete solve** of `BezierFrame` goes on from the guess: Newton
///    steps with the same certificate, then Newton kept inside a shrinking bracket with bisection, at most
///    `CompactCubicBezier.maximumIterations` iterations; y is then evaluated at the root itself (in the scaled form,
///    in frame 0's orientation, for a curve that has one).
///
/// ## Error bound
/// The parameter is within `tolerance` + ε_x / B′(v*) of the true root, where ε_x ≤ 4e-16 is the rounding error of the
/// Bernstein residual (half an ulp of 0.5 plus the evaluation error of non-negative terms); the first-order output adds
/// at most `linearizationTolerance` (1e-13) to y's error.
@usableFromInline
final class CubicBezierInverter: @unchecked Sendable {
    /// Rows in the main guess table, each 1/128 of the input x.
    @usableFromInline static let rows = 128
    /// Main rows next to a frame's start (X < `rootRegion`/128) that a flat frame replaces by rows in √X.
    @usableFromInline static let rootRegion = 8
    /// Rows in √X per flat frame, covering X in [0, rootRegion/128].
    @usableFromInline static let rootRows = 16
    /// Root rows per unit of √X: 16 rows over √X in [0, 1/4].
    @usableFromInline static let rootScale = 64.0
    /// Doubles per row: the quintic's coefficients (in the order `guess` reads them), the clamp interval, then the
    /// row's largest certified Newton step (see `fillRow`).
    @usableFromInline static let rowStride = 9
    /// Doubles per frame in the constants block.
    @usableFromInline static let frameStride = 16
    /// Largest second-order term of the first-order output, in output units.
    @usableFromInline static let linearizationTolerance = 1e-13
    /// Smallest frame target X answered by the first-order step (2^-900, far above the subnormal range even after
    /// multiplying by small control values).
    @usableFromInline static let smallestFirstOrderTarget = 0x1p-900
    /// Offset of the main rows in `storage`.
    @usableFromInline static let mainOffset = 2 * frameStride
    /// Offset of the root rows (frame 0's, then frame 1's) in `storage`.
    @usableFromInline static let rootOffset = mainOffset + rows * rowStride
    /// Octaves of X below 1/16 (X in [2^-(o+5), 2^-(o+4)) for octave o) that a flat frame's fast path covers with rows
    /// in X: the root behaves like √X there, but within one octave √X is smooth. Below 2^-20 the complete path answers.
    @usableFromInline static let octaves = 16
    /// Rows per octave, indexed by the top two bits of X's significand.
    @usableFromInline static let octaveRows = 4
    /// Octave rows per flat frame: `octaves` octaves, then one octave of rows that accept no step (X below 2^-20).
    @usableFromInline static let octaveRowsPerFrame = (octaves + 1) * octaveRows
    /// Offset of the octave rows (frame 0's, then frame 1's) in `storage`, after the root rows.
    @usableFromInline static let octaveOffset = rootOffset + 2 * rootRows * rowStride
    /// Main rows on each side of x = 0.5 that a curve with a steep centre replaces, on the fast path, by centre rows:
    /// octave rows in the distance d = |x − 0.5| = 0.5 − X, for d < 4/128.
    @usableFromInline static let centerRegion = 4
    /// Curves whose slope x′ at x = 0.5 lies below this have a steep centre (such as (0.87, 0, 0.13, 1), whose main
    /// rows next to 0.5 miss the certificate for one input in 60): their root bends like a cube root there.
    static let steepCenterSlope = 0.3
    /// Biased exponent of the top octave of the start rows' distance X (X in [2^-5, 2^-4)).
    @usableFromInline static let startTopExponent = 1018
    /// Biased exponent of the top octave of the centre rows' distance d (d in [2^-6, 2^-5)).
    @usableFromInline static let centerTopExponent = 1017

    /// Immutable after `init`. First the two frames' constants, `frameStride` doubles each, in (x cubic, output cubic)
    /// pairs:
    /// - [0, 1]: the Bernstein control values p1 of x and of the output; [2, 3]: p2 of both (the output's are y1, y2
    ///   in frame 0 and 1 − y2, 1 − y1 in frame 1);
    /// - [4…9]: the derivatives B′(v) and Y′(v) as (a3·v + b2)·v + c: a3 of both, then b2 of both, then c of both;
    /// - [10]: K / tolerance, with K = max|B″| over [0, 1] slightly inflated so that rounding never makes the
    ///   certificate optimistic; [11]: 4·K·tolerance, the smallest slope the certificate trusts (+infinity for a
    ///   curve with a scaled output, so that no step and no row is certified and no output cubic here is used);
    ///   [12]: max|Y″|/2
    ///   divided by `linearizationTolerance`; [13, 14]: the frame's output map, an offset and a sign bit (0 and +0
    ///   in frame 0, 1 and −0 in frame 1), so that y = offset + (Y with its sign bit flipped by the mask) is the
    ///   curve's output: an exclusive or and an add, exact in both frames.
    /// Then the `rows` main rows, for a curve with a flat frame start the 2·`rootRows` root rows and the
    /// 2·`octaveRowsPerFrame` octave rows, and for a steep centre 2·`octaveRowsPerFrame` centre rows, `rowStride`
    /// doubles each (see `fillRow`).
    @usableFromInline let storage: UnsafeMutablePointer<Double>
    /// Absolute tolerance on the curve parameter.
    @usableFromInline let tolerance: Double
    /// Main rows below `rootBelow` or from `rootFrom` on lie next to a flat frame start and are read from the root
    /// rows instead (0 and `rows` when neither frame is flat).
    @usableFromInline let rootBelow: Int, rootFrom: Int
    /// Main rows from `centerBelow` on, `centerWidth` of them (the `centerRegion` rows on each side of x = 0.5, or none),
    /// are read on the fast path from the centre rows at `centerRowsOffset` in `storage`.
    @usableFromInline let centerBelow: Int, centerWidth: Int, centerRowsOffset: Int
    /// The two frames, for the complete solve.
    @usableFromInline let frames: (BezierFrame, BezierFrame)
    /// The certified rows (`CertifiedScalarRows`: output and parameter rows, then subrows) that `CubicBezier.value(at:)`
    /// reads before the guess, for a curve built with them; `CertifiedScalarRows.none` (no row kept) for every other.
    @usableFromInline let certifiedRows: UnsafeMutablePointer<Double>
    /// The output cubic in scaled form, for a curve whose control values exceed `BezierOutputScale.largestUnscaled`
    /// (then the complete solve answers every input); nil for every other curve.
    @usableFromInline let outputScale: BezierOutputScale?

    /// Builds the inverter for x control points `x1`, `x2` in [0, 1] and output control values `y1`, `y2` (any
    /// finite values; `outputScale` is their scaled form where they need one), solving to `tolerance` in t (131 root
    /// solves; 97 more per flat frame start and 160 more for a steep centre).
    init(x1: Double, x2: Double, y1: Double, y2: Double, tolerance: Double, outputScale: BezierOutputScale?,
         rows rowOptions: (window: (low: Double, high: Double)?, outputRows: Bool)? = nil) {
        self.tolerance = tolerance
        self.outputScale = outputScale
        frames = (BezierFrame(p1: x1, p2: x2), BezierFrame(p1: 1 - x2, p2: 1 - x1))
        if let rowOptions, outputScale == nil {
            certifiedRows = CertifiedScalarRows.table(
                frames: frames, outputs: rowOptions.outputRows ? ((y1, y2), (1 - y2, 1 - y1)) : nil, tolerance: tolerance,
                monotone: (0...1).contains(y1) && (0...1).contains(y2), window: rowOptions.window)
        } else {
            certifiedRows = CertifiedScalarRows.none
        }
        let flat = (frames.0.p1 < BezierNodes.flatStart, frames.1.p1 < BezierNodes.flatStart)
        rootBelow = flat.0 ? Self.rootRegion : 0
        rootFrom = flat.1 ? Self.rows - Self.rootRegion : Self.rows
        let octaveRowsEnd = flat.0 || flat.1
            ? Self.octaveOffset + 2 * Self.octaveRowsPerFrame * Self.rowStride : Self.rootOffset
        // x′ at x = 0.5 (the same in both frames).
        let centerSlope = frames.0.derivative(frames.0.solveBracketed(target: 0.5, guess: 0.5, tolerance: tolerance))
        let steep = centerSlope < Self.steepCenterSlope
        (centerBelow, centerWidth) = steep ? (Self.rows / 2 - Self.centerRegion, 2 * Self.centerRegion) : (Self.rows / 2, 0)
        centerRowsOffset = octaveRowsEnd
        let capacity = steep ? octaveRowsEnd + 2 * Self.octaveRowsPerFrame * Self.rowStride : octaveRowsEnd
        storage = .allocate(capacity: capacity)
        storage.initialize(repeating: 0, count: capacity)
        for (index, (frame, q1, q2)) in [(frames.0, y1, y2), (frames.1, 1 - y2, 1 - y1)].enumerated() {
            let constants = storage + Self.frameStride * index
            let ya = 1 + 3 * q1 - 3 * q2, yb = 3 * q2 - 6 * q1
            let curvature = frame.doubledCurvature * (1 + 0x1p-40) + 0x1p-60
            let outputHalfCurvature = max(abs(yb), abs(3 * ya + yb))
            let values = [frame.p1, q1, frame.p2, q2, frame.a3, 3 * ya, frame.b2, 2 * yb, frame.c, 3 * q1,
                          curvature / tolerance, outputScale == nil ? 4 * curvature * tolerance : .infinity,
                          outputHalfCurvature / Self.linearizationTolerance, Double(index), index == 0 ? 0 : -0.0]
            for (offset, value) in values.enumerated() { constants[offset] = value }
        }
        // Main row j spans x in [j, j + 1]/128: in frame 0, X in [j, j + 1]/128; in frame 1, X = 1 − x in [i, i + 1]/128
        // with i = 127 − j. Each row is built in its frame's own orientation, so that a symmetric curve's two frames
        // have identical rows and x and 1 − x get identical guesses. Neighbouring rows share their node.
        let half = Self.rows / 2
        for (index, frame) in [frames.0, frames.1].enumerated() {
            let nodes = BezierNodes.nodes(frame, count: half, spacing: 1 / Double(Self.rows), root: false,
                                                   tolerance: tolerance)
            for i in 0..<half {
                let row = index == 0 ? i : Self.rows - 1 - i
                guard row >= rootBelow, row < rootFrom else {
                    // Read from the octave rows (fast path) or the root rows (complete path) instead.
                    storage[Self.mainOffset + Self.rowStride * row + 8] = -1
                    continue
                }
                fillRow(Self.mainOffset + Self.rowStride * row, from: nodes[i], to: nodes[i + 1], frame: index)
            }
            if steep {
                fillOctaveRows(at: centerRowsOffset, frame: frame, index: index, topExponent: Self.centerTopExponent,
                               fromCenter: true)
            }
            guard index == 0 ? flat.0 : flat.1 else { continue }
            let rootNodes = BezierNodes.nodes(frame, count: Self.rootRows, spacing: 1 / Self.rootScale, root: true,
                                                       tolerance: tolerance)
            for row in 0..<Self.rootRows {
                fillRow(Self.rootOffset + Self.rowStride * (Self.rootRows * index + row), from: rootNodes[row],
                        to: rootNodes[row + 1], frame: index)
            }
            fillOctaveRows(at: Self.octaveOffset, frame: frame, index: index, topExponent: Self.startTopExponent,
                           fromCenter: false)
        }
    }

    /// Fills frame `index`'s octave rows of one family at storage offset `offset`: for octave o, distances in
    /// [2^e, 2^(e+1)) with 2^e = 2^(topExponent − 1023 − o) (the octave `octaveRow` finds from the distance's biased
    /// exponent), `octaveRows` rows evenly spaced in the distance, each a quintic in its coordinate; then one octave of
    /// rows that accept no step. The distance is X itself next to a flat start, or d = 0.5 − X (exact) from a steep
    /// centre, where the row's coordinate grows with d, so v decreases along it (dv/dd = −dv/dX).
    private func fillOctaveRows(at offset: Int, frame: BezierFrame, index: Int, topExponent: Int, fromCenter: Bool) {
        let rows = offset + Self.rowStride * Self.octaveRowsPerFrame * index
        for octave in 0..<Self.octaves {
            let low = Double(sign: .plus, exponent: topExponent - 1023 - octave, significand: 1)
            let width = low / Double(Self.octaveRows)
            let nodes = (0...Self.octaveRows).map { k -> (v: Double, first: Double, second: Double) in
                let distance = low + Double(k) * width
                let node = BezierNodes.node(frame, coordinate: fromCenter ? 0.5 - distance : distance,
                                                     root: false, spacing: width, tolerance: tolerance)
                return fromCenter ? (node.v, -node.first, node.second) : node
            }
            for sub in 0..<Self.octaveRows {
                fillRow(rows + Self.rowStride * (Self.octaveRows * octave + sub), from: nodes[sub], to: nodes[sub + 1],
                        frame: index)
            }
        }
        for sub in 0..<Self.octaveRows {
            storage[rows + Self.rowStride * (Self.octaveRows * Self.octaves + sub) + 8] = -1
        }
    }

    /// Writes the row at `offset`: the quintic Hermite guess between two nodes in the order `guess` reads it (c0, c3, c1,
    /// c4, c2, c5), the clamp interval of the roots between them, and the row's certificate: the largest Newton step
    /// |δ| that `fastStep` accepts for any guess the quintic gives on [0, 1] (inside its Bernstein hull, which holds
    /// the clamp interval). With m ≤ B′ over the hull (the quadratic's minimum there, less a rounding margin),
    /// Kantorovich's bound K·δ²/B′(g) ≤ tolerance
    /// holds when δ² ≤ tolerance·m/K, the first-order output's term when δ² ≤ `linearizationTolerance`/max|Y″|·2, and
    /// B′(g) > 4·K·tolerance when m is; −1 (no step accepted) where m is not.
    private func fillRow(_ offset: Int, from first: (v: Double, first: Double, second: Double),
                         to last: (v: Double, first: Double, second: Double), frame: Int) {
        // Written in Horner order (c5…c0, clamp) into the row itself, then permuted in place.
        let row = storage + offset
        BezierNodes.writeSegmentGuess(from: first, to: last, into: row)
        (row[0], row[1], row[2], row[3], row[4], row[5]) = (row[5], row[2], row[4], row[1], row[3], row[0])
        // At u = 0 the quintic is c0, the start node's root, exactly; at u = 1 its rounded sum can miss the end node's
        // root by an ulp, so c5 is nudged until the guess, evaluated as the fast path evaluates it, hits the root:
        // then a node whose root and output are exact (x = 0.5 on a symmetric curve) gives them exactly.
        for _ in 0..<4 {
            let end = Self.unclampedGuess(UnsafePointer(row), at: 1)
            guard end != last.v, end.isFinite, last.v.isFinite else { break }
            row[5] += last.v - end
        }
        let k = storage + Self.frameStride * frame
        let (a3, b2, c) = (k[4], k[6], k[8])
        // The fast path does not clamp its guess: the certificate holds for every guess the quintic can give on
        // u in [0, 1], which lies between its smallest and largest Bernstein coefficients, widened by its rounding.
        // b_i = Σ_{j ≤ i} C(i, j)/C(5, j)·e_j for the power coefficients e0…e5.
        let (e0, e1, e2, e3, e4, e5) = (row[0], row[2], row[4], row[1], row[3], row[5])
        // (Multiplied by the rounded fifths and tenths, not divided: construction builds hundreds of rows, and the
        // widening below covers these roundings too.)
        let bernstein = (e0, e0 + 0.2 * e1, e0 + 0.4 * e1 + 0.1 * e2, e0 + 0.6 * e1 + 0.3 * e2 + 0.1 * e3,
                         e0 + 0.8 * e1 + 0.6 * e2 + 0.4 * e3 + 0.2 * e4, e0 + e1 + e2 + e3 + e4 + e5)
        let rounding = abs(e0) + abs(e1) + abs(e2) + abs(e3) + abs(e4) + abs(e5)
        var low = min(row[6], bernstein.0, bernstein.1, bernstein.2, bernstein.3, bernstein.4, bernstein.5)
        var high = max(row[7], bernstein.0, bernstein.1, bernstein.2, bernstein.3, bernstein.4, bernstein.5)
        (low, high) = (low - 0x1p-48 * rounding, high + 0x1p-48 * rounding)
        func slope(_ v: Double) -> Double { (v * a3 + b2) * v + c }
        var smallest = min(slope(low), slope(high))
        let vertex = a3 != 0 ? -b2 / (2 * a3) : low
        if vertex > low, vertex < high { smallest = min(smallest, slope(vertex)) }
        let smallestSlope = smallest - 0x1p-48 * (abs(a3) + abs(b2) + abs(c))
        // k[10] = K/tolerance, k[11] = 4·K·tolerance, k[12] = max|Y″|/2 / linearizationTolerance.
        guard smallestSlope > k[11], smallestSlope.isFinite else {
            storage[offset + 8] = -1
            return
        }
        // Where the output's coefficients overflow (control values near the `Double` limit, where k[12] is infinite
        // or NaN), no step is accepted and the complete solve answers.
        let outputBound = (1 / k[12]).squareRoot()
        let largest = min((smallestSlope / k[10]).squareRoot(), outputBound)
        storage[offset + 8] = outputBound > 0 && largest.isFinite && largest > 0 ? largest * (1 - 0x1p-30) : -1
    }

    deinit {
        storage.deallocate()
        if certifiedRows != CertifiedScalarRows.none { certifiedRows.deallocate() }
    }

    /// Whether the curve was built with certified rows (a table of its own, not `CertifiedScalarRows.none`).
    var hasCertifiedRowTable: Bool { certifiedRows != CertifiedScalarRows.none }

    /// Input `x`'s certified row for 0 < x < 1, or its subrow where the main row is split, found without a branch
    /// (`CertifiedScalarRows`' index): the row's polynomial at x (the output in the frame's orientation for an output
    /// row, the frame parameter for a parameter row), whether the row is kept, whether it is an output row, the frame's
    /// output map (offset, sign bits) and the frame. The main row's coordinate comes from the fine segment k (row
    /// j = k/8, so that both always name the same row, even where x lies on a boundary) while the index is read; the
    /// entry picks it or the subrow's.
    @inlinable @inline(__always)
    func row(forInterior x: Double) -> (value: Double, kept: Bool, isOutput: Bool, offset: Double, sign: UInt64, frame: Int) {
        let (k, fineU) = Self.segment(x, count: Double(CertifiedScalarRows.fineSegments))
        let entry = CertifiedScalarRows.entry(certifiedRows, k)
        let frame = k &>> 9
        let mainU = abs(x * Double(Self.rows) - Double((k &>> 3) &+ frame))
        let u = entry.e >= CertifiedScalarRows.rows ? fineU : mainU
        let row = UnsafePointer(certifiedRows + (CertifiedScalarRows.rowsOffset &+ CertifiedScalarRows.stride &* entry.e))
        let constants = UnsafePointer(storage + Self.frameStride &* frame)
        return (CertifiedScalarRows.polynomial(row, at: u), entry.kept, entry.isOutput, constants[13],
                constants[14].bitPattern, frame)
    }

    /// A frame's value (output or parameter) in the curve's orientation: `offset` + the value with its sign bits
    /// flipped by `sign` (the frame's output map, 0 and +0 in frame 0, 1 and the sign bit in frame 1, where the frame
    /// gives 1 − y and s = 1 − t): exact in both frames, and one exclusive or rather than a multiply.
    @inlinable @inline(__always)
    static func curveValue(_ value: Double, offset: Double, sign: UInt64) -> Double {
        offset + Double(bitPattern: value.bitPattern ^ sign)
    }

    /// y and t from frame parameter `v` of `frame` (the Newton step's output arithmetic without its correction).
    @inlinable @inline(__always)
    func output(frameParameter v: Double, frame: Int) -> (y: Double, t: Double) {
        let k = UnsafePointer(storage + Self.frameStride &* frame)
        let w = 1 - v, weight = 3 * w * v
        let output = weight * (w * k[1] + v * k[3]) + v * v * v
        let sign = k[14].bitPattern
        return (Self.curveValue(output, offset: k[13], sign: sign), Self.curveValue(v, offset: k[13], sign: sign))
    }

    /// The row that holds input `x` in (0, 1) (`target` = min(x, 1 − x)), the row coordinate u in [0, 1] (in the
    /// frame's orientation), and the frame (0 or 1).
    @inlinable @inline(__always)
    func locate(_ x: Double, target: Double) -> (row: UnsafePointer<Double>, u: Double, frame: Int) {
        let (j, u) = Self.mainSegment(x)
        if j >= rootBelow, j < rootFrom {
            return (mainRow(j), u, j &>> 6)
        }
        return locateRoot(target: target, frame: j &>> 6)
    }

    /// The main row j = `segmentIndex(x·128)` of input `x` in (0, 1) (x·128 is exact, and x < 1 keeps j below 128)
    /// and its coordinate u in the frame's orientation. In frame 1 the row runs the other way: its coordinate is
    /// 1 − u, exact because u is a multiple of ulp(x·128), and computed as |u − 1| (rounding is symmetric), so that
    /// |x·128 − (start + frame)| serves both frames without a select. The start plus the frame comes from the rounded
    /// sum itself, rounded − (1.5·2^52 − frame), exact, with the frame taken from x (ready before j is).
    @inlinable @inline(__always)
    static func mainSegment(_ x: Double) -> (j: Int, u: Double) {
        segment(x, count: Double(Self.rows))
    }

    /// `mainSegment` for `count` equal segments of [0, 1] (a power of two, at most 2^32): segment j of x in (0, 1)
    /// and the coordinate in j, in the frame's orientation.
    @inlinable @inline(__always)
    static func segment(_ x: Double, count: Double) -> (j: Int, u: Double) {
        let scaled = x * count
        let rounded = (scaled - 0.5) + 0x1.8p52
        let frameStart = rounded - (0x1.8p52 - (x < 0.5 ? 0 : 1))
        return (Int(truncatingIfNeeded: rounded.bitPattern & 0xFFFF_FFFF), abs(scaled - frameStart))
    }

    /// Main row `j`.
    @inlinable @inline(__always)
    func mainRow(_ j: Int) -> UnsafePointer<Double> {
        UnsafePointer(storage + Self.mainOffset + Self.rowStride &* j)
    }

    /// `locate` next to a flat frame start: the row in √X.
    @usableFromInline
    func locateRoot(target: Double, frame: Int) -> (row: UnsafePointer<Double>, u: Double, frame: Int) {
        let scaled = target.squareRoot() * Self.rootScale
        let j = Swift.min(segmentIndex(scaled), Self.rootRows - 1)
        let row = storage + Self.rootOffset + Self.rowStride * (Self.rootRows * frame + j)
        return (UnsafePointer(row), scaled - Double(j), frame)
    }

    /// The quintic guess of a row at row coordinate `u`, clamped to the row's interval of roots (for the complete
    /// path; the fast path takes `unclampedGuess`).
    @inlinable @inline(__always)
    static func guess(_ row: UnsafePointer<Double>, at u: Double) -> Double {
        let p = unclampedGuess(row, at: u)
        let low = p < row[6] ? row[6] : p
        return low > row[7] ? row[7] : low
    }

    /// The row's quintic at `u`, not clamped: what the fast path uses, whose row certificate covers the quintic's
    /// whole range on [0, 1] (see `fillRow`). Evaluated as two quadratics on two lanes,
    /// (c0 + c1·u + c2·u², c3 + c4·u + c5·u²), joined by u³: two levels of dependent arithmetic after u², rather than
    /// Horner's five, since one call's latency is what counts here (the batch loop of `TabulatedCubicBezier.guess`,
    /// bound by throughput, keeps Horner's fewer operations).
    @inlinable @inline(__always)
    static func unclampedGuess(_ row: UnsafePointer<Double>, at u: Double) -> Double {
        let u2 = u * u
        let halves = (lanes(row, 0) + lanes(row, 2) * u) + lanes(row, 4) * u2
        return halves.x + (u2 * u) * halves.y
    }

    /// y(t) and t for 0 < x < 1 (see the type's method); t is the parameter after the Newton step, within the
    /// tolerance of the root.
    @inlinable @inline(__always)
    func valueAndParameter(forInterior x: Double) -> (y: Double, t: Double) {
        let step = oneStep(forInterior: x)
        guard step.certified else {
            return completeSolve(target: step.target, frame: step.frame, guess: step.guess)
        }
        return (step.y, step.t)
    }

    /// The guess and one Newton step for 2^-900 ≤ x < 1 (`smallestFirstOrderTarget`; the caller sends smaller inputs to
    /// the complete solve) from a main row, or from an octave row next to a flat frame start or a steep centre,
    /// certified by the row: y and t, and whether they are final. Not final where the row's certificate fails (and
    /// below 2^-20 next to a flat start); `valueAndParameter` answers there. No call on the way, so that the caller's
    /// fast path needs no stack frame.
    @inlinable @inline(__always)
    func fastStep(forInterior x: Double) -> (y: Double, t: Double, final: Bool) {
        let (row, u, frame, target) = fastRow(forInterior: x)
        let step = step(target: target, frame: frame, guess: Self.unclampedGuess(row, at: u))
        // |δ| = |B(g) − X|/B′(g) ≤ row[8], without waiting for the division.
        return (step.y, step.t, abs(step.residual) <= row[8] * step.slope)
    }

    /// The fast path's row for input `x` in (0, 1): a main row, or an octave row next to a flat frame start or a steep
    /// centre; the row coordinate, the frame and the frame target X = min(x, 1 − x) (exact).
    @inlinable @inline(__always)
    func fastRow(forInterior x: Double) -> (row: UnsafePointer<Double>, u: Double, frame: Int, target: Double) {
        let target = Swift.min(x, 1 - x)
        let (j, mainU) = Self.mainSegment(x)
        let frame = j &>> 6
        let row: UnsafePointer<Double>, u: Double
        if j >= rootBelow, j < rootFrom, UInt(bitPattern: j &- centerBelow) >= UInt(bitPattern: centerWidth) {
            (row, u) = (mainRow(j), mainU)
        } else {
            (row, u) = octaveRow(target: target, j: j, frame: frame)
        }
        return (row, u, frame, target)
    }

    /// The octave row for main row `j` outside the main rows, and the row coordinate. Next to a flat frame start the
    /// row's distance is the frame target X < 1/16, next to a steep centre d = 0.5 − X < 4/128 (exact). The octave comes
    /// from the distance's exponent, the row from the top two bits of its significand, the coordinate from the remaining
    /// bits (exact, no square root and no division). A distance at or above the top octave (only X = 1/16 itself
    /// reaches here) takes octave 0, whose certificate then rejects the step; below the last octave (2^-20 for X,
    /// 2^-21 for d) the rows accept none.
    @inlinable @inline(__always)
    func octaveRow(target: Double, j: Int, frame: Int) -> (row: UnsafePointer<Double>, u: Double) {
        let center = UInt(bitPattern: j &- centerBelow) < UInt(bitPattern: centerWidth)
        let distance = center ? 0.5 - target : target
        let top = center ? Self.centerTopExponent : Self.startTopExponent
        let base = center ? centerRowsOffset : Self.octaveOffset
        let bits = distance.bitPattern
        let octave = Swift.min(Swift.max(top &- Int(truncatingIfNeeded: bits &>> 52), 0), Self.octaves)
        let sub = Int(truncatingIfNeeded: (bits &>> 50) & 3)
        let u = Double(bitPattern: ((bits &<< 2) & 0x000F_FFFF_FFFF_FFFF) | 0x3FF0_0000_0000_0000) - 1
        let index = Self.octaveRowsPerFrame &* frame &+ Self.octaveRows &* octave &+ sub
        return (UnsafePointer(storage + (base &+ Self.rowStride &* index)), u)
    }

    /// The frame root for input `x` in (0, 1): the parameter v of `frame` (t in frame 0, s = 1 − t in frame 1) with
    /// B(v) = X, `target` = X = min(x, 1 − x) (exact), and v from the fast step where its row certifies it, else from
    /// the complete solve (within the tolerance, plus the rounding of frame 1's control points 1 − x2, 1 − x1). The
    /// start of `BezierRefinement`, which corrects v against the exact curve.
    @inlinable @inline(__always)
    func frameRoot(forInterior x: Double) -> (v: Double, frame: Int, target: Double) {
        let (row, u, frame, target) = fastRow(forInterior: x)
        let g = Self.unclampedGuess(row, at: u)
        let step = step(target: target, frame: frame, guess: g)
        if abs(step.residual) <= row[8] * step.slope, target >= Self.smallestFirstOrderTarget {
            return (g - step.residual / step.slope, frame, target)
        }
        return (completeFrameRoot(target: target, frame: frame, x: x), frame, target)
    }

    /// The complete solve's frame root for `target` in `frame` (input `x`), from the clamped table guess.
    @usableFromInline @inline(never)
    func completeFrameRoot(target: Double, frame: Int, x: Double) -> Double {
        let (row, u, _) = locate(x, target: target)
        return (frame == 0 ? frames.0 : frames.1).solve(target: target, guess: Self.guess(row, at: u),
                                                        tolerance: tolerance)
    }

    /// Whether the guess and one Newton step finish input `x` in (0, 1) (a measure of the table's fit, for tests).
    func finishesInOneStep(_ x: Double) -> Bool { oneStep(forInterior: x).certified }

    /// The guess and one certified Newton step for 0 < x < 1: y and t when `certified`, and what the complete solve
    /// needs when not.
    @inlinable @inline(__always)
    func oneStep(forInterior x: Double)
        -> (y: Double, t: Double, certified: Bool, target: Double, frame: Int, guess: Double)
    {
        // 1 − x is exact for x ≥ 0.5 (Sterbenz), and the smaller of the two is the frame's target.
        let target = Swift.min(x, 1 - x)
        let (row, u, frame) = locate(x, target: target)
        let g = Self.guess(row, at: u)
        let step = step(target: target, frame: frame, guess: g)
        return (step.y, step.t, step.certified, target, frame, g)
    }

    /// One Newton step from guess `g` toward frame target `target` in `frame`, the first-order output, and whether
    /// the certificate holds (see the type's method).
    @inlinable @inline(__always)
    func step(target: Double, frame: Int, guess g: Double)
        -> (y: Double, t: Double, certified: Bool, residual: Double, slope: Double)
    {
        let k = UnsafePointer(storage + Self.frameStride &* frame)
        let w = 1 - g, g3 = g * g * g
        let weight = 3 * w * g
        // B(g) − X with g³ − X first (off the longer product chain); both are non-negative and g³ ≤ B(g), so the
        // difference is at most X and rounds by half an ulp of X at most, as B(g) itself would.
        let residual = weight * (w * k[0] + g * k[2]) + (g3 - target)
        let output = weight * (w * k[1] + g * k[3]) + g3
        let slope = (k[4] * g + k[6]) * g + k[8]
        let outputSlope = (k[5] * g + k[7]) * g + k[9]
        let step = residual / slope
        // Y′·δ as (Y′/B′)·(B − X): the ratio is divided while the residual is still being computed, so that only a
        // multiply and a subtraction follow the residual.
        let small = output - (outputSlope / slope) * residual
        let v = g - step
        let squared = step * step
        // Below `smallestFirstOrderTarget` the arithmetic nears the subnormal range, where rounding is absolute and the
        // first-order output would not be monotone from one input ulp to the next: the complete solve answers there.
        let certified = k[10] * squared <= slope && slope > k[11] && k[12] * squared <= 1
            && target >= Self.smallestFirstOrderTarget
        // Frame 1 gives 1 − y and s = 1 − t: offset + value with its sign flipped is exact in both frames, and the flip
        // is one exclusive or rather than a multiply on the way to the result.
        let sign = k[14].bitPattern
        return (Self.curveValue(small, offset: k[13], sign: sign), Self.curveValue(v, offset: k[13], sign: sign),
                certified, residual, slope)
    }

    /// The complete solve from `guess` in `frame`, and y at its root (in the scaled form where the curve has one).
    @usableFromInline
    func completeSolve(target: Double, frame: Int, guess: Double) -> (y: Double, t: Double) {
        let v = (frame == 0 ? frames.0 : frames.1).solve(target: target, guess: guess, tolerance: tolerance)
        if let outputScale { return (outputScale.value(frame: frame, root: v), frame == 0 ? v : 1 - v) }
        let k = storage + Self.frameStride * frame
        let w = 1 - v, weight = 3 * w * v
        let small = (weight * w) * k[1] + ((weight * v) * k[3] + v * v * v)
        return frame == 0 ? (small, v) : (1 - small, 1 - v)
    }

    /// Solves x(t) = x for 0 < x < 1 to the tolerance and returns both s = 1 − t and t, each as accurate as the frame
    /// allows.
    func parameters(forInterior x: Double) -> (s: Double, t: Double) {
        let target = min(x, 1 - x)
        let (row, u, frame) = locate(x, target: target)
        let v = (frame == 0 ? frames.0 : frames.1).solve(target: target, guess: Self.guess(row, at: u),
                                                          tolerance: tolerance)
        return frame == 0 ? (s: 1 - v, t: v) : (s: v, t: 1 - v)
    }
}
