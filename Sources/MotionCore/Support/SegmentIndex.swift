/// ⌊value⌋ for value in [0, 2^31), as the index of a table segment, without a checked conversion (which would keep a
/// hot loop from vectorising and adds a trap per call): 1.5·2^52 + (value − 0.5) rounds to 1.5·2^52 + j with
/// j = ⌊value⌋, or one less where value is a whole number, and the low mantissa bits are j. Either way value − j lies
/// in [0, 1], so a table segment that covers both of its ends serves the input.
@inlinable @inline(__always)
func segmentIndex(_ value: Double) -> Int {
    segment(value).index
}

/// `segmentIndex(value)` and the same index as a `Double` (exact), taken from the rounded sum itself rather than
/// converted back from the integer, which saves a conversion on the path from an input to its row.
@inlinable @inline(__always)
func segment(_ value: Double) -> (index: Int, start: Double) {
    let rounded = (value - 0.5) + 0x1.8p52
    return (Int(truncatingIfNeeded: rounded.bitPattern & 0xFFFF_FFFF), rounded - 0x1.8p52)
}
