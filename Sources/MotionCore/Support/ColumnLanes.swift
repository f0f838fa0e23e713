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

/// Entries `i` and `j` of `column` in two lanes: layers i and i + 1 of a pair, or a lone last layer (i == j) in both.
@inlinable @inline(__always)
func lanes(_ column: UnsafePointer<Double>, _ i: Int, _ j: Int) -> SIMD2<Double> {
    SIMD2(column[i], column[j])
}

/// Stores lanes 0 and 1 into entries `i` and `j` = i + 1 of `column` (one vector store), or lane 0 alone into entry
/// `i` for a lone last layer (i == j, both lanes computed from the same operands).
@inlinable @inline(__always)
func storeLanes(_ value: SIMD2<Double>, _ column: UnsafeMutablePointer<Double>, _ i: Int, _ j: Int) {
    if j == i &+ 1 { storeLanes(value, column, i) } else { column[i] = value[0] }
}

/// Runs `body` on the layers of `block` two at a time (i, i + 1), then on a lone last one as (i, i).
@inlinable @inline(__always)
func forEachLanePair(_ block: Range<Int>, _ body: (_ i: Int, _ j: Int) -> Void) {
    var i = block.lowerBound
    while i &+ 1 < block.upperBound {
        body(i, i &+ 1)
        i &+= 2
    }
    if i < block.upperBound { body(i, i) }
}

/// `value` where `mask` holds, else +0, per lane: the select `mask ? value : 0` as one AND of the bits (a select on a
/// zero vector can compile to a branch per lane).
@inlinable @inline(__always)
func maskedLanes(_ value: SIMD2<Double>, _ mask: SIMDMask<SIMD2<Int64>>) -> SIMD2<Double> {
    unsafeBitCast(unsafeBitCast(value, to: SIMD2<Int64>.self) & unsafeBitCast(mask, to: SIMD2<Int64>.self),
                  to: SIMD2<Double>.self)
}

/// |x| lane by lane, as `abs` gives it: the sign bits cleared (one `andpd`, where a compare and a select cost three).
@inlinable @inline(__always)
func laneMagnitudes(_ x: SIMD2<Double>) -> SIMD2<Double> {
    unsafeBitCast(unsafeBitCast(x, to: SIMD2<UInt64>.self) & SIMD2(repeating: ~(1 << 63)), to: SIMD2<Double>.self)
}

/// `value` where `mask` holds, else `other`, per lane: `other.replacing(with: value, where: mask)` as bit operations
/// (AND, AND-NOT, OR). The standard library's select is a loop over the lanes, which the compiler may keep as a branch
/// per lane; on data-dependent masks (which half of the curve an input falls in) those branches mispredict about every
/// other time.
@inlinable @inline(__always)
func selectLanes(_ mask: SIMDMask<SIMD2<Int64>>, _ value: SIMD2<Double>, _ other: SIMD2<Double>) -> SIMD2<Double> {
    let bits = unsafeBitCast(mask, to: SIMD2<Int64>.self)
    return unsafeBitCast((unsafeBitCast(value, to: SIMD2<Int64>.self) & bits)
                             | (unsafeBitCast(other, to: SIMD2<Int64>.self) & ~bits), to: SIMD2<Double>.self)
}
