/// The per-layer columns one frame of a kernel reads (parameters and state) and writes (state and outputs): what
/// `LayerStore.stream` moves for the memory-traffic bound. Opaque outside MotionCore.
public struct LayerStreamColumns: @unchecked Sendable {
    /// Columns a frame reads.
    let reads: [UnsafeMutablePointer<Double>]
    /// Columns a frame writes.
    let writes: [UnsafeMutablePointer<Double>]

    /// The columns `reads` and `writes` (each `count` doubles of the kernel's storage).
    init(reads: [UnsafeMutablePointer<Double>], writes: [UnsafeMutablePointer<Double>]) {
        (self.reads, self.writes) = (reads, writes)
    }

    /// Bytes read plus bytes written per layer and frame.
    var bytesPerLayer: Int { (reads.count + writes.count) * MemoryLayout<Double>.size }
}
