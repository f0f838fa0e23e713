import CMotionBenchEngine
import MotionCore

// The `basic` kind, declared once: its parameters, its kind (constant and name in the header), its
// output count, its summary, its C form, and its factory and accessor in `EngineLayer.Parameters`.

extension EngineLayer {
    /// `basic`: value = from + (to − from) × eased progress, per component.
    public struct Basic: Sendable, Hashable {
        /// The timing.
        public var timing: Timing
        /// The start value's components (1, 2 or 4).
        public var from: [Double]
        /// The end value's components.
        public var to: [Double]

        /// A basic layer.
        public init(timing: Timing, from: [Double], to: [Double]) { (self.timing, self.from, self.to) = (timing, from, to) }
    }
}

extension EngineLayerKind {
    /// From → to of a scalar, a point or a colour (`MOTIONBENCH_KIND_BASIC`).
    public static let basic = EngineLayerKind(MOTIONBENCH_KIND_BASIC)
}

extension EngineLayer.Parameters {
    /// A layer of this kind with `parameters`.
    public static func basic(_ parameters: EngineLayer.Basic) -> Self { Self(parameters) }
    /// The parameters if the layer is of this kind, else nil.
    public var basic: EngineLayer.Basic? { declared as? EngineLayer.Basic }
}

extension EngineLayer.Basic: EngineKindParameters {
    package static let kind = EngineLayerKind.basic
    /// One output per component: 1, 2 or 4.
    package var outputCount: Int { from.count }

    package var summary: String { "basic \(timing.summary) from=\(EngineLayer.summary(from)) to=\(EngineLayer.summary(to))" }

    package func marshal(into layer: inout motionbench_layer, arena: PluginLayerMarshal.Arena) {
        var p = motionbench_basic()
        p.timing = PluginLayerMarshal.timing(timing, arena: arena)
        p.value_type = UInt32(from.count)
        withUnsafeMutableBytes(of: &p.from) { PluginLayerMarshal.copyInto($0, from) }
        withUnsafeMutableBytes(of: &p.to) { PluginLayerMarshal.copyInto($0, to) }
        layer.parameters.basic = p
    }
}
