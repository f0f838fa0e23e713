import CMotionBenchEngine
import MotionCore

// The `interactive` kind, declared once: its kind, its output count, its summary and its C form. Its parameters are
// MotionCore's `InteractiveLayers.Parameters`.

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
