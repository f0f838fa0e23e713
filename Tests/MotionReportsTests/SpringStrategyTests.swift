import MotionCore
import MotionReports
import XCTest

/// Each spring strategy reproduces its algorithm's documented behaviour (REFERENCE §2.5).
final class SpringStrategyTests: XCTestCase {
    /// Largest |strategy − exact| over `seconds` at `rate` Hz, at the real frame times.
    private func worstError(_ strategy: SpringStrategy, _ spring: Spring, rate: Double = 120, seconds: Double = 2) -> Double {
        let count = Int(rate * seconds)
        let (progress, _) = strategy.trajectory(spring, rate, count)
        return progress.enumerated().map { abs($1 - spring.progress(at: Double($0 + 1) / rate)) }.max()!
    }

    func testWebKitAndReactNativeUseTheCriticalFormulaWhenOverDamped() throws {
        let overdamped = try Spring(mass: 1, stiffness: 100, damping: 40)  // ζ = 2
        for strategy in [SpringStrategy.webKit, .reactNative] {
            let error = worstError(strategy, overdamped)
            XCTAssertGreaterThan(error, 0.2, strategy.name)
            XCTAssertLessThan(error, 0.4, strategy.name)
            XCTAssertLessThan(worstError(strategy, try Spring(mass: 1, stiffness: 100, damping: 10)), 1e-13, "exact when under-damped")
        }
    }

    func testExactStrategies() throws {
        for spring in [try Spring(damping: 10, initialVelocity: 5), try Spring(damping: 20), try Spring(damping: 40)] {
            XCTAssertLessThan(worstError(.motionbench, spring), 1e-15)
            XCTAssertLessThan(worstError(.motionbenchPropagator, spring), 1e-13)
            XCTAssertLessThan(worstError(.flutter, spring), 1e-12)
            XCTAssertLessThan(worstError(.motion, spring), 1e-12)
        }
        // Just beside ζ = 1 the per-regime closed forms lose digits (REFERENCE: Flutter 1e-13); the stable form does not.
        let nearCritical = try Spring(mass: 1, stiffness: 100, damping: 20 * (1 + 1e-7))
        XCTAssertGreaterThan(worstError(.flutter, nearCritical), 1e-14)
        XCTAssertLessThan(worstError(.motionbench, nearCritical), 1e-15)
    }

    func testAndroidKeepsFloatsAndWholeMilliseconds() throws {
        let spring = try Spring.android(stiffness: 1500, dampingRatio: 0.5)
        let (_, simulated) = SpringStrategy.android.trajectory(spring, 120, 7)
        XCTAssertEqual(simulated, 0.058, "7 frames of 8.33 ms truncated to whole milliseconds: 58 ms")
        let error = worstError(.android, spring)
        XCTAssertGreaterThan(error, 1e-7, "float state and truncated frame times")
        XCTAssertLessThan(error, 0.2)
    }

    func testSteppingClocksDrift() throws {
        let spring = try Spring()
        let (_, reactSpring) = SpringStrategy.reactSpring.trajectory(spring, 120, 240)
        XCTAssertEqual(reactSpring / 2, 1.08, accuracy: 1e-9, "ceil(8.33 ms) = 9 one-millisecond steps per frame")
        let (_, rebound) = SpringStrategy.rebound.trajectory(spring, 120, 240)
        XCTAssertLessThan(rebound / 2, 1, "the blended state lags the real clock")
        XCTAssertGreaterThan(worstError(.reactSpring, spring), 1e-2)
    }

    func testStrategyNamesAreAContract() {
        XCTAssertEqual(SpringStrategy.all.map(\.name), ["motionbench", "motionbench-propagator", "webkit", "react-native",
                                                        "android", "flutter", "rebound", "react-spring", "motion"])
    }
}
