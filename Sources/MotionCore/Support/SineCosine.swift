import CMotionMath

/// sin(x) and cos(x) of one angle x in radians, together.
///
/// For |x| < 2^19 (a spring's phase ωd·t up to half a million radians) without a library call: x is reduced to
/// r = x − n·π/2 with n the integer nearest x·2/π, subtracting n times π/2 in three parts (the first two with short
/// significands, so that their products with n are exact: Cody and Waite's reduction), so |r| ≤ π/4 up to rounding
/// and r is within a few ulp of its exact value; sin r and cos r come from minimax polynomials and are rotated by n
/// quarter turns. Error: within 4 ulp of 1 (≤ 1e-15) of the exact values (`SineCosineTests` holds it to the C
/// library's sin and cos).
/// Beyond 2^19 (and for non-finite x) one call to the platform C library's `sincos`, below 1 ulp.
@inlinable @inline(__always)
func sineAndCosine(_ x: Double) -> (sine: Double, cosine: Double) {
    guard abs(x) < 0x1p19 else { return platformSineAndCosine(x) }
    // n = round(x·2/π) with the 1.5·2^52 trick; the sum's low mantissa bits are n mod 4 in two's complement.
    let shifted = x * (2 / Double.pi) + 0x1.8p52
    let n = shifted - 0x1.8p52
    // π/2 = halfPiHigh + halfPiMiddle + halfPiLow to 1e-37; the first two have 31 and 32 significant bits, so n times
    // either is exact for |n| < 2^21, and x − n·halfPiHigh is exact (the two are within a factor of 2 for n ≠ 0).
    let halfPiHigh = Double(bitPattern: 0x3FF9_21FB_5440_0000)
    let halfPiMiddle = Double(bitPattern: 0x3DD0_B461_1A60_0000)
    let halfPiLow = Double(bitPattern: 0x3BA3_198A_2E03_7073)
    let r = ((x - n * halfPiHigh) - n * halfPiMiddle) - n * halfPiLow
    // On |r| ≤ π/4, minimax polynomials in z = r² (the coefficients of fdlibm's kernels, error below 2^-58), each
    // evaluated in Estrin's order (three dependent levels instead of Horner's six), both at once.
    let z = r * r, z2 = z * z, z4 = z2 * z2
    let sinePolynomial = (-1.66666666666666324348e-01 + z * 8.33333333332248946124e-03)
        + z2 * (-1.98412698298579493134e-04 + z * 2.75573137070700676789e-06)
        + z4 * (-2.50507602534068634195e-08 + z * 1.58969099521155010221e-10)
    let cosinePolynomial = (4.16666666666666019037e-02 + z * -1.38888888888741095749e-03)
        + z2 * (2.48015872894767294178e-05 + z * -2.75573143513906633035e-07)
        + z4 * (2.08757232129817482790e-09 + z * -1.13596475577881948265e-11)
    let sine = r + (r * z) * sinePolynomial
    let cosine = (1 - 0.5 * z) + z2 * cosinePolynomial
    // Quarter turns (s, c) → (c, −s) → (−s, −c) → (−c, s) as bit operations, as in `sinCosPiModerate`.
    let turn = shifted.bitPattern
    let swap = 0 &- (turn & 1)
    let sinBits = (sine.bitPattern & ~swap) | (cosine.bitPattern & swap)
    let cosBits = (cosine.bitPattern & ~swap) | (sine.bitPattern & swap)
    return (Double(bitPattern: sinBits ^ ((turn & 2) << 62)), Double(bitPattern: cosBits ^ (((turn &+ 1) & 2) << 62)))
}

/// sin(x) and cos(x) from one call to the platform C library's `sincos` (glibc), which shares the argument reduction
/// and costs about one of the two; each result is as accurate as libm's own sin and cos (below 1 ulp).
@usableFromInline
func platformSineAndCosine(_ x: Double) -> (sine: Double, cosine: Double) {
    var sine = 0.0, cosine = 0.0
    motion_sincos(x, &sine, &cosine)
    return (sine, cosine)
}
