import Foundation
import MotionCore

/// The naive evaluator: what a straightforward port of Core Animation's object model does, as a fair peer for the
/// batch evaluator. One class per layer; animations as protocol existentials in an array; scalar evaluation with
/// timing computed from scratch; a WebKit-style Bézier solve at ε = 1e-7 on every call; a closed-form spring built
/// from scratch (ω0, ζ, regime) on every call. Key paths are an enum, not strings.
public final class NaiveEvaluator {
    /// The animatable properties of a naive layer.
    enum KeyPath {
        case first, second
    }

    /// A layer object.
    final class Layer {
        let beginTime: Double
        var animations: [any NaiveAnimation]
        var first = 0.0, second = 0.0

        init(beginTime: Double, animations: [any NaiveAnimation]) {
            self.beginTime = beginTime
            self.animations = animations
        }

        func set(_ keyPath: KeyPath, _ value: Double) {
            switch keyPath {
            case .first: first = value
            case .second: second = value
            }
        }
    }

    let layers: [Layer]
    /// The layers evaluated (the workload's first `count`).
    public var count: Int { layers.count }

    /// Naive layers for the first `limit` layers of `workload` (their programs and begin frames).
    public init(workload: Workload, limit: Int) {
        var layers: [Layer] = []
        let count = min(limit, workload.layers.count)
        layers.reserveCapacity(count)
        // Take layers spread over the whole store so that every program is represented.
        let stride = max(1, workload.layers.count / max(count, 1))
        for position in 0..<count {
            let layer = workload.layers[min(position * stride, workload.layers.count - 1)]
            let animations = Self.animations(for: workload.programKinds[layer.program], velocity: layer.initialVelocity)
            layers.append(Layer(beginTime: Double(layer.beginFrame) * workload.interval, animations: animations))
        }
        self.layers = layers
    }

    /// Evaluates every layer at parent time `time` and returns the sum of outputs (kept so the work is not removed).
    @discardableResult
    public func evaluate(time: Double) -> Double {
        var sum = 0.0
        for layer in layers {
            for animation in layer.animations { animation.apply(time: time - layer.beginTime, to: layer) }
            sum += layer.first + layer.second
        }
        return sum
    }

    static func animations(for kind: Scenario.Kind, velocity: Double) -> [any NaiveAnimation] {
        switch kind {
        case .basic(let from, let to, let timing):
            return [NaiveBasic(keyPath: .first, from: from, to: to, timing: NaiveTiming(timing), curve: NaiveCurve(timing.timingFunction))]
        case .spring(let springs, _):
            let spring = springs[0]
            return [NaiveSpring(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping, velocity: velocity)]
        case .keyframes(let animation):
            return [NaiveKeyframes(values: animation.values, keyTimes: animation.keyTimes,
                                   cubic: animation.calculationMode == .cubic || animation.calculationMode == .cubicPaced,
                                   timing: NaiveTiming(animation.timing), curve: NaiveCurve(animation.timing.timingFunction))]
        case .pendulum(let rotation, let shift):
            return [NaiveViewKeyframes(keyPath: .first, keyframes: rotation), NaiveViewKeyframes(keyPath: .second, keyframes: shift)]
        case .cardFlip(let group, let rotation, let scale):
            return [NaiveGroup(timing: NaiveTiming(group.timing), children: [
                NaiveBasic(keyPath: .first, from: 0, to: rotation.to ?? 0, timing: NaiveTiming(rotation.timing),
                           curve: NaiveCurve(rotation.timing.timingFunction)),
                NaiveBasic(keyPath: .second, from: 1, to: scale.to ?? 1, timing: NaiveTiming(scale.timing),
                           curve: NaiveCurve(scale.timing.timingFunction)),
            ])]
        case .transition(let transition, let timing):
            return [NaiveTransition(transition: transition, timing: NaiveTiming(timing), curve: NaiveCurve(timing.timingFunction))]
        case .interactive(let transition, let scrubTo, let scrubDuration, let finish, let width):
            return [NaiveInteractive(duration: transition.duration, speed: transition.completionSpeed, scrubTo: scrubTo,
                                     scrubDuration: scrubDuration, finish: finish, width: width,
                                     curve: NaiveCurve(transition.completionCurve))]
        }
    }
}

/// A naive animation: applies itself to a layer at a local time.
protocol NaiveAnimation {
    func apply(time: Double, to layer: NaiveEvaluator.Layer)
}

/// Core Animation timing computed from scratch on every call: the cycle, the pass, the direction and the fill.
struct NaiveTiming {
    let duration: Double, repeatCount: Double, autoreverses: Bool, holds: Bool

    init(_ timing: MediaTiming) {
        duration = timing.duration
        repeatCount = timing.repeatCount >= MediaTiming.forever ? .infinity : max(timing.repeatCount, 1)
        autoreverses = timing.autoreverses
        holds = timing.fillMode == .forwards || timing.fillMode == .both
    }

    /// Linear progress of the current pass, or nil when removed.
    func progress(_ time: Double) -> Double? {
        let cycle = autoreverses ? 2 * duration : duration
        let active = cycle * repeatCount
        if time < 0 { return 0 }
        if time >= active { return holds ? (autoreverses ? 0 : 1) : nil }
        let inCycle = time.truncatingRemainder(dividingBy: cycle)
        let pass = inCycle / duration
        return pass <= 1 ? pass : 2 - pass
    }
}

/// WebKit's `UnitBezier` as it stood for years: Newton from t = x (up to 8 steps, |x(t) − x| < ε, give up when
/// |x'| < 1e-6), then bisection on [0, 1]; ε = 1e-7 as in Chromium.
struct NaiveCurve {
    let ax, bx, cx, ay, by, cy: Double
    let isLinear: Bool
    static let epsilon = 1e-7

    init(_ function: TimingFunction) {
        if case .cubicBezier(let curve) = function {
            (ax, bx, cx, ay, by, cy) = curve.powerForm
            isLinear = false
        } else {
            (ax, bx, cx, ay, by, cy) = (0, 0, 1, 0, 0, 1)
            isLinear = true
        }
    }

    func value(_ x: Double) -> Double {
        if isLinear { return x }
        var t = x
        for _ in 0..<8 {
            let error = ((ax * t + bx) * t + cx) * t - x
            if abs(error) < Self.epsilon { return ((ay * t + by) * t + cy) * t }
            let slope = (3 * ax * t + 2 * bx) * t + cx
            if abs(slope) < 1e-6 { break }
            t -= error / slope
        }
        var (lo, hi) = (0.0, 1.0)
        t = x
        while lo < hi {
            let value = ((ax * t + bx) * t + cx) * t
            if abs(value - x) < Self.epsilon { break }
            if x > value { lo = t } else { hi = t }
            t = (hi - lo) * 0.5 + lo
            if hi - lo < 1e-15 { break }
        }
        return ((ay * t + by) * t + cy) * t
    }
}

struct NaiveBasic: NaiveAnimation {
    let keyPath: NaiveEvaluator.KeyPath
    let from: Double, to: Double
    let timing: NaiveTiming
    let curve: NaiveCurve

    func apply(time: Double, to layer: NaiveEvaluator.Layer) {
        guard let progress = timing.progress(time) else { return }
        layer.set(keyPath, from + (to - from) * curve.value(progress))
    }
}

struct NaiveSpring: NaiveAnimation {
    let mass: Double, stiffness: Double, damping: Double, velocity: Double

    /// The closed form built from scratch: ω0, ζ and the regime's constants on every call.
    func apply(time: Double, to layer: NaiveEvaluator.Layer) {
        guard time > 0 else {
            layer.first = 0
            layer.second = velocity
            return
        }
        let omega = (stiffness / mass).squareRoot(), zeta = damping / (2 * (stiffness * mass).squareRoot())
        let lambda = zeta * omega, x0 = 1.0, v0 = -velocity
        var x: Double, v: Double
        if zeta < 1 {
            let wd = omega * (1 - zeta * zeta).squareRoot(), b = (v0 + lambda * x0) / wd
            let decay = exp(-lambda * time), c = cos(wd * time), s = sin(wd * time)
            x = decay * (x0 * c + b * s)
            v = decay * ((wd * b - lambda * x0) * c - (wd * x0 + lambda * b) * s)
        } else if zeta == 1 {
            let b = v0 + lambda * x0, decay = exp(-lambda * time)
            x = decay * (x0 + b * time)
            v = decay * (b - lambda * (x0 + b * time))
        } else {
            let root = omega * (zeta * zeta - 1).squareRoot(), r1 = -lambda + root, r2 = -lambda - root
            let c1 = (v0 - r2 * x0) / (r1 - r2), c2 = x0 - c1
            x = c1 * exp(r1 * time) + c2 * exp(r2 * time)
            v = c1 * r1 * exp(r1 * time) + c2 * r2 * exp(r2 * time)
        }
        layer.first = 1 - x
        layer.second = -v
    }
}

struct NaiveKeyframes: NaiveAnimation {
    let values: [Double], keyTimes: [Double], cubic: Bool
    let timing: NaiveTiming
    let curve: NaiveCurve

    func apply(time: Double, to layer: NaiveEvaluator.Layer) {
        guard let linear = timing.progress(time) else { return }
        let p = curve.value(linear)
        let last = values.count - 1
        if p <= keyTimes[0] { layer.first = values[0]; return }
        if p >= keyTimes[last] { layer.first = values[last]; return }
        var segment = 0
        while segment < last - 1, keyTimes[segment + 1] <= p { segment += 1 }
        let u = (p - keyTimes[segment]) / (keyTimes[segment + 1] - keyTimes[segment])
        if !cubic {
            layer.first = values[segment] + (values[segment + 1] - values[segment]) * u
            return
        }
        // Catmull–Rom tangents from the neighbours, recomputed every call.
        let p0 = values[max(segment - 1, 0)], p1 = values[segment], p2 = values[segment + 1], p3 = values[min(segment + 2, last)]
        let m1 = (p2 - p0) / 2, m2 = (p3 - p1) / 2
        let u2 = u * u, u3 = u2 * u
        layer.first = (2 * u3 - 3 * u2 + 1) * p1 + (u3 - 2 * u2 + u) * m1 + (3 * u2 - 2 * u3) * p2 + (u3 - u2) * m2
    }
}

struct NaiveViewKeyframes: NaiveAnimation {
    let keyPath: NaiveEvaluator.KeyPath
    let keyframes: ViewKeyframes<Double>

    func apply(time: Double, to layer: NaiveEvaluator.Layer) {
        let curve = NaiveCurve(keyframes.curve)
        var current = keyframes.initialValue
        for keyframe in keyframes.keyframes {
            let start = keyframe.relativeStartTime * keyframes.duration, length = keyframe.relativeDuration * keyframes.duration
            guard time >= start else { break }
            let progress = length > 0 ? min((time - start) / length, 1) : 1
            current += (keyframe.value - current) * curve.value(progress)
        }
        layer.set(keyPath, current)
    }
}

struct NaiveGroup: NaiveAnimation {
    let timing: NaiveTiming
    let children: [any NaiveAnimation]

    func apply(time: Double, to layer: NaiveEvaluator.Layer) {
        guard let progress = timing.progress(time) else { return }
        for child in children { child.apply(time: progress * timing.duration, to: layer) }
    }
}

struct NaiveTransition: NaiveAnimation {
    let transition: Transition
    let timing: NaiveTiming
    let curve: NaiveCurve

    func apply(time: Double, to layer: NaiveEvaluator.Layer) {
        let q = curve.value(timing.progress(time) ?? 0)
        let (outgoing, incoming) = transition.layers(at: q)
        if transition.kind == .fade {
            (layer.first, layer.second) = (outgoing.opacity, incoming.opacity)
        } else if transition.subtype == .fromLeft || transition.subtype == .fromRight {
            (layer.first, layer.second) = (outgoing.translation.x, incoming.translation.x)
        } else {
            (layer.first, layer.second) = (outgoing.translation.y, incoming.translation.y)
        }
    }
}

struct NaiveInteractive: NaiveAnimation {
    let duration: Double, speed: Double, scrubTo: Double, scrubDuration: Double, finish: Bool, width: Double
    let curve: NaiveCurve

    func apply(time: Double, to layer: NaiveEvaluator.Layer) {
        var percent = 0.0
        if time > 0, time < scrubDuration {
            percent = scrubTo * time / scrubDuration
        } else if time >= scrubDuration {
            let target = finish ? 1.0 : 0.0
            let length = (finish ? 1 - scrubTo : scrubTo) * duration / speed
            let progress = length > 0 ? min((time - scrubDuration) / length, 1) : 1
            percent = scrubTo + (target - scrubTo) * curve.value(progress)
        }
        (layer.first, layer.second) = (percent, percent * width)
    }
}
