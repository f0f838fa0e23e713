import Foundation
import MotionCore
import MotionEngine

/// `spring`: position springs, each layer with its own spring (one of `springs`, or drawn from `spring`'s
/// distributions), begin time, start value, target and initial velocity; a share of them retargeted mid-flight.
enum SpringKind: ScenarioKind {
    static let engineKind = EngineLayerKind.spring
    static let fields: Set<String> = ["springs", "spring", "from", "to", "initialVelocity", "retarget"]

    static func recipe(_ reader: ScenarioReader) throws(ScenarioError) -> any LayerRecipe {
        let source: SpringRecipe.Source
        if reader.has("spring") {
            guard !reader.has("springs") else { throw reader.fail("spring", "cannot be given together with springs") }
            let inner = try reader.nested("spring")
            try inner.requireOnly(["response", "dampingRatio"], what: "spring (SwiftUI parameters)")
            source = .swiftUI(response: try inner.distribution("response") { $0 >= 1e-3 && $0 <= 1e3 ? nil : "must be in [0.001, 1000] seconds" },
                              dampingRatio: try inner.distribution("dampingRatio") { $0 >= 0.01 && $0 <= 100 ? nil : "must be in [0.01, 100]" })
        } else {
            guard let specs = reader.object["springs"] as? [Any], !specs.isEmpty else {
                throw reader.fail("springs", "must be a non-empty array of spring specs (or give \"spring\")")
            }
            var springs: [Spring] = []
            for (index, item) in specs.enumerated() {
                guard let text = item as? String else { throw reader.fail("springs[\(index)]", "must be a string") }
                do {
                    springs.append(try Spring(spec: text))
                } catch {
                    throw reader.fail("springs[\(index)]", "is not a spring: \(error.message)")
                }
            }
            source = .choice(springs)
        }
        let velocity: NumberDistribution?
        if let raw = reader.object["initialVelocity"] as? [Any] {
            // Version 1's form: [min, max], uniform; the same checks as version 2's {"uniform": [min, max]}.
            velocity = try reader.uniform(raw, at: "initialVelocity", rule: Rule.magnitude)
        } else {
            velocity = reader.has("initialVelocity") ? try reader.distribution("initialVelocity", rule: Rule.magnitude) : nil
        }
        var retarget: SpringRecipe.Retarget?
        if reader.has("retarget") {
            let inner = try reader.nested("retarget")
            guard reader.version >= 2 else { throw reader.needsVersionTwo("retarget") }
            try inner.requireOnly(["share", "after", "to"], what: "retarget")
            let share = try inner.number("share", default: 1)
            guard (0...1).contains(share) else { throw inner.fail("share", "must lie in [0, 1]") }
            retarget = .init(share: share, after: try inner.distribution("after", rule: Rule.duration),
                             to: try inner.distribution("to", rule: Rule.magnitude))
        }
        return SpringRecipe(source: source, from: try reader.distribution("from", default: 0, rule: Rule.magnitude),
                            to: try reader.distribution("to", default: 1, rule: Rule.magnitude), velocity: velocity,
                            retarget: retarget)
    }
}

struct SpringRecipe: LayerRecipe {
    enum Source: Sendable {
        case choice([Spring])
        case swiftUI(response: NumberDistribution, dampingRatio: NumberDistribution)
    }

    struct Retarget: Sendable {
        /// Fraction of layers retargeted.
        let share: Double
        /// Seconds after the layer's begin time.
        let after: NumberDistribution
        /// The new target (value units).
        let to: NumberDistribution
    }

    let source: Source
    let from: NumberDistribution, to: NumberDistribution
    /// Initial velocity in progress units per second (the spring specs' convention), nil: each spec's own.
    let velocity: NumberDistribution?
    let retarget: Retarget?

    var variation: String? { "spring layers are stepped, not tabulated" }

    func kernels(begins: [Double], generator: inout SplitMix64) -> [any LayerGroup] {
        let layers = SpringLayers(count: begins.count)
        for (layer, begin) in begins.enumerated() {
            let spring: Spring
            switch source {
            case .choice(let springs):
                spring = springs[Int.random(in: 0..<springs.count, using: &generator)]
            case .swiftUI(let response, let ratio):
                let (response, ratio) = (response.sample(&generator), ratio.sample(&generator))
                spring = KernelParameters.rebuilt { try Spring.swiftUI(response: response, dampingRatio: ratio) }
            }
            let start = from.sample(&generator), end = to.sample(&generator)
            let progressVelocity = velocity?.sample(&generator) ?? spring.initialVelocity
            var retargetTime: Double?, retargetTo = end
            if let retarget, Double.random(in: 0..<1, using: &generator) < retarget.share {
                retargetTime = begin + retarget.after.sample(&generator)
                retargetTo = retarget.to.sample(&generator)
            }
            layers.set(layer, spring: spring, begin: begin, from: start, to: end,
                       initialVelocity: progressVelocity * (end - start), retargetTime: retargetTime, retargetTo: retargetTo)
        }
        return [SpringGroup(layers: layers)]
    }
}

/// `SpringLayers` with the scalar path (the closed form from the begin time) and the naive model.
struct SpringGroup: LayerGroup {
    let layers: SpringLayers
    var kernel: any LayerKernel { layers }

    func beginTime(_ layer: Int) -> Double { layers.parameters(layer).begin }

    /// The larger of the travel's scale and the motion's: positions stay within the travel times the largest
    /// overshoot of a lightly damped spring, and an initial velocity v0 moves the spring by up to |v0|/ω0, ω0 = √(k/m)
    /// (formed as √k/√m, without overflow), which for a fast throw (v0 to 1e9 progress units per second) is far more
    /// than the travel. (The engines' table divides errors by the travel instead: `errorScales`.)
    func outputScale(layer: Int) -> Double {
        let p = layers.parameters(layer), physical = layers.physicalParameters(layer)
        let travel = 4 * max(abs(p.from), abs(p.to), abs(p.retargetTo), abs(p.to - p.from), abs(p.retargetTo - p.to))
        let omega0 = physical.stiffness.squareRoot() / physical.mass.squareRoot()
        let throwScale = abs(p.initialVelocity) / omega0
        return throwScale.isFinite ? max(travel, throwScale) : travel
    }

    /// The closed form (`SpringSolution.state`) from the begin time, split at the retarget.
    func expectedOutputs(layer i: Int, time: Double) -> [Double] {
        let p = layers.parameters(i)
        guard time > p.begin else { return [p.from] }
        let physical = layers.physicalParameters(i)
        let solution = KernelParameters.rebuilt {
            try Spring(mass: physical.mass, stiffness: physical.stiffness, damping: physical.damping)
        }.solution
        var (x, rate, target, clock) = (p.from - p.to, p.initialVelocity, p.to, p.begin)
        if let retargetTime = p.retargetTime, retargetTime <= time {
            (x, rate) = solution.state(at: retargetTime - clock, displacement: x, rate: rate)
            x += target - p.retargetTo
            target = p.retargetTo
            clock = retargetTime
        }
        return [target + solution.state(at: time - clock, displacement: x, rate: rate).displacement]
    }

    func engineParameters(layer i: Int) -> EngineLayer.Parameters {
        let p = layers.parameters(i), physical = layers.physicalParameters(i)
        return .spring(.init(begin: p.begin, mass: physical.mass, stiffness: physical.stiffness, damping: physical.damping,
                             from: p.from, to: p.to, initialVelocity: p.initialVelocity,
                             retarget: p.retargetTime.map { .init(time: $0, to: p.retargetTo) }))
    }

    /// A position: a tenth of a pixel over the larger of the two legs' travel.
    func errorScales(layer i: Int) -> [ErrorScale] {
        let p = layers.parameters(i)
        return [ErrorScale(travel: max(abs(p.to - p.from), p.retargetTime == nil ? 0 : abs(p.retargetTo - p.to)), .tenthPixel)]
    }

    func naiveAnimations(layer i: Int) -> [any NaiveAnimation] {
        let p = layers.parameters(i), physical = layers.physicalParameters(i)
        return [NaiveSpring(mass: physical.mass, stiffness: physical.stiffness, damping: physical.damping, from: p.from,
                            to: p.to, velocity: p.initialVelocity, retargetAfter: p.retargetTime.map { $0 - p.begin },
                            retargetTo: p.retargetTo)]
    }
}

/// The naive spring: the closed form built from scratch (ω0, ζ, regime) on every call, twice across a retarget.
struct NaiveSpring: NaiveAnimation {
    let mass: Double, stiffness: Double, damping: Double
    let from: Double, to: Double, velocity: Double
    let retargetAfter: Double?, retargetTo: Double

    func apply(clockTime: Double, beginTime: Double, to layer: NaiveEvaluator.Layer) {
        let time = clockTime - beginTime
        guard time > 0 else {
            layer.values[0] = from
            return
        }
        var (x, v, target, start) = (from - to, velocity, to, 0.0)
        if let retargetAfter, retargetAfter <= time {
            (x, v) = state(retargetAfter, x, v)
            x += target - retargetTo
            target = retargetTo
            start = retargetAfter
        }
        layer.values[0] = target + state(time - start, x, v).0
    }

    func state(_ t: Double, _ x0: Double, _ v0: Double) -> (Double, Double) {
        let omega = (stiffness / mass).squareRoot(), zeta = damping / (2 * (stiffness * mass).squareRoot())
        let lambda = zeta * omega
        if zeta < 1 {
            let wd = omega * (1 - zeta * zeta).squareRoot(), b = (v0 + lambda * x0) / wd
            let decay = exp(-lambda * t), c = cos(wd * t), s = sin(wd * t)
            return (decay * (x0 * c + b * s), decay * ((wd * b - lambda * x0) * c - (wd * x0 + lambda * b) * s))
        }
        if zeta == 1 {
            let b = v0 + lambda * x0, decay = exp(-lambda * t)
            return (decay * (x0 + b * t), decay * (b - lambda * (x0 + b * t)))
        }
        let root = omega * (zeta * zeta - 1).squareRoot(), r1 = -lambda + root, r2 = -lambda - root
        let c1 = (v0 - r2 * x0) / (r1 - r2), c2 = x0 - c1
        return (c1 * exp(r1 * t) + c2 * exp(r2 * t), c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t))
    }
}
