@testable import MotionCore
import XCTest

/// The scalar solver's fast path: a table guess and one certified Newton step. A regression in the table's fit costs
/// speed, not accuracy (the complete solve takes over), so it is checked here directly; accuracy against GSL is checked
/// in `MotionReferenceTests`.
final class CubicBezierSolverTests: XCTestCase {
    /// Interior inputs evenly spaced and offset, so that some fall next to 0, 0.5 and 1 and on both sides of every
    /// row boundary, plus inputs within a few ulp of 0, 0.5 and 1.
    let inputs: [Double] = (0..<20_000).map { (Double($0) + 0.5) / 20_000 }
        + [0x1p-1074, 1e-300, 1e-12, 0.5.nextDown, 0.5, 0.5.nextUp, 1 - 1e-12, 1.0.nextDown]

    func testOneStepFinishesAlmostEveryInputOnOrdinaryAndFlatCurves() throws {
        // Apple's `linear` is the identity: it never solves, so it is built without tables.
        XCTAssertNil(CubicBezier.appleLinear.tables)
        let presets = CubicBezier.applePresets.filter { $0.curve != .appleLinear }
        XCTAssertEqual(presets.count, 4)
        let curves: [(String, CubicBezier)] = presets.map { ($0.name, $0.curve) } + [
            ("material3-standard", .material3Standard), ("material-standard", .materialStandard),
            ("material-decelerate", .materialDecelerate), ("material-accelerate", .materialAccelerate),
            ("(0,1,1,0)", try CubicBezier(x1: 0, y1: 1, x2: 1, y2: 0)),
            ("(.5,1,.5,1)", try CubicBezier(x1: 0.5, y1: 1, x2: 0.5, y2: 1)),
            ("(.1,.9,.2,1)", try CubicBezier(x1: 0.1, y1: 0.9, x2: 0.2, y2: 1)),
        ]
        for (name, curve) in curves {
            let unfinished = inputs.filter { !curve.finishesInOneStep($0) }
            // The tiny inputs take the complete solve by design (see `smallestFirstOrderTarget`).
            XCTAssertLessThanOrEqual(unfinished.count, 3 + inputs.count / 1_000,
                                     "\(name): \(unfinished.count) inputs needed the complete solve, e.g. \(unfinished.prefix(5))")
            // The fast path (main rows, and octave rows next to a flat frame start, each with its row certificate)
            // answers as many inputs as the per-input certificate does.
            let slow = inputs.filter { !curve.finishesOnTheFastPath($0) }
            XCTAssertLessThanOrEqual(slow.count, 3 + inputs.count / 1_000,
                                     "\(name): \(slow.count) inputs left the fast path, e.g. \(slow.prefix(5))")
        }
    }

    /// Where the tangent is vertical inside the curve, the rows next to it cannot fit the root's cube-root shape; those
    /// inputs take the complete solve and must agree with the independent compact solver (which starts from a
    /// table-free guess) and stay monotone.
    func testHardCurvesFallBackToTheCompleteSolve() throws {
        for (x1, y1, x2, y2) in [(1.0, 0.0, 0.0, 1.0), (0.99, 0, 0.01, 1)] {
            let curve = try CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2), compact = CompactCubicBezier(curve)
            let unfinished = inputs.filter { !curve.finishesInOneStep($0) }
            XCTAssertGreaterThan(unfinished.count, 0, "the vertical tangent at 0.5 should need the complete solve")
            let elsewhere = unfinished.filter { abs($0 - 0.5) >= 0.1 && min($0, 1 - $0) >= 0x1p-900 }
            XCTAssertTrue(elsewhere.isEmpty, "\(elsewhere)")
            // Monotone at the evenly spaced inputs (5e-5 apart; the bound promises it at steps of 1e-12 and more).
            var previous = -Double.infinity
            for x in inputs.prefix(20_000) {
                let y = curve.value(at: x)
                // Next to the vertical tangent the residual's rounding (4e-16 in x) moves y by up to 4e-16·|dy/dx|: the
                // bound's second term, for either solver.
                let tolerance = 2e-13 + 1e-15 * abs(curve.slope(at: x))
                XCTAssertEqual(y, compact.value(at: x), accuracy: tolerance, "(\(x1),\(y1),\(x2),\(y2)) at \(x)")
                XCTAssertGreaterThanOrEqual(y, previous, "(\(x1),\(y1),\(x2),\(y2)) not monotone at \(x)")
                previous = y
            }
            for x in inputs.suffix(8) {
                let tolerance = 2e-13 + 1e-15 * abs(curve.slope(at: x))
                XCTAssertEqual(curve.value(at: x), compact.value(at: x), accuracy: tolerance, "at \(x)")
            }
        }
    }

    /// Next to a flat frame start the fast path reads octave rows indexed by X's exponent and significand bits: at
    /// every octave's edges (2^-k and its neighbours, on both sides of [0, 1]), at the edge of the main rows (1/16,
    /// 15/16) and below the last octave, the output must agree with the independent compact solver, and be monotone at
    /// steps of 1e-12 and more (single-ulp steps may move back by up to the bound, with these rows as with the √X ones).
    func testOctaveRowsAgreeWithTheCompactSolverAtTheirEdges() throws {
        for curve in [CubicBezier.easeIn, .easeOut, try CubicBezier(x1: 0, y1: 1, x2: 1, y2: 0),
                      try CubicBezier(x1: 0.01, y1: -0.4, x2: 0.97, y2: 1.3)] {
            let compact = CompactCubicBezier(curve)
            var lower: [Double] = [1.0 / 16, 0.5 / 16]
            for k in 4...24 {
                let edge = Double(sign: .plus, exponent: -k, significand: 1)
                lower += [edge.nextDown, edge, edge.nextUp, edge * 1.25, edge * 1.5, edge * 1.75, (edge * 1.25).nextDown]
            }
            let sorted = Array(Set(lower + lower.map { 1 - $0 })).sorted()
            var previous = (x: -Double.infinity, y: -Double.infinity)
            for x in sorted {
                let y = curve.value(at: x)
                XCTAssertEqual(y, compact.value(at: x), accuracy: 2e-13 + 1e-15 * abs(curve.slope(at: x)), "\(curve) at \(x)")
                guard x - previous.x >= 1e-12 else { continue }
                if curve.y1 >= 0, curve.y1 <= 1, curve.y2 >= 0, curve.y2 <= 1 {
                    XCTAssertGreaterThanOrEqual(y, previous.y, "\(curve) not monotone at \(x)")
                }
                previous = (x, y)
            }
        }
    }

    /// Curves with a steep centre (x′ small at x = 0.5, as in easings.net's in-out curves) read centre rows next to 0.5
    /// on the fast path, octave rows in d = |x − 0.5|: every input but those within 2^-21 of 0.5 (and the tiny targets) stays on the fast
    /// path, and at every centre octave's edges (0.5 ± 2^-k and neighbours) the output agrees with the independent
    /// compact solver and is monotone at steps of 1e-12 and more.
    func testCentreRowsKeepSteepCentresOnTheFastPath() throws {
        for (x1, x2) in [(0.85, 0.15), (0.87, 0.13), (0.9, 0.1), (0.99, 0.01), (1.0, 0.0)] {
            let curve = try CubicBezier(x1: x1, y1: 0, x2: x2, y2: 1), compact = CompactCubicBezier(curve)
            // Targets below 2^-900 take the complete solve by design (see `smallestFirstOrderTarget`).
            let slow = inputs.filter {
                !curve.finishesOnTheFastPath($0) && abs($0 - 0.5) >= 0x1p-21 && min($0, 1 - $0) >= 0x1p-900
            }
            XCTAssertTrue(slow.isEmpty, "\(curve): \(slow.count) inputs left the fast path, e.g. \(slow.prefix(5))")
            var offsets: [Double] = [4.0 / 128, 3.5 / 128]
            for k in 5...24 {
                let edge = Double(sign: .plus, exponent: -k, significand: 1)
                offsets += [edge.nextDown, edge, edge.nextUp, edge * 1.25, edge * 1.5, edge * 1.75, (edge * 1.25).nextDown]
            }
            let sorted = Array(Set(offsets.map { 0.5 - $0 } + offsets.map { 0.5 + $0 } + [0.5])).sorted()
            var previous = (x: -Double.infinity, y: -Double.infinity)
            for x in sorted {
                let y = curve.value(at: x)
                XCTAssertEqual(y, compact.value(at: x), accuracy: 2e-13 + 1e-15 * abs(curve.slope(at: x)), "\(curve) at \(x)")
                guard x - previous.x >= 1e-12 else { continue }
                XCTAssertGreaterThanOrEqual(y, previous.y, "\(curve) not monotone at \(x)")
                previous = (x, y)
            }
        }
        // A curve whose centre is not steep has no centre rows.
        XCTAssertEqual(CubicBezier.easeInOut.tables!.centerWidth, 0)
    }

    /// The fast path's quintic hits each row's end node exactly (its last coefficient is nudged at build time): on a
    /// curve with x2 = 1 − x1 the root at x = 0.5 is t = 0.5, and where y(0.5) = 3/8·(y1 + y2) + 1/8 is a short
    /// binary fraction the output is exactly that.
    func testRowEndsGiveExactRootsAtTheCentreOfSymmetricCurves() throws {
        for (x1, y1, y2) in [(0.5, 2.0, 2.0), (0.3, 2, 2), (0.2, -0.5, 1.5), (0.4, 0.25, 0.75), (0.1, 1, 0), (0.7, 0, 1)] {
            let curve = try CubicBezier(x1: x1, y1: y1, x2: 1 - x1, y2: y2)
            // The first-order path (the correctly rounded value(at:) knows that 1 − 0.2 is not 0.8 exactly: 0.2's
            // curve has x1 + x2 ≠ 1, and its exact output at 0.5 is 0.49999999999999994).
            XCTAssertEqual(curve.approximateValue(at: 0.5), 0.375 * (y1 + y2) + 0.125, "\(curve)")
            XCTAssertEqual(curve.parameter(at: 0.5), 0.5, "\(curve)")
        }
    }

    /// A frame whose first two control points are both 0 (x = v³ at its start) has a root like ∛X there, which neither X
    /// nor √X rows follow in the first thousandth of the input: those inputs take the complete solve, the rest one step.
    func testCubeRootStartsFinishInOneStepAwayFromTheEnd() throws {
        for curve in [try CubicBezier(x1: 0, y1: 0, x2: 0, y2: 1), try CubicBezier(x1: 1, y1: 0, x2: 1, y2: 1)] {
            let unfinished = inputs.filter { !curve.finishesInOneStep($0) }
            XCTAssertLessThanOrEqual(unfinished.count, inputs.count / 200, "\(curve)")
            XCTAssertTrue(unfinished.allSatisfy { min($0, 1 - $0) < 0.005 }, "\(curve): \(unfinished.prefix(5))")
        }
    }

    /// Control values so large that the output's curvature defeats the first-order output certificate: the complete
    /// solve answers, finite and within the bound's rounding term of the compact solver.
    func testHugeOutputControlValuesTakeTheCompleteSolve() throws {
        let curve = try CubicBezier(x1: 0.3, y1: 1e300, x2: 0.7, y2: -1e300), compact = CompactCubicBezier(curve)
        for x in stride(from: 0.01, to: 1, by: 0.01) {
            XCTAssertFalse(curve.finishesInOneStep(x))
            let y = curve.value(at: x)
            XCTAssertTrue(y.isFinite)
            XCTAssertEqual(y, compact.value(at: x), accuracy: 1e-12 * 1e300)
        }
    }
}
