import MotionCore
import MotionReference
import XCTest

/// Holds MotionCore's spring closed form, propagator and settling time to the GSL references.
final class SpringReferenceTests: XCTestCase {
    static let times = (0...100).map { Double($0) * 0.05 }  // 0–5 s

    /// A seeded set of springs spanning ζ from 0.01 to 20 (log-uniform), ω0 from 2 to 60 rad/s, mass 0.2–5 and
    /// initial velocity −10…10.
    static func randomSprings(count: Int, seed: UInt64) throws -> [Spring] {
        var generator = SplitMix64(seed: seed)
        return try (0..<count).map { _ in
            let ratio = Double.exp(Double.random(in: Double.log(0.01)...Double.log(20.0), using: &generator))
            let omega = Double.random(in: 2...60, using: &generator)
            let mass = Double.random(in: 0.2...5, using: &generator)
            return try Spring(mass: mass, stiffness: omega * omega * mass, damping: 2 * ratio * omega * mass,
                              initialVelocity: Double.random(in: -10...10, using: &generator))
        }
    }

    /// The hard cases of the springs issue.
    static func hardSprings() throws -> [Spring] {
        let k = 100.0
        let critical = 2 * k.squareRoot()
        var springs = try [
            Spring(mass: 1, stiffness: k, damping: critical),
            Spring(mass: 1, stiffness: k, damping: critical * (1 + 1e-7)),
            Spring(mass: 1, stiffness: k, damping: critical * (1 - 1e-7)),
            Spring(mass: 1, stiffness: k, damping: 2 * critical),
            Spring(mass: 0.01, stiffness: 1e5, damping: 2 * 0.5 * (1e5 * 0.01).squareRoot()),
            Spring(mass: 0.01, stiffness: 1e5, damping: 2 * 1.5 * (1e5 * 0.01).squareRoot()),
        ]
        springs += try springs.map { try $0.with(initialVelocity: 5) } + springs.map { try $0.with(initialVelocity: -3) }
        return springs
    }

    /// Compares core positions and velocities over 0–5 s with GSL rk8pd and, away from ζ = 1, with the 80-bit
    /// textbook formulas. GSL's own global error on lightly damped springs reaches ~2e-13 over 5 s (round-off over
    /// thousands of steps), so against GSL the core may differ by `bound` plus GSL's measured deviation from the
    /// textbook value at that sample; against the textbook value (accurate to ~1e-18 there) it must be within `bound`.
    private func compareWithReferences(_ springs: [Spring], bound: Double, label: String) {
        var worstGSL = 0.0, worstTextbook = 0.0, worstFloor = 0.0, worstVelocity = 0.0
        for spring in springs {
            guard let samples = SpringReference.integrate(spring, at: Self.times) else {
                XCTFail("GSL failed on \(spring)")
                continue
            }
            let nearCritical = abs(spring.dampingRatio - 1) < 1e-6
            for sample in samples {
                let core = spring.progress(at: sample.time)
                let gslError = abs(core - sample.progress)
                var floor = 0.0
                if !nearCritical {
                    let textbook = SpringReference.textbook(spring, at: sample.time)
                    let textbookError = abs(core - (1 - textbook.displacement))
                    floor = abs(sample.progress - (1 - textbook.displacement))
                    worstTextbook = max(worstTextbook, textbookError)
                    let velocityError = abs(spring.velocity(at: sample.time) + textbook.rate) / max(1, spring.naturalFrequency)
                    worstVelocity = max(worstVelocity, velocityError)
                    if !(textbookError <= bound) {
                        XCTFail("\(label): \(spring) at t = \(sample.time): |core − 80-bit textbook| = \(textbookError)")
                    }
                    if !(velocityError <= bound) {
                        XCTFail("\(label): \(spring) at t = \(sample.time): velocity error / max(1, ω0) = \(velocityError)")
                    }
                }
                worstGSL = max(worstGSL, gslError)
                worstFloor = max(worstFloor, floor)
                if !(gslError <= bound + floor) {
                    XCTFail("\(label): \(spring) at t = \(sample.time): |core − GSL| = \(gslError) > \(bound) + \(floor)")
                }
            }
        }
        print("\(label): largest |core − GSL rk8pd| \(worstGSL) (GSL's own deviation up to \(worstFloor)); "
              + "|core − 80-bit textbook| \(worstTextbook); velocity error / max(1, ω0) \(worstVelocity)")
    }

    func testReferencesAgree() throws {
        var worst = 0.0
        for spring in try Self.randomSprings(count: 200, seed: 99) {
            let samples = try XCTUnwrap(SpringReference.integrate(spring, at: Self.times))
            for sample in samples {
                worst = max(worst, abs(1 - SpringReference.textbook(spring, at: sample.time).displacement - sample.progress))
            }
        }
        print("reference floor: largest |GSL rk8pd − 80-bit textbook| \(worst)")
        XCTAssertLessThan(worst, 1e-12)
    }

    func testClosedFormMatchesReferencesOnRandomSprings() throws {
        compareWithReferences(try Self.randomSprings(count: 2_000, seed: 7), bound: 1e-14, label: "random springs")
    }

    func testClosedFormMatchesGSLOnHardCases() throws {
        compareWithReferences(try Self.hardSprings(), bound: 1e-14, label: "hard springs")
    }

    /// Within 1e-6 of ζ = 1 the textbook formulas cancel; the GSL integration of these fast-decaying springs is
    /// accurate to a few ulp, so the core is held to 2e-15 against it on both sides of the boundary.
    func testClosedFormIsStableAcrossCriticalDamping() throws {
        var worst = 0.0
        for offset in [-1e-7, -1e-9, -1e-12, 0, 1e-12, 1e-9, 1e-7, 1e-4] {
            let spring = try Spring(mass: 1, stiffness: 400, damping: 40 * (1 + offset), initialVelocity: 3)
            let times = (0...500).map { Double($0) * 0.01 }
            let samples = try XCTUnwrap(SpringReference.integrate(spring, at: times))
            for sample in samples { worst = max(worst, abs(spring.progress(at: sample.time) - sample.progress)) }
        }
        print("across ζ = 1: largest |core − GSL| \(worst)")
        XCTAssertLessThan(worst, 2e-15, "closed form across ζ = 1")
    }

    /// The closed form switches from the series (|q|·t² ≤ 1/4) to sincos or two exponentials where √|q|·t = 1/2, on
    /// the inlined path, and rounding may put a time on either side: progress and velocity just below, at and above
    /// that time, for under- and over-damped springs with both signs of initial velocity, stay within 1e-14 of the
    /// 80-bit textbook formulas.
    func testClosedFormIsAccurateWhereTheRegimeSwitches() throws {
        var worst = 0.0
        for ratio in [0.2, 0.5, 0.9, 0.99, 1.01, 1.1, 2, 5] {
            for velocity in [-4.0, 0, 6] {
                let spring = try Spring(mass: 1.5, stiffness: 150, damping: 2 * ratio * 10 * 1.5, initialVelocity: velocity)
                let q = abs(spring.naturalFrequency * spring.naturalFrequency - spring.decayRate * spring.decayRate)
                let switchTime = 0.5 / q.squareRoot()
                for offset in [-1e-3, -1e-9, -4e-16, 0, 4e-16, 1e-9, 1e-3] {
                    let time = switchTime * (1 + offset)
                    let textbook = SpringReference.textbook(spring, at: time)
                    let error = abs(spring.progress(at: time) - (1 - textbook.displacement))
                    let velocityError = abs(spring.velocity(at: time) + textbook.rate) / spring.naturalFrequency
                    worst = max(worst, error, velocityError)
                    XCTAssertLessThanOrEqual(error, 1e-14, "ζ \(ratio), v0 \(velocity), t = \(time)")
                    XCTAssertLessThanOrEqual(velocityError, 1e-14, "velocity: ζ \(ratio), v0 \(velocity), t = \(time)")
                }
            }
        }
        print("at the series switch: largest error against the 80-bit textbook \(worst)")
    }

    /// A's four entries are rounded once, so each step adds at most about ulp/sin(ωd·h) of phase error; after 1,000
    /// steps the error must stay below 1e-13 at 60, 120 and 144 Hz, including ζ = 0.01 springs that still swing with
    /// a third of their amplitude after 16.7 s. Both groups are reported separately.
    func testPropagatorStaysExactOverAThousandFrames() throws {
        var worst = 0.0, worstLight = 0.0
        for rate in [60.0, 120.0, 144.0] {
            for spring in try Self.randomSprings(count: 120, seed: 3) + Self.hardSprings() {
                let bound = 1e-13
                let propagator = try SpringPropagator(spring: spring, interval: 1 / rate)
                var state = SpringState(position: 0, velocity: spring.initialVelocity, target: 1)
                var times: [Double] = []
                var positions: [Double] = []
                for frame in 1...1_000 {
                    propagator.advance(&state)
                    if frame % 50 == 0 {
                        times.append(Double(frame) / rate)
                        positions.append(state.position)
                    }
                }
                // Up to 16.7 s: lightly damped springs need the 80-bit textbook reference (GSL drifts ~1e-13
                // there); within 1e-6 of ζ = 1 the textbook cancels and GSL is exact to a few ulp.
                let nearCritical = abs(spring.dampingRatio - 1) < 1e-6
                let references = nearCritical
                    ? try XCTUnwrap(SpringReference.integrate(spring, at: times)).map(\.progress)
                    : times.map { 1 - SpringReference.textbook(spring, at: $0).displacement }
                for ((time, reference), position) in zip(zip(times, references), positions) {
                    let error = abs(position - reference)
                    if spring.dampingRatio >= 0.05 { worst = max(worst, error) } else { worstLight = max(worstLight, error) }
                    if !(error <= bound) { XCTFail("\(spring) at \(rate) Hz, t = \(time): error \(error) > \(bound)") }
                }
            }
        }
        print("propagator: largest error after up to 1,000 steps: \(worst) (ζ ≥ 0.05), \(worstLight) (ζ < 0.05)")
    }

    func testSettlingTimeMatchesGSLBrentCrossCheck() throws {
        var springs = try Self.randomSprings(count: 40, seed: 5).filter { $0.dampingRatio < 8 }
        springs += try [Spring(mass: 1, stiffness: 100, damping: 5), Spring(mass: 1, stiffness: 100, damping: 15),
                        Spring(mass: 1, stiffness: 100, damping: 20), Spring(mass: 1, stiffness: 100, damping: 40),
                        Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: 30),
                        Spring(mass: 1, stiffness: 100, damping: 40, initialVelocity: -20)]
        var worst = 0.0
        for spring in springs {
            let core = try spring.settlingTime()
            let reference = try XCTUnwrap(SpringReference.settlingTime(spring, horizon: 2 * core + 1), "\(spring)")
            worst = max(worst, abs(core - reference))
            XCTAssertEqual(core, reference, accuracy: 1e-9 * max(1, core), "\(spring)")
            // The definition itself: |x| < ε just after, and = ε at the crossing.
            XCTAssertEqual(abs(1 - spring.progress(at: core)), 0.001, accuracy: 1e-12, "\(spring)")
        }
        print("settling: largest |core − GSL Brent| \(worst) s")
    }
}
