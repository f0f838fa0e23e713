/// A cubic-Bézier timing curve's output, or its parameter, as a polynomial in the input, row by row, each row
/// certified when it is built: the scalar solver's fastest path (`CubicBezier.withCertifiedRows()`), which answers an
/// input with one table read and a degree-7 polynomial in place of the guess and Newton step.
///
/// ## Rows
/// The rows follow the inverter's main rows: input x in [j, j + 1]/128 is row j, in frame 0 (the curve itself) for
/// j < 64 and frame 1 (the curve turned half a turn, target X = 1 − x, exact) from 64 on, and u in [0, 1] is the
/// row coordinate in the frame's orientation (`CubicBezierInverter.mainSegment`). Row j holds P_j(u) of degree 7 in
/// power form, with u = 128·X − j′ for the frame row j′ (j in frame 0, 127 − j in frame 1): the interpolant, at the
/// row's Chebyshev points, of the frame's output (an output row) or of the frame's root v (a parameter row). A main
/// row that certifies as neither is split into `subrows` subrows, each 1/1024 of the input, fitted the same way.
///
/// ## Layout
/// One table, read without a branch between a main row and a subrow (with shuffled inputs a branch taken for one input
/// in nine, as on the curves with vertical tangents, mispredicts that often):
/// - **the index** (`indexOffset`): one 32-bit entry per 1/1024 of the input (fine segment k, as
///   `CubicBezierInverter.segment(_:count:)` finds it), holding the table row e that answers there (bits 0–29), whether it
///   is kept (bit 30) and whether it is an output row (bit 31). Row j's eight fine segments name row j itself, or
///   where j is split its eight subrows, in the frame's orientation. The entry is known before the row is read, so
///   that the kept test and the row's address wait for one 4-byte read rather than a second table row;
/// - **rows** (`rowsOffset`): the table rows, `stride` doubles each: the 128 main rows, then `subrows` rows per
///   split main row. The coefficients c_k of u^k are stored in lane pairs, (c0, c4), (c1, c5), (c2, c6), (c3, c7),
///   for `polynomial(_:at:)`; c0 is NaN in a row that is not kept (a split main row's own row too).
///
/// ## Certificate
/// A row is kept as an **output row** where `DirectBezierRows.certifiedError` bounds |P_j(u) − y(X)| below 1e-13 for
/// every input of the row, the row does not overlap a stationary inflection's window, and, on a monotone curve (y1, y2
/// in [0, 1]), the row's smallest slope times 1e-12 exceeds twice that bound (so that inputs 1e-12 or more apart keep
/// their order). Else it is kept as a **parameter row** where the certificate, with the parameter as the output,
/// bounds |P_j(u) − v*(X)| by the curve's parameter tolerance (1e-13 / max|y′|): y then follows from v as after the
/// Newton step, so the solver's error bound and monotonicity argument (`CubicBezier`) hold unchanged. The certificate
/// is E(τ) = P_j(u(τ)) − output(τ), of degree 21 in τ, bounded by its Bernstein coefficients, plus a-priori bounds on
/// the rounding of the computation and of evaluating P_j at run time (Horner's rule or the paired form used here
/// alike). A row that is neither is split into subrows. The rows next to 0 and 1 (frame row 0, where the exact path
/// keeps its relative accuracy), the subrows that touch a vertical tangent or a flat start, and every row of a curve
/// with a scaled output are NaN and take the inverter's fast step.
@usableFromInline
enum CertifiedScalarRows {
    /// Main rows over [0, 1] (64 per frame).
    @usableFromInline static let rows = 128
    /// Degree of each row's polynomial.
    static let degree = 7
    /// Doubles per table row: the `degree` + 1 coefficients, in lane pairs.
    @usableFromInline static let stride = 8
    /// Subrows per split row (each 1/1024 of the input): rows next to a vertical tangent or a flat start, where the
    /// root bends like a square or cube root, certify in pieces an eighth as wide.
    @usableFromInline static let subrows = 8
    /// Fine segments of the index: one per subrow's width.
    @usableFromInline static let fineSegments = rows * subrows
    /// Offset of the index (in doubles; two 32-bit entries per double).
    @usableFromInline static let indexOffset = 0
    /// Offset of the table rows, `stride` doubles each.
    @usableFromInline static let rowsOffset = indexOffset + fineSegments / 2
    /// Index entry bit: the row is kept.
    @usableFromInline static let keptBit: UInt32 = 1 << 30
    /// Index entry bit: the row is an output row.
    @usableFromInline static let outputBit: UInt32 = 1 << 31
    /// Largest certified error of an output row, in output units (as `DirectBezierRows`).
    static let outputBound = 1e-13
    /// Input step at and above which the output is monotone on a monotone curve (see `CubicBezier`).
    static let monotoneStep = 1e-12

    /// A table with no row kept, shared by every curve built without rows (never freed).
    @usableFromInline nonisolated(unsafe) static let none: UnsafeMutablePointer<Double> = allocate(
        index: (0..<fineSegments).map { UInt32($0 / subrows) }, rows: [Double](repeating: .nan, count: rows * stride))

    /// A new table (the caller deallocates it) holding `index` (`fineSegments` entries) and `rows`.
    static func allocate(index: [UInt32], rows: [Double]) -> UnsafeMutablePointer<Double> {
        precondition(index.count == fineSegments)
        let table = UnsafeMutablePointer<Double>.allocate(capacity: rowsOffset + rows.count)
        index.withUnsafeBytes { bytes in
            UnsafeMutableRawPointer(table + indexOffset).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        }
        (table + rowsOffset).initialize(from: rows, count: rows.count)
        return table
    }

    /// Index entry `k` of `table`: the table row, whether it is kept, whether it is an output row.
    @inlinable @inline(__always)
    static func entry(_ table: UnsafePointer<Double>, _ k: Int) -> (e: Int, kept: Bool, isOutput: Bool) {
        let bits = UnsafeRawPointer(table + indexOffset).load(fromByteOffset: 4 &* k, as: UInt32.self)
        return (Int(truncatingIfNeeded: bits & (keptBit - 1)), bits & keptBit != 0, bits & outputBit != 0)
    }

    /// What fitting one frame's rows and subrows needs: the frame's x cubic, its output cubic (nil for parameter rows
    /// only), whether the curve is monotone, the stationary inflection's window in the curve's orientation, the
    /// parameter tolerance, and whether the frame is mirrored (frame 1).
    struct Fitter {
        let x: CubicPolynomial, output: CubicPolynomial?, monotone: Bool, window: (low: Double, high: Double)?
        let tolerance: Double, mirrored: Bool

        /// Fits frame row `row` of `rowCount` over the roots `roots` into `coefficients` (lowest first) and returns its
        /// kind (1 output, 0 parameter), or nil where neither kind certifies.
        func fit(_ row: Int, of rowCount: Int, roots: (Double, Double), into coefficients: UnsafeMutablePointer<Double>)
            -> Double?
        {
            // The row's inputs x in the curve's orientation.
            let ends = (Double(row) / Double(rowCount), Double(row + 1) / Double(rowCount))
            let inputs = mirrored ? (1 - ends.1, 1 - ends.0) : ends
            let overlapsWindow = window.map { inputs.1 >= $0.low && inputs.0 <= $0.high } ?? false
            if let output, !overlapsWindow {
                let bound = DirectBezierRows.fitRow(row, of: rowCount, x: x, output: output, roots: roots, into: coefficients)
                if bound <= outputBound
                    && !(monotone && 2 * bound > smallestSlope(coefficients, rowCount: rowCount) * monotoneStep) {
                    return 1
                }
            }
            let bound = DirectBezierRows.fitRow(row, of: rowCount, x: x, output: .identity, roots: roots, into: coefficients)
            return bound <= tolerance ? 0 : nil
        }
    }

    /// The table for the frames `frames` of a curve, each with its output cubic's control values `outputs` (the
    /// inverter's frame constants), solved to parameter `tolerance` (newly allocated; the caller deallocates it): per
    /// row an output row (none when `outputs` is nil) where one certifies within `outputBound`, does not overlap
    /// `window` (the stationary inflection's inputs, where the vertex form answers) and, on a `monotone` curve, rises
    /// by more than twice its bound over every input step of `monotoneStep`; else a parameter row where one certifies
    /// within the tolerance; else, for a row past the first of its frame, `subrows` subrows fitted the same way.
    static func table(frames: (BezierFrame, BezierFrame), outputs: ((Double, Double), (Double, Double))?, tolerance: Double,
                      monotone: Bool, window: (low: Double, high: Double)?) -> UnsafeMutablePointer<Double> {
        // Main row j's fine segments name row j until it is split; a kept row's entries carry its kind.
        var index = (0..<fineSegments).map { UInt32($0 / subrows) }
        var table = [Double](repeating: .nan, count: rows * stride)
        withUnsafeTemporaryAllocation(of: Double.self, capacity: stride) { scratch in
            let coefficients = scratch.baseAddress!
            func store(row e: Int) {
                for k in 0..<4 {
                    (table[stride * e + 2 * k], table[stride * e + 2 * k + 1]) = (coefficients[k], coefficients[k + 4])
                }
            }
            func entry(_ e: Int, kind: Double) -> UInt32 { UInt32(e) | keptBit | (kind == 1 ? outputBit : 0) }
            for (frameIndex, frame) in [frames.0, frames.1].enumerated() {
                let output = outputs.map {
                    CubicPolynomial(p1: frameIndex == 0 ? $0.0.0 : $0.1.0, p2: frameIndex == 0 ? $0.0.1 : $0.1.1)
                }
                let fitter = Fitter(x: CubicPolynomial(p1: frame.p1, p2: frame.p2), output: output, monotone: monotone,
                                    window: window, tolerance: tolerance, mirrored: frameIndex == 1)
                let half = rows / 2
                func root(_ target: Double) -> Double {
                    target == 0 ? 0 : frame.solveBracketed(target: target, guess: target, tolerance: tolerance)
                }
                let ends = (0...half).map { root(Double($0) / Double(rows)) }
                for row in 1..<half {
                    let j = frameIndex == 0 ? row : rows - 1 - row
                    // The fine segment of the frame's subrow `sub` of this row (frame 1 runs the other way).
                    func fine(_ sub: Int) -> Int { frameIndex == 0 ? subrows * j + sub : subrows * j + subrows - 1 - sub }
                    if let kind = fitter.fit(row, of: rows, roots: (ends[row], ends[row + 1]), into: coefficients) {
                        store(row: j)
                        for sub in 0..<subrows { index[fine(sub)] = entry(j, kind: kind) }
                        continue
                    }
                    let subEnds = (0...subrows).map { $0 == 0 ? ends[row] : ($0 == subrows ? ends[row + 1]
                        : root(Double(subrows * row + $0) / Double(fineSegments))) }
                    let first = table.count / stride
                    table += [Double](repeating: .nan, count: subrows * stride)
                    var kept = 0
                    for sub in 0..<subrows {
                        guard let kind = fitter.fit(subrows * row + sub, of: fineSegments,
                                                    roots: (subEnds[sub], subEnds[sub + 1]), into: coefficients) else {
                            continue
                        }
                        store(row: first + sub)
                        index[fine(sub)] = entry(first + sub, kind: kind)
                        kept += 1
                    }
                    if kept == 0 {
                        table.removeLast(subrows * stride)
                        for sub in 0..<subrows { index[fine(sub)] = UInt32(j) }
                    }
                }
            }
        }
        return allocate(index: index, rows: table)
    }

    /// A lower bound of dP/dX over the row for the row polynomial P (power coefficients in u = `rowCount`·X − j′,
    /// lowest first): `rowCount` times the smallest Bernstein coefficient of P′ on [0, 1], less a margin for their rounding.
    static func smallestSlope(_ coefficients: UnsafePointer<Double>, rowCount: Int = rows) -> Double {
        let n = degree - 1
        var smallest = Double.infinity, magnitude = 0.0
        for i in 0...n {
            var b = 0.0
            for k in 0...i {
                b += DirectBezierRows.binomial(i, k) / DirectBezierRows.binomial(n, k) * (Double(k + 1) * coefficients[k + 1])
            }
            smallest = Swift.min(smallest, b)
            magnitude += Double(i + 1) * abs(coefficients[i + 1])
        }
        return Double(rowCount) * (smallest - 0x1p-40 * magnitude)
    }

    /// The row's polynomial at `u` in [0, 1]: the output in the frame's orientation (an output row) or the frame
    /// parameter (a parameter row). As two cubics on two lanes,
    /// (c0 + c1·u) + (c2 + c3·u)·u² beside (c4 + c5·u) + (c6 + c7·u)·u², joined by u⁴: three levels of dependent
    /// arithmetic rather than Horner's seven, since one call's latency is what counts, and half the instructions.
    @inlinable @inline(__always)
    static func polynomial(_ row: UnsafePointer<Double>, at u: Double) -> Double {
        let u2 = u * u
        let halves = (lanes(row, 0) + lanes(row, 2) * u) + (lanes(row, 4) + lanes(row, 6) * u) * u2
        return halves.x + halves.y * (u2 * u2)
    }
}
