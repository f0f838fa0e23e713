/// Any timing function a spec can name: a cubic Bézier, `steps()` or `linear()`.
public enum TimingFunction: TimingCurve, Hashable, CustomStringConvertible {
    /// `cubic-bezier(...)` and the named Bézier curves.
    case cubicBezier(CubicBezier)
    /// `steps(...)`, `step-start`, `step-end`.
    case steps(Steps)
    /// `linear(...)` and the `linear` keyword.
    case linear(LinearEasing)

    /// The output progress at `progress`.
    @inlinable
    public func value(at progress: Double) -> Double {
        switch self {
        case .cubicBezier(let curve): curve.value(at: progress)
        case .steps(let steps): steps.value(at: progress)
        case .linear(let linear): linear.value(at: progress)
        }
    }

    /// The output progress at `progress` with the Web Animations before flag (used by `steps()`).
    @inlinable
    public func value(at progress: Double, before: Bool) -> Double {
        if case .steps(let steps) = self { return steps.value(at: progress, before: before) }
        return value(at: progress)
    }

    /// The slope d(output)/d(input) at `progress`.
    public func slope(at progress: Double) -> Double {
        switch self {
        case .cubicBezier(let curve): curve.slope(at: progress)
        case .steps(let steps): steps.slope(at: progress)
        case .linear(let linear): linear.slope(at: progress)
        }
    }

    /// The spec text that parses back to this function.
    public var description: String {
        switch self {
        case .cubicBezier(let curve): curve.description
        case .steps(let steps): steps.description
        case .linear(let linear): linear.description
        }
    }
}
