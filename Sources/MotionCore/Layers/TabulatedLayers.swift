/// Layers that copy their outputs from one shared table instead of evaluating anything: at frame n, layer i shows row
/// clamp(n − beginFrame_i + 1) of the table, whose rows are the outputs at local times −1, 0, 1, … frames. Valid only
/// where every layer shares its parameters and begins on a whole frame of a fixed-rate clock; it is the shared-timeline
/// comparison (what precomputation could save), never an evaluator.
public final class TabulatedLayers: LayerKernel, @unchecked Sendable {
    /// Number of layers.
    public let count: Int
    /// Outputs per layer (the table's columns).
    public let components: Int
    /// Per component: rows for local frames −1…rows − 2.
    private let table: LayerColumns
    private let rows: Int
    /// Begin frame per layer, then the outputs.
    private let columns: LayerColumns

    /// Layers beginning at frames `beginFrames` that show `table[c][row]` for component c (every component with the
    /// same, non-zero number of rows; row 0 is the frame before the begin frame).
    public init(table values: [[Double]], beginFrames: [Int]) {
        precondition(!values.isEmpty && !values[0].isEmpty && values.allSatisfy { $0.count == values[0].count },
                     "TabulatedLayers needs one non-empty row list per component, all of one length")
        count = beginFrames.count
        components = values.count
        rows = values[0].count
        table = LayerColumns(columns: components, count: rows)
        for c in 0..<components { for k in 0..<rows { table[c][k] = values[c][k] } }
        columns = LayerColumns(columns: 1 + components, count: count)
        for (i, frame) in beginFrames.enumerated() { columns[0][i] = Double(frame) }
        reset()
    }

    /// Copies each layer's row for `frame.index`.
    public func evaluate(_ frame: LayerFrame, layers range: Range<Int>) {
        let begin = columns[0], last = rows - 1, current = frame.index
        for c in 0..<components {
            let source = table[c], target = columns[1 + c]
            for i in range { target[i] = source[min(max(current - Int(begin[i]) + 1, 0), last)] }
        }
    }

    /// Every layer back to the table's first row.
    public func reset() {
        for c in 0..<components { columns[1 + c].update(repeating: table[c][0], count: count) }
    }

    /// The begin frames are read (the table is shared and stays in cache); the outputs written.
    public var streamColumns: LayerStreamColumns {
        LayerStreamColumns(reads: [columns[0]], writes: (0..<components).map { columns[1 + $0] })
    }

    /// Begin frame and outputs.
    public var bytesPerLayer: Int { columns.columns * MemoryLayout<Double>.size }

    /// Output `component` of `layer` after the last frame.
    public func output(_ component: Int, layer: Int) -> Double { columns[1 + component][layer] }

    /// Never counted as active (it evaluates nothing).
    public func isActive(_ layer: Int, at time: Double) -> Bool { false }
}
