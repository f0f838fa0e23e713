import CMotionMath

/// sin(x) and cos(x) of one angle in radians from one call to the platform C library's `sincos` (glibc), which
/// shares the argument reduction and costs about one of the two; each result is as accurate as libm's own sin and cos
/// (below 1 ulp).
@inlinable @inline(__always)
func sineAndCosine(_ x: Double) -> (sine: Double, cosine: Double) {
    var sine = 0.0, cosine = 0.0
    motion_sincos(x, &sine, &cosine)
    return (sine, cosine)
}
