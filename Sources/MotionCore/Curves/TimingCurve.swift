/// A timing function: maps input progress (unitless, nominally in [0, 1]) to output progress.
///
/// Conforming types evaluate at any finite input, including inputs outside [0, 1], where each kind follows its CSS
/// extrapolation rule. Inputs 0 and 1 map exactly to the curve's endpoints.
public protocol TimingCurve: Sendable {
    /// The output progress at input progress `progress`.
    func value(at progress: Double) -> Double

    /// The output progress at `progress` with the Web Animations *before flag* (only `steps()` looks at it).
    func value(at progress: Double, before: Bool) -> Double

    /// The slope d(output)/d(input) at `progress` (unitless). Vertical tangents are `±infinity`; piecewise-constant
    /// curves report 0.
    func slope(at progress: Double) -> Double
}

extension TimingCurve {
    /// The output at `progress`, ignoring the before flag (every curve but `steps()`).
    @inlinable
    public func value(at progress: Double, before: Bool) -> Double { value(at: progress) }
}
