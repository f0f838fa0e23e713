@testable import MotionCore
import XCTest

/// The batch ease's certified output rows (`DirectBezierRows`): every kept row within its bound of the complete solve,
/// a certificate that rejects rows that are off, and rows kept where the curve allows (the GSL comparison of the batch
/// ease as a whole is `CompactBezierReferenceTests`).
final class DirectBezierRowsTests: XCTestCase {
    private let hard: [(Double, Double, Double, Double)] = [(0, 1, 1, 0), (1, 0, 0, 1), (0.99, 0, 0.01, 1),
                                                            (0.001, 0, 0.999, 1), (0.5, -1, 0.5, 2), (0.7, -0.5, 0.3, 1.5)]

    private func curves() throws -> [CompactCubicBezier] {
        var generator = SplitMix64(seed: 0x6469_7265)
        var all = CubicBezier.applePresets.map { CompactCubicBezier($0.curve) }
        all += try hard.map { try CompactCubicBezier(x1: $0.0, y1: $0.1, x2: $0.2, y2: $0.3) }
        for _ in 0..<40 {
            all.append(try CompactCubicBezier(x1: .random(in: 0...1, using: &generator), y1: .random(in: -1...2, using: &generator),
                                              x2: .random(in: 0...1, using: &generator), y2: .random(in: -1...2, using: &generator)))
        }
        return all
    }

    /// Inputs of every kept row, its ends and random points, against the complete solve (its own error is far below
    /// the rows' bound on these curves).
    func testKeptRowsAreWithinTheirBound() throws {
        var generator = SplitMix64(seed: 0x726F_7773)
        var worst = 0.0
        for curve in try curves() {
            let table = DirectBezierRows.table(curve)
            table.withUnsafeBufferPointer { rows in
                for j in 0..<DirectBezierRows.rows where !rows[DirectBezierRows.stride * j].isNaN {
                    let start = Double(j) / Double(DirectBezierRows.rows), end = Double(j + 1) / Double(DirectBezierRows.rows)
                    var inputs = [start, start.nextUp, end.nextDown]
                    inputs += (0..<30).map { _ in Double.random(in: start..<end, using: &generator) }
                    for x in inputs {
                        let (value, certified) = DirectBezierRows.value(rows.baseAddress!, at: x)
                        XCTAssertEqual(certified, !value.isNaN)
                        // A row's start may be read from the row before it (at u = 1), which may not be kept: then
                        // the solve answers it.
                        if value.isNaN {
                            XCTAssertTrue(x == start && rows[DirectBezierRows.stride * (j - 1)].isNaN, "\(curve) row \(j) at \(x)")
                            continue
                        }
                        let error = abs(value - curve.value(at: x))
                        worst = max(worst, error)
                        XCTAssertLessThanOrEqual(error, 1.2e-13, "\(curve) row \(j) at \(x)")
                    }
                }
            }
        }
        print("direct rows: largest error against the complete solve \(worst)")
    }

    /// A kept row with one coefficient moved is off by about the move somewhere in the row: the certificate's bound
    /// must cover what sampling finds, and reject a row that is off by more than the bound allows.
    func testTheCertificateCoversAndRejectsPerturbedRows() throws {
        var generator = SplitMix64(seed: 0x7065_7274)
        let curve = CompactCubicBezier(.easeInOut)
        let frame = (BezierFrame(p1: curve.x1, p2: curve.x2), BezierFrame(p1: 1 - curve.x2, p2: 1 - curve.x1))
        func root(_ x: Double) -> Double {
            x <= 0.5 ? frame.0.solveBracketed(target: x, guess: x, tolerance: curve.tolerance)
                : 1 - frame.1.solveBracketed(target: 1 - x, guess: 1 - x, tolerance: curve.tolerance)
        }
        for _ in 0..<40 {
            let j = Int.random(in: 1..<(DirectBezierRows.rows - 1), using: &generator)
            var coefficients = DirectBezierRows.interpolant(curve, row: j)
            let k = Int.random(in: 0...DirectBezierRows.degree, using: &generator)
            coefficients[k] += Double.random(in: -1...1, using: &generator) * 1e-11
            let parameters = (root(Double(j) / 128) - DirectBezierRows.rootMargin, root(Double(j + 1) / 128) + DirectBezierRows.rootMargin)
            let bound = coefficients.withUnsafeBufferPointer {
                DirectBezierRows.certifiedError($0, row: j, curve: curve, parameters: parameters)
            }
            var sampled = 0.0
            for step in 0...64 {
                let u = Double(step) / 64, x = (Double(j) + u) / 128
                let p = coefficients.reversed().reduce(0) { $0 * u + $1 }
                sampled = max(sampled, abs(p - curve.value(at: x)))
            }
            XCTAssertGreaterThanOrEqual(bound, sampled, "row \(j), coefficient \(k)")
            if sampled > 2e-13 { XCTAssertGreaterThan(bound, DirectBezierRows.certifiedBound, "row \(j) must be rejected") }
        }
    }

    /// The block ease gathers the interior inputs, answers them from their rows and sends the rest to the solve: every input must come out as it does alone, whatever its neighbours (ends, inputs outside [0, 1],
    /// NaN, rows that are not kept, odd counts, counts over one block).
    func testBlockEaseGivesEachInputsOwnBits() throws {
        var generator = SplitMix64(seed: 0x626C_6F63)
        for curve in try curves().prefix(14) {
            let tabulated = TabulatedCubicBezier(curve)
            for _ in 0..<6 {
                let count = Int.random(in: 1...300, using: &generator)
                let inputs = (0..<count).map { _ -> Double in
                    switch Int.random(in: 0..<10, using: &generator) {
                    case 0: return 0
                    case 1: return 1
                    case 2: return [-0.25, 1.5, .nan, -0.0][Int.random(in: 0..<4, using: &generator)]
                    case 3: return Double(Int.random(in: 0..<128, using: &generator)) / 128
                    default: return Double.random(in: 0..<1, using: &generator)
                    }
                }
                var block = inputs
                block.withUnsafeMutableBufferPointer { _ = tabulated.ease($0.baseAddress!, count: count) }
                for (x, value) in zip(inputs, block) {
                    var alone = x
                    tabulated.ease(&alone, count: 1)
                    XCTAssertEqual(value.bitPattern, alone.bitPattern, "\(curve) at \(x)")
                }
            }
        }
    }

    /// A parameter interval that does not reach the row's ends certifies nothing.
    func testAnIntervalShortOfTheRowIsRejected() {
        let curve = CompactCubicBezier(.easeInOut)
        let coefficients = DirectBezierRows.interpolant(curve, row: 40)
        let bound = coefficients.withUnsafeBufferPointer {
            DirectBezierRows.certifiedError($0, row: 40, curve: curve, parameters: (0.4, 0.41))
        }
        XCTAssertEqual(bound, .infinity)
    }

    /// Smooth curves keep every row but the first and last; flat starts and the stationary inflection of (0, 1, 1, 0)
    /// lose the rows where the output bends like a root or flattens; a curve with a scaled output keeps none.
    func testRowsAreKeptWhereTheCurveAllows() throws {
        func kept(_ curve: CompactCubicBezier) -> Int {
            let table = DirectBezierRows.table(curve)
            return (0..<DirectBezierRows.rows).filter { !table[DirectBezierRows.stride * $0].isNaN }.count
        }
        XCTAssertEqual(kept(CompactCubicBezier(.easeInOut)), DirectBezierRows.rows - 2)
        XCTAssertEqual(kept(CompactCubicBezier(.ease)), DirectBezierRows.rows - 2)
        XCTAssertGreaterThanOrEqual(kept(CompactCubicBezier(.easeIn)), 110)
        let inflection = kept(try CompactCubicBezier(x1: 0, y1: 1, x2: 1, y2: 0))
        XCTAssertGreaterThan(inflection, 60)
        XCTAssertLessThan(inflection, DirectBezierRows.rows - 2)
        XCTAssertEqual(kept(try CompactCubicBezier(x1: 0.5, y1: 1e300, x2: 0.5, y2: -1e300)), 0)
    }
}
