/// The ranges of `motionbench run`'s options, which the command and an engine's child process both check, and of the
/// figures `run` can produce, which `compare` holds a run result's rows to when it reads them back: a row outside them
/// did not come from `run` (or was edited), and is refused naming the file and the field.
public enum RunLimits {
    /// `run --frames`: frames per layer count, 1…1,000,000.
    public static let frames = 1...1_000_000
    /// `run --rate`: the frame rate in Hz, 1…10,000.
    public static let rate: ClosedRange<Double> = 1...10_000
    /// `run --repeat`: timed passes, 1…1000.
    public static let repeats = 1...1000
    /// `run --warmup`: untimed passes, 0…1000.
    public static let warmup = 0...1000
    /// `run --check-budget`: layer comparisons with the exact path per engine per layer count, 1…1,000,000,000.
    public static let checkBudget = 1...1_000_000_000
    /// `--engine-timeout`: seconds, in (0, 86,400] (the lower bound is open: any positive time).
    public static let engineTimeout: ClosedRange<Double> = 0...86_400
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
