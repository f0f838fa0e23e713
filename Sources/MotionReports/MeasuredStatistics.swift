import MotionCore

/// One measured output beside the exact answer at the same input, held compactly (64 bytes: no optional, no string),
/// as `MeasuredSampleSet` keeps one per sample.
struct MeasuredPoint: Sendable {
    /// Progress (timing functions) or seconds (springs).
    var input: Double
    /// What the implementation gave.
    var output: Double
    /// The exact answer (NaN until the study computes it).
    var exact: Double = .nan
    /// The exact derivative (±infinity at a Bézier's vertical tangent).
    var exactVelocity: Double = .nan
    /// The implementation's derivative, NaN when the file has none (a velocity read is always finite).
    var storedVelocity: Double
    /// The input the implementation's easing received, NaN when the file does not say.
    var effectiveInput: Double
    /// The exact answer at `effectiveInput`.
    var effectiveExact: Double = .nan
    /// The search round that asked for it, -1 when the file has no round.
    var storedRound: Int16
    /// The (implementation, duration, spec) the sample belongs to, in its `MeasuredSampleSet`.
    var series: Int32

    init(input: Double, output: Double, exact: Double = .nan, exactVelocity: Double = .nan, storedVelocity: Double = .nan,
         effectiveInput: Double = .nan, effectiveExact: Double = .nan, storedRound: Int16 = -1, series: Int32 = 0) {
        self.input = input
        self.output = output
        self.exact = exact
        self.exactVelocity = exactVelocity
        self.storedVelocity = storedVelocity
        self.effectiveInput = effectiveInput
        self.effectiveExact = effectiveExact
        self.storedRound = storedRound
        self.series = series
    }

    /// The implementation's derivative, when the file has a velocity column.
    var velocity: Double? { storedVelocity.isNaN ? nil : storedVelocity }
    /// The search round that asked for it (0, the grid, when the file has no rounds).
    var round: Int { max(Int(storedRound), 0) }
    /// The input the implementation's easing received and the exact answer there, when the file gives it.
    var effective: (input: Double, exact: Double)? { effectiveInput.isNaN ? nil : (effectiveInput, effectiveExact) }
}

/// A place fixed samples leave room for an error larger than the worst measured: between two consecutive inputs
/// (not adjacent doubles), the exact curve's larger slope at either end times their spacing (or the exact answer's
/// jump between them) exceeds the worst error measured.
package struct BlindSpot: Sendable, Equatable {
    /// The first such interval's ends, in input order.
    package var from: Double, to: Double
    /// The error that could hide there (slope × spacing; infinity next to a vertical tangent).
    package var room: Double
    /// How many intervals leave such room.
    package var intervals: Int
}

/// How far one implementation's samples of one spec (or of all its specs) are from the exact answers. Every figure is
/// finite (`FiniteStatistics`): an error or an ulp count beyond the `Double` range, or the error of an output that is
/// not finite (an in-repo port's NaN), counts as `greatestFiniteMagnitude`, and means are scaled where their sums
/// could overflow.
package struct MeasuredStatistics: Sendable {
    /// Samples compared.
    package var samples: Int
    /// Largest |output − exact|, in progress units.
    package var maxAbsError: Double
    /// Mean |output − exact|.
    package var meanAbsError: Double
    /// Where the largest error is: the spec (for the statistics over several specs), the input, the implementation's
    /// output and the exact answer there.
    package var worst: (spec: String?, input: Double, output: Double, exact: Double)
    /// Largest error in units in the last place of the exact answer as a `Float`. Below `ulpFloor` (2^-24 of the travel,
    /// far below what any display shows) the ulp at the floor is used, so that an answer near 0 does not inflate the
    /// count (and the count stays finite).
    package var maxFloat32Ulps: Double
    /// The same in `Double` ulps, with the same floor.
    package var maxFloat64Ulps: Double

    /// The magnitude below which ulps are counted at this magnitude: 2^-24 of the travel.
    package static let ulpFloor = 0x1p-24
    /// Places, in input order, where the output decreases while the input grows; nil when the exact function is not
    /// monotone (a spring, a Bézier with y1 or y2 outside [0, 1]).
    package var monotonicityViolations: Int?
    /// Per `VisibleThreshold.all`, the share (0…1) of samples whose error is beyond it.
    package var beyondThresholds: [Double]
    /// Largest |velocity − exact velocity| where the file gives a velocity and the exact one is finite; nil without.
    package var maxVelocityError: Double?
    /// For a spring: the settling time the samples imply, against the one the exact answers at the same times imply.
    package var settling: ImpliedSettling?
    /// The grid's own figures, when the samples come from a search (a `round` column with rounds after 0); the
    /// largest error and the violations above are then the worst the search found, and the mean and the shares beyond
    /// each threshold are over the grid alone.
    package var grid: GridFigures? = nil
    /// What the search did, when the samples come from one.
    package var search: SearchFigures? = nil
    /// Where the samples leave room for a larger error than the worst measured, when they do.
    package var blindSpot: BlindSpot? = nil
    /// The largest |effective − requested| input, when the file gives effective inputs (a capture's time rounding).
    package var maxInputShift: Double? = nil
    /// The largest error against the exact answer at the effective input (the easing alone, without the engine's time
    /// rounding), when the file gives effective inputs.
    package var maxEasingError: Double? = nil

    /// The statistics of `ordered`, one spec's points sorted by input (points of equal input in the order read).
    init<Points: RandomAccessCollection>(sorted ordered: Points, monotone: Bool, spring: Bool, spec: String? = nil)
        where Points.Element == MeasuredPoint
    {
        samples = ordered.count
        var largest = -1.0, ulps32 = 0.0, ulps64 = 0.0
        var beyond = [Int](repeating: 0, count: VisibleThreshold.all.count)
        worst = (spec, 0, 0, 0)
        var velocityError: Double?
        var searched = false, rounds = 0
        var shifted = false, inputShift = 0.0, easingError = -Double.infinity
        for point in ordered {
            let error = FiniteStatistics.error(point.output, point.exact)
            if error > largest {
                largest = error
                worst = (spec, point.input, point.output, point.exact)
            }
            let magnitude = max(abs(point.exact), Self.ulpFloor)
            ulps32 = max(ulps32, FiniteStatistics.ratio(error, Double(Float(min(magnitude, Double(Float.greatestFiniteMagnitude))).ulp)))
            ulps64 = max(ulps64, FiniteStatistics.ratio(error, magnitude.ulp))
            for (index, threshold) in VisibleThreshold.all.enumerated() where threshold.isExceeded(by: error) {
                beyond[index] += 1
            }
            if let velocity = point.velocity, point.exactVelocity.isFinite {
                velocityError = max(velocityError ?? 0, FiniteStatistics.error(velocity, point.exactVelocity))
            }
            let round = point.round
            if round > 0 { searched = true }
            rounds = max(rounds, round)
            if let effective = point.effective {
                inputShift = shifted ? max(inputShift, abs(effective.input - point.input)) : abs(effective.input - point.input)
                shifted = true
            }
            easingError = max(easingError, FiniteStatistics.error(point.output, point.effective?.exact ?? point.exact))
        }
        maxAbsError = max(largest, 0)
        meanAbsError = FiniteStatistics.mean(ordered.lazy.map { FiniteStatistics.error($0.output, $0.exact) })
        maxFloat32Ulps = ulps32
        maxFloat64Ulps = ulps64
        let count = Double(max(ordered.count, 1))
        beyondThresholds = beyond.map { Double($0) / count }
        maxVelocityError = velocityError
        monotonicityViolations = monotone ? Self.decreases(ordered) : nil
        settling = spring ? ImpliedSettling(ordered) : nil
        if searched {
            // Shares and the mean describe the even grid; the search crowds its inputs where errors are large.
            let gridPoints = ordered.lazy.filter { $0.round == 0 }
            let gridErrors = gridPoints.map { FiniteStatistics.error($0.output, $0.exact) }
            let gridCount = gridPoints.count
            meanAbsError = FiniteStatistics.mean(gridErrors)
            beyondThresholds = VisibleThreshold.all.map { threshold in
                Double(gridErrors.filter { threshold.isExceeded(by: $0) }.count) / Double(max(gridCount, 1))
            }
            grid = GridFigures(samples: gridCount, maxAbsError: gridErrors.max() ?? 0,
                               monotonicityViolations: monotone ? Self.decreases(gridPoints) : nil)
            let worstPoint = ordered.first { $0.input == worst.input && FiniteStatistics.error($0.output, $0.exact) == maxAbsError }
            search = SearchFigures(rounds: rounds, samples: ordered.count, worstRound: worstPoint?.round ?? 0)
        }
        blindSpot = Self.blindSpot(ordered, worst: maxAbsError)
        if shifted {
            maxInputShift = inputShift
            maxEasingError = easingError
        }
    }

    /// The first interval between consecutive inputs (not adjacent doubles) whose room, the larger exact slope at its
    /// ends times its width or the exact answer's jump across it, exceeds `worst`; nil when there is none.
    static func blindSpot<Points: Collection>(_ ordered: Points, worst: Double) -> BlindSpot? where Points.Element == MeasuredPoint {
        var first: BlindSpot?
        for (a, b) in zip(ordered, ordered.dropFirst()) where b.input > a.input && b.input != a.input.nextUp {
            let slope = max(abs(a.exactVelocity), abs(b.exactVelocity))
            let bySlope = slope.isNaN ? 0 : slope * (b.input - a.input)
            let room = max(bySlope.isNaN ? .infinity : bySlope, abs(b.exact - a.exact))
            guard room > worst else { continue }
            if first == nil { first = BlindSpot(from: a.input, to: b.input, room: room, intervals: 0) }
            first?.intervals += 1
        }
        return first
    }

    /// Decreases of the output between consecutive samples with strictly increasing inputs.
    static func decreases<Points: Sequence>(_ ordered: Points) -> Int where Points.Element == MeasuredPoint {
        var count = 0, previous: MeasuredPoint?
        for point in ordered {
            if let previous, point.input > previous.input, point.output < previous.output { count += 1 }
            previous = point
        }
        return count
    }

    /// The statistics over several specs' statistics: counts and shares weighted by samples, largest values kept
    /// with their spec, violations summed where any spec counts them, no settling time.
    init(merging parts: [(spec: String, statistics: MeasuredStatistics)]) {
        let total = parts.reduce(0) { $0 + $1.statistics.samples }
        samples = total
        let worstPart = parts.max { $0.statistics.maxAbsError < $1.statistics.maxAbsError }
        maxAbsError = worstPart?.statistics.maxAbsError ?? 0
        worst = worstPart.map { ($0.spec, $0.statistics.worst.input, $0.statistics.worst.output, $0.statistics.worst.exact) }
            ?? (nil, 0, 0, 0)
        meanAbsError = FiniteStatistics.weightedMean(parts.map { ($0.statistics.meanAbsError, $0.statistics.samples) })
        maxFloat32Ulps = parts.map(\.statistics.maxFloat32Ulps).max() ?? 0
        maxFloat64Ulps = parts.map(\.statistics.maxFloat64Ulps).max() ?? 0
        let counted = parts.compactMap(\.statistics.monotonicityViolations)
        monotonicityViolations = counted.isEmpty ? nil : counted.reduce(0, +)
        beyondThresholds = VisibleThreshold.all.indices.map { index in
            parts.reduce(0) { $0 + $1.statistics.beyondThresholds[index] * Double($1.statistics.samples) } / Double(max(total, 1))
        }
        let velocities = parts.compactMap(\.statistics.maxVelocityError)
        maxVelocityError = velocities.max()
        settling = nil
        let grids = parts.compactMap(\.statistics.grid), searches = parts.compactMap(\.statistics.search)
        if !grids.isEmpty {
            let gridCounted = grids.compactMap(\.monotonicityViolations)
            grid = GridFigures(samples: grids.reduce(0) { $0 + $1.samples }, maxAbsError: grids.map(\.maxAbsError).max() ?? 0,
                               monotonicityViolations: gridCounted.isEmpty ? nil : gridCounted.reduce(0, +))
            search = SearchFigures(rounds: searches.map(\.rounds).max() ?? 0, samples: searches.reduce(0) { $0 + $1.samples },
                                   worstRound: worstPart?.statistics.search?.worstRound ?? 0)
        }
        let spots = parts.compactMap { $0.statistics.blindSpot }
        blindSpot = spots.first.map { first in
            BlindSpot(from: first.from, to: first.to, room: first.room,
                      intervals: spots.reduce(0) { $0 + $1.intervals })
        }
        maxInputShift = parts.compactMap(\.statistics.maxInputShift).max()
        maxEasingError = parts.compactMap(\.statistics.maxEasingError).max()
    }
}

/// The settling time a series of spring samples implies: the time of the first sample from which every later sample
/// stays within `epsilon` of the target (|1 − progress| < ε), or nil when the last sample is still outside.
package struct ImpliedSettling: Sendable {
    /// The tolerance, as a fraction of the travel (0.001, as the accuracy report's settling table).
    package static let epsilon = 0.001
    /// Seconds, implied by the implementation's samples.
    package var measured: Double?
    /// Seconds, implied by the exact answers at the same times.
    package var exact: Double?

    /// measured − exact in seconds, when both settle within the samples.
    package var error: Double? {
        guard let measured, let exact else { return nil }
        return measured - exact
    }

    init<Points: BidirectionalCollection>(_ ordered: Points) where Points.Element == MeasuredPoint {
        measured = Self.settled(ordered.lazy.map { (time: $0.input, progress: $0.output) })
        exact = Self.settled(ordered.lazy.map { (time: $0.input, progress: $0.exact) })
    }

    static func settled<Series: BidirectionalCollection>(_ series: Series) -> Double?
        where Series.Element == (time: Double, progress: Double)
    {
        guard let last = series.last, abs(1 - last.progress) < epsilon else { return nil }
        let outside = series.lastIndex { !(abs(1 - $0.progress) < epsilon) }
        return outside.map { series[series.index(after: $0)].time } ?? series.first?.time
    }
}

extension FiniteStatistics {
    /// `mean` of values computed as they are read (errors of points never gathered into an array): the same arithmetic
    /// in the same order, so the same double.
    static func mean<Values: Collection>(_ values: Values) -> Double where Values.Element == Double {
        guard let largest = values.max() else { return 0 }
        let count = Double(values.count)
        guard largest > .greatestFiniteMagnitude / (2 * count) else { return values.reduce(0, +) / count }
        let (down, up) = powersOfTwo(largest)
        return Swift.min(values.reduce(0) { $0 + $1 * down } / count * up, largest)
    }
}
