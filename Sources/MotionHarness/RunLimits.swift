/// The ranges of the figures `motionbench run` can produce, which `compare` holds a run result's rows to when it reads
/// them back: a row outside them did not come from `run` (or was edited), and is refused naming the file and the field.
public enum RunLimits {
    /// `run --layers`: each count a whole number in 1…100,000,000.
    public static let layers = 1...100_000_000
    /// `run --threads`: 1…1024.
    public static let threads = 1...1024
    /// ns per layer-frame (and the spread's min and max): a figure below 1e-6 ns (a millionth of a nanosecond, far
    /// below one instruction) is not a measurement; above 1e15 ns (11.6 days for one layer in one frame) neither. The
    /// bounds keep every B/A ratio finite (at most 1e21).
    public static let nsPerLayerFrame: ClosedRange<Double> = 1e-6...1e15
    /// A frame's time in ms (`frameMs.p99`): from one layer at the ns floor (1e-12 ms) to 100,000,000 layers at the
    /// ns ceiling (1e17 ms).
    public static let frameMs: ClosedRange<Double> = 1e-12...1e17
    /// Peak RSS in bytes: a whole number in 1…1e18.
    public static let peakRSSBytes: ClosedRange<Double> = 1...1e18
}
