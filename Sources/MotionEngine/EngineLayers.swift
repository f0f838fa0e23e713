/// The layers an engine is created with, in order, read one at a time (nothing is copied for a million layers): the
/// count, the total number of output values per frame, and each layer's parameters and output offset.
public struct EngineLayers: RandomAccessCollection, Sendable {
    /// Number of layers.
    public let count: Int
    /// Output values per frame: the sum of the layers' output counts.
    public let outputCount: Int
    private let layer: @Sendable (Int) -> EngineLayer

    /// `count` layers with `outputCount` outputs in all, layer `i` given by `layer(i)`.
    public init(count: Int, outputCount: Int, layer: @escaping @Sendable (Int) -> EngineLayer) {
        (self.count, self.outputCount, self.layer) = (count, outputCount, layer)
    }

    /// An array of layers, offsets as given.
    public init(_ layers: [EngineLayer]) {
        let total = layers.last.map { $0.outputOffset + $0.outputCount } ?? 0
        self.init(count: layers.count, outputCount: total) { layers[$0] }
    }

    /// The first index, 0.
    public var startIndex: Int { 0 }
    /// One past the last index.
    public var endIndex: Int { count }
    /// Layer `index`.
    public subscript(index: Int) -> EngineLayer { layer(index) }
}
