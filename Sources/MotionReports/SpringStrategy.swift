import MotionCore
import RealModule

/// A way of animating a unit spring move, reimplemented from the libraries' public descriptions and sources (our own code),
/// sampled at each frame of a fixed rate.
package struct SpringStrategy: Sendable {
    /// The strategy's report name (a contract: `motionbench`, `motionbench-propagator`, `webkit`, `react-native`,
    /// `android`, `flutter`, `rebound`, `react-spring`, `motion`).
    package let name: String
    /// Whether it advances a state frame by frame (its clock can drift).
    package let isStepping: Bool
    /// Progress at frames 1…count of `rate` Hz, plus the simulated time the strategy believes has passed at the last
    /// frame (seconds).
    package let trajectory: @Sendable (Spring, Double, Int) -> (progress: [Double], simulatedSeconds: Double)

    /// Every strategy.
    package static let all: [SpringStrategy] = [motionbench, motionbenchPropagator, webKit, reactNative, android, flutter,
                                               rebound, reactSpring, motion]

    static func closedForm(_ name: String, _ progress: @escaping @Sendable (Spring, Double) -> Double) -> SpringStrategy {
        SpringStrategy(name: name, isStepping: false) { spring, rate, count in
            ((1...max(count, 1)).map { progress(spring, Double($0) / rate) }, Double(count) / rate)
        }
    }

    /// MotionCore's closed form.
    package static let motionbench = closedForm("motionbench") { $0.progress(at: $1) }

    /// MotionCore's exact propagator stepped once per frame.
    package static let motionbenchPropagator = SpringStrategy(name: "motionbench-propagator", isStepping: true) { spring, rate, count in
        let propagator = SpringPropagator(solution: spring.solution, interval: 1 / rate)
        var state = SpringState(position: 0, velocity: spring.initialVelocity, target: 1)
        var progress: [Double] = []
        for _ in 0..<count {
            propagator.advance(&state)
            progress.append(state.position)
        }
        return (progress, Double(count) / rate)
    }

    /// WebKit's `SpringSolver`: the under-damped closed form for ζ < 1 and the critical formula
    /// e^{−ω0·t}·(1 + (ω0 − v0)·t) for every ζ ≥ 1 (over-damped springs come out too fast: 0.29 of the travel at ζ = 2).
    package static let webKit = closedForm("webkit", criticalForOverdamped)

    /// React Native's `SpringAnimation` closed form: as WebKit, critical for every ζ ≥ 1.
    package static let reactNative = closedForm("react-native", criticalForOverdamped)

    @Sendable static func criticalForOverdamped(_ spring: Spring, _ t: Double) -> Double {
        let omega = spring.naturalFrequency, zeta = spring.dampingRatio, v0 = spring.initialVelocity
        if zeta < 1 {
            let wd = omega * (1 - zeta * zeta).squareRoot()
            return 1 - Double.exp(-zeta * omega * t) * (Double.cos(wd * t) + (zeta * omega - v0) / wd * Double.sin(wd * t))
        }
        return 1 - Double.exp(-omega * t) * (1 + (omega - v0) * t)
    }

    /// Android's `SpringForce.updateValues`: each frame restarts the exact closed form from the previous state over
    /// the elapsed whole milliseconds, keeping position and velocity in 32-bit floats.
    package static let android = SpringStrategy(name: "android", isStepping: true) { spring, rate, count in
        let solution = spring.solution
        var x = Float(1), v = Float(-spring.initialVelocity)  // displacement and its rate
        var lastMilliseconds = 0.0
        var progress: [Double] = []
        for frame in 1...max(count, 1) {
            let now = (Double(frame) * 1000 / rate).rounded(.down)
            let dt = (now - lastMilliseconds) / 1000
            lastMilliseconds = now
            let (newX, newV) = solution.state(at: dt, displacement: Double(x), rate: Double(v))
            (x, v) = (Float(newX), Float(newV))
            progress.append(1 - Double(x))
        }
        return (progress, lastMilliseconds / 1000)
    }

    /// Flutter's `SpringSimulation`: exact closed forms per regime (critical only when the discriminant is exactly 0,
    /// so it loses digits just beside ζ = 1).
    package static let flutter = closedForm("flutter", textbook)

    /// motion's spring: exact closed forms per regime.
    package static let motion = closedForm("motion", textbook)

    @Sendable static func textbook(_ spring: Spring, _ t: Double) -> Double {
        let m = spring.mass, k = spring.stiffness, c = spring.damping, v0 = spring.initialVelocity
        let discriminant = c * c - 4 * m * k
        let x0 = 1.0, rate0 = -v0
        if discriminant == 0 {
            let r = -c / (2 * m), c2 = rate0 - r * x0
            return 1 - (x0 + c2 * t) * Double.exp(r * t)
        }
        if discriminant > 0 {
            let r1 = (-c - discriminant.squareRoot()) / (2 * m), r2 = (-c + discriminant.squareRoot()) / (2 * m)
            let c2 = (rate0 - r1 * x0) / (r2 - r1), c1 = x0 - c2
            return 1 - (c1 * Double.exp(r1 * t) + c2 * Double.exp(r2 * t))
        }
        let w = (4 * m * k - c * c).squareRoot() / (2 * m), r = -c / (2 * m)
        return 1 - Double.exp(r * t) * (x0 * Double.cos(w * t) + (rate0 - r * x0) / w * Double.sin(w * t))
    }

    /// rebound: RK4 with fixed 1 ms substeps, at most 64 ms per frame; the displayed state is then a blend of the
    /// last two substeps by the leftover fraction of a substep (so its clock lags behind the real one).
    package static let rebound = SpringStrategy(name: "rebound", isStepping: true) { spring, rate, count in
        let (k, c, m) = (spring.stiffness, spring.damping, spring.mass)
        let step = 0.001, maximumFrame = 0.064
        var x = 0.0, v = spring.initialVelocity  // position (progress) and velocity
        var previousX = x, accumulator = 0.0, simulated = 0.0
        func acceleration(_ x: Double, _ v: Double) -> Double { (k * (1 - x) - c * v) / m }
        var progress: [Double] = []
        for _ in 0..<max(count, 1) {
            accumulator += min(1 / rate, maximumFrame)
            while accumulator >= step {
                accumulator -= step
                previousX = x
                let (a1x, a1v) = (v, acceleration(x, v))
                let (a2x, a2v) = (v + a1v * step / 2, acceleration(x + a1x * step / 2, v + a1v * step / 2))
                let (a3x, a3v) = (v + a2v * step / 2, acceleration(x + a2x * step / 2, v + a2v * step / 2))
                let (a4x, a4v) = (v + a3v * step, acceleration(x + a3x * step, v + a3v * step))
                x += (a1x + 2 * (a2x + a3x) + a4x) * step / 6
                v += (a1v + 2 * (a2v + a3v) + a4v) * step / 6
                simulated += step
            }
            let alpha = accumulator / step
            progress.append(x * alpha + previousX * (1 - alpha))
        }
        return (progress, simulated - step + accumulator)
    }

    /// react-spring: semi-implicit Euler with 1 ms steps, ceil(frame / 1 ms) steps per frame (its clock runs fast).
    package static let reactSpring = SpringStrategy(name: "react-spring", isStepping: true) { spring, rate, count in
        let (k, c, m) = (spring.stiffness, spring.damping, spring.mass)
        var x = 0.0, v = spring.initialVelocity, simulated = 0.0
        let steps = Int((1000 / rate).rounded(.up))
        var progress: [Double] = []
        for _ in 0..<max(count, 1) {
            for _ in 0..<steps {
                v += (k * (1 - x) - c * v) / m * 0.001
                x += v * 0.001
                simulated += 0.001
            }
            progress.append(x)
        }
        return (progress, simulated)
    }
}
