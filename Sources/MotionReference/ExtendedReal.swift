/// The widest binary floating-point type on this platform: the x87 80-bit format on x86-64 Linux (64-bit
/// significand), `Double` elsewhere. References evaluate residuals in it so that their own rounding sits well below
/// the errors they measure.
#if arch(x86_64) && !os(Windows)
public typealias ExtendedReal = Float80
#else
public typealias ExtendedReal = Double
#endif
