import CMotionBenchEngine
import MotionCore

/// Turns `EngineLayers` into the `motionbench_layer` structs of the C interface for the duration of one call: the
/// structs and every array they point to (keyframe values, linear() stops, pendulum keyframes) live in one arena freed
/// when the call returns.
package enum PluginLayerMarshal {
    /// Calls `body` with the layers as C structs.
    static func withCLayers<Result>(_ layers: EngineLayers, _ body: (UnsafePointer<motionbench_layer>?) -> Result) -> Result {
        let arena = Arena()
        defer { arena.free() }
        let structs = UnsafeMutablePointer<motionbench_layer>.allocate(capacity: max(layers.count, 1))
        defer { structs.deallocate() }
        for (index, layer) in layers.enumerated() { structs[index] = cLayer(layer, arena: arena) }
        return body(layers.isEmpty ? nil : UnsafePointer(structs))
    }

    /// Arrays of doubles kept alive until `free`.
    package final class Arena {
        private var blocks: [UnsafeMutableBufferPointer<Double>] = []

        /// A copy of `values` that lives until `free`.
        package func copy(_ values: [Double]) -> UnsafePointer<Double> {
            let block = UnsafeMutableBufferPointer<Double>.allocate(capacity: max(values.count, 1))
            _ = block.initialize(from: values)
            blocks.append(block)
            // baseAddress! cannot fail: the block was allocated with at least one element.
            return UnsafePointer(block.baseAddress!)
        }

        func free() { for block in blocks { block.deallocate() } }
    }

    static func cLayer(_ layer: EngineLayer, arena: Arena) -> motionbench_layer {
        var c = motionbench_layer()
        c.kind = layer.kind.cValue
        c.output_count = UInt32(layer.outputCount)
        c.output_offset = UInt64(layer.outputOffset)
        layer.parameters.declared.marshal(into: &c, arena: arena)
        return c
    }

    package static func copyInto(_ bytes: UnsafeMutableRawBufferPointer, _ values: [Double]) {
        for (index, value) in values.prefix(4).enumerated() { bytes.storeBytes(of: value, toByteOffset: 8 * index, as: Double.self) }
    }

    package static func timing(_ timing: EngineLayer.Timing, arena: Arena) -> motionbench_timing {
        var c = motionbench_timing()
        let p = timing.parameters
        (c.begin, c.duration, c.repeat_count, c.autoreverses) = (p.begin, p.duration, p.repeatCount, p.autoreverses ? 1 : 0)
        c.easing = easing(timing.easing, arena: arena)
        return c
    }

    package static func easing(_ function: TimingFunction, arena: Arena) -> motionbench_easing {
        var c = motionbench_easing()
        switch function {
        case .cubicBezier(let curve):
            c.type = UInt32(MOTIONBENCH_EASING_CUBIC_BEZIER.rawValue)
            (c.x1, c.y1, c.x2, c.y2) = (curve.x1, curve.y1, curve.x2, curve.y2)
        case .steps(let steps):
            c.type = UInt32(MOTIONBENCH_EASING_STEPS.rawValue)
            c.step_count = UInt32(steps.count)
            c.step_position = switch steps.position {
            case .jumpStart: UInt32(MOTIONBENCH_STEP_JUMP_START.rawValue)
            case .jumpEnd: UInt32(MOTIONBENCH_STEP_JUMP_END.rawValue)
            case .jumpNone: UInt32(MOTIONBENCH_STEP_JUMP_NONE.rawValue)
            case .jumpBoth: UInt32(MOTIONBENCH_STEP_JUMP_BOTH.rawValue)
            }
        case .linear(let linear):
            if linear == .identity {
                c.type = UInt32(MOTIONBENCH_EASING_LINEAR.rawValue)
            } else {
                c.type = UInt32(MOTIONBENCH_EASING_LINEAR_STOPS.rawValue)
                c.stop_count = UInt32(linear.stops.count)
                c.stop_inputs = arena.copy(linear.stops.map { $0.inputPercent / 100 })
                c.stop_outputs = arena.copy(linear.stops.map(\.output))
            }
        }
        return c
    }
}
