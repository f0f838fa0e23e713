import MotionCore

/// How a numeric scenario field varies from layer to layer: a constant, uniform on [a, b], or a (weighted) choice.
public enum NumberDistribution: Sendable, Equatable {
    /// Every layer gets this value.
    case constant(Double)
    /// Uniform on [lower, upper].
    case uniform(Double, Double)
    /// One of `values`, with probability proportional to `weights`.
    case choice([Double], weights: [Double])

    /// Draws one value.
    public func sample(_ generator: inout SplitMix64) -> Double {
        switch self {
        case .constant(let value): return value
        case .uniform(let lower, let upper): return lower == upper ? lower : Double.random(in: lower...upper, using: &generator)
        case .choice(let values, let weights): return values[WeightedChoice.index(weights, &generator)]
        }
    }

    /// Whether every draw gives the same value.
    public var isConstant: Bool {
        switch self {
        case .constant: return true
        case .uniform(let lower, let upper): return lower == upper
        case .choice(let values, _): return Set(values).count == 1
        }
    }

    /// The smallest and largest value a draw can give.
    public var bounds: (lower: Double, upper: Double) {
        switch self {
        case .constant(let value): return (value, value)
        case .uniform(let lower, let upper): return (lower, upper)
        case .choice(let values, _):
            // The reader never builds an empty choice; an empty one would have no bounds, so it reads as 0…0.
            return (values.min() ?? 0, values.max() ?? 0)
        }
    }
}

/// A boolean scenario field: a constant or a weighted choice of true and false.
public enum BoolDistribution: Sendable, Equatable {
    /// Every layer gets this value.
    case constant(Bool)
    /// One of `values`, with probability proportional to `weights`.
    case choice([Bool], weights: [Double])

    /// Draws one value.
    public func sample(_ generator: inout SplitMix64) -> Bool {
        switch self {
        case .constant(let value): return value
        case .choice(let values, let weights): return values[WeightedChoice.index(weights, &generator)]
        }
    }

    /// Whether every draw gives the same value.
    public var isConstant: Bool {
        if case .choice(let values, _) = self { return Set(values).count == 1 }
        return true
    }
}

/// The easing of a scenario entry: one timing function, a weighted choice of them, or a random cubic Bézier per layer
/// with its control points drawn from ranges.
public enum EasingDistribution: Sendable {
    /// One timing function for every layer.
    case constant(TimingFunction)
    /// One of `functions`, with probability proportional to `weights`.
    case choice([TimingFunction], weights: [Double])
    /// Each layer's own `cubic-bezier(x1, y1, x2, y2)`, each control point uniform in its range (x ranges in [0, 1]).
    case randomBezier(x1: NumberDistribution, y1: NumberDistribution, x2: NumberDistribution, y2: NumberDistribution)

    /// Whether every layer gets the same function.
    public var isConstant: Bool {
        switch self {
        case .constant: return true
        case .choice(let functions, _): return Set(functions).count == 1
        case .randomBezier(let x1, let y1, let x2, let y2): return [x1, y1, x2, y2].allSatisfy(\.isConstant)
        }
    }
}

/// Draws an index with probability proportional to non-negative weights (at least one positive).
enum WeightedChoice {
    static func index(_ weights: [Double], _ generator: inout SplitMix64) -> Int {
        if weights.count == 1 { return 0 }
        let total = weights.reduce(0, +)
        var remaining = Double.random(in: 0..<1, using: &generator) * total
        for (index, weight) in weights.enumerated() {
            remaining -= weight
            if remaining < 0 { return index }
        }
        return weights.lastIndex { $0 > 0 } ?? 0
    }
}
