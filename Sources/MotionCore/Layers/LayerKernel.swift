/// One homogeneous group of layers (one kind, one curve) and the loop that evaluates it every frame.
///
/// A kernel owns its layers' parameters, state and outputs in struct-of-arrays form, behind typed setters and getters
/// (no pointer into its storage leaves MotionCore). `evaluate` computes every output of the layers in a range from
/// their own parameters at the frame's timestamp; disjoint ranges may run concurrently. Nothing allocates per frame.
///
/// The kernels are MotionCore's own (`BasicLayers`, `KeyframeLayers`, `SpringLayers`, `CardFlipLayers`,
/// `TransitionLayers`, `PendulumLayers`, `InteractiveLayers`, `TabulatedLayers`): only MotionCore can describe a
/// kernel's columns (`LayerStreamColumns`), so a frame never leaves MotionCore once `LayerStore` has it.
public protocol LayerKernel: AnyObject, Sendable {
    /// Number of layers.
    var count: Int { get }
    /// Output values per layer (1 for opacity, 2 for a position, 4 for a colour, 16 for a transform, …).
    var components: Int { get }
    /// The columns a frame reads and writes, for the stream bound.
    var streamColumns: LayerStreamColumns { get }
    /// Bytes of parameters, state and outputs held per layer.
    var bytesPerLayer: Int { get }
    /// Evaluates layers `range` (indices within this kernel) at `frame`. Frames come in increasing time order.
    func evaluate(_ frame: LayerFrame, layers range: Range<Int>)
    /// Returns every layer to its state before the first frame.
    func reset()
    /// Output `component` of `layer` after the last evaluated frame.
    func output(_ component: Int, layer: Int) -> Double
    /// Whether `layer` is mid-animation at `time` seconds (begun and not yet finished or at rest).
    func isActive(_ layer: Int, at time: Double) -> Bool
}
