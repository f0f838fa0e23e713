/// A `compare` row's verdict on ns per layer-frame, B against A (`RunComparison`): its raw value is what the table and
/// the JSON print.
public enum ComparisonVerdict: String, Sendable, Hashable, CaseIterable {
    /// B/A above 1 + threshold, and the passes' ranges apart.
    case slower
    /// B/A below 1 − threshold, and the passes' ranges apart.
    case faster
    /// B/A within the threshold.
    case same
    /// B/A beyond the threshold, but the passes' ranges overlap.
    case sameWithinSpread = "same (within spread)"
}
