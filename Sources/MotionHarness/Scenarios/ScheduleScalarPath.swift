import MotionCore
import MotionEngine

/// A kernel's per-layer timing as the harness's other paths read it: the scalar path's `MediaTiming` and timing
/// function, and the naive model's timing and curve, all built from the values the kernel holds.
extension LayerSchedule {
    /// Stores layer `i`'s drawn timing and (with own curves) its curve.
    func set(_ i: Int, _ draw: TimedDraw) {
        set(i, draw.parameters, curve: draw.curve)
    }

    /// Layer `i`'s timing function for the scalar path: the shared one, or its own curve (built for few evaluations,
    /// without tables).
    func scalarFunction(_ i: Int) -> TimingFunction {
        if case .shared(let function) = curves { return function }
        guard let curve = curve(i) else { preconditionFailure("layers without a shared function have their own curves") }
        return .cubicBezier(curve)
    }

    /// Layer `i`'s Core Animation timing for the scalar path (fill both, kept after completion), beginning at its begin
    /// time: evaluate it at the clock's time, so that the local time is never rounded.
    func mediaTiming(_ i: Int, fillMode: MediaTiming.FillMode = .both) -> MediaTiming {
        let timing = parameters(i)
        return KernelParameters.rebuilt {
            try MediaTiming(beginTime: timing.begin, duration: timing.duration, repeatCount: timing.repeatCount,
                            autoreverses: timing.autoreverses,
                            fillMode: fillMode, removedOnCompletion: false, timingFunction: scalarFunction(i))
        }
    }

    /// Layer `i`'s timing as an engine under test receives it.
    func engineTiming(_ i: Int) -> EngineLayer.Timing { EngineLayer.Timing(parameters(i), easing: scalarFunction(i)) }

    /// The naive timing and curve of layer `i`.
    func naive(_ i: Int) -> (NaiveTiming, NaiveCurve) {
        let timing = NaiveTiming(parameters(i))
        if let curve = curve(i) { return (timing, NaiveCurve(CompactCubicBezier(curve))) }
        return (timing, NaiveCurve(scalarFunction(i)))
    }
}
