/// An animation engine under test: the Swift form of the C plug-in interface (`motionbench_engine.h`).
///
/// MotionBench creates an engine once per layer count with every layer's own parameters (`init(layers:)`), then calls
/// `evaluateFrame(time:chunk:of:)` once per chunk per frame (the timed region) and reads each layer's outputs with
/// `outputs(layer:into:)` outside it. MotionCore's batch evaluator, the naive evaluator and every C plug-in are engines
/// through this protocol; the harness's timed loop has no other path.
public protocol AnimationEngine: AnyObject, Sendable {
    /// The engine's name, version, output precision, supported kinds and whether chunks may run concurrently.
    var descriptor: EngineDescriptor { get }

    /// Evaluates chunk `chunk` of `chunks` (disjoint, together every layer) at `time` seconds since the clock started.
    /// Frames come in increasing time order. With `descriptor.concurrentChunks`, chunks of one frame may run at the
    /// same time on different threads.
    func evaluateFrame(time: Double, chunk: Int, of chunks: Int) throws(EngineError)

    /// Returns every layer to its state before the first frame.
    func reset() throws(EngineError)

    /// Writes layer `layer`'s outputs after the last evaluated frame into `values` (which has room for the layer's
    /// `outputCount` values), as Doubles.
    func outputs(layer: Int, into values: UnsafeMutableBufferPointer<Double>)

    /// Checks the frame just evaluated in `chunks` chunks at `time` seconds, outside the timed region (a C engine's
    /// written counts and the guard values after its buffer); the default checks nothing.
    func checkFrame(chunks: Int, time: Double) throws(EngineError)

    /// The first output after the last evaluated frame that is not finite (NaN or ±infinity), in layer order: the
    /// layer, the output's index within the layer and its value; nil when every output of every layer is finite. Read
    /// outside the timed region after every timed frame. `layers` is the number of layers the engine was created with
    /// and `outputCount(layer)` the number of outputs of each; the default reads every layer through
    /// `outputs(layer:into:)`, and an engine that holds its outputs in one buffer scans that instead.
    func firstNonFiniteOutput(layers: Int, outputCount: (Int) -> Int) -> (layer: Int, output: Int, value: Double)?
}

extension AnimationEngine {
    /// Nothing to check.
    public func checkFrame(chunks: Int, time: Double) throws(EngineError) {}

    /// Every layer read through `outputs(layer:into:)`, in order.
    public func firstNonFiniteOutput(layers: Int, outputCount: (Int) -> Int) -> (layer: Int, output: Int, value: Double)? {
        var values = [Double](repeating: 0, count: 64)
        for layer in 0..<layers {
            let width = outputCount(layer)
            if width > values.count { values = [Double](repeating: 0, count: width) }
            let bad: (Int, Double)? = values.withUnsafeMutableBufferPointer { buffer in
                let slice = UnsafeMutableBufferPointer(rebasing: buffer[0..<width])
                outputs(layer: layer, into: slice)
                return slice.firstIndex { !$0.isFinite }.map { ($0, slice[$0]) }
            }
            if let (output, value) = bad { return (layer, output, value) }
        }
        return nil
    }
}

/// How an engine is made: a name to show before it exists, and a function that creates it for a set of layers.
public struct EngineFactory: Sendable {
    /// The name shown if the engine cannot be created or loaded (the descriptor's name once it exists).
    public let label: String
    /// The kinds the engine supports (known before creation, so that it receives only those layers).
    public let supportedKinds: Set<EngineLayerKind>
    /// Creates the engine for `layers`.
    public let make: @Sendable (EngineLayers) throws(EngineError) -> any AnimationEngine

    /// A factory named `label` for engines of `supportedKinds` made by `make`.
    public init(label: String, supportedKinds: Set<EngineLayerKind>,
                make: @escaping @Sendable (EngineLayers) throws(EngineError) -> any AnimationEngine) {
        (self.label, self.supportedKinds, self.make) = (label, supportedKinds, make)
    }
}
