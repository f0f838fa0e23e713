/// sin(π·x) and cos(π·x) together, without a library call and without a branch on x, for the batch evaluator's
/// rotations.
///
/// x is reduced exactly to r = x − n/2 with n the integer nearest 2x, so |r| ≤ 1/4; z = π·r; sin z and cos z come from
/// their Taylor series to z¹⁹ and z¹⁸ (`TaylorSeries.swift`; truncation below 1e-20 for |z| ≤ π/4) and are rotated
/// by n quarter turns.
/// Error: within 4 ulp of 1 (≤ 1e-15) of the exact values for |x| < 2^50; from 2^50 on, x is a multiple of 1/2 and the
/// results are exact. Returns NaN for a non-finite x.
@inlinable @inline(__always)
public func sinCosPi(_ x: Double) -> (sin: Double, cos: Double) {
    // Round 2x to the nearest integer with the 1.5·2^52 trick (valid for |2x| < 2^51).
    let magic = 0x1.8p52
    let small = abs(x) < 0x1p50
    let twice = small ? 2 * x : 0
    let n = (twice + magic) - magic
    let r = small ? x - 0.5 * n : 0
    let z = Double.pi * r, z2 = z * z
    let sine = z * sineOfRootOverRoot(z2), cosine = cosineOfRoot(z2)
    // Quarter turns: n mod 4 (for |x| ≥ 2^50, 2x mod 4 directly), then (s, c) → (c, −s) → (−s, −c) → (−c, s).
    let quarters = small ? n : (x.isFinite ? (2 * x).truncatingRemainder(dividingBy: 4) : 0)
    let turn = Int64(quarters) & 3  // two's complement: −1 & 3 = 3
    // Bit tests rather than `||`, which can compile to a branch: turn 1 and 2 negate the cosine, 2 and 3 the sine.
    let swap = turn & 1 != 0, negateSine = turn & 2 != 0, negateCosine = (turn + 1) & 2 != 0
    let sinValue = swap ? cosine : sine, cosValue = swap ? sine : cosine
    let finite = x.isFinite
    return (finite ? (negateSine ? -sinValue : sinValue) : .nan, finite ? (negateCosine ? -cosValue : cosValue) : .nan)
}
