/// a + (b − a)·t, the usual linear interpolation (exactly `a` at t = 0), computed as a·(1 − t) + b·t when b − a
/// overflows, which happens only for endpoints of opposite sign near the largest Double; unitless.
@inlinable
func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double {
    let difference = b - a
    return difference.isFinite ? a + difference * t : a * (1 - t) + b * t
}
