/// Per-layer parameters and state in struct-of-arrays form: `columns` arrays of `count` doubles in one allocation,
/// freed with the object. Nothing here allocates per layer or per frame.
public final class LayerColumns: @unchecked Sendable {
    /// Layers (entries per column).
    public let count: Int
    /// Number of columns.
    public let columns: Int
    @usableFromInline let base: UnsafeMutablePointer<Double>

    /// `columns` zero-filled columns of `count` layers.
    public init(columns: Int, count: Int) {
        precondition(columns > 0 && count >= 0, "LayerColumns needs at least one column")
        self.columns = columns
        self.count = count
        base = .allocate(capacity: max(columns * count, 1))
        base.initialize(repeating: 0, count: max(columns * count, 1))
    }

    deinit {
        base.deallocate()
    }

    /// The start of column `index` (entries 0..<count).
    @inlinable
    public subscript(index: Int) -> UnsafeMutablePointer<Double> {
        base + index * count
    }
}
