import Foundation
import MotionCore
import MotionSupport

/// One implementation's samples against the exact answers: a measured implementation (an engine that wrote a samples
/// file, at one duration when the file says), or an in-repo port evaluated at the same Bézier inputs.
package struct MeasuredImplementation: Sendable {
    /// The implementation's name as the file gives it, or the in-repo strategy's name.
    package var name: String
    /// The animation duration in seconds the samples were taken at, when the file has a duration column.
    package var duration: Double?
    /// Whether this row is an in-repo port evaluated at the measured inputs (not a measured implementation).
    package var isPort: Bool
    /// Statistics per spec, in the order specs first appear in the files.
    package var perSpec: [(spec: String, statistics: MeasuredStatistics)]
    /// Statistics over every spec.
    package var overall: MeasuredStatistics
    /// Per spec, the largest |error| in each of `AccuracyReport.plotBins` equal bins of the input range, as
    /// (bin's lowest input, error) points, for the error plots.
    package var errorPlot: [String: [(input: Double, error: Double)]]

    /// `NAME`, or `NAME @ D s` when the samples carry a duration.
    package var label: String { Self.label(name, duration: duration) }

    /// `NAME`, or `NAME @ D s` with a duration in seconds.
    static func label(_ name: String, duration: Double?) -> String {
        duration.map { "\(name) @ \(formatSpecNumber($0)) s" } ?? name
    }
}

/// How far an in-repo port is from the measured engine it models, on that engine's own Bézier samples, each port fed
/// the engine's effective input where the samples give one.
package struct PortDistance: Sendable {
    /// The in-repo strategy, e.g. `chromium`.
    package var strategy: String
    /// The measured implementation's label, e.g. `chromium 156.0.8078.79 @ 1 s`.
    package var implementation: String
    /// Samples compared (the implementation's cubic-Bézier samples).
    package var samples: Int
    /// Largest |port − measured| in progress units.
    package var maxDifference: Double
    /// Where it is: spec, input, the port's output and the engine's.
    package var worst: (spec: String, input: Double, port: Double, measured: Double)
    /// Samples where the port and the engine give exactly the same double.
    package var identical: Int
}

/// Every measured implementation's accuracy, the in-repo ports on the same inputs, and each port's distance from the
/// engine it models.
package struct MeasuredAccuracy: Sendable {
    /// The samples files, as given.
    package var files: [String]
    /// Every spec, in first-seen order.
    package var specs: [String]
    /// The specs that are springs (input in seconds); the others are timing functions (input is progress).
    package var springSpecs: Set<String>
    /// Measured implementations in first-seen order (one per name and duration).
    package var implementations: [MeasuredImplementation]
    /// In-repo Bézier strategies evaluated at every measured cubic-Bézier input (WebKit's tolerances at 1 s).
    package var ports: [MeasuredImplementation]
    /// Each port against each measured implementation of the engine it models.
    package var distances: [PortDistance]
    /// Specs an implementation could not evaluate (an engine that rejected an easing), with its reason: reported, so
    /// that a missing row is never mistaken for a clean one.
    package var unsupported: [(implementation: String, spec: String, reason: String)] = []
}

/// Compares measured samples with the exact answers (`ExactAnswer`) and runs the in-repo ports on the same inputs.
package enum MeasuredStudy {
    /// The study of `samples` read from `files`; `strategies` are the in-repo Bézier ports to run beside them.
    package static func run(_ samples: [MeasuredSample], files: [String],
                           strategies: (_ duration: Double) -> [BezierStrategy] = { BezierStrategy.all(duration: $0) })
        -> MeasuredAccuracy
    {
        var set = MeasuredSampleSet()
        set.reserve(samples.count)
        for sample in samples { set.append(sample) }
        return run(consume set, files: files, strategies: strategies)
    }

    /// The study of the samples in `set` read from `files`; `strategies` are the in-repo Bézier ports to run beside
    /// them. Works in place on the set's points (pass it with `consume` so that they are not copied): beside them it
    /// holds a few bytes per distinct input of a cubic-Bézier spec, and a sort's buffer.
    package static func run(_ set: consuming MeasuredSampleSet, files: [String],
                           strategies: (_ duration: Double) -> [BezierStrategy] = { BezierStrategy.all(duration: $0) })
        -> MeasuredAccuracy
    {
        var points = set.points
        set.points = []

        let specOrder = set.specTexts, specs = set.specs
        let specOf = set.series.map { Int($0.spec) }
        // Groups (one per implementation and duration) in first-seen order, and each group's series in first-seen order.
        var groupOrder: [GroupKey] = [], groupIndex: [GroupKey: Int] = [:], groupSeries: [[Int]] = []
        for (id, entry) in set.series.enumerated() {
            let key = GroupKey(name: set.names[Int(entry.name)], duration: entry.duration)
            let group: Int
            if let known = groupIndex[key] {
                group = known
            } else {
                group = groupOrder.count
                groupIndex[key] = group
                groupOrder.append(key)
                groupSeries.append([])
            }
            groupSeries[group].append(id)
        }
        let distances = portDistances(points, groups: groupOrder, groupSeries: groupSeries, specOf: specOf, set: set,
                                      strategies: strategies)

        // Exact answers once per spec and distinct input: in (spec, input) order, equal inputs are neighbours.
        points.sort { a, b in
            let specA = specOf[Int(a.series)], specB = specOf[Int(b.series)]
            return specA != specB ? specA < specB : a.input < b.input
        }
        // Spread over the cores, each part beginning where a spec or an input changes.
        let parts = max(1, min(ProcessInfo.processInfo.activeProcessorCount, points.count / 4096))
        var bounds = [0]
        for part in 1..<parts {
            var index = max(points.count * part / parts, bounds[bounds.count - 1])
            while index > 0, index < points.count, points[index].input == points[index - 1].input,
                  specOf[Int(points[index].series)] == specOf[Int(points[index - 1].series)] { index += 1 }
            bounds.append(index)
        }
        bounds.append(points.count)
        points.withUnsafeMutableBufferPointer { [bounds] buffer in
            let shared = SharedPoints(buffer: buffer)
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                exactAnswers(shared.buffer, bounds[part]..<bounds[part + 1], specOf: specOf, specs: specs)
            }
        }

        // The in-repo ports at every distinct measured input of every cubic-Bézier spec.
        let ports = portRows(points, specOf: specOf, specOrder: specOrder, specs: specs, strategies: strategies(1))
        // Each series' points together, by input (points of equal input in the order read: the sorts are stable).
        points.sort { $0.series < $1.series }
        var ranges = [Range<Int>](repeating: 0..<0, count: set.series.count)
        var start = 0
        while start < points.count {
            let series = points[start].series
            var end = start
            while end < points.count, points[end].series == series { end += 1 }
            ranges[Int(series)] = start..<end
            start = end
        }
        let implementations = groupOrder.indices.map { group in
            var bySpec = [Int: Int]()
            for id in groupSeries[group] { bySpec[specOf[id]] = id }
            var perSpec: [(spec: String, statistics: MeasuredStatistics)] = []
            var plots: [String: [(input: Double, error: Double)]] = [:]
            for spec in specOrder.indices {
                guard let id = bySpec[spec], !ranges[id].isEmpty else { continue }
                let slice = points[ranges[id]]
                perSpec.append((specOrder[spec], MeasuredStatistics(sorted: slice, monotone: ExactAnswer.isMonotone(specs[spec]),
                                                                    spring: specs[spec].isSpring, spec: specOrder[spec])))
                plots[specOrder[spec]] = binnedErrors(slice)
            }
            return MeasuredImplementation(name: groupOrder[group].name, duration: groupOrder[group].duration, isPort: false,
                                          perSpec: perSpec, overall: MeasuredStatistics(merging: perSpec), errorPlot: plots)
        }
        return MeasuredAccuracy(files: files, specs: specOrder,
                                springSpecs: Set(specOrder.indices.filter { specs[$0].isSpring }.map { specOrder[$0] }),
                                implementations: implementations,
                                ports: ports.filter { $0.overall.samples > 0 }, distances: distances)
    }

    struct GroupKey: Hashable {
        let name: String
        let duration: Double?
    }

    /// Points written from several threads, each thread its own range.
    struct SharedPoints: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<MeasuredPoint>
    }

    /// Fills the exact answers of `points[range]`, in (spec, input) order: one evaluation per spec and distinct input
    /// (and per distinct effective input that is not an input next to it).
    static func exactAnswers(_ points: UnsafeMutableBufferPointer<MeasuredPoint>, _ range: Range<Int>, specOf: [Int],
                             specs: [MotionSpec]) {
        var index = range.lowerBound
        var lastEffective: (spec: Int, input: Double, value: Double)?
        while index < range.upperBound {
            let spec = specOf[Int(points[index].series)], input = points[index].input
            let answer = ExactAnswer.evaluate(specs[spec], at: input)
            while index < range.upperBound, points[index].input == input, specOf[Int(points[index].series)] == spec {
                points[index].exact = answer.value
                points[index].exactVelocity = answer.velocity
                let effective = points[index].effectiveInput
                if !effective.isNaN {
                    if effective == input {
                        points[index].effectiveExact = answer.value
                    } else if let last = lastEffective, last.spec == spec, last.input == effective {
                        points[index].effectiveExact = last.value
                    } else {
                        let value = ExactAnswer.evaluate(specs[spec], at: effective).value
                        lastEffective = (spec, effective, value)
                        points[index].effectiveExact = value
                    }
                }
                index += 1
            }
        }
    }

    /// The in-repo ports' rows: each strategy at every distinct input of every cubic-Bézier spec (`points` in (spec,
    /// input) order with their exact answers), the strategies spread over the cores.
    static func portRows(_ points: [MeasuredPoint], specOf: [Int], specOrder: [String], specs: [MotionSpec],
                         strategies: [BezierStrategy]) -> [MeasuredImplementation]
    {
        // Per spec, the distinct inputs and the round each came from: the earliest round any measured sample at that
        // input has (0, the grid, when one implementation's grid holds it), so that a port's row counts its shares
        // over the same grid as the searched rows beside it, not over every searched input.
        var runs: [(spec: Int, curve: CubicBezier, distinct: [Int], rounds: [Int16])] = []
        var start = 0
        while start < points.count {
            let spec = specOf[Int(points[start].series)]
            var end = start
            while end < points.count, specOf[Int(points[end].series)] == spec { end += 1 }
            if let curve = specs[spec].cubicBezier {
                var distinct: [Int] = [], rounds: [Int16] = []
                for index in start..<end {
                    if index == start || points[index].input != points[distinct[distinct.count - 1]].input {
                        distinct.append(index)
                        rounds.append(points[index].storedRound)
                    } else if points[index].storedRound < rounds[rounds.count - 1] {
                        rounds[rounds.count - 1] = points[index].storedRound
                    }
                }
                runs.append((spec, curve, distinct, rounds))
            }
            start = end
        }
        typealias Row = (perSpec: [(spec: String, statistics: MeasuredStatistics)], plots: [String: [(input: Double, error: Double)]])
        let results = ParallelResults<Row>(count: strategies.count)
        DispatchQueue.concurrentPerform(iterations: strategies.count) { [runs] k in
            var row: Row = ([], [:])
            for run in runs {
                let evaluate = strategies[k].make(run.curve)
                let portPoints = PortPoints(points: points, positions: run.distinct, rounds: run.rounds,
                                            outputs: run.distinct.map { evaluate(points[$0].input) })
                row.perSpec.append((specOrder[run.spec], MeasuredStatistics(sorted: portPoints,
                                                                            monotone: ExactAnswer.isMonotone(specs[run.spec]),
                                                                            spring: false, spec: specOrder[run.spec])))
                row.plots[specOrder[run.spec]] = binnedErrors(portPoints)
            }
            results.set(k, .success(row))
        }
        return strategies.indices.map { k in
            let row: Row = (try? results.get(k)) ?? ([], [:])
            return MeasuredImplementation(name: strategies[k].name, duration: nil, isPort: true, perSpec: row.perSpec,
                                          overall: MeasuredStatistics(merging: row.perSpec), errorPlot: row.plots)
        }
    }

    /// An in-repo port's points at the distinct inputs of one spec: the measured points' inputs, exact answers and
    /// search rounds (`rounds`, one per position) with the port's outputs, without gathering them.
    struct PortPoints: RandomAccessCollection {
        let points: [MeasuredPoint]
        let positions: [Int]
        let rounds: [Int16]
        let outputs: [Double]
        var startIndex: Int { 0 }
        var endIndex: Int { outputs.count }
        subscript(position: Int) -> MeasuredPoint {
            let point = points[positions[position]]
            return MeasuredPoint(input: point.input, output: outputs[position], exact: point.exact,
                                 exactVelocity: point.exactVelocity, storedRound: rounds[position])
        }
    }

    /// The worst |error| in each of `AccuracyReport.plotBins` equal bins of the points' input range.
    static func binnedErrors<Points: Collection>(_ points: Points) -> [(input: Double, error: Double)]
        where Points.Element == MeasuredPoint
    {
        let low = points.lazy.map(\.input).min() ?? 0, high = points.lazy.map(\.input).max() ?? 1
        let bins = AccuracyReport.plotBins, width = high > low ? (high - low) / Double(bins) : 1
        var worst = [Double?](repeating: nil, count: bins)
        for point in points {
            let bin = min(Int((point.input - low) / width), bins - 1)
            worst[bin] = max(worst[bin] ?? 0, FiniteStatistics.error(point.output, point.exact))
        }
        return worst.enumerated().compactMap { index, error in error.map { (low + Double(index) * width, $0) } }
    }

    /// Each in-repo port that models an implementation's engine (its name's first word), on the implementation's own
    /// cubic-Bézier samples, with the port's tolerances at the samples' duration: one pass over the points in the order
    /// read, the port fed the engine's effective input where the samples give one.
    static func portDistances(_ points: [MeasuredPoint], groups: [GroupKey], groupSeries: [[Int]], specOf: [Int],
                              set: MeasuredSampleSet, strategies: (_ duration: Double) -> [BezierStrategy]) -> [PortDistance]
    {
        struct Tally {
            var samples = 0, identical = 0, maxDifference = -1.0
            var worst: (input: Double, port: Double, measured: Double) = (0, 0, 0)
        }
        // Per series, the ports that model its implementation, each with its evaluator (made once per series) and tally.
        var perSeries = [[(strategy: Int, evaluate: (Double) -> Double, tally: Tally)]](repeating: [], count: set.series.count)
        var groupStrategies: [[BezierStrategy]] = []
        for (group, key) in groups.enumerated() {
            let family = key.name.lowercased().prefix { $0.isLetter }
            let modelling = strategies(key.duration ?? 1).filter { $0.models.map { family == $0 } ?? false }
            groupStrategies.append(modelling)
            for id in groupSeries[group] {
                guard let curve = set.specs[specOf[id]].cubicBezier else { continue }
                perSeries[id] = modelling.enumerated().map { ($0.offset, $0.element.make(curve), Tally()) }
            }
        }
        for point in points where !perSeries[Int(point.series)].isEmpty {
            let input = point.effectiveInput.isNaN ? point.input : point.effectiveInput
            for k in perSeries[Int(point.series)].indices {
                let port = perSeries[Int(point.series)][k].evaluate(input)
                let difference = FiniteStatistics.error(port, point.output)
                perSeries[Int(point.series)][k].tally.samples += 1
                if port == point.output { perSeries[Int(point.series)][k].tally.identical += 1 }
                if difference > perSeries[Int(point.series)][k].tally.maxDifference {
                    perSeries[Int(point.series)][k].tally.maxDifference = difference
                    perSeries[Int(point.series)][k].tally.worst = (input, port, point.output)
                }
            }
        }
        return groups.indices.flatMap { group -> [PortDistance] in
            let label = MeasuredImplementation.label(groups[group].name, duration: groups[group].duration)
            return groupStrategies[group].indices.compactMap { k in
                var distance = PortDistance(strategy: groupStrategies[group][k].name, implementation: label, samples: 0,
                                            maxDifference: -1, worst: ("", 0, 0, 0), identical: 0)
                // The series in the order the group's specs first appear, as the samples were compared before.
                for id in groupSeries[group] {
                    guard let entry = perSeries[id].first(where: { $0.strategy == k }) else { continue }
                    distance.samples += entry.tally.samples
                    distance.identical += entry.tally.identical
                    if entry.tally.maxDifference > distance.maxDifference {
                        distance.maxDifference = entry.tally.maxDifference
                        distance.worst = (set.specTexts[specOf[id]], entry.tally.worst.input, entry.tally.worst.port,
                                          entry.tally.worst.measured)
                    }
                }
                return distance.samples > 0 ? distance : nil
            }
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
