import CMotionBenchEngine
import MotionCore

// The `card-flip` kind, declared once: its parameters, its kind (constant and name in the header), its
// output count, its summary, its C form, and its factory and accessor in `EngineLayer.Parameters`.

extension EngineLayer {
    /// `card-flip`: over each pass a rotation of −π × `rotationEasing`(progress) about y and a scale 1 → `scale` → 1,
    /// with m34 = −1/`perspective`; outputs the 4×4 matrix in `CATransform3D` order.
    public struct CardFlip: Sendable, Hashable {
        /// The group's timing (linear).
        public var timing: Timing
        /// The rotation's easing.
        public var rotationEasing: TimingFunction
        /// The scale at half time.
        public var scale: Double
        /// The perspective distance, points.
        public var perspective: Double

        /// A card-flip layer.
        public init(timing: Timing, rotationEasing: TimingFunction, scale: Double, perspective: Double) {
            (self.timing, self.rotationEasing, self.scale, self.perspective) = (timing, rotationEasing, scale, perspective)
        }
    }
}

extension EngineLayerKind {
    /// A half turn with a shrink, as a 4×4 transform with perspective (`MOTIONBENCH_KIND_CARD_FLIP`).
    public static let cardFlip = EngineLayerKind(MOTIONBENCH_KIND_CARD_FLIP)
}

extension EngineLayer.Parameters {
    /// A layer of this kind with `parameters`.
    public static func cardFlip(_ parameters: EngineLayer.CardFlip) -> Self { Self(parameters) }
    /// The parameters if the layer is of this kind, else nil.
    public var cardFlip: EngineLayer.CardFlip? { declared as? EngineLayer.CardFlip }
}

extension EngineLayer.CardFlip: EngineKindParameters {
    package static let kind = EngineLayerKind.cardFlip
    /// Sixteen outputs: the matrix entries.
    package var outputCount: Int { CardFlipLayers.outputCount }

    package var summary: String { "card-flip \(timing.summary) scale=\(scale) perspective=\(perspective)" }

    package func marshal(into layer: inout motionbench_layer, arena: PluginLayerMarshal.Arena) {
        var p = motionbench_card_flip()
        p.timing = PluginLayerMarshal.timing(timing, arena: arena)
        p.rotation_easing = PluginLayerMarshal.easing(rotationEasing, arena: arena)
        (p.scale, p.perspective) = (scale, perspective)
        layer.parameters.card_flip = p
    }
}
