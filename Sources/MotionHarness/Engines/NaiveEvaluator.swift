import Foundation
import MotionCore

/// The naive evaluator: what a straightforward port of Core Animation's object model does, as a fair peer for the
/// batch evaluator, on the same layers with the same per-layer parameters. One class instance per layer; animations
/// as protocol existentials in an array; timing computed from scratch on every call; a WebKit-style Bézier solve at
/// ε = 1e-7; a spring closed form rebuilt on every call; transforms built as matrices on every call. Key paths are
/// output indices, not strings.
public final class NaiveEvaluator {
    /// A layer object: its begin time, its animations and its presentation values.
    final class Layer {
        let beginTime: Double
        let animations: [any NaiveAnimation]
        var values: [Double]

        init(beginTime: Double, animations: [any NaiveAnimation], components: Int) {
            self.beginTime = beginTime
            self.animations = animations
            values = [Double](repeating: 0, count: components)
        }
    }

    let layers: [Layer]
    /// Workload indices of the layers evaluated.
    let indices: [Int]
    /// The layers evaluated.
    public var count: Int { layers.count }

    /// Naive layers for up to `limit` layers of `workload`, spread evenly over it so that every kind is represented.
    public init(workload: Workload, limit: Int) {
        let count = min(limit, workload.count)
        let stride = Double(workload.count) / Double(max(count, 1))
        var layers: [Layer] = [], indices: [Int] = []
        layers.reserveCapacity(count)
        for position in 0..<count {
            let index = min(Int(Double(position) * stride), workload.count - 1)
            let (group, local) = workload.group(of: index)
            layers.append(Layer(beginTime: group.beginTime(local), animations: group.naiveAnimations(layer: local),
                                components: group.kernel.components))
            indices.append(index)
        }
        self.layers = layers
        self.indices = indices
    }

    /// Evaluates naive layers `range` (positions) at `time` seconds; disjoint ranges may run concurrently.
    func evaluate(time: Double, layers range: Range<Int>) {
        for layer in layers[range] {
            for animation in layer.animations { animation.apply(clockTime: time, beginTime: layer.beginTime, to: layer) }
        }
    }

    /// The naive layer `position`'s values after the last `evaluate`.
    func values(_ position: Int) -> [Double] { layers[position].values }
}

/// A naive animation: applies itself to a layer at a time on the run's clock.
protocol NaiveAnimation {
    /// Applies the animation at `clockTime` seconds on the run's clock, for a layer that begins at `beginTime`: media
    /// timing decides its boundaries on the unrounded difference; continuous motion uses the local time
    /// clockTime − beginTime.
    func apply(clockTime: Double, beginTime: Double, to layer: NaiveEvaluator.Layer)
}

/// Core Animation timing computed on every call: the pass, its direction, and the hold after the end, with the phase
/// and the pass decided exactly (`LayerTimingParameters.directedProgress(at:)`).
struct NaiveTiming {
    let parameters: LayerTimingParameters

    /// Timing of `parameters` (whose begin time the clock-time form subtracts).
    init(_ parameters: LayerTimingParameters) { self.parameters = parameters }

    /// One pass of `duration` seconds, beginning at 0, played once (or, autoreversing, forward then back).
    init(duration: Double, autoreverses: Bool) {
        parameters = LayerTimingParameters(begin: 0, duration: duration, autoreverses: autoreverses)
    }

    /// Linear progress of the current pass at `clockTime` seconds on the run's clock (0 before the start, the end pass
    /// after the end).
    func progress(clockTime: Double) -> Double { parameters.directedProgress(at: clockTime) }

    /// `progress(clockTime:)` with CSS Easing's before flag (which `steps()` reads).
    func sample(clockTime: Double) -> (progress: Double, before: Bool) {
        let sample = parameters.directedProgressAndBeforeFlag(at: clockTime)
        return (sample.directed, sample.before)
    }
}

/// WebKit's `UnitBezier` as it stood for years: Newton from t = x (up to 8 steps, |x(t) − x| < ε, give up when
/// |x'| < 1e-6), then bisection on [0, 1]; ε = 1e-7 as in Chromium. Other timing functions are called directly.
struct NaiveCurve {
    let ax, bx, cx, ay, by, cy: Double
    let other: TimingFunction?
    static let epsilon = 1e-7

    init(_ function: TimingFunction) {
        if case .cubicBezier(let curve) = function {
            (ax, bx, cx, ay, by, cy) = curve.powerForm
            other = nil
        } else {
            (ax, bx, cx, ay, by, cy) = (0, 0, 1, 0, 0, 1)
            other = function
        }
    }

    /// A layer's own curve, from its control points alone (no solver tables to build).
    init(_ curve: CompactCubicBezier) {
        (ax, bx, cx, ay, by, cy) = curve.powerForm
        other = nil
    }

    /// The eased progress at `x`, with CSS Easing's `before` flag for `steps()`.
    func value(_ x: Double, before: Bool = false) -> Double {
        if let other { return other.value(at: x, before: before) }
        var t = x
        for _ in 0..<8 {
            let error = ((ax * t + bx) * t + cx) * t - x
            if abs(error) < Self.epsilon { return ((ay * t + by) * t + cy) * t }
            let slope = (3 * ax * t + 2 * bx) * t + cx
            if abs(slope) < 1e-6 { break }
            t -= error / slope
        }
        var (lo, hi) = (0.0, 1.0)
        t = x
        while lo < hi {
            let value = ((ax * t + bx) * t + cx) * t
            if abs(value - x) < Self.epsilon { break }
            if x > value { lo = t } else { hi = t }
            t = (hi - lo) * 0.5 + lo
            if hi - lo < 1e-15 { break }
        }
        return ((ay * t + by) * t + cy) * t
    }
}
