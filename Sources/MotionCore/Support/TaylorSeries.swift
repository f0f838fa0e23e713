// Taylor series shared by the spring closed form (near critical damping, |z| ≤ 1/4) and `sinCosPi` (|z| ≤ π²/16).

/// cos(√z) (cosh(√−z) for z < 0) as Σ (−z)ⁿ/(2n)!, n ≤ 9, in Horner form: exact to rounding for |z| ≤ π²/16 ≈ 0.62
/// (the first omitted term is below 1e-20 there).
@inlinable
func cosineOfRoot(_ z: Double) -> Double {
    hornerFromHighest(-z, (1.0 / 6_402_373_705_728_000, 1.0 / 20_922_789_888_000, 1.0 / 87_178_291_200,  // 1/18!, 1/16!, 1/14!
                           1.0 / 479_001_600, 1.0 / 3_628_800, 1.0 / 40_320, 1.0 / 720,  // 1/12! … 1/6!
                           1.0 / 24, 0.5, 1))  // 1/4!, 1/2!, 1/0!
}

/// sin(√z)/√z (sinh(√−z)/√−z for z < 0) as Σ (−z)ⁿ/(2n + 1)!, n ≤ 9, in Horner form: exact to rounding
/// for |z| ≤ π²/16.
@inlinable
func sineOfRootOverRoot(_ z: Double) -> Double {
    hornerFromHighest(-z, (1.0 / 121_645_100_408_832_000, 1.0 / 355_687_428_096_000, 1.0 / 1_307_674_368_000,  // 1/19! … 1/15!
                           1.0 / 6_227_020_800, 1.0 / 39_916_800, 1.0 / 362_880, 1.0 / 5_040,  // 1/13! … 1/7!
                           1.0 / 120, 1.0 / 6, 1))  // 1/5!, 1/3!, 1/1!
}

/// The degree-9 polynomial Σ cᵢ·w^(9−i) whose coefficients `c` run from the highest power down, in Horner form
/// (nine multiply–adds, the same rounding order as writing them out).
@inlinable
func hornerFromHighest(
    _ w: Double, _ c: (Double, Double, Double, Double, Double, Double, Double, Double, Double, Double)
) -> Double {
    var sum = c.0
    sum = sum * w + c.1
    sum = sum * w + c.2
    sum = sum * w + c.3
    sum = sum * w + c.4
    sum = sum * w + c.5
    sum = sum * w + c.6
    sum = sum * w + c.7
    sum = sum * w + c.8
    return sum * w + c.9
}

/// (`cosineOfRoot(z)`, `sineOfRootOverRoot(z)`) in one pass: the two Horner chains side by side on two lanes, each lane
/// the same multiplies and adds in the same order as the scalar functions (so the results are the same doubles), at
/// half the instructions.
@inlinable @inline(__always)
func cosineAndSineOfRoot(_ z: Double) -> (cosine: Double, sineOverRoot: Double) {
    let w = SIMD2(repeating: -z)
    var sum = SIMD2(1.0 / 6_402_373_705_728_000, 1.0 / 121_645_100_408_832_000)  // 1/18!, 1/19!
    sum = sum * w + SIMD2(1.0 / 20_922_789_888_000, 1.0 / 355_687_428_096_000)  // 1/16!, 1/17!
    sum = sum * w + SIMD2(1.0 / 87_178_291_200, 1.0 / 1_307_674_368_000)  // 1/14!, 1/15!
    sum = sum * w + SIMD2(1.0 / 479_001_600, 1.0 / 6_227_020_800)  // 1/12!, 1/13!
    sum = sum * w + SIMD2(1.0 / 3_628_800, 1.0 / 39_916_800)  // 1/10!, 1/11!
    sum = sum * w + SIMD2(1.0 / 40_320, 1.0 / 362_880)  // 1/8!, 1/9!
    sum = sum * w + SIMD2(1.0 / 720, 1.0 / 5_040)  // 1/6!, 1/7!
    sum = sum * w + SIMD2(1.0 / 24, 1.0 / 120)  // 1/4!, 1/5!
    sum = sum * w + SIMD2(0.5, 1.0 / 6)  // 1/2!, 1/3!
    sum = sum * w + SIMD2(1, 1)
    return (sum.x, sum.y)
}
