/// Formats a number the way CSS prints it: integers without a fractional part (`1`, `-3`), everything else as Swift's
/// shortest round-trip `Double` text (`0.25`, `1e-05`). The text parses back to exactly the same value.
public func formatSpecNumber(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    if value == value.rounded(), abs(value) < 1e15 {
        return String(Int64(value))
    }
    return value.description
}

/// Formats a number as Swift's shortest round-trip `Double` description (`1.0`, `0.875`, `1e-05`), the form every
/// MotionBench command prints.
public func formatOutputNumber(_ value: Double) -> String {
    value.description
}
