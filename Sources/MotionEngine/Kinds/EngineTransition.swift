import CMotionBenchEngine
import MotionCore

// The `transition` kind, declared once: its parameters, its kind (constant and name in the header), its
// output count, its summary, its C form, and its factory and accessor in `EngineLayer.Parameters`.

extension EngineLayer {
    /// `transition`: a `CATransition` of `type` from `subtype` over a layer of `size` points.
    public struct Transition: Sendable, Hashable {
        /// The timing.
        public var timing: Timing
        /// Fade, moveIn, push or reveal.
        public var type: MotionCore.Transition.Kind
        /// The side the motion comes from.
        public var subtype: MotionCore.Transition.Subtype
        /// The layer's size, points.
        public var size: Size

        /// A transition layer.
        public init(timing: Timing, type: MotionCore.Transition.Kind, subtype: MotionCore.Transition.Subtype, size: Size) {
            (self.timing, self.type, self.subtype, self.size) = (timing, type, subtype, size)
        }
    }
}

extension EngineLayerKind {
    /// Opacity and 4×4 transform of an outgoing and an incoming layer (`MOTIONBENCH_KIND_TRANSITION`).
    public static let transition = EngineLayerKind(MOTIONBENCH_KIND_TRANSITION)
}

extension EngineLayer.Parameters {
    /// A layer of this kind with `parameters`.
    public static func transition(_ parameters: EngineLayer.Transition) -> Self { Self(parameters) }
    /// The parameters if the layer is of this kind, else nil.
    public var transition: EngineLayer.Transition? { declared as? EngineLayer.Transition }
}

extension EngineLayer.Transition: EngineKindParameters {
    package static let kind = EngineLayerKind.transition
    /// 34 outputs: each layer's opacity and 4×4 transform.
    package var outputCount: Int { TransitionLayers.outputCount }

    package var summary: String {
        "transition \(timing.summary) type=\(type.rawValue) subtype=\(subtype.rawValue) size=\(size.width)x\(size.height)"
    }

    package func marshal(into layer: inout motionbench_layer, arena: PluginLayerMarshal.Arena) {
        var p = motionbench_transition()
        p.timing = PluginLayerMarshal.timing(timing, arena: arena)
        p.transition_type = switch type {
        case .fade: MOTIONBENCH_TRANSITION_FADE.rawValue
        case .moveIn: MOTIONBENCH_TRANSITION_MOVE_IN.rawValue
        case .push: MOTIONBENCH_TRANSITION_PUSH.rawValue
        case .reveal: MOTIONBENCH_TRANSITION_REVEAL.rawValue
        }
        p.subtype = switch subtype {
        case .fromLeft: MOTIONBENCH_FROM_LEFT.rawValue
        case .fromRight: MOTIONBENCH_FROM_RIGHT.rawValue
        case .fromTop: MOTIONBENCH_FROM_TOP.rawValue
        case .fromBottom: MOTIONBENCH_FROM_BOTTOM.rawValue
        }
        (p.width, p.height) = (size.width, size.height)
        layer.parameters.transition = p
    }
}
