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

    func testStrategyNamesAreAContract() {
        XCTAssertEqual(BezierStrategy.all().map(\.name),
                       ["motionbench", "webkit-2008", "webkit", "chromium", "firefox", "firefox-smil", "bezier-easing-v2", "cardano"])
    }
}
