import MotionCore
import XCTest

/// Parameters at the edges of the Double range: a finite answer computed in a scaled form, or an error that names
/// the parameter and the limit. Never NaN, never infinity, never a trap.
final class ExtremeParameterTests: XCTestCase {
    // MARK: springs

    func testSpringScaledByACommonFactorIsTheSameMotion() throws {
        // m, k and c all 1e155: m·k overflows, but the motion is spring(1 1 1 0)'s (ζ = 0.5, under-damped).
        let huge = try Spring(mass: 1e155, stiffness: 1e155, damping: 1e155)
        let unit = try Spring(mass: 1, stiffness: 1, damping: 1)
        XCTAssertEqual(huge.dampingRatio, 0.5, accuracy: 1e-15)
        XCTAssertEqual(huge.regime, .underdamped)
        XCTAssertEqual(huge.response, 2 * Double.pi, accuracy: 1e-14)
        for t in stride(from: 0.0, through: 20, by: 0.37) {
            XCTAssertEqual(huge.progress(at: t), unit.progress(at: t), accuracy: 1e-15)
        }
        let tiny = try Spring(mass: 1e-155, stiffness: 1e-155, damping: 2e-155)
        XCTAssertEqual(tiny.regime, .critical)
        XCTAssertEqual(tiny.dampingRatio, 1, accuracy: 1e-15)
    }

    func testHeavilyOverdampedSpringFollowsItsSlowMode() throws {
        // λ = 5e100, ω0 = 1e51: the fast mode dies at once and x(t) = e^{r+·t} with r+ = −k/c·(1 + O(ω0²/λ²)) = −10.
        let spring = try Spring(mass: 1e-100, stiffness: 100, damping: 10)
        XCTAssertEqual(spring.regime, .overdamped)
        for t in [0.01, 0.25, 1, 3] {
            XCTAssertEqual(spring.progress(at: t), 1 - Double.exp(-10 * t), accuracy: 1e-15, "t = \(t)")
        }
        let slow = try Spring(mass: 1, stiffness: 100, damping: 1e140)  // r+ = −1e-138: barely moves
        XCTAssertEqual(slow.progress(at: 1), 0, accuracy: 1e-15)
        XCTAssertTrue(slow.velocity(at: 1).isFinite)
    }

    func testSpringsBeyondTheRateLimitsNameTheLimit() {
        let cases: [(() throws -> Spring, String)] = [
            ({ try Spring(mass: 1e-160) }, "damping/(2·mass)"),
            ({ try Spring(mass: 0x1p-1063) }, "√(stiffness/mass)"),
            ({ try Spring(mass: 1, stiffness: 100, damping: 1e160) }, "damping/(2·mass)"),
            ({ try Spring(mass: 1e308, stiffness: 1e-308) }, "√(stiffness/mass)"),
            ({ try Spring(initialVelocity: 1e308) }, "initialVelocity"),
        ]
        for (make, fragment) in cases {
            XCTAssertThrowsError(try make()) { error in
                XCTAssertTrue("\(error)".contains(fragment), "\(error)")
                XCTAssertTrue("\(error)".contains("1e150"), "\(error)")
            }
        }
    }

    func testLightlyDampedSpringSettlesAfterTheEnvelopeTime() throws {
        // ζ = 5e-16: |x| ≈ e^{−λt}, so the last crossing of ε = 0.001 is within a half period of ln(1000)/λ.
        let spring = try Spring(damping: 1e-14)
        let envelope = Double.log(1000) / spring.decayRate
        XCTAssertEqual(try spring.settlingTime(), envelope, accuracy: envelope * 1e-9)
        let lighter = try Spring(damping: 1e-300)
        let far = Double.log(1000) / lighter.decayRate
        XCTAssertEqual(try lighter.settlingTime(), far, accuracy: far * 1e-9)
        XCTAssertThrowsError(try Spring(damping: 0x1p-1030).settlingTime()) { error in
            XCTAssertTrue("\(error)".contains("1.8e308 s"), "\(error)")
        }
        XCTAssertThrowsError(try Spring.swiftUI(response: 0.5, dampingRatio: 0).settlingTime()) { error in
            XCTAssertTrue("\(error)".contains("damping ratio 0"), "\(error)")
        }
    }

    func testHugeInitialVelocityWithinTheLimitSettles() throws {
        // Amplitude ~1e139 decaying as e^{−5t}: about (ln(1e139) + ln(1000))/5 ≈ 65 s.
        let time = try Spring(initialVelocity: 1e140).settlingTime()
        XCTAssertEqual(time, (Double.log(1e140 / (75.0).squareRoot()) + Double.log(1000)) / 5, accuracy: 0.7)
    }

    // MARK: timing

    func testOverflowingTimeOffsetIsReducedExactly() throws {
        let once = try MediaTiming(duration: 0x1p-1063, timeOffset: 1)
        XCTAssertEqual(once.evaluate(parentTime: 0.5).phase, .after)
        let forever = try MediaTiming(duration: 1e-10, timeOffset: 1e308, repeatCount: MediaTiming.forever)
        let result = forever.evaluate(parentTime: 0.5)
        XCTAssertEqual(result.phase, .active)
        let progress = try XCTUnwrap(result.progress)
        XCTAssertTrue(progress >= 0 && progress <= 1, "\(progress)")
        // 1e308 s mod 1e-10 s, then 0.5 s more (a whole number of 1e-10 s periods up to rounding): the same phase.
        let offset = 1e308.truncatingRemainder(dividingBy: 1e-10) / 1e-10
        let expected = (offset + 0.5 / 1e-10).truncatingRemainder(dividingBy: 1)
        XCTAssertEqual(progress, expected, accuracy: 1e-3)
    }

    // MARK: transforms and linear()

    func testTransformsBeyondTheEntryLimitAreRejected() throws {
        for spec in ["scale(1e200)", "rotate(1e308turn)", "matrix(1e308, 0, 0, 1e308, 0, 0)", "scale(1e40) scale(1e40)",
                     "perspective(1e-300px)"] {
            XCTAssertThrowsError(try TransformList(spec: spec), spec) { error in
                XCTAssertTrue("\(error)".contains("1e+75"), "\(spec): \(error)")
            }
        }
        XCTAssertNoThrow(try TransformList(spec: "scale(1e50) rotate(10deg)"))
    }

    func testInterpolatingOppositeExtremesStaysFinite() throws {
        let from = try TransformList(spec: "rotate(1e308rad)"), to = try TransformList(spec: "rotate(-1e308rad)")
        let middle = TransformList.interpolate(from: from, to: to, at: 0.5)
        XCTAssertEqual(middle.entries, Transform3D.identity.entries)
        let linear = try LinearEasing(stops: [.init(output: 1e308), .init(output: -1e308)])
        XCTAssertEqual(linear.value(at: 0), 1e308)
        XCTAssertEqual(linear.value(at: 1), -1e308)
        XCTAssertEqual(linear.value(at: 0.5), 0)
        XCTAssertEqual(linear.value(at: 0.25), 5e307)
    }
}
