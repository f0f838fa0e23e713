/// Every animated layer of a workload, as homogeneous kernels laid end to end, evaluated a frame at a time.
///
/// Layers are numbered across kernels in order. The store owns the loops over them: a frame for a range or for one of
/// `n` equal chunks (the caller runs chunks on its threads; MotionCore itself stays free of Dispatch), the checksum of
/// all outputs, the active count, and the stream bound, which reads the same per-layer columns a frame reads and
/// writes the same columns it writes, with no arithmetic.
public final class LayerStore: @unchecked Sendable {
    private let kernels: [any LayerKernel]
    /// First global layer index of each kernel, plus the total at the end.
    private let starts: [Int]
    /// Number of layers.
    public let count: Int

    /// A store of `kernels`, numbered in order.
    public init(kernels: [any LayerKernel]) {
        self.kernels = kernels.filter { $0.count > 0 }
        var starts = [0]
        for kernel in self.kernels { starts.append(starts[starts.count - 1] + kernel.count) }
        self.starts = starts
        count = starts[starts.count - 1]
    }

    /// Evaluates `frame` for the global layer range `range`. Disjoint ranges may run concurrently.
    public func evaluate(_ frame: LayerFrame, layers range: Range<Int>) {
        forEachKernel(in: range) { kernel, local in kernel.evaluate(frame, layers: local) }
    }

    /// Evaluates `frame` for chunk `chunk` of `chunks`: the chunk-th share of every kernel, so that each chunk gets the
    /// same mix of kinds. (Contiguous global ranges would give one thread the card flips and another the springs, and
    /// the frame would wait for the slower half.)
    public func evaluate(_ frame: LayerFrame, chunk: Int, of chunks: Int) {
        for kernel in kernels { kernel.evaluate(frame, layers: Self.share(chunk, of: chunks, count: kernel.count)) }
    }

    /// Share `chunk` of `chunks` of `count` local layers (the last shares may be shorter or empty).
    public static func share(_ chunk: Int, of chunks: Int, count: Int) -> Range<Int> {
        let size = (count + max(chunks, 1) - 1) / max(chunks, 1)
        let lower = min(chunk * size, count)
        return lower..<min(lower + size, count)
    }

    /// Returns every layer to its state before the first frame.
    public func reset() {
        for kernel in kernels { kernel.reset() }
    }

    /// Output values of global layer `index` after the last evaluated frame.
    public func outputs(layer index: Int) -> [Double] {
        let (kernel, local) = locate(index)
        return (0..<kernel.components).map { kernel.output($0, layer: local) }
    }

    /// Sum of every output of every layer (equal across thread counts for the same frames).
    public func checksum() -> Double {
        var sum = 0.0
        for kernel in kernels {
            for layer in 0..<kernel.count {
                for component in 0..<kernel.components { sum += kernel.output(component, layer: layer) }
            }
        }
        return sum
    }

    /// Layers mid-animation at `time` seconds.
    public func activeCount(at time: Double) -> Int {
        var active = 0
        for kernel in kernels {
            for layer in 0..<kernel.count where kernel.isActive(layer, at: time) { active += 1 }
        }
        return active
    }

    /// Bytes read plus bytes written per frame, averaged over layers (what the stream bound moves).
    public var streamBytesPerLayer: Double {
        let total = kernels.reduce(0) { $0 + $1.streamColumns.bytesPerLayer * $1.count }
        return Double(total) / Double(max(count, 1))
    }

    /// Bytes of parameters, state and outputs held, averaged over layers.
    public var bytesPerLayer: Double {
        Double(kernels.reduce(0) { $0 + $1.bytesPerLayer * $1.count }) / Double(max(count, 1))
    }

    /// The stream bound for chunk `chunk` of `chunks` (the whole store for 0 of 1), shared out as
    /// `evaluate(_:chunk:of:)` shares a frame: per layer, read every column a frame reads and write every column it
    /// writes, in blocks of 64 layers (eight cache lines of each column, so that all columns stream together as they do
    /// in a frame) through a scratch buffer. The written values are sums of the read ones, so a later `reset()` is
    /// needed before evaluating again.
    public func stream(chunk: Int, of chunks: Int) {
        let block = UnsafeMutablePointer<Double>.allocate(capacity: Self.streamBlockSize)
        defer { block.deallocate() }
        for kernel in kernels { Self.stream(kernel, Self.share(chunk, of: chunks, count: kernel.count), block) }
    }

    /// Layers per block of the stream bound.
    private static let streamBlockSize = 64

    /// The stream bound over `kernel`'s local layers `local`, through `block`.
    private static func stream(_ kernel: any LayerKernel, _ local: Range<Int>, _ block: UnsafeMutablePointer<Double>) {
        let columns = kernel.streamColumns
        let reads = columns.reads, writes = columns.writes
        var lower = local.lowerBound
        while lower < local.upperBound {
            let length = min(streamBlockSize, local.upperBound - lower)
            block.update(repeating: 0, count: length)
            for column in reads {
                let source = column + lower
                for j in 0..<length { block[j] += source[j] }
            }
            for column in writes {
                let target = column + lower
                for j in 0..<length { target[j] = block[j] }
            }
            lower += length
        }
    }

    private func forEachKernel(in range: Range<Int>, _ body: (any LayerKernel, Range<Int>) -> Void) {
        guard !range.isEmpty else { return }
        var position = upperBoundIndex(range.lowerBound)
        while position < kernels.count, starts[position] < range.upperBound {
            let lower = max(range.lowerBound, starts[position]), upper = min(range.upperBound, starts[position + 1])
            if lower < upper { body(kernels[position], (lower - starts[position])..<(upper - starts[position])) }
            position += 1
        }
    }

    /// The kernel holding global index `index` (binary search over `starts`).
    private func upperBoundIndex(_ index: Int) -> Int {
        var lo = 0, hi = kernels.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if starts[mid + 1] <= index { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    private func locate(_ index: Int) -> (kernel: any LayerKernel, local: Int) {
        let position = upperBoundIndex(index)
        return (kernels[position], index - starts[position])
    }
}
