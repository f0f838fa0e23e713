/// Per-layer parameters and state in struct-of-arrays form: `columns` arrays of `count` doubles in one allocation,
/// freed with the object. Nothing here allocates per layer or per frame. Internal: the kernels own their columns and
/// expose typed accessors; no pointer into them leaves MotionCore.
final class LayerColumns: @unchecked Sendable {
    /// Layers (entries per column).
    let count: Int
    /// Number of columns.
    let columns: Int
    let base: UnsafeMutablePointer<Double>

    /// `columns` zero-filled columns of `count` layers.
    init(columns: Int, count: Int) {
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
    @inline(__always)
    subscript(index: Int) -> UnsafeMutablePointer<Double> {
        base + index * count
    }
}
