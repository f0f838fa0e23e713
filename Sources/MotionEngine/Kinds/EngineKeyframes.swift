import CMotionBenchEngine
import MotionCore

// The `keyframes` kind, declared once: its parameters, its kind (constant and name in the header), its
// output count, its summary, its C form, and its factory and accessor in `EngineLayer.Parameters`.

extension EngineLayer {
    /// `keyframes`: the eased progress picks the segment of `keyTimes` and interpolates `values` by `mode`.
    public struct Keyframes: Sendable, Hashable {
        /// The timing.
        public var timing: Timing
        /// The values.
        public var values: [Double]
        /// One key time per value in [0, 1], as the mode resolved them (paced modes already paced).
        public var keyTimes: [Double]
        /// Core Animation's calculation mode.
        public var mode: KeyframeAnimation<Double>.CalculationMode

        /// A keyframes layer.
        public init(timing: Timing, values: [Double], keyTimes: [Double], mode: KeyframeAnimation<Double>.CalculationMode) {
            (self.timing, self.values, self.keyTimes, self.mode) = (timing, values, keyTimes, mode)
        }
    }
}

extension EngineLayerKind {
    /// Keyframes of a scalar (`MOTIONBENCH_KIND_KEYFRAMES`).
    public static let keyframes = EngineLayerKind(MOTIONBENCH_KIND_KEYFRAMES)
}

extension EngineLayer.Parameters {
    /// A layer of this kind with `parameters`.
    public static func keyframes(_ parameters: EngineLayer.Keyframes) -> Self { Self(parameters) }
    /// The parameters if the layer is of this kind, else nil.
    public var keyframes: EngineLayer.Keyframes? { declared as? EngineLayer.Keyframes }
}

extension EngineLayer.Keyframes: EngineKindParameters {
    package static let kind = EngineLayerKind.keyframes
    /// One output: the value.
    package var outputCount: Int { KeyframeLayers.outputCount }

    package var summary: String {
        "keyframes \(timing.summary) mode=\(mode.rawValue) values=\(EngineLayer.summary(values)) "
            + "keyTimes=\(EngineLayer.summary(keyTimes))"
    }

    package func marshal(into layer: inout motionbench_layer, arena: PluginLayerMarshal.Arena) {
        var p = motionbench_keyframes()
        p.timing = PluginLayerMarshal.timing(timing, arena: arena)
        p.value_count = UInt32(values.count)
        p.calculation_mode = switch mode {
        case .linear: MOTIONBENCH_KEYFRAMES_LINEAR.rawValue
        case .discrete: MOTIONBENCH_KEYFRAMES_DISCRETE.rawValue
        case .paced: MOTIONBENCH_KEYFRAMES_PACED.rawValue
        case .cubic: MOTIONBENCH_KEYFRAMES_CUBIC.rawValue
        case .cubicPaced: MOTIONBENCH_KEYFRAMES_CUBIC_PACED.rawValue
        }
        (p.values, p.key_times) = (arena.copy(values), arena.copy(keyTimes))
        layer.parameters.keyframes = p
    }
}
