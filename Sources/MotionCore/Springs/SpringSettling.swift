import RealModule

/// When a spring has settled, by MotionBench's definition: the first time after which |progress − 1| < ε holds
/// forever, ε relative to the distance (default 0.001).
///
/// Found without sampling: the motion is split into monotone pieces at the extrema of the displacement x(t) (closed
/// form times), the last piece that starts with |x| ≥ ε is located (under-damped extrema shrink by exactly
/// e^{−λπ/ωd} per half period; over- and critically damped springs have at most one extremum), and the crossing of
/// ±ε inside it is solved with `BracketedRoot`. Both are then decided exactly: whether an extremum reaches ε is
/// compared on the exact motion at the extremum's double time (`ExactSpringValue.displacement(_:at:against:)`, interval
/// arithmetic in MPFR), and the crossing T, the last time with |x| = ε, is bracketed between adjacent doubles by
/// bisection on exact comparisons and rounded to the nearer (the exact midpoint decides). What stays out of reach: an
/// extremum within about (ω·δt)² of ε, δt the rounding of its double time, where the double time's value may fall
/// below ε while the true extremum does not; with damping ratios below about 1e-9 and 10^10 half periods and more,
/// δt alone (10^-5 s at 10^11 s) makes neighbouring extrema indistinguishable.
extension Spring {
    /// Checks a settling tolerance ε (a fraction of the distance) before any spring is at hand.
    /// - Throws: for ε outside (0, 1), naming it as `epsilon`.
    public static func checkSettlingTolerance(_ epsilon: Double) throws(InvalidParameterError) {
        guard epsilon > 0, epsilon < 1 else {
            throw InvalidParameterError(context: "settle", parameter: "epsilon", value: epsilon, rule: "is outside (0, 1)")
        }
    }

    /// Our settling time in seconds for tolerance `epsilon` in (0, 1) (a fraction of the distance): the double nearest
    /// T, the last time |1 − progress| = ε, decided on the exact motion (a few milliseconds; the limits are in the
    /// type's comment above).
    /// - Throws: for ε outside (0, 1), or an undamped spring (c = 0), which never settles.
    public func settlingTime(epsilon: Double = 0.001) throws(InvalidParameterError) -> Double {
        try Self.checkSettlingTolerance(epsilon)
        guard damping > 0 else {
            throw InvalidParameterError(context: "settle", parameter: "damping", value: damping,
                                        rule: "means no damping (damping ratio 0): an undamped spring never settles")
        }
        let solution = self.solution
        let x0 = 1.0, rate0 = -initialVelocity
        let x = { (t: Double) in solution.state(at: t, displacement: x0, rate: rate0).displacement }
        guard let (start, end) = lastPieceAboveTolerance(epsilon: epsilon, displacement: x) else {
            throw InvalidParameterError(
                context: "settle", parameter: "damping", value: damping,
                rule: "is too small for this spring to settle within 1.8e308 s (damping ratio "
                    + "\(formatSpecNumber(dampingRatio)), decay rate \(formatSpecNumber(decayRate))/s)")
        }
        let sign: Double = x(start) >= 0 ? 1 : -1
        if reachesTolerance(epsilon, at: end) { return end }
        let guess = BracketedRoot.find(in: start, end) { x($0) - sign * epsilon } ?? end
        return crossing(epsilon: epsilon, in: start, end, near: guess)
    }

    /// Whether |x| ≥ ε at the double time `time`, decided on the exact motion (an undecidable tie, within 2^-1000,
    /// counts as reaching ε: the spring is not yet closer than ε there).
    private func reachesTolerance(_ epsilon: Double, at time: Double) -> Bool {
        ExactSpringValue.displacement(self, at: MultiPrecisionFloat(time), against: epsilon) >= 0
    }

    /// The double nearest the crossing T in [start, end] where |x| falls to ε for good, given |x| ≥ ε at `start`,
    /// |x| < ε at `end` and |x| decreasing between: bisection over the doubles' order on exact comparisons (at most 64),
    /// then the exact midpoint of the last two doubles decides which is nearer, the even one on a tie. `guess`, the
    /// closed form's root, answers only where the exact comparisons cannot confirm the bracket.
    private func crossing(epsilon: Double, in start: Double, _ end: Double, near guess: Double) -> Double {
        guard start.sign == .plus, start < end, reachesTolerance(epsilon, at: start),
              !reachesTolerance(epsilon, at: end) else { return guess }
        var low = start, high = end
        // Positive doubles are ordered as their bit patterns.
        while high.bitPattern - low.bitPattern > 1 {
            let middle = Double(bitPattern: low.bitPattern + (high.bitPattern - low.bitPattern) / 2)
            if reachesTolerance(epsilon, at: middle) { low = middle } else { high = middle }
        }
        // T lies in [low, high): at low the spring is ε or more away, at high closer.
        let atLow = ExactSpringValue.displacement(self, at: MultiPrecisionFloat(low), against: epsilon)
        if atLow == 0 { return low }
        let midpoint = MultiPrecisionFloat.exactScaled(
            MultiPrecisionFloat.exactSum(MultiPrecisionFloat(low), MultiPrecisionFloat(high)), -1)
        let side = ExactSpringValue.displacement(self, at: midpoint, against: epsilon)
        if side > 0 { return high }
        if side < 0 { return low }
        return low.significandBitPattern & 1 == 0 ? low : high
    }

    /// The times t > 0 where x'(t) = 0 that bound the last monotone piece starting with |x| ≥ ε, or nil when that
    /// piece lies beyond the range of a Double.
    private func lastPieceAboveTolerance(epsilon: Double, displacement x: (Double) -> Double) -> (Double, Double)? {
        let lambda = decayRate, omegaSquared = stiffness / mass
        let rate0 = -initialVelocity
        // x'(t) = e^{−λt}·(x0'·C − Q·S) with Q = λ·x0' + ω0²·x0.
        let q = lambda * rate0 + omegaSquared
        if regime == .underdamped {
            let frequency = (omegaSquared - lambda * lambda).squareRoot()
            var phase = q == 0 ? Double.pi / 2 : Double.atan(rate0 * frequency / q)
            if phase <= 0 { phase += Double.pi }
            let halfPeriod = Double.pi / frequency
            let extremum = { (k: Double) in (phase + k * Double.pi) / frequency }
            let first = abs(x(extremum(0)))
            // |x(t_k)| = |x(t_0)|·e^{−λ·k·π/ωd}: the last k with |x(t_k)| ≥ ε, then a check either side. k is a
            // whole Double (no cap): a lightly damped spring can take 10^15 half periods and more to settle.
            let decayPerHalfPeriod = lambda * halfPeriod
            var k = first >= epsilon ? (Double.log(first / epsilon) / decayPerHalfPeriod).rounded(.down) : -1
            guard extremum(k + 1).isFinite else { return nil }
            if k < 0x1p52 {
                // Beyond 2^52 half periods, neighbouring extrema are closer than the spacing of Doubles near them.
                // Decided on the exact motion at each extremum's double time.
                for _ in 0..<4 where reachesTolerance(epsilon, at: extremum(k + 1)) { k += 1 }
                for _ in 0..<4 where k >= 0 && !reachesTolerance(epsilon, at: extremum(k)) { k -= 1 }
            }
            return k < 0 ? (0, extremum(0)) : (extremum(k), extremum(k + 1))
        }
        // At most one extremum: x0'·C = Q·S, i.e. t_e = x0'/Q (critical) or atanh(x0'·r/Q)/r (over-damped).
        var extremumTime: Double?
        if q != 0 {
            let argument = rate0 / q
            if regime == .critical {
                if argument > 0 { extremumTime = argument }
            } else {
                let r = (lambda * lambda - omegaSquared).squareRoot()
                let tanh = argument * r
                if tanh > 0, tanh < 1 { extremumTime = Double.atanh(tanh) / r }
            }
        }
        var far = max(extremumTime ?? 0, 1 / omegaSquared.squareRoot())
        for _ in 0..<2_100 where far.isFinite && abs(x(far)) >= epsilon { far *= 2 }
        guard far.isFinite, abs(x(far)) < epsilon else { return nil }
        if let extremumTime, reachesTolerance(epsilon, at: extremumTime) { return (extremumTime, far) }
        return (0, extremumTime ?? far)
    }
}

/// Other libraries' ideas of when a spring is done, for side-by-side reports (each rule written from its library's public source or documentation).
///
/// The frame-based rules are evaluated on the exact motion of a move of `distance` units (pixels or points) at the
/// given frame rate, and report the first frame time at which the library's stopping condition holds.
public enum SettlingDefinition: String, Sendable, CaseIterable {
    /// MotionBench: the last time |progress − 1| ≥ ε (ε = 0.001 of the distance), the double nearest it
    /// (`Spring.settlingTime(epsilon:)`).
    case motionbench
    /// SwiftUI `settlingDuration`: not public; reimplemented as the envelope bound for target 1, initial velocity 0,
    /// ε = 0.001 (the exact last crossing when ζ ≥ 1, where the motion has no envelope).
    case swiftUI = "swiftui"
    /// Core Animation `settlingDuration`: not public; reimplemented as the same envelope bound with the spring's own
    /// initial velocity. Apple's examples (m 1, k 100, c 5 → about 2.85 s; c 15 → just over 1 s) come out at 2.78 s
    /// and 0.98 s.
    case coreAnimation = "core-animation"
    /// Android `SpringAnimation`: |v| < velocityThreshold and |x − target| < valueThreshold, with valueThreshold =
    /// 0.75 units (1-pixel minimum visible change) and velocityThreshold = valueThreshold·1000/16 per second.
    case android
    /// Flutter `SpringSimulation.isDone`: |x − target| < 1e-3 and |v| < 1e-3, in absolute units.
    case flutter
    /// React Native `Animated.spring`: |v| ≤ 0.001 and |target − x| ≤ 0.001 (rest thresholds), absolute units.
    case reactNative = "react-native"
    /// rebound: speed and displacement both below 0.005.
    case rebound
    /// motion: distance ≥ 5 → restDelta 0.5 and restSpeed 2 units/s, smaller moves 0.005 and 0.01; speed is checked
    /// only when ζ < 1.
    case motion
    /// react-spring: precision = min(1, distance·0.001), rest velocity = precision/10 per millisecond.
    case reactSpring = "react-spring"

    /// The settling time in seconds, or `nil` when the rule never holds (an undamped spring) within 10⁶ frames.
    public func settlingTime(of spring: Spring, distance: Double = 100, frameRate: Double = 120) -> Double? {
        switch self {
        case .motionbench:
            return try? spring.settlingTime()
        case .swiftUI, .coreAnimation:
            let velocity = self == .swiftUI ? 0 : spring.initialVelocity
            guard let probe = try? spring.with(initialVelocity: velocity), probe.damping > 0 else { return nil }
            guard probe.regime == .underdamped else { return try? probe.settlingTime() }
            let lambda = probe.decayRate, frequency = (probe.stiffness / probe.mass - lambda * lambda).squareRoot()
            // log √(1 + r²) with r = (λ − v)/ωd, formed without overflowing r² (or r itself when ωd is tiny).
            let ratio = (lambda - velocity) / frequency
            let logAmplitude = ratio.isFinite ? Double.log(Double.hypot(1, ratio))
                : Double.log(abs(lambda - velocity)) - Double.log(frequency)
            let time = (logAmplitude - Double.log(0.001)) / lambda
            return time.isFinite ? time : nil
        default:
            return firstFrame(of: spring, distance: distance, frameRate: frameRate)
        }
    }

    /// The first frame at which the rule's thresholds (in absolute units for a move of `distance`) hold.
    private func firstFrame(of spring: Spring, distance: Double, frameRate: Double) -> Double? {
        let (positionLimit, speedLimit): (Double, Double?) = switch self {
        case .android: (0.75, 0.75 * 1000 / 16)
        case .flutter: (1e-3, 1e-3)
        case .reactNative: (0.001, 0.001)
        case .rebound: (0.005, 0.005)
        case .motion:
            distance >= 5 ? (0.5, spring.dampingRatio < 1 ? 2 : nil) : (0.005, spring.dampingRatio < 1 ? 0.01 : nil)
        case .reactSpring: (min(1, distance * 0.001), min(1, distance * 0.001) / 10 * 1000)
        default: (0, nil)
        }
        guard spring.damping > 0, frameRate > 0, distance > 0 else { return nil }
        for frame in 1...1_000_000 {
            let t = Double(frame) / frameRate
            let offset = abs(1 - spring.progress(at: t)) * distance
            let speed = abs(spring.velocity(at: t)) * distance
            if offset < positionLimit, speedLimit.map({ speed < $0 }) ?? true { return t }
        }
        return nil
    }
}
