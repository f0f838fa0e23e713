import CMotionBenchEngine

/// What each layer kind declares in one place (its file in Kinds/, or a new kind's scenario file): which kind it is,
/// how many output values a layer writes per frame, its parameters in one line, and how it travels to a C engine
/// (`motionbench_layer`, numbered by the header's constants). A conformance, its `EngineLayerKind` static member and its `EngineLayer.Parameters` factory and
/// accessor make a kind; nothing else in MotionEngine lists the kinds.
package protocol EngineKindParameters: Sendable {
    /// The kind.
    static var kind: EngineLayerKind { get }
    /// Output values a layer of this kind writes each frame.
    var outputCount: Int { get }
    /// The kind, then `name=value` pairs (times in seconds, values in value units).
    var summary: String { get }
    /// Sets `layer.parameters`' member of this kind, copying arrays into `arena` (which lives for the call).
    func marshal(into layer: inout motionbench_layer, arena: PluginLayerMarshal.Arena)
}
