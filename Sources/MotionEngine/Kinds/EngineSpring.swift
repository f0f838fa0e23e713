import CMotionBenchEngine
import MotionCore

// The `spring` kind, declared once: its parameters, its kind (constant and name in the header), its
// output count, its summary, its C form, and its factory and accessor in `EngineLayer.Parameters`.

extension EngineLayer {
    /// `spring`: m x'' + c x' + k (x − target) = 0 from `from` at `begin` with `initialVelocity`; `from` before `begin`;
    /// at `retarget.time` the target becomes `retarget.to` with position and velocity continuous.
    public struct Spring: Sendable, Hashable {
        /// Begin time, seconds.
        public var begin: Double
        /// Mass, stiffness and damping (SI-like units: force per unit displacement, per unit velocity).
        public var mass: Double, stiffness: Double, damping: Double
        /// Start and target positions (value units).
        public var from: Double, to: Double
        /// Initial velocity, value units per second.
        public var initialVelocity: Double
        /// The retarget, if any.
        public var retarget: Retarget?

        /// A spring layer.
        public init(begin: Double, mass: Double, stiffness: Double, damping: Double, from: Double, to: Double,
                    initialVelocity: Double, retarget: Retarget?) {
            (self.begin, self.mass, self.stiffness, self.damping) = (begin, mass, stiffness, damping)
            (self.from, self.to, self.initialVelocity, self.retarget) = (from, to, initialVelocity, retarget)
        }

        /// A new target from a moment on, position and velocity continuous.
        public struct Retarget: Sendable, Hashable {
            /// When, in seconds since the clock started.
            public var time: Double
            /// The new target (value units).
            public var to: Double

            /// A retarget to `to` at `time` seconds.
            public init(time: Double, to: Double) { (self.time, self.to) = (time, to) }
        }
    }
}

extension EngineLayerKind {
    /// A damped spring on one position, optionally retargeted once (`MOTIONBENCH_KIND_SPRING`).
    public static let spring = EngineLayerKind(MOTIONBENCH_KIND_SPRING)
}

extension EngineLayer.Parameters {
    /// A layer of this kind with `parameters`.
    public static func spring(_ parameters: EngineLayer.Spring) -> Self { Self(parameters) }
    /// The parameters if the layer is of this kind, else nil.
    public var spring: EngineLayer.Spring? { declared as? EngineLayer.Spring }
}

extension EngineLayer.Spring: EngineKindParameters {
    package static let kind = EngineLayerKind.spring
    /// One output: the position.
    package var outputCount: Int { SpringLayers.outputCount }

    package var summary: String {
        "spring begin=\(begin) mass=\(mass) stiffness=\(stiffness) damping=\(damping) from=\(from) to=\(to) "
            + "v0=\(initialVelocity)" + (retarget.map { " retarget=\($0.to)@\($0.time)" } ?? "")
    }

    package func marshal(into layer: inout motionbench_layer, arena: PluginLayerMarshal.Arena) {
        var p = motionbench_spring()
        (p.begin, p.mass, p.stiffness, p.damping) = (begin, mass, stiffness, damping)
        (p.from, p.to, p.initial_velocity) = (from, to, initialVelocity)
        if let retarget { (p.retargets, p.retarget_time, p.retarget_to) = (1, retarget.time, retarget.to) }
        layer.parameters.spring = p
    }
}
