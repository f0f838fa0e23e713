import MotionCore
import MotionReference
import MotionReports
import XCTest

/// Each strategy reproduces its algorithm's documented behaviour (REFERENCE §1.5) against the GSL reference.
final class BezierStrategyTests: XCTestCase {
    private let inputs = (1...2_000).map { Double($0) / 2_001 }

    /// Largest |error| and the fraction of points off by more than 1e-3, against GSL.
    private func errors(_ strategy: BezierStrategy, _ curve: CubicBezier) -> (worst: Double, over: Double, slopeBound: Bool) {
        let evaluate = strategy.make(curve)
        var worst = 0.0, over = 0, withinSlope = true
        for x in inputs {
            let reference = BezierReference.evaluate(curve, at: x)
            let error = abs(evaluate(x) - reference.value)
            worst = max(worst, error)
            if error > 1e-3 { over += 1 }
            // An x-tolerance of 1e-7 gives a y error of about |dy/dx|·1e-7.
            if error > 1.5e-7 * max(abs(reference.slope), 1) + 1e-15 { withinSlope = false }
        }
        return (worst, Double(over) / Double(inputs.count), withinSlope)
    }

    func testChromiumStopsWithinOneTenMillionthInX() {
        for (_, curve) in CubicBezier.applePresets {
            let (worst, _, withinSlope) = errors(.chromium, curve)
            XCTAssertTrue(withinSlope, "\(curve): error beyond slope × 1e-7")
            XCTAssertLessThan(worst, 1e-6)
        }
        let (steep, _, _) = errors(.chromium, try! CubicBezier(x1: 0, y1: 1, x2: 1, y2: 0))
        XCTAssertGreaterThan(steep, 1e-6, "steep curves magnify the x tolerance")
    }

    func testWebKit2008IsCoarseAtItsOneSecondTolerance() {
        let (worst, over, _) = errors(.webKit2008(duration: 1), .easeInOut)
        XCTAssertGreaterThan(worst, 1e-3)
        XCTAssertGreaterThan(over, 0.05, "off by more than 1e-3 at a sizable share of points")
        let (longer, _, _) = errors(.webKit2008(duration: 100), .easeInOut)
        XCTAssertLessThan(longer, worst, "a longer animation tightens its x tolerance, 1/(200·T)")
    }

    func testWebKitCurrentUsesItsDurationTolerance() {
        let (coarse, _, _) = errors(.webKit(duration: 1), .ease)
        let (fine, _, _) = errors(.webKit(duration: 1_000), .ease)
        XCTAssertLessThanOrEqual(fine, coarse)
        XCTAssertLessThan(fine, 1e-6)
    }

    func testClosedFormIsNearlyExactAndTheDefaultMeetsItsBound() {
        for (_, curve) in CubicBezier.applePresets {
            XCTAssertLessThan(errors(.cardano, curve).worst, 1e-11, "\(curve)")
            XCTAssertLessThan(errors(.motionbench, curve).worst, 1e-12, "\(curve)")
        }
    }

    func testSmilAndBezierEasing() throws {
        let easing = BezierStrategy.bezierEasingV2.make(.easeOut)
        XCTAssertEqual(easing(0), 0)
        XCTAssertEqual(easing(1), 1)
        XCTAssertEqual(BezierStrategy.bezierEasingV2.make(try CubicBezier(x1: 0.3, y1: 0.3, x2: 0.6, y2: 0.6))(0.37), 0.37)
        XCTAssertLessThan(errors(.firefoxSMIL, .ease).worst, 1e-5)
        XCTAssertLessThan(errors(.bezierEasingV2, .ease).worst, 1e-5)
    }

    // MARK: The vertical tangent of cubic-bezier(1, 0, 0, 1) at x = 0.5, where Newton gives up

    private let steep = try! CubicBezier(x1: 1, y1: 0, x2: 0, y2: 1)

    func testChromiumIsMillithsOffAndNotMonotonicNearAVerticalTangent() {
        let port = BezierStrategy.chromium.make(steep)
        let near = (-100...100).map { 0.5 + Double($0) * 1e-9 }
        let worst = near.map { abs(port($0) - BezierReference.evaluate(steep, at: $0).value) }.max() ?? 0
        XCTAssertGreaterThanOrEqual(worst, 1e-3, "bisection stops at the first t within 1e-7 in x")
        // 1e-7 steps from 0.5 − 2e-5 to 0.5: Chromium 156's outputs decreased on 45 of the 400 steps within 2e-5 of 0.5.
        let run = (0...200).map { 0.5 - 2e-5 + Double($0) * 1e-7 }.map(port)
        XCTAssertTrue(zip(run, run.dropFirst()).contains { $1 < $0 }, "the output decreases somewhere as x increases")
    }

    func testWebKitAtAQuarterSecondIsATenthOffNearAVerticalTangent() {
        let port = BezierStrategy.webKit(duration: 0.25).make(steep)
        let near = (-100...100).map { 0.5 + Double($0) * 1e-7 }
        let worst = near.map { abs(port($0) - BezierReference.evaluate(steep, at: $0).value) }.max() ?? 0
        XCTAssertGreaterThanOrEqual(worst, 0.1, "ε = 1/(1000·0.25 s) = 0.004 accepts a stale Newton residual")
        let longer = BezierStrategy.webKit(duration: 10).make(steep)
        let tighter = near.map { abs(longer($0) - BezierReference.evaluate(steep, at: $0).value) }.max() ?? 0
        XCTAssertLessThan(tighter, worst)
    }

    /// Measured facts, not derived ones: (effective input, engine output) pairs read from the live engines on
    /// 2026-11-26 by a probe page outside the repository (a paused `element.animate` with fill 'both', `currentTime` set, the
    /// progress of `getComputedTiming()`; the input is the progress of a 'linear' twin at the same time, which is what
    /// the easing received). Chromium 156.0.8078.108 (headless, Debian 12) and WebKitGTK 2.50.6 (WebKit2 4.1, gi under
    /// xvfb-run). Each port must reproduce them bit for bit.
    func testPortsReproduceMeasuredEngineOutputsExactly() throws {
        let chromium = BezierStrategy.chromium.make(steep)
        XCTAssertEqual(chromium(0.49999990000000005), 0.499996250000002)
        XCTAssertEqual(chromium(0.500000001), 0.5000000374999991)
        XCTAssertEqual(chromium(0.4999825), 0.4755161998091859)
        XCTAssertEqual(chromium(0.4999826), 0.4754794261796789, "lower than at 0.4999825: Chromium is not monotonic here")
        // Within 1 µs of the start Chromium 156 hands its easing 0 (its effective input, not the solver, gives the 0s).
        XCTAssertEqual(BezierStrategy.chromium.make(try CubicBezier(x1: 0, y1: 1, x2: 1, y2: 0))(0), 0)

        let quarter = BezierStrategy.webKit(duration: 0.25).make(steep)
        XCTAssertEqual(quarter(0.5000062), 0.6473697500281318)
        XCTAssertEqual(quarter(0.4999951), 0.40601729550083016)
        XCTAssertEqual(BezierStrategy.webKit(duration: 1).make(steep)(0.5000062), 0.5744250721728945)
        XCTAssertEqual(BezierStrategy.webKit(duration: 10).make(steep)(0.5000052), 0.5444635443889624)
        // WebKit short-cuts cubic-bezier(0, 0, 1, 1) only; another curve with x1 = y1, x2 = y2 goes through the solver.
        XCTAssertEqual(BezierStrategy.webKit(duration: 0.25).make(try CubicBezier(x1: 0.3, y1: 0.3, x2: 0.6, y2: 0.6))(0.952),
                       0.9520000995238311)
        XCTAssertEqual(BezierStrategy.webKit(duration: 0.25).make(try CubicBezier(x1: 0, y1: 0, x2: 1, y2: 1))(0.999), 0.999)
    }

    func testStrategyNamesAreAContract() {
        XCTAssertEqual(BezierStrategy.all().map(\.name),
                       ["motionbench", "webkit-2008", "webkit", "chromium", "firefox", "firefox-smil", "bezier-easing-v2", "cardano"])
    }
}
