import MotionCore

/// One implementation's samples against the exact answers: a measured implementation (an engine that wrote a samples
/// file, at one duration when the file says), or an in-repo port evaluated at the same Bézier inputs.
public struct MeasuredImplementation: Sendable {
    /// The implementation's name as the file gives it, or the in-repo strategy's name.
    public var name: String
    /// The animation duration in seconds the samples were taken at, when the file has a duration column.
    public var duration: Double?
    /// Whether this row is an in-repo port evaluated at the measured inputs (not a measured implementation).
    public var isPort: Bool
    /// Statistics per spec, in the order specs first appear in the files.
    public var perSpec: [(spec: String, statistics: MeasuredStatistics)]
    /// Statistics over every spec.
    public var overall: MeasuredStatistics
    /// Per spec, the largest |error| in each of `AccuracyReport.plotBins` equal bins of the input range, as
    /// (bin's lowest input, error) points, for the error plots.
    public var errorPlot: [String: [(input: Double, error: Double)]]

    /// `NAME`, or `NAME @ D s` when the samples carry a duration.
    public var label: String { Self.label(name, duration: duration) }

    /// `NAME`, or `NAME @ D s` with a duration in seconds.
    static func label(_ name: String, duration: Double?) -> String {
        duration.map { "\(name) @ \(formatSpecNumber($0)) s" } ?? name
    }
}

/// How far an in-repo port is from the measured engine it models, on that engine's own Bézier samples, each port fed
/// the engine's effective input where the samples give one.
public struct PortDistance: Sendable {
    /// The in-repo strategy, e.g. `chromium`.
    public var strategy: String
    /// The measured implementation's label, e.g. `chromium 156.0.8078.79 @ 1 s`.
    public var implementation: String
    /// Samples compared (the implementation's cubic-Bézier samples).
    public var samples: Int
    /// Largest |port − measured| in progress units.
    public var maxDifference: Double
    /// Where it is: spec, input, the port's output and the engine's.
    public var worst: (spec: String, input: Double, port: Double, measured: Double)
    /// Samples where the port and the engine give exactly the same double.
    public var identical: Int
}

/// Every measured implementation's accuracy, the in-repo ports on the same inputs, and each port's distance from the
/// engine it models.
public struct MeasuredAccuracy: Sendable {
    /// The samples files, as given.
    public var files: [String]
    /// Every spec, in first-seen order.
    public var specs: [String]
    /// The specs that are springs (input in seconds); the others are timing functions (input is progress).
    public var springSpecs: Set<String>
    /// Measured implementations in first-seen order (one per name and duration).
    public var implementations: [MeasuredImplementation]
    /// In-repo Bézier strategies evaluated at every measured cubic-Bézier input (WebKit's tolerances at 1 s).
    public var ports: [MeasuredImplementation]
    /// Each port against each measured implementation of the engine it models.
    public var distances: [PortDistance]
    /// Specs an implementation could not evaluate (an engine that rejected an easing), with its reason: reported, so
    /// that a missing row is never mistaken for a clean one.
    public var unsupported: [(implementation: String, spec: String, reason: String)] = []
}

/// Compares measured samples with the exact answers (`ExactAnswer`) and runs the in-repo ports on the same inputs.
public enum MeasuredStudy {
    /// The study of `samples` read from `files`; `strategies` are the in-repo Bézier ports to run beside them.
    public static func run(_ samples: [MeasuredSample], files: [String],
                           strategies: (_ duration: Double) -> [BezierStrategy] = { BezierStrategy.all(duration: $0) })
        -> MeasuredAccuracy
    {
        var specOrder: [String] = [], specs: [String: MotionSpec] = [:]
        var groups: [GroupKey: [MeasuredSample]] = [:], groupOrder: [GroupKey] = []
        for sample in samples {
            if specs.updateValue(sample.spec, forKey: sample.specText) == nil { specOrder.append(sample.specText) }
            let key = GroupKey(name: sample.implementation, duration: sample.duration)
            if groups[key] == nil { groupOrder.append(key) }
            groups[key, default: []].append(sample)
        }
        var exact = ExactCache()
        let implementations = groupOrder.map { key in
            implementation(key.name, duration: key.duration, isPort: false, specOrder: specOrder, specs: specs,
                           points: pointsBySpec(groups[key] ?? [], exact: &exact, specs: specs))
        }
        // The in-repo ports at every distinct measured input of every cubic-Bézier spec.
        var inputs: [String: Set<Double>] = [:]
        for sample in samples where sample.spec.cubicBezier != nil { inputs[sample.specText, default: []].insert(sample.input) }
        let ports = strategies(1).map { strategy in
            var points: [String: [MeasuredPoint]] = [:]
            for spec in specOrder {
                guard let parsed = specs[spec], let curve = parsed.cubicBezier, let xs = inputs[spec] else { continue }
                let evaluate = strategy.make(curve)
                points[spec] = xs.sorted().map { x in
                    let answer = exact.answer(spec, parsed, at: x)
                    return MeasuredPoint(input: x, output: evaluate(x), exact: answer.value, velocity: nil,
                                         exactVelocity: answer.velocity)
                }
            }
            return implementation(strategy.name, duration: nil, isPort: true, specOrder: specOrder, specs: specs, points: points)
        }
        let distances = groupOrder.flatMap { key in
            portDistances(key, samples: groups[key] ?? [], strategies: strategies(key.duration ?? 1))
        }
        return MeasuredAccuracy(files: files, specs: specOrder,
                                springSpecs: Set(specOrder.filter { specs[$0]?.isSpring ?? false }),
                                implementations: implementations,
                                ports: ports.filter { $0.overall.samples > 0 }, distances: distances)
    }

    struct GroupKey: Hashable {
        let name: String
        let duration: Double?
    }

    /// Exact answers computed once per spec and input, shared by every implementation and port.
    struct ExactCache {
        var values: [String: [Double: (value: Double, velocity: Double)]] = [:]

        mutating func answer(_ text: String, _ spec: MotionSpec, at input: Double) -> (value: Double, velocity: Double) {
            if let known = values[text]?[input] { return known }
            let answer = ExactAnswer.evaluate(spec, at: input)
            values[text, default: [:]][input] = answer
            return answer
        }
    }

    static func pointsBySpec(_ samples: [MeasuredSample], exact: inout ExactCache, specs: [String: MotionSpec])
        -> [String: [MeasuredPoint]]
    {
        var points: [String: [MeasuredPoint]] = [:]
        for sample in samples {
            let answer = exact.answer(sample.specText, sample.spec, at: sample.input)
            let effective = sample.effectiveInput.map { input in
                (input: input, exact: input == sample.input ? answer.value : exact.answer(sample.specText, sample.spec, at: input).value)
            }
            points[sample.specText, default: []].append(MeasuredPoint(
                input: sample.input, output: sample.output, exact: answer.value, velocity: sample.velocity,
                exactVelocity: answer.velocity, round: sample.round ?? 0, effective: effective))
        }
        return points
    }

    static func implementation(_ name: String, duration: Double?, isPort: Bool, specOrder: [String],
                               specs: [String: MotionSpec], points: [String: [MeasuredPoint]]) -> MeasuredImplementation
    {
        var perSpec: [(spec: String, statistics: MeasuredStatistics)] = []
        var plots: [String: [(input: Double, error: Double)]] = [:]
        for spec in specOrder {
            guard let specPoints = points[spec], !specPoints.isEmpty, let parsed = specs[spec] else { continue }
            perSpec.append((spec, MeasuredStatistics(specPoints, monotone: ExactAnswer.isMonotone(parsed), spring: parsed.isSpring,
                                                     spec: spec)))
            plots[spec] = binnedErrors(specPoints)
        }
        return MeasuredImplementation(name: name, duration: duration, isPort: isPort, perSpec: perSpec,
                                      overall: MeasuredStatistics(merging: perSpec), errorPlot: plots)
    }

    /// The worst |error| in each of `AccuracyReport.plotBins` equal bins of the points' input range.
    static func binnedErrors(_ points: [MeasuredPoint]) -> [(input: Double, error: Double)] {
        let low = points.map(\.input).min() ?? 0, high = points.map(\.input).max() ?? 1
        let bins = AccuracyReport.plotBins, width = high > low ? (high - low) / Double(bins) : 1
        var worst = [Double?](repeating: nil, count: bins)
        for point in points {
            let bin = min(Int((point.input - low) / width), bins - 1)
            worst[bin] = max(worst[bin] ?? 0, FiniteStatistics.error(point.output, point.exact))
        }
        return worst.enumerated().compactMap { index, error in error.map { (low + Double(index) * width, $0) } }
    }

    /// Each in-repo port that models the implementation's engine (its name's first word), on the implementation's own
    /// cubic-Bézier samples, with the port's tolerances at the samples' duration.
    static func portDistances(_ key: GroupKey, samples: [MeasuredSample], strategies: [BezierStrategy]) -> [PortDistance] {
        let family = key.name.lowercased().prefix { $0.isLetter }
        let label = MeasuredImplementation.label(key.name, duration: key.duration)
        let cubic = samples.filter { $0.spec.cubicBezier != nil }
        let bySpec = Dictionary(grouping: cubic, by: \.specText)
        var seen = Set<String>()
        let specOrder = cubic.map(\.specText).filter { seen.insert($0).inserted }
        return strategies.filter { $0.models.map { family == $0 } ?? false }.compactMap { strategy in
            var distance = PortDistance(strategy: strategy.name, implementation: label, samples: 0, maxDifference: -1,
                                        worst: ("", 0, 0, 0), identical: 0)
            for spec in specOrder {
                guard let specSamples = bySpec[spec], let curve = specSamples.first?.spec.cubicBezier else { continue }
                // One evaluator per spec, made once and never stored back (a closure taken out of a dictionary and
                // stored again gains a reabstraction thunk each time, a chain as long as the samples).
                let evaluate = strategy.make(curve)
                for sample in specSamples {
                    // The port gets the input the engine's easing received, when the file says what that was.
                    let input = sample.effectiveInput ?? sample.input
                    let port = evaluate(input), difference = FiniteStatistics.error(port, sample.output)
                    distance.samples += 1
                    if port == sample.output { distance.identical += 1 }
                    if difference > distance.maxDifference {
                        distance.maxDifference = difference
                        distance.worst = (spec, input, port, sample.output)
                    }
                }
            }
            return distance.samples > 0 ? distance : nil
        }
    }
}

extension MotionSpec {
    /// Whether this spec is a spring (its input is time in seconds).
    var isSpring: Bool {
        if case .spring = self { return true }
        return false
    }

    /// The curve, when this spec is a cubic Bézier.
    var cubicBezier: CubicBezier? {
        if case .timingFunction(.cubicBezier(let curve)) = self { return curve }
        return nil
    }
}
