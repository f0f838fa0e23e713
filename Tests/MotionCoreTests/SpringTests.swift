import MotionCore
import XCTest

final class SpringTests: XCTestCase {
    func testDerivedValuesAndRegimes() throws {
        let spring = try Spring(mass: 1, stiffness: 100, damping: 10)
        XCTAssertEqual(spring.naturalFrequency, 10)
        XCTAssertEqual(spring.dampingRatio, 0.5)
        XCTAssertEqual(spring.regime, .underdamped)
        XCTAssertEqual(try Spring(mass: 1, stiffness: 100, damping: 20).regime, .critical)
        XCTAssertEqual(try Spring(mass: 1, stiffness: 100, damping: 40).regime, .overdamped)
        XCTAssertEqual(try Spring(damping: 0).progress(at: Double.pi / 10), 2, accuracy: 1e-15)  // undamped: 1 − cos(π)
    }

    func testEndpointsAndInitialVelocity() throws {
        let spring = try Spring(mass: 2, stiffness: 300, damping: 7, initialVelocity: 4)
        XCTAssertEqual(spring.progress(at: 0), 0)
        XCTAssertEqual(spring.velocity(at: 0), 4)
        XCTAssertEqual(spring.progress(at: 100), 1, accuracy: 1e-15)
        let h = 1e-6
        for t in [0.01, 0.1, 0.37, 1.2] {
            let difference = (spring.progress(at: t + h) - spring.progress(at: t - h)) / (2 * h)
            XCTAssertEqual(spring.velocity(at: t), difference, accuracy: 1e-6)
        }
    }

    func testAppleDocumentedVectors() throws {
        let spring = try Spring.swiftUI(duration: 0.5, bounce: 0.3)
        XCTAssertEqual(spring.mass, 1)
        XCTAssertEqual(spring.stiffness, 157.9, accuracy: 0.05)
        XCTAssertEqual(spring.damping, 17.6, accuracy: 0.05)
        let physical = try Spring(mass: 1, stiffness: 100, damping: 10)
        XCTAssertEqual(physical.perceptualDuration, 0.63, accuracy: 0.005)
        XCTAssertEqual(physical.bounce, 0.5, accuracy: 1e-15)
    }

    func testEveryParameterizationRoundTrips() throws {
        var generator = SplitMix64(seed: 31)
        for _ in 0..<200 {
            let response = Double.random(in: 0.1...2, using: &generator)
            let ratio = Double.random(in: 0.05...1, using: &generator)
            let swiftUI = try Spring.swiftUI(response: response, dampingRatio: ratio)
            XCTAssertEqual(swiftUI.response, response, accuracy: 1e-14 * response)
            XCTAssertEqual(swiftUI.dampingRatio, ratio, accuracy: 1e-14)

            let bounce = Double.random(in: -0.9...1, using: &generator)
            let duration = try Spring.swiftUI(duration: response, bounce: bounce)
            XCTAssertEqual(duration.perceptualDuration, response, accuracy: 1e-14 * response)
            XCTAssertEqual(duration.bounce, bounce, accuracy: 1e-13)

            let stiffness = Double.random(in: 10...10_000, using: &generator)
            let android = try Spring.android(stiffness: stiffness, dampingRatio: ratio)
            XCTAssertEqual(android.androidStiffness, stiffness, accuracy: 1e-12 * stiffness)
            XCTAssertEqual(android.dampingRatio, ratio, accuracy: 1e-14)

            let mass = Double.random(in: 0.1...10, using: &generator)
            let flutter = try Spring.flutter(mass: mass, stiffness: stiffness, dampingRatio: ratio)
            XCTAssertEqual(flutter.dampingRatio, ratio, accuracy: 1e-14)

            let tension = Double.random(in: 5...200, using: &generator), friction = Double.random(in: 0...50, using: &generator)
            let origami = try Spring.origami(tension: tension, friction: friction)
            XCTAssertEqual(origami.origamiTension, tension, accuracy: 1e-11)
            XCTAssertEqual(origami.origamiFriction, friction, accuracy: 1e-11)

            let bounciness = Double.random(in: 0...20, using: &generator), speed = Double.random(in: 1...40, using: &generator)
            let reactNative = try Spring.reactNative(bounciness: bounciness, speed: speed)
            XCTAssertEqual(reactNative.reactNativeBounciness, bounciness, accuracy: 1e-9)
            XCTAssertEqual(reactNative.reactNativeSpeed, speed, accuracy: 1e-9)

            let visual = Double.random(in: 0.1...2, using: &generator), motionBounce = Double.random(in: 0...0.9, using: &generator)
            let motion = try Spring.motion(visualDuration: visual, bounce: motionBounce)
            XCTAssertEqual(motion.motionVisualDuration, visual, accuracy: 1e-14 * visual)
            XCTAssertEqual(motion.bounce, motionBounce, accuracy: 1e-13)

            let uikitDuration = Double.random(in: 0.1...3, using: &generator)
            let velocity = Double.random(in: -5...5, using: &generator)
            do {
                let uikit = try Spring.uikit(duration: uikitDuration, dampingRatio: ratio, initialVelocity: velocity)
                XCTAssertEqual(try XCTUnwrap(uikit.uikitDuration), uikitDuration, accuracy: 1e-11 * uikitDuration)
                XCTAssertEqual(uikit.dampingRatio, ratio, accuracy: 1e-13)
                XCTAssertEqual(uikit.initialVelocity, velocity)
            } catch {
                // Only a velocity toward the target can be too large: the envelope then peaks below 0.001.
                XCTAssertGreaterThan(velocity, 0, "\(error)")
                XCTAssertTrue("\(error)".contains("too large"))
            }
        }
    }

    func testOrigamiAndReactNativeDefaults() throws {
        let origami = try Spring.origami()
        XCTAssertEqual(origami.stiffness, 230.2, accuracy: 1e-12)
        XCTAssertEqual(origami.damping, 22, accuracy: 1e-12)
        let reactNative = try Spring.reactNative()
        XCTAssertGreaterThan(reactNative.stiffness, 0)
        XCTAssertLessThan(reactNative.dampingRatio, 1)
    }

    func testUIKitMappingSolvesTheEnvelopeEquationExactly() throws {
        for (duration, ratio, velocity) in [(0.5, 0.5, 0.0), (1.0, 0.8, 3.0), (0.3, 1.0, 0.0), (2.0, 0.05, -2.0),
                                            (0.6, 1.0, 4.0)] {
            let spring = try Spring.uikit(duration: duration, dampingRatio: ratio, initialVelocity: velocity)
            let omega = spring.naturalFrequency
            let envelope = ratio < 1
                ? (ratio * omega - velocity) / (omega * (1 - ratio * ratio).squareRoot()) * .exp(-ratio * omega * duration)
                : Double.exp(-omega * duration) * ((omega - velocity) * duration + 1)
            XCTAssertEqual(envelope, 0.001, accuracy: 1e-15, "\(duration), \(ratio), \(velocity)")
        }
        XCTAssertThrowsError(try Spring.uikit(duration: 0.5, dampingRatio: 0.5, initialVelocity: 1e6))
    }

    func testInvalidParametersNameTheParameterAndRange() {
        func message(_ body: () throws -> Spring) -> String {
            do {
                _ = try body()
                return "accepted"
            } catch { return "\(error)" }
        }
        XCTAssertEqual(message { try Spring(mass: 0) }, "spring: mass = 0 must be a finite number > 0")
        XCTAssertEqual(message { try Spring(stiffness: -1) }, "spring: stiffness = -1 must be a finite number > 0")
        XCTAssertEqual(message { try Spring(damping: .nan) }, "spring: damping = nan must be a finite number ≥ 0")
        XCTAssertEqual(message { try Spring.swiftUI(duration: 0, bounce: 0) },
                       "spring: duration = 0 must be a finite number > 0 s")
        XCTAssertEqual(message { try Spring.swiftUI(duration: 1, bounce: 1.5) }, "spring: bounce = 1.5 is outside [-1, 1]")
        XCTAssertEqual(message { try Spring.swiftUI(response: 1, dampingRatio: -0.1) },
                       "spring: dampingRatio = -0.1 must be a finite number ≥ 0")
    }

    func testPropagatorCacheRetargetAndRest() throws {
        let spring = try Spring(mass: 1, stiffness: 170, damping: 26)
        var cache = SpringPropagatorCache(spring: spring)
        let first = cache.propagator(for: 1.0 / 120)
        XCTAssertEqual(cache.propagator(for: 1.0 / 120), first)
        _ = cache.propagator(for: 1.0 / 60)
        XCTAssertEqual(cache.count, 2)

        // Retargeting keeps position and velocity; the motion then follows the closed form toward the new target.
        var state = SpringState(position: 0, velocity: 0, target: 1)
        for _ in 0..<30 { first.advance(&state) }
        let (position, velocity) = (state.position, state.velocity)
        state.retarget(to: 3)
        XCTAssertEqual(state.position, position)
        XCTAssertEqual(state.velocity, velocity)
        let moved = try Spring(mass: 1, stiffness: 170, damping: 26, initialVelocity: velocity / (3 - position))
        for _ in 0..<24 { first.advance(&state) }
        XCTAssertEqual(state.position, position + (3 - position) * moved.progress(at: 24.0 / 120), accuracy: 1e-13)

        // Long after settling the state snaps to exact rest instead of decaying into subnormals.
        for _ in 0..<20_000 { first.advance(&state) }
        XCTAssertEqual(state.displacement, 0)
        XCTAssertEqual(state.position, 3)
        XCTAssertEqual(state.velocity, 0)
    }

    func testBatchAdvanceMatchesScalarAdvance() throws {
        let propagator = try SpringPropagator(spring: try Spring(stiffness: 300, damping: 12), interval: 1.0 / 144)
        var displacements = (0..<37).map { Double($0) / 10 - 1 }, rates = (0..<37).map { Double($0 % 5) - 2 }
        var states = zip(displacements, rates).map { SpringState(position: $0, velocity: $1, target: 0) }
        for _ in 0..<100 {
            displacements.withUnsafeMutableBufferPointer { x in
                rates.withUnsafeMutableBufferPointer { v in propagator.advance(displacements: x, rates: v) }
            }
            for index in states.indices { propagator.advance(&states[index]) }
        }
        XCTAssertEqual(displacements, states.map(\.displacement))
        XCTAssertEqual(rates, states.map(\.velocity))
    }


    /// The two-lane step that the frame evaluator's spring kernel uses, and the four-lane kernel of
    /// `advance(displacements:rates:)` with its scalar tail, must give each layer the scalar step's result to the bit,
    /// including the snap to rest right at its thresholds, signed zeros, infinities and NaN.
    func testLaneStepsMatchTheScalarStep() throws {
        let propagator = try SpringPropagator(spring: try Spring(stiffness: 200, damping: 9), interval: 1.0 / 120)
        let (a11, a12, a21, a22) = (propagator.a11, propagator.a12, propagator.a21, propagator.a22)
        let restRate = propagator.restRate
        let threshold = SpringPropagator.restThreshold
        // States whose next displacement or rate lands on, just below or just above a threshold.
        var states: [(Double, Double)] = [(0, 0), (-0.0, 0), (.infinity, 1), (.nan, 0), (1, .nan), (-.infinity, -.infinity)]
        for scale in [threshold, threshold.nextDown, threshold.nextUp, restRate, restRate.nextDown, restRate.nextUp] {
            states.append((scale / a11, 0))
            states.append((0, scale / a22))
            states.append((-scale / a11, scale / a12 / 4))
        }
        var generator = SplitMix64(seed: 17)
        for _ in 0..<2_000 {
            let magnitude = Double.exp(Double.random(in: -50...5, using: &generator))
            states.append((Double.random(in: -1...1, using: &generator) * magnitude,
                           Double.random(in: -1...1, using: &generator) * magnitude * 100))
        }
        for k in stride(from: 0, to: states.count - 1, by: 2) {
            let (first, second) = (states[k], states[k + 1])
            let lanes = SpringPropagator.step(displacement: SIMD2(first.0, second.0), rate: SIMD2(first.1, second.1),
                                              a11: SIMD2(repeating: a11), a12: SIMD2(repeating: a12),
                                              a21: SIMD2(repeating: a21), a22: SIMD2(repeating: a22), restRate: restRate)
            for (lane, state) in [first, second].enumerated() {
                let scalar = SpringPropagator.step(displacement: state.0, rate: state.1, a11: a11, a12: a12, a21: a21,
                                                   a22: a22, restRate: restRate)
                XCTAssertEqual(lanes.displacement[lane].bitPattern, scalar.displacement.bitPattern, "\(state)")
                XCTAssertEqual(lanes.rate[lane].bitPattern, scalar.rate.bitPattern, "\(state)")
            }
        }
        // Every count from 0 to 11 exercises the four-lane loop and each length of the scalar tail, at every offset.
        for count in 0...11 {
            for start in stride(from: 0, to: states.count - count, by: 37) {
                let chunk = Array(states[start..<(start + count)])
                var displacements = chunk.map(\.0), rates = chunk.map(\.1)
                displacements.withUnsafeMutableBufferPointer { x in
                    rates.withUnsafeMutableBufferPointer { v in propagator.advance(displacements: x, rates: v) }
                }
                for (index, state) in chunk.enumerated() {
                    let scalar = SpringPropagator.step(displacement: state.0, rate: state.1, a11: a11, a12: a12, a21: a21,
                                                       a22: a22, restRate: restRate)
                    XCTAssertEqual(displacements[index].bitPattern, scalar.displacement.bitPattern, "\(state)")
                    XCTAssertEqual(rates[index].bitPattern, scalar.rate.bitPattern, "\(state)")
                }
            }
        }
    }
    func testSettlingTimeDefinitionAndErrors() throws {
        let spring = try Spring(mass: 1, stiffness: 100, damping: 5)
        let time = try spring.settlingTime()
        XCTAssertEqual(abs(1 - spring.progress(at: time)), 0.001, accuracy: 1e-12)
        for t in stride(from: time + 1e-6, through: time + 3, by: 0.0005) {
            XCTAssertLessThan(abs(1 - spring.progress(at: t)), 0.001, "t = \(t)")
        }
        XCTAssertGreaterThan(try spring.settlingTime(epsilon: 1e-6), time)
        XCTAssertThrowsError(try Spring(damping: 0).settlingTime()) { error in
            XCTAssertTrue("\(error)".contains("never settles"))
        }
        XCTAssertThrowsError(try spring.settlingTime(epsilon: 0))
    }

    /// The settling time is the double nearest T, the last time |1 − progress| = ε, on inputs where the closed form
    /// in doubles chose the wrong piece or the wrong side of a flat crossing: ε within 2e-17 of an extremum (the
    /// extremum above ε, then below it), ε just below a peak (the crossing 1e-8 s from it), and a crossing next to the
    /// start (ε = 0.999), where the double root was 18 units off. Expected values: an independent oracle (an outsider's
    /// mpmath script: the extrema in closed form, bisection on |d| − ε at 600 to 3,000 bits).
    func testSettlingTimeIsTheNearestDoubleWhereTheClosedFormCannotTell() throws {
        let cases: [(Spring, Double, Double)] = [
            (try Spring(mass: 1, stiffness: 100, damping: 1, initialVelocity: 5), 0.6997924635305229, 0.8962644946501196),
            (try Spring(mass: 1, stiffness: 100, damping: 10), 0.1630335348215805, 0.19705605018663402),
            (try Spring(mass: 1, stiffness: 100, damping: 2), 0.7292476142876708, 0.31574194330382127),
            (try Spring(mass: 1, stiffness: 100, damping: 10), 0.999, 0.00450610215502742),
        ]
        for (spring, epsilon, expected) in cases {
            let time = try spring.settlingTime(epsilon: epsilon)
            XCTAssertEqual(time.bitPattern, expected.bitPattern, "\(spring) ε = \(epsilon): \(time) vs \(expected)")
        }
    }

    func testOtherSettlingDefinitions() throws {
        // Apple's examples for CASpringAnimation.settlingDuration: about 2.85 s and just over 1 s.
        let soft = try Spring(mass: 1, stiffness: 100, damping: 5), firm = try Spring(mass: 1, stiffness: 100, damping: 15)
        XCTAssertEqual(try XCTUnwrap(SettlingDefinition.coreAnimation.settlingTime(of: soft)), 2.85, accuracy: 0.15)
        XCTAssertEqual(try XCTUnwrap(SettlingDefinition.coreAnimation.settlingTime(of: firm)), 1.0, accuracy: 0.06)
        let times = SettlingDefinition.allCases.compactMap { $0.settlingTime(of: soft) }
        XCTAssertEqual(times.count, SettlingDefinition.allCases.count)
        XCTAssertGreaterThan(times.max()! / times.min()!, 1.2, "the libraries disagree")
        XCTAssertNil(SettlingDefinition.flutter.settlingTime(of: try Spring(damping: 0)))
    }
}
