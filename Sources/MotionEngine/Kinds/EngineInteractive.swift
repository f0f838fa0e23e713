import CMotionBenchEngine
import MotionCore

// The `interactive` kind, declared once: its kind (constant and name in the header), its output count, its summary, its
// C form, and its factory and accessor in `EngineLayer.Parameters`. Its parameters are
// MotionCore's `InteractiveLayers.Parameters`.

extension EngineLayerKind {
    /// A scrubbed transition, then finished or cancelled (`MOTIONBENCH_KIND_INTERACTIVE`).
    public static let interactive = EngineLayerKind(MOTIONBENCH_KIND_INTERACTIVE)
}

extension EngineLayer.Parameters {
    /// A layer of this kind with `parameters`.
    public static func interactive(_ parameters: InteractiveLayers.Parameters) -> Self { Self(parameters) }
    /// The parameters if the layer is of this kind, else nil.
    public var interactive: InteractiveLayers.Parameters? { declared as? InteractiveLayers.Parameters }
}

extension InteractiveLayers.Parameters: EngineKindParameters {
    package static let kind = EngineLayerKind.interactive
    /// Two outputs: percent and offset (points).
    package var outputCount: Int { InteractiveLayers.outputCount }

    package var summary: String {
        "interactive begin=\(begin) duration=\(duration) scrubTo=\(scrubTo) scrubDuration=\(scrubDuration) "
            + "\(finishes ? "finishes" : "cancels") completionSpeed=\(completionSpeed) width=\(width)"
    }

    package func marshal(into layer: inout motionbench_layer, arena: PluginLayerMarshal.Arena) {
        var p = motionbench_interactive()
        (p.begin, p.duration, p.scrub_to, p.scrub_duration) = (begin, duration, scrubTo, scrubDuration)
        (p.completion_speed, p.width, p.finishes) = (completionSpeed, width, finishes ? 1 : 0)
        layer.parameters.interactive = p
    }
}
