@testable import MotionCore
import XCTest

/// The scalar solver's certified rows (`CertifiedScalarRows`, `CubicBezier.withCertifiedRows()`): each kept row
/// within its bound of the complete solve (a Newton-and-bisection path that shares no table with the rows), which rows
/// and kinds are kept, and the curve with rows equal to the curve without. The GSL comparison is in
/// `BezierSolverReferenceTests`; symmetry and monotonicity in `CertifiedRowsCubicBezierTests`.
final class CertifiedScalarRowsTests: XCTestCase {
    private let hardCurves: [(Double, Double, Double, Double)] = [
        (0, 1, 1, 0), (1, 0, 0, 1), (0.99, 0, 0.01, 1), (0.001, 0, 0.999, 1), (0.7, -0.5, 0.3, 1.5), (0.5, -1, 0.5, 2),
        (0.25, 0.1, 0.25, 1), (0.42, 0, 1, 1), (0, 0, 0.58, 1), (0.42, 0, 0.58, 1), (0.3, 1, 0.6, 0), (0.1, 0.9, 0.2, 1),
    ]

    private func curves() throws -> [CubicBezier] {
        var generator = SplitMix64(seed: 0x726F_7773)
        var curves = try hardCurves.map { try CubicBezier(x1: $0.0, y1: $0.1, x2: $0.2, y2: $0.3) }
        for _ in 0..<60 {
            curves.append(try CubicBezier(
                x1: .random(in: 0...1, using: &generator), y1: .random(in: -2...3, using: &generator),
                x2: .random(in: 0...1, using: &generator), y2: .random(in: -2...3, using: &generator)))
        }
        return curves
    }

    /// Main row j's kind: 1 output, 0 parameter, nil not kept (a split row included).
    private func kind(_ curve: CubicBezier, row j: Int) -> Double? {
        let entry = CertifiedScalarRows.entry(curve.tables!.certifiedRows, CertifiedScalarRows.subrows * j)
        guard entry.e == j, entry.kept else { return nil }
        return entry.isOutput ? 1 : 0
    }

    /// Whether main row j is split into subrows: its fine segments name table rows past the main rows.
    private func isSplit(_ curve: CubicBezier, row j: Int) -> Bool {
        (0..<CertifiedScalarRows.subrows).contains {
            CertifiedScalarRows.entry(curve.tables!.certifiedRows, CertifiedScalarRows.subrows * j + $0).e >= CertifiedScalarRows.rows
        }
    }

    /// The row or subrow that answers input `x`: its value (y for an output row, the frame parameter for a parameter
    /// row) and kind (1 output, 0 parameter), or nil where neither is kept.
    private func answering(_ curve: CubicBezier, _ x: Double) -> (value: Double, kind: Double)? {
        let row = curve.tables!.row(forInterior: x)
        return row.kept ? (row.value, row.isOutput ? 1 : 0) : nil
    }

    /// At both ends of every kept row, just inside them and at random inputs, the curve with rows is within the bound of
    /// the complete solve: 1e-13 plus rounding for an output row, the parameter tolerance times |y′| for a parameter
    /// row; and a parameter row's own value is within the tolerance of the complete solve's root.
    func testKeptRowsAreWithinTheirBound() throws {
        var generator = SplitMix64(seed: 77)
        var worst = (output: 0.0, parameter: 0.0)
        for plain in try curves() {
            let curve = plain.withCertifiedRows()
            for j in 0..<CertifiedScalarRows.rows where kind(curve, row: j) != nil || isSplit(curve, row: j) {
                let start = Double(j) / 128, end = Double(j + 1) / 128
                var inputs = [start, start.nextUp, end.nextDown]
                // Every subrow's ends too.
                inputs += (1..<8).flatMap { [start + Double($0) / 1024, (start + Double($0) / 1024).nextDown] }
                inputs += (0..<32).map { _ in Double.random(in: start..<end, using: &generator) }
                for x in inputs where x > 0 && x < 1 {
                    guard let (_, kind) = answering(curve, x) else { continue }
                    let exact = plain.tables!.valueAndParameter(forInterior: x)
                    let reference = curve.inflection.map { $0.contains(x) ? $0.y(t: exact.t) : exact.y } ?? exact.y
                    let error = abs(curve.value(at: x) - reference)
                    if kind == 1 {
                        worst.output = max(worst.output, error)
                        XCTAssertLessThanOrEqual(error, 1.2e-13, "\(curve), output row at x = \(x)")
                    } else {
                        worst.parameter = max(worst.parameter, error)
                        XCTAssertLessThanOrEqual(error, 2.2e-13, "\(curve), parameter row at x = \(x)")
                        let row = curve.tables!.row(forInterior: x)
                        let v = answering(curve, x)!.value
                        let t = row.offset + Double(bitPattern: v.bitPattern ^ row.sign)
                        let root = plain.tables!.parameters(forInterior: x).t
                        XCTAssertLessThanOrEqual(abs(t - root), 2 * curve.tables!.tolerance + 4e-16,
                                                 "\(curve), parameter row at x = \(x): t \(t), root \(root)")
                    }
                }
            }
        }
        print("certified rows: largest error against the complete solve, output rows \(worst.output), parameter rows \(worst.parameter)")
    }

    /// Which rows each curve keeps, and of which kind: ordinary curves nearly all, as output rows; a curve whose
    /// stationary inflection takes the vertex form everywhere only parameter rows; rows next to flat starts and
    /// vertical tangents split into subrows; never the rows next to 0 and 1; none for a curve with a scaled output or a
    /// curve built without rows.
    func testRowsAndKindsAreKeptWhereTheCurveAllows() throws {
        func kinds(_ curve: CubicBezier) -> (output: Int, parameter: Int) {
            let kinds = (0..<128).compactMap { kind(curve, row: $0) }
            return (kinds.filter { $0 == 1 }.count, kinds.filter { $0 == 0 }.count)
        }
        for preset in [CubicBezier.ease, .easeInOut, .easeIn, .easeOut].map({ $0.withCertifiedRows() }) {
            XCTAssertTrue(preset.hasCertifiedRows)
            let (output, parameter) = kinds(preset)
            XCTAssertGreaterThanOrEqual(output, 110, "\(preset)")
            XCTAssertGreaterThanOrEqual(output + parameter, 118, "\(preset)")
            XCTAssertNil(kind(preset, row: 0))
            XCTAssertNil(kind(preset, row: 127))
        }
        let inflection = try CubicBezier(x1: 0, y1: 1, x2: 1, y2: 0).withCertifiedRows()
        XCTAssertEqual(inflection.inflection?.answersEveryRow, true)
        let (output, parameter) = kinds(inflection)
        XCTAssertEqual(output, 0)
        XCTAssertGreaterThanOrEqual(parameter, 100)
        // Next to the flat starts of (0, 1, 1, 0) and the vertical tangent of (1, 0, 0, 1), rows are split and most
        // of their subrows kept.
        let split = (1..<127).filter { isSplit(inflection, row: $0) }
        XCTAssertGreaterThanOrEqual(split.count, 6, "(0, 1, 1, 0): rows next to its flat starts are split")
        let vertical = try CubicBezier(x1: 1, y1: 0, x2: 0, y2: 1).withCertifiedRows()
        XCTAssertTrue(isSplit(vertical, row: 63) || kind(vertical, row: 63) != nil)
        var answered = 0
        for index in 1..<10_000 where answering(inflection, Double(index) / 10_000) != nil { answered += 1 }
        XCTAssertGreaterThan(answered, 9_500, "(0, 1, 1, 0): rows or subrows answer all but the ends")
        let plain = try CubicBezier(x1: 0.3, y1: 0.2, x2: 0.6, y2: 0.9)
        XCTAssertFalse(plain.hasCertifiedRows)
        XCTAssertEqual(kinds(plain).output + kinds(plain).parameter, 0)
        let scaled = try CubicBezier(x1: 0.5, y1: 1e300, x2: 0.5, y2: -1e300).withCertifiedRows()
        XCTAssertFalse(scaled.hasCertifiedRows, "a scaled output keeps no row")
        XCTAssertEqual(scaled.value(at: 0.5), try CubicBezier(x1: 0.5, y1: 1e300, x2: 0.5, y2: -1e300).value(at: 0.5))
    }

    /// The curve with rows is the same curve: equal, the same hash, the same control points and the same answers
    /// within the bound, and asking twice builds nothing new.
    func testTheCurveWithRowsIsTheSameCurve() throws {
        let plain = try CubicBezier(x1: 0.3, y1: -0.4, x2: 0.8, y2: 1.3)
        let rows = plain.withCertifiedRows()
        XCTAssertEqual(plain, rows)
        XCTAssertEqual(plain.hashValue, rows.hashValue)
        XCTAssertTrue(rows.withCertifiedRows().tables! === rows.tables!)
        for index in 0...1_000 {
            let x = Double(index) / 1_000
            XCTAssertEqual(rows.value(at: x), plain.value(at: x), accuracy: 2e-13, "x = \(x)")
        }
        XCTAssertEqual(rows.value(at: 0), 0)
        XCTAssertEqual(rows.value(at: 1), 1)
        XCTAssertEqual(rows.value(at: -0.5), plain.value(at: -0.5))
        XCTAssertTrue(rows.value(at: .nan).isNaN)
    }

    /// A parameter row with one coefficient moved by 1e-11 is rejected by the certificate (its error is about the move),
    /// and the row as built is accepted.
    func testTheCertificateRejectsAMovedParameterRow() throws {
        let frame = BezierFrame(p1: 0.42, p2: 0.58)
        let x = CubicPolynomial(p1: frame.p1, p2: frame.p2)
        let j = 20
        let roots = (frame.solveBracketed(target: Double(j) / 128, guess: 0.2, tolerance: 1e-15),
                     frame.solveBracketed(target: Double(j + 1) / 128, guess: 0.2, tolerance: 1e-15))
        var coefficients = [Double](repeating: 0, count: 8)
        let bound = coefficients.withUnsafeMutableBufferPointer {
            DirectBezierRows.fitRow(j, x: x, output: .identity, roots: roots, into: $0.baseAddress!)
        }
        XCTAssertLessThan(bound, 1e-13)
        for k in [0, 3, 7] {
            var moved = coefficients
            moved[k] += 1e-11
            let movedBound = moved.withUnsafeBufferPointer {
                DirectBezierRows.certifiedError($0, row: j, x: x, output: .identity,
                                                parameters: (roots.0 - 0x1p-30, roots.1 + 0x1p-30))
            }
            XCTAssertGreaterThan(movedBound, 1e-13, "coefficient \(k) moved")
        }
    }
}
