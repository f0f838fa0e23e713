import MotionCore

/// One layer as an engine receives it: its kind's own parameters and where its outputs go. The Swift form of
/// `motionbench_layer`; every time is in seconds since the run's clock started.
public struct EngineLayer: Sendable {
    /// Index of the layer's first output value in the frame's outputs (the layers' outputs laid end to end).
    public var outputOffset: Int
    /// The kind and its parameters.
    public var parameters: Parameters

    /// A layer whose outputs start at `outputOffset`.
    public init(outputOffset: Int, parameters: Parameters) {
        (self.outputOffset, self.parameters) = (outputOffset, parameters)
    }

    /// The layer's kind.
    public var kind: EngineLayerKind { type(of: parameters.declared).kind }

    /// Output values the layer writes each frame.
    public var outputCount: Int { parameters.declared.outputCount }

    /// One kind's parameters: a value of the kind's own type (`EngineLayer.Spring`, …), made with the kind's factory
    /// (`.spring(…)`) and read back with its accessor (`parameters.spring`), both declared in the kind's file. No list
    /// of kinds here: a new kind's file adds its own factory and accessor.
    public struct Parameters: Sendable {
        /// The kind's own declaration (its parameters, kind, output count, summary and C form).
        package let declared: any EngineKindParameters

        /// Parameters of the kind `declared` declares.
        package init(_ declared: any EngineKindParameters) { self.declared = declared }

        /// The parameters in one line, enough to rebuild the layer by hand: the kind, then `name=value` pairs (times
        /// in seconds, values in value units), e.g. `spring begin=0.25 mass=1 stiffness=170 damping=26 from=0 to=1 v0=0`.
        public var summary: String { declared.summary }
    }

    /// Media timing with fill both: begin, pass duration, repeat count and autoreverse, and the easing of each pass.
    public struct Timing: Sendable, Hashable {
        /// Begin, duration (seconds), repeat count (0 once) and autoreverse.
        public var parameters: LayerTimingParameters
        /// The easing of each pass's progress.
        public var easing: TimingFunction

        /// Timing with `parameters`, eased by `easing`.
        public init(_ parameters: LayerTimingParameters, easing: TimingFunction) {
            (self.parameters, self.easing) = (parameters, easing)
        }

        /// `begin=… duration=… repeatCount=…[ autoreverses] easing=…` for a layer's summary.
        var summary: String {
            "begin=\(parameters.begin) duration=\(parameters.duration) repeatCount=\(parameters.repeatCount)"
                + (parameters.autoreverses ? " autoreverses" : "") + " easing=\(easing)"
        }
    }

    /// A list for a layer's summary; a long one (a keyframes layer may hold 100,000 values) shows its first and last
    /// few and its length.
    static func summary(_ values: [Double]) -> String {
        guard values.count > 12 else { return "[" + values.map { "\($0)" }.joined(separator: ", ") + "]" }
        return "[" + values.prefix(6).map { "\($0)" }.joined(separator: ", ") + ", … "
            + values.suffix(3).map { "\($0)" }.joined(separator: ", ") + "] (\(values.count) values)"
    }
}
