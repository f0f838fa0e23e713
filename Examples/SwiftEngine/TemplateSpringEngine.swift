import Foundation
import MotionEngine

/// The template for a Swift engine: damped springs by the closed form, in double precision, one layer's parameters per
/// array element and the outputs in one buffer the engine owns. Copy it, keep the protocol, replace the physics with
/// your engine's.
final class TemplateSpringEngine: AnimationEngine, @unchecked Sendable {
    /// Name, version, precision, the kinds it takes (springs only: it receives no other layers) and whether frames may
    /// be split into chunks evaluated on several threads at once.
    let descriptor = EngineDescriptor(name: "swift-template-springs", version: "1.0", precision: .float64,
                                      supportedKinds: [.spring], concurrentChunks: true)
    private let springs: [EngineLayer.Spring]
    private let positions: UnsafeMutableBufferPointer<Double>

    /// Copies every spring's parameters (each layer arrives once, here).
    init(layers: EngineLayers) throws(EngineError) {
        var springs: [EngineLayer.Spring] = []
        springs.reserveCapacity(layers.count)
        for layer in layers {
            guard let spring = layer.parameters.spring else {
                throw EngineError("engine swift-template-springs: layer of kind \(layer.kind.name) is not a spring")
            }
            springs.append(spring)
        }
        self.springs = springs
        positions = .allocate(capacity: max(springs.count, 1))
        positions.initialize(repeating: 0)
    }

    deinit { positions.deallocate() }

    /// Evaluates this chunk's contiguous share of the springs at `time` seconds.
    func evaluateFrame(time: Double, chunk: Int, of chunks: Int) throws(EngineError) {
        let first = springs.count * chunk / chunks, last = springs.count * (chunk + 1) / chunks
        for index in first..<last { positions[index] = position(springs[index], at: time) }
    }

    /// Nothing to reset: every frame is computed from the parameters.
    func reset() throws(EngineError) {}

    /// The one output of spring `layer`.
    func outputs(layer: Int, into values: UnsafeMutableBufferPointer<Double>) { values[0] = positions[layer] }

    /// The position at `time`: `from` until the begin time, then the closed form, restarted at the retarget.
    private func position(_ s: EngineLayer.Spring, at time: Double) -> Double {
        guard time > s.begin else { return s.from }
        var (x, v, target, start) = (s.from - s.to, s.initialVelocity, s.to, s.begin)
        if let retarget = s.retarget, retarget.time <= time {
            (x, v) = advance(s, by: retarget.time - start, x, v)
            (x, target, start) = (x + target - retarget.to, retarget.to, retarget.time)
        }
        return target + advance(s, by: time - start, x, v).x
    }

    /// Displacement and velocity of m x'' + c x' + k x = 0 after `t` seconds from (x0, v0).
    private func advance(_ s: EngineLayer.Spring, by t: Double, _ x0: Double, _ v0: Double) -> (x: Double, v: Double) {
        let w0 = (s.stiffness / s.mass).squareRoot(), zeta = s.damping / (2 * (s.stiffness * s.mass).squareRoot())
        let a = zeta * w0, decay = exp(-a * t)
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot(), b = (v0 + a * x0) / wd, c = cos(wd * t), sn = sin(wd * t)
            return (decay * (x0 * c + b * sn), decay * ((wd * b - a * x0) * c - (wd * x0 + a * b) * sn))
        }
        if zeta == 1 {
            let b = v0 + a * x0
            return (decay * (x0 + b * t), decay * (b - a * (x0 + b * t)))
        }
        let r = w0 * (zeta * zeta - 1).squareRoot(), r1 = -a + r, r2 = -a - r
        let c1 = (v0 - r2 * x0) / (r1 - r2), c2 = x0 - c1, e1 = exp(r1 * t), e2 = exp(r2 * t)
        return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
    }
}
