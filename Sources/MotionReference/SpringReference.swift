import CGSL
import MotionCore
import RealModule

/// Reference motion of damped springs, independent of MotionCore's closed form.
///
/// - `integrate`: GSL's `gsl_odeiv2` driver with the rk8pd stepper (embedded Runge–Kutta Prince–Dormand 8(9)) on
///   x'' = −(k/m)·x − (c/m)·x', absolute tolerance 1e-16 and relative 1e-14 per step. Its global error over 5 s is
///   measured by the tests against `textbook`, and is about 1e-15 for ordinary springs.
/// - `textbook`: the regime-by-regime formulas (cos/sin, 1 + Bt, two exponentials) in `ExtendedReal`, which lose
///   digits only within about 1e-9 of ζ = 1 (the loss stays below 1e-15 at ζ = 1 ± 1e-7 in 80-bit arithmetic).
/// - `settlingTime`: the last crossing of |x| = ε bracketed by dense sampling of `textbook` and solved with GSL's
///   Brent solver: an independent check of `Spring.settlingTime`.
public enum SpringReference {
    /// Progress and velocity (progress units per second) of a unit move.
    public struct Sample: Sendable {
        /// Time in seconds.
        public let time: Double
        /// Progress: 0 at the start, 1 at the target.
        public let progress: Double
        /// Velocity in progress units per second, positive toward the target.
        public let velocity: Double
    }

    /// Integrates `spring` with GSL rk8pd and returns the state at each of `times` (seconds, ascending, ≥ 0).
    /// Returns `nil` if GSL reports a failure.
    public static func integrate(_ spring: Spring, at times: [Double],
                                 absoluteTolerance: Double = 1e-16, relativeTolerance: Double = 1e-14) -> [Sample]? {
        cgsl_disable_error_handler()
        var parameters = cgsl_spring_parameters(stiffnessOverMass: spring.stiffness / spring.mass,
                                                dampingOverMass: spring.damping / spring.mass)
        return withUnsafeMutablePointer(to: &parameters) { pointer -> [Sample]? in
            var system = cgsl_spring_system(pointer)
            let initialStep = min(1e-4, 0.01 / max(spring.naturalFrequency, spring.decayRate))
            guard let driver = gsl_odeiv2_driver_alloc_y_new(&system, cgsl_odeiv2_step_rk8pd(), initialStep,
                                                             absoluteTolerance, relativeTolerance)
            else { return nil }
            defer { gsl_odeiv2_driver_free(driver) }
            gsl_odeiv2_driver_set_nmax(driver, 10_000_000)
            var t = 0.0
            var y: [Double] = [1, -spring.initialVelocity]
            var samples: [Sample] = []
            for time in times {
                if time > t {
                    guard gsl_odeiv2_driver_apply(driver, &t, time, &y) == GSL_SUCCESS else { return nil }
                }
                samples.append(Sample(time: time, progress: 1 - y[0], velocity: -y[1]))
            }
            return samples
        }
    }

    /// The displacement x = 1 − progress and its rate at `time`, from the textbook formulas in `ExtendedReal`.
    public static func textbook(_ spring: Spring, at time: Double) -> (displacement: Double, rate: Double) {
        let m = ExtendedReal(spring.mass), k = ExtendedReal(spring.stiffness), c = ExtendedReal(spring.damping)
        let t = ExtendedReal(time), x0: ExtendedReal = 1, rate0 = -ExtendedReal(spring.initialVelocity)
        let lambda = c / (2 * m), omegaSquared = k / m
        let discriminant = c * c - 4 * m * k
        if discriminant < 0 {
            let frequency = (omegaSquared - lambda * lambda).squareRoot()
            let b = (rate0 + lambda * x0) / frequency
            let decay = ExtendedReal.exp(-lambda * t)
            let (cosine, sine) = (ExtendedReal.cos(frequency * t), ExtendedReal.sin(frequency * t))
            let x = decay * (x0 * cosine + b * sine)
            let rate = decay * ((frequency * b - lambda * x0) * cosine - (frequency * x0 + lambda * b) * sine)
            return (Double(x), Double(rate))
        }
        if discriminant == 0 {
            let b = rate0 + lambda * x0
            let decay = ExtendedReal.exp(-lambda * t)
            return (Double(decay * (x0 + b * t)), Double(decay * (b - lambda * (x0 + b * t))))
        }
        let root = (lambda * lambda - omegaSquared).squareRoot()
        let fast = -lambda - root, slow = -omegaSquared / (lambda + root)
        // C1 + C2 = x0, slow·C1 + fast·C2 = rate0.
        let c1 = (rate0 - fast * x0) / (slow - fast), c2 = x0 - c1
        let (eSlow, eFast) = (ExtendedReal.exp(slow * t), ExtendedReal.exp(fast * t))
        return (Double(c1 * eSlow + c2 * eFast), Double(c1 * slow * eSlow + c2 * fast * eFast))
    }

    /// The last time |1 − progress| ≥ `epsilon`: sampled densely (64 samples per natural period, and never coarser
    /// than 1/64 of the decay time) up to `horizon` seconds to bracket the last crossing, then GSL Brent on the
    /// textbook displacement. `nil` if no crossing is found before `horizon`.
    public static func settlingTime(_ spring: Spring, epsilon: Double = 0.001, horizon: Double) -> Double? {
        let step = min(2 * Double.pi / spring.naturalFrequency, 1 / max(spring.decayRate, 1e-300)) / 64
        let count = Int(min(horizon / step, 50_000_000))
        var lastAbove = 0
        for index in 0...count where abs(textbook(spring, at: Double(index) * step).displacement) >= epsilon {
            lastAbove = index
        }
        guard lastAbove < count else { return nil }
        let lower = Double(lastAbove) * step, upper = Double(lastAbove + 1) * step
        let sign: Double = textbook(spring, at: lower).displacement >= 0 ? 1 : -1
        let root = GSLRootFinder.brent(in: lower, upper) { textbook(spring, at: $0).displacement - sign * epsilon }
        return root.location
    }
}
