import CMotionBenchEngine
import MotionCore

/// Turns `EngineLayers` into the `motionbench_layer` structs of the C interface for the duration of one call: the
/// structs and every array they point to (keyframe values, linear() stops, pendulum keyframes) live in one arena freed
/// when the call returns.
enum PluginLayerMarshal {
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
    final class Arena {
        private var blocks: [UnsafeMutableBufferPointer<Double>] = []

        /// A copy of `values` that lives until `free`.
        func copy(_ values: [Double]) -> UnsafePointer<Double> {
            let block = UnsafeMutableBufferPointer<Double>.allocate(capacity: max(values.count, 1))
            _ = block.initialize(from: values)
            blocks.append(block)
            return UnsafePointer(block.baseAddress!)
        }

        func free() { for block in blocks { block.deallocate() } }
    }

    static func cLayer(_ layer: EngineLayer, arena: Arena) -> motionbench_layer {
        var c = motionbench_layer()
        c.kind = UInt32(layer.kind.rawValue)
        c.output_count = UInt32(layer.outputCount)
        c.output_offset = UInt64(layer.outputOffset)
        switch layer.parameters {
        case .basic(let basic):
            var p = motionbench_basic()
            p.timing = timing(basic.timing, arena: arena)
            p.value_type = UInt32(basic.from.count)
            withUnsafeMutableBytes(of: &p.from) { copyInto($0, basic.from) }
            withUnsafeMutableBytes(of: &p.to) { copyInto($0, basic.to) }
            c.parameters.basic = p
        case .spring(let spring):
            var p = motionbench_spring()
            (p.begin, p.mass, p.stiffness, p.damping) = (spring.begin, spring.mass, spring.stiffness, spring.damping)
            (p.from, p.to, p.initial_velocity) = (spring.from, spring.to, spring.initialVelocity)
            if let retarget = spring.retarget { (p.retargets, p.retarget_time, p.retarget_to) = (1, retarget.time, retarget.to) }
            c.parameters.spring = p
        case .keyframes(let keyframes):
            var p = motionbench_keyframes()
            p.timing = timing(keyframes.timing, arena: arena)
            p.value_count = UInt32(keyframes.values.count)
            p.calculation_mode = keyframeMode(keyframes.mode)
            (p.values, p.key_times) = (arena.copy(keyframes.values), arena.copy(keyframes.keyTimes))
            c.parameters.keyframes = p
        case .pendulum(let pendulum):
            var p = motionbench_pendulum()
            (p.begin, p.duration, p.keyframe_count) = (pendulum.begin, pendulum.duration, UInt32(pendulum.rotations.count))
            p.relative_starts = arena.copy(pendulum.relativeStarts)
            (p.rotations, p.shifts) = (arena.copy(pendulum.rotations), arena.copy(pendulum.shifts))
            c.parameters.pendulum = p
        case .cardFlip(let flip):
            var p = motionbench_card_flip()
            p.timing = timing(flip.timing, arena: arena)
            p.rotation_easing = easing(flip.rotationEasing, arena: arena)
            (p.scale, p.perspective) = (flip.scale, flip.perspective)
            c.parameters.card_flip = p
        case .transition(let transition):
            var p = motionbench_transition()
            p.timing = timing(transition.timing, arena: arena)
            p.transition_type = UInt32(MotionCore.Transition.Kind.allCases.firstIndex(of: transition.type)!)
            p.subtype = UInt32(MotionCore.Transition.Subtype.allCases.firstIndex(of: transition.subtype)!)
            (p.width, p.height) = (transition.size.width, transition.size.height)
            c.parameters.transition = p
        case .interactive(let gesture):
            var p = motionbench_interactive()
            (p.begin, p.duration, p.scrub_to, p.scrub_duration) = (gesture.begin, gesture.duration, gesture.scrubTo, gesture.scrubDuration)
            (p.completion_speed, p.width, p.finishes) = (gesture.completionSpeed, gesture.width, gesture.finishes ? 1 : 0)
            c.parameters.interactive = p
        }
        return c
    }

    static func copyInto(_ bytes: UnsafeMutableRawBufferPointer, _ values: [Double]) {
        for (index, value) in values.prefix(4).enumerated() { bytes.storeBytes(of: value, toByteOffset: 8 * index, as: Double.self) }
    }

    static func timing(_ timing: EngineLayer.Timing, arena: Arena) -> motionbench_timing {
        var c = motionbench_timing()
        let p = timing.parameters
        (c.begin, c.duration, c.repeat_count, c.autoreverses) = (p.begin, p.duration, p.repeatCount, p.autoreverses ? 1 : 0)
        c.easing = easing(timing.easing, arena: arena)
        return c
    }

    static func easing(_ function: TimingFunction, arena: Arena) -> motionbench_easing {
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

    static func keyframeMode(_ mode: KeyframeAnimation<Double>.CalculationMode) -> UInt32 {
        switch mode {
        case .linear: UInt32(MOTIONBENCH_KEYFRAMES_LINEAR.rawValue)
        case .discrete: UInt32(MOTIONBENCH_KEYFRAMES_DISCRETE.rawValue)
        case .paced: UInt32(MOTIONBENCH_KEYFRAMES_PACED.rawValue)
        case .cubic: UInt32(MOTIONBENCH_KEYFRAMES_CUBIC.rawValue)
        case .cubicPaced: UInt32(MOTIONBENCH_KEYFRAMES_CUBIC_PACED.rawValue)
        }
    }
}
