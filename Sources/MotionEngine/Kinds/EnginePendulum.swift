import CMotionBenchEngine
import MotionCore

// The `pendulum` kind, declared once: its parameters, its kind (constant and name in the header), its
// output count, its summary, its C form, and its factory and accessor in `EngineLayer.Parameters`.

extension EngineLayer {
    /// `pendulum`: UIView keyframes over `duration` from `begin`, each segment eased in and out.
    public struct Pendulum: Sendable, Hashable {
        /// Begin time and duration, seconds.
        public var begin: Double, duration: Double
        /// Each keyframe's relative start in [0, 1).
        public var relativeStarts: [Double]
        /// The rotation each keyframe reaches, radians.
        public var rotations: [Double]
        /// The shift each keyframe reaches, points.
        public var shifts: [Double]

        /// A pendulum layer.
        public init(begin: Double, duration: Double, relativeStarts: [Double], rotations: [Double], shifts: [Double]) {
            (self.begin, self.duration, self.relativeStarts, self.rotations, self.shifts)
                = (begin, duration, relativeStarts, rotations, shifts)
        }
    }
}

extension EngineLayerKind {
    /// UIView keyframes, rotations then a shift (`MOTIONBENCH_KIND_PENDULUM`).
    public static let pendulum = EngineLayerKind(MOTIONBENCH_KIND_PENDULUM)
}

extension EngineLayer.Parameters {
    /// A layer of this kind with `parameters`.
    public static func pendulum(_ parameters: EngineLayer.Pendulum) -> Self { Self(parameters) }
    /// The parameters if the layer is of this kind, else nil.
    public var pendulum: EngineLayer.Pendulum? { declared as? EngineLayer.Pendulum }
}

extension EngineLayer.Pendulum: EngineKindParameters {
    package static let kind = EngineLayerKind.pendulum
    /// Two outputs: rotation (radians) and shift (points).
    package var outputCount: Int { PendulumLayers.outputCount }

    package var summary: String { "pendulum begin=\(begin) duration=\(duration)" }

    package func marshal(into layer: inout motionbench_layer, arena: PluginLayerMarshal.Arena) {
        var p = motionbench_pendulum()
        (p.begin, p.duration, p.keyframe_count) = (begin, duration, UInt32(rotations.count))
        p.relative_starts = arena.copy(relativeStarts)
        (p.rotations, p.shifts) = (arena.copy(rotations), arena.copy(shifts))
        layer.parameters.pendulum = p
    }
}
