/// sin(π·x) and cos(π·x) together, without a library call, for the batch evaluator's rotations (its loops call
/// `sinCosPiModerate`, the same without the range check).
///
/// x is reduced exactly to r = x − n/2 with n the integer nearest 2x, so |r| ≤ 1/4; z = π·r; sin z and cos z come from
/// their Taylor series to z¹⁹ and z¹⁸ (`TaylorSeries.swift`; truncation below 1e-20 for |z| ≤ π/4) and are rotated
/// by n quarter turns.
/// Error: within 4 ulp of 1 (≤ 1e-15) of the exact values for |x| < 2^50; from 2^50 on, x is a multiple of 1/2 and the
/// results are exact. Returns NaN for a non-finite x.
@inlinable @inline(__always)
public func sinCosPi(_ x: Double) -> (sin: Double, cos: Double) {
    guard abs(x) < 0x1p50 else {
        // x is a multiple of 1/2: quarter turns of (0, 1), 2x mod 4 directly.
        guard x.isFinite else { return (.nan, .nan) }
        switch Int64((2 * x).truncatingRemainder(dividingBy: 4)) & 3 {  // two's complement: −1 & 3 = 3
        case 0: return (0, 1)
        case 1: return (1, 0)
        case 2: return (0, -1)
        default: return (-1, 0)
        }
    }
    return sinCosPiModerate(x)
}

/// `sinCosPi` for |x| < 2^50, the range of the batch evaluator's rotations, with the same operations and error, but
/// with no range check, library call or checked conversion, so that a loop over layers vectorises. For |x| ≥ 2^50 or a
/// non-finite x the results are meaningless.
@inlinable @inline(__always)
public func sinCosPiModerate(_ x: Double) -> (sin: Double, cos: Double) {
    // Round 2x to the nearest integer n with the 1.5·2^52 trick (valid for |2x| < 2^51); the sum's low mantissa bits
    // are then n mod 4 in two's complement.
    let shifted = 2 * x + 0x1.8p52
    let n = shifted - 0x1.8p52
    let r = x - 0.5 * n
    let z = Double.pi * r, z2 = z * z
    let sine = z * sineOfRootOverRoot(z2), cosine = cosineOfRoot(z2)
    // Quarter turns (s, c) → (c, −s) → (−s, −c) → (−c, s) as bit operations: odd turns swap, turns 2 and 3 negate
    // the sine, turns 1 and 2 the cosine.
    let turn = shifted.bitPattern
    let swap = 0 &- (turn & 1)
    let sinBits = (sine.bitPattern & ~swap) | (cosine.bitPattern & swap)
    let cosBits = (cosine.bitPattern & ~swap) | (sine.bitPattern & swap)
    return (Double(bitPattern: sinBits ^ ((turn & 2) << 62)), Double(bitPattern: cosBits ^ (((turn &+ 1) & 2) << 62)))
}
