/// What an engine declares about itself: the Swift form of `motionbench_engine_descriptor`.
public struct EngineDescriptor: Sendable, Hashable {
    /// Short printable name, e.g. `motioncore-batch`.
    public var name: String
    /// The engine's version (a number or a commit).
    public var version: String
    /// The type of its outputs (float32 engines show float32-sized errors).
    public var precision: EnginePrecision
    /// The layer kinds it evaluates; layers of other kinds are not given to it and are reported.
    public var supportedKinds: Set<EngineLayerKind>
    /// Whether chunks of one frame may be evaluated concurrently (otherwise the engine runs on one thread).
    public var concurrentChunks: Bool

    /// A descriptor.
    public init(name: String, version: String, precision: EnginePrecision, supportedKinds: Set<EngineLayerKind>,
                concurrentChunks: Bool) {
        (self.name, self.version, self.precision) = (name, version, precision)
        (self.supportedKinds, self.concurrentChunks) = (supportedKinds, concurrentChunks)
    }
}

/// The floating-point type an engine writes its outputs in.
public enum EnginePrecision: String, Sendable, Hashable, CaseIterable, Codable {
    /// `float`: 4 bytes per value, about 7 significant digits.
    case float32
    /// `double`: 8 bytes per value, about 16 significant digits.
    case float64

    /// Bytes per output value.
    public var bytes: Int { self == .float32 ? 4 : 8 }
}
