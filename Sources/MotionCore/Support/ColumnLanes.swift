/// Two adjacent entries of a column as one SIMD2 value, for loops that the compiler will not vectorise on its own:
/// one that reads and writes more columns than its alias checks cover (LLVM gives up past eight runtime checks, and
/// every pair of columns it cannot prove apart needs one). An explicit two-lane loop needs no checks and is the width
/// of the baseline x86-64 target's registers.
@inlinable @inline(__always)
func lanes(_ column: UnsafePointer<Double>, _ index: Int) -> SIMD2<Double> {
    UnsafeRawPointer(column + index).loadUnaligned(as: SIMD2<Double>.self)
}

/// Stores `value` into entries `index` and `index + 1` of `column`.
@inlinable @inline(__always)
func storeLanes(_ value: SIMD2<Double>, _ column: UnsafeMutablePointer<Double>, _ index: Int) {
    UnsafeMutableRawPointer(column + index).storeBytes(of: value, as: SIMD2<Double>.self)
}
