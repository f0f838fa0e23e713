import MotionCore

/// How much work a worst-case search may do beyond its grid.
package struct SearchBudget: Sendable, Equatable {
    /// Refinement rounds after the grid (0: the grid alone).
    package var rounds: Int
    /// Windows refined per criterion (largest errors, steepest places, decreases) in each round.
    package var windows: Int
    /// New inputs placed inside each refined window.
    package var inputsPerWindow: Int
    /// Consecutive doubles tried on each side of the worst and the steepest input in each round (monotonicity).
    package var adjacentDoubles: Int

    /// A budget (see the properties; each at least 0).
    package init(rounds: Int, windows: Int = 8, inputsPerWindow: Int = 16, adjacentDoubles: Int = 32) {
        self.rounds = max(0, rounds)
        self.windows = max(0, windows)
        self.inputsPerWindow = max(0, inputsPerWindow)
        self.adjacentDoubles = max(0, adjacentDoubles)
    }

    /// The grid alone.
    package static let gridOnly = SearchBudget(rounds: 0)
    /// `accuracy`'s default: 12 rounds (about 9,000 inputs per strategy and curve beyond the grid).
    package static let accuracyDefault = SearchBudget(rounds: 12)
    /// `capture`'s default: 6 rounds, each one more page load of the browser.
    package static let captureDefault = SearchBudget(rounds: 6)

    /// The most new inputs one round may add to one subject.
    package var inputsPerRound: Int {
        // Worst points refine the window on each side; steep and decreasing windows one each; two runs of doubles.
        4 * windows * inputsPerWindow + 4 * adjacentDoubles
    }
}

/// One input a search tried: what the implementation gave there and the exact answer.
package struct SearchedSample: Sendable, Equatable {
    /// Progress in [0, 1].
    package var input: Double
    /// The implementation's output.
    package var output: Double
    /// The exact answer (`ExactAnswer`: GSL for cubic Béziers, the definition for `steps()` and `linear()`).
    package var exact: Double
    /// The exact slope d(output)/d(input) there (±infinity at a vertical tangent).
    package var exactSlope: Double
    /// The round that tried it: 0 for the grid, 1… for the refinements.
    package var round: Int

    /// |output − exact| (`greatestFiniteMagnitude` where that is not finite).
    package var error: Double { FiniteStatistics.error(output, exact) }
}

/// Every input one search tried for one subject, in increasing input order (each input once).
package struct SearchTrace: Sendable {
    /// The samples, sorted by input.
    package var samples: [SearchedSample]
    /// Inputs added by each round, round 0 (the grid) first.
    package var inputsPerRound: [Int]
    /// Whether the exact function never decreases, so that a decrease of the output counts as a violation.
    package var monotone: Bool

    /// The sample with the largest error (the first in input order among equals), nil for no samples.
    package var worst: SearchedSample? {
        var best: SearchedSample?
        for sample in samples where best.map({ sample.error > $0.error }) ?? true { best = sample }
        return best
    }

    /// Decreases of the output between consecutive inputs among `samples` (all, or those of round 0 with
    /// `gridOnly`); nil when the exact function is not monotone.
    package func decreases(gridOnly: Bool = false) -> Int? {
        guard monotone else { return nil }
        var count = 0, previous: Double?
        for sample in samples where !gridOnly || sample.round == 0 {
            if let previous, sample.output < previous { count += 1 }
            previous = sample.output
        }
        return count
    }
}

/// The worst-case search every accuracy figure comes from: `accuracy` on the in-repo strategies, `capture` on live
/// browsers (one page load per round), `accuracy --engine` on an engine through its child process.
///
/// It starts from a grid, then refines in rounds. Each round looks at the intervals between the inputs tried so far
/// and places new inputs inside
/// - the two intervals beside each of the `windows` largest error peaks found so far (a peak: an error no smaller than
///   its neighbours', so that the windows spread over different peaks);
/// - the `windows` intervals with the most room for an error, the exact curve's largest slope at either end times the
///   interval's width (or the exact answer's jump across it, for `steps()`): vertical tangents and the ends;
/// - the `windows` intervals where the output decreases most (monotonicity);
///
/// `inputsPerWindow` evenly spaced inputs each, or every double inside when there are no more than that. Because
/// every new window lies inside an interval of the previous round, windows shrink each round by about
/// `inputsPerWindow + 1`, down to adjacent doubles. Each round also tries `adjacentDoubles` consecutive doubles on each
/// side of the worst input and of the steepest one, where a solver's rounding shows as a falling output. Every input
/// tried is kept.
package enum WorstCaseSearch {
    /// Searches several subjects at once, calling `evaluate` once per round (the grid first) with each subject's new
    /// inputs (an empty list for a subject with nothing new) and expecting each subject's outputs in the same order.
    /// - Parameters:
    ///   - specs: the timing functions (input in [0, 1]), one per subject.
    ///   - grid: the round-0 inputs, each in [0, 1], shared by every subject.
    ///   - exactGrid: the exact answers at `grid` per subject when the caller already has them (shared between
    ///     strategies), else nil.
    /// - Throws: what `evaluate` throws, or `SearchShapeError` when it returns the wrong number of outputs.
    package static func run(specs: [MotionSpec], grid: [Double], exactGrid: [[ExactValue]]? = nil, budget: SearchBudget,
                           evaluate: (_ round: Int, _ inputs: [[Double]]) throws -> [[Double]]) throws -> [SearchTrace]
    {
        let gridInputs = Array(Set(grid.filter { $0 >= 0 && $0 <= 1 })).sorted()
        var traces = specs.map { SearchTrace(samples: [], inputsPerRound: [], monotone: ExactAnswer.isMonotone($0)) }
        var pending = specs.map { _ in gridInputs }
        for round in 0...budget.rounds {
            guard pending.contains(where: { !$0.isEmpty }) else { break }
            let outputs = try evaluate(round, pending)
            guard outputs.count == pending.count, zip(outputs, pending).allSatisfy({ $0.count == $1.count }) else {
                throw SearchShapeError(round: round, expected: pending.map(\.count), received: outputs.map(\.count))
            }
            for index in specs.indices {
                let exact: [ExactValue]
                if round == 0, let exactGrid, exactGrid[index].count == gridInputs.count, gridInputs == grid {
                    exact = exactGrid[index]
                } else {
                    exact = pending[index].map { ExactValue(ExactAnswer.evaluate(specs[index], at: $0)) }
                }
                let new = pending[index].indices.map { position in
                    SearchedSample(input: pending[index][position], output: outputs[index][position],
                                   exact: exact[position].value, exactSlope: exact[position].slope, round: round)
                }
                traces[index].samples = merged(traces[index].samples, new)
                traces[index].inputsPerRound.append(new.count)
            }
            guard round < budget.rounds else { break }
            pending = traces.map { nextInputs($0, budget: budget) }
            if round == 0 {
                // The first refinement also tries every place the exact answer jumps or bends: a step boundary k/n or a
                // linear() stop, and the doubles beside it, where an engine's rounding picks the wrong side.
                for index in specs.indices {
                    let seeds = breakpointInputs(specs[index], adjacentDoubles: min(budget.adjacentDoubles, 2))
                        .filter { !contains(traces[index].samples, $0) }
                    pending[index] = Array(Set(pending[index] + seeds)).sorted()
                }
            }
        }
        return traces
    }

    /// The most step boundaries or stops seeded per subject (evenly chosen beyond it): `steps(2147483647)` has
    /// billions of boundaries, and the grid's own rounds still refine around the others.
    static let breakpointLimit = 512

    /// The inputs in [0, 1] where `spec`'s exact answer jumps or bends, with `adjacentDoubles` doubles on each side:
    /// each step boundary k/n of `steps()` (the double nearest k/n), each stop of `linear()` (its percentage / 100);
    /// none for a cubic Bézier.
    package static func breakpointInputs(_ spec: MotionSpec, adjacentDoubles: Int) -> [Double] {
        var places: [Double] = []
        switch spec {
        case .timingFunction(.steps(let steps)):
            let n = steps.count, stride = max(1, (n + 1 + breakpointLimit - 1) / breakpointLimit)
            places = Swift.stride(from: 0, through: n, by: stride).map { Double($0) / Double(n) } + [1]
        case .timingFunction(.linear(let linear)):
            places = linear.stops.map { $0.inputPercent / 100 }.filter { $0 >= 0 && $0 <= 1 }
            if places.count > breakpointLimit {
                let stride = (places.count + breakpointLimit - 1) / breakpointLimit
                places = Swift.stride(from: 0, to: places.count, by: stride).map { places[$0] }
            }
        default:
            return []
        }
        var inputs: [Double] = []
        for place in places {
            inputs.append(place)
            var (down, up) = (place, place)
            for _ in 0..<adjacentDoubles {
                (down, up) = (down.nextDown, up.nextUp)
                if down >= 0 { inputs.append(down) }
                if up <= 1 { inputs.append(up) }
            }
        }
        return Array(Set(inputs)).sorted()
    }

    /// Searches one subject whose implementation is a function evaluated in this process.
    package static func run(spec: MotionSpec, grid: [Double], exactGrid: [ExactValue]? = nil, budget: SearchBudget,
                           evaluate: (Double) -> Double) -> SearchTrace
    {
        // The closure never throws and always answers in shape.
        let traces = try? run(specs: [spec], grid: grid, exactGrid: exactGrid.map { [$0] }, budget: budget) { _, inputs in
            inputs.map { $0.map(evaluate) }
        }
        return traces?.first ?? SearchTrace(samples: [], inputsPerRound: [], monotone: ExactAnswer.isMonotone(spec))
    }

    /// `count` evenly spaced inputs i/(count − 1) from exactly 0 to exactly 1 (one input is 0.5).
    package static func evenGrid(_ count: Int) -> [Double] {
        count < 2 ? [0.5] : (0..<count).map { Double($0) / Double(count - 1) }
    }

    /// The exact answers at `inputs` (for `exactGrid`).
    package static func exactAnswers(_ spec: MotionSpec, at inputs: [Double]) -> [ExactValue] {
        inputs.map { ExactValue(ExactAnswer.evaluate(spec, at: $0)) }
    }

    /// `old` and `new` (each sorted by input after sorting `new`) merged, an input already tried kept once.
    static func merged(_ old: [SearchedSample], _ new: [SearchedSample]) -> [SearchedSample] {
        let new = new.sorted { $0.input < $1.input }
        var result: [SearchedSample] = []
        result.reserveCapacity(old.count + new.count)
        var i = 0, j = 0
        while i < old.count || j < new.count {
            let takeOld = j == new.count || (i < old.count && old[i].input <= new[j].input)
            let next = takeOld ? old[i] : new[j]
            if takeOld { i += 1 } else { j += 1 }
            if let last = result.last, last.input == next.input { continue }
            result.append(next)
        }
        return result
    }

    /// The inputs the next round tries for `trace`, none of them tried before.
    static func nextInputs(_ trace: SearchTrace, budget: SearchBudget) -> [Double] {
        let samples = trace.samples
        guard samples.count >= 2 else { return [] }
        // One pass over the intervals (i is the interval from samples[i] to samples[i + 1]) keeps the leaders of
        // each criterion: largest errors (by sample), most room, largest decreases.
        var worst = Leaders(capacity: budget.windows), roomy = Leaders(capacity: budget.windows)
        var falling = Leaders(capacity: budget.windows)
        for index in samples.indices {
            // Peaks only (an error no smaller than either neighbour's), so that the windows go to different peaks.
            let error = samples[index].error
            if error > 0, index == 0 || samples[index - 1].error <= error,
               index + 1 == samples.count || samples[index + 1].error <= error {
                worst.offer(index, error)
            }
            guard index + 1 < samples.count else { break }
            let (a, b) = (samples[index], samples[index + 1])
            guard b.input.bitPattern - a.input.bitPattern > 1 else { continue }
            let room = Self.room(a, b)
            if room > 0 { roomy.offer(index, room) }
            if trace.monotone, b.output < a.output { falling.offer(index, a.output - b.output) }
        }
        var windows = Set(roomy.indices + falling.indices)
        for index in worst.indices {
            if index > 0 { windows.insert(index - 1) }
            if index + 1 < samples.count { windows.insert(index) }
        }
        var inputs: [Double] = []
        for index in windows.sorted() {
            let (a, b) = (samples[index], samples[index + 1])
            // Next to a vertical tangent (an infinite exact slope at one end) the curve bends like a root, so the inputs
            // close in on that end geometrically: each round reaches inputsPerWindow halvings closer.
            let toward: Double? = a.exactSlope.isInfinite ? a.input : b.exactSlope.isInfinite ? b.input : nil
            inputs += inside(a.input, b.input, count: budget.inputsPerWindow, toward: toward)
        }
        // Runs of adjacent doubles at the worst input and at the steep end of the roomiest interval.
        let steepest = roomy.indices.first.map { index in
            abs(samples[index].exactSlope) >= abs(samples[index + 1].exactSlope) ? samples[index].input : samples[index + 1].input
        }
        for centre in [worst.indices.first.map { samples[$0].input }, steepest].compactMap({ $0 }) {
            var down = centre, up = centre
            for _ in 0..<budget.adjacentDoubles {
                down = down.nextDown
                up = up.nextUp
                if down >= 0 { inputs.append(down) }
                if up <= 1 { inputs.append(up) }
            }
        }
        return Array(Set(inputs)).filter { !contains(samples, $0) }.sorted()
    }

    /// Whether `samples` (sorted by input) holds `input`.
    static func contains(_ samples: [SearchedSample], _ input: Double) -> Bool {
        var low = 0, high = samples.count
        while low < high {
            let middle = (low + high) / 2
            if samples[middle].input < input { low = middle + 1 } else { high = middle }
        }
        return low < samples.count && samples[low].input == input
    }

    /// The `capacity` indices with the largest scores offered, largest first (the earlier index among equals).
    struct Leaders {
        let capacity: Int
        private(set) var entries: [(index: Int, score: Double)] = []

        init(capacity: Int) { self.capacity = capacity }

        /// The indices, largest score first.
        var indices: [Int] { entries.map(\.index) }

        mutating func offer(_ index: Int, _ score: Double) {
            guard capacity > 0, entries.count < capacity || score > entries[entries.count - 1].score else { return }
            if entries.count == capacity { entries.removeLast() }
            let position = entries.firstIndex { score > $0.score } ?? entries.count
            entries.insert((index, score), at: position)
        }
    }

    /// The largest error an interval could hide beyond its ends' errors: the exact slope's larger magnitude at either
    /// end times the width, or the exact answer's change across it where that is larger (a jump).
    static func room(_ a: SearchedSample, _ b: SearchedSample) -> Double {
        let slope = max(abs(a.exactSlope), abs(b.exactSlope))
        let width = b.input - a.input
        let byslope = slope.isNaN ? 0 : slope * width
        return max(byslope.isNaN ? .infinity : byslope, abs(b.exact - a.exact))
    }

    /// Up to `count` doubles strictly between `low` and `high` (0 ≤ low < high ≤ 1): every one when there are no
    /// more than `count`; otherwise `count` evenly spaced, or, with `toward` (one of the ends), at distances
    /// width·2⁻ᵏ (k = 1…count) from that end.
    static func inside(_ low: Double, _ high: Double, count: Int, toward: Double? = nil) -> [Double] {
        let between = high.bitPattern - low.bitPattern - 1
        guard between > 0, count > 0 else { return [] }
        if between <= UInt64(count) {
            return (1...Int(between)).map { Double(bitPattern: low.bitPattern + UInt64($0)) }
        }
        let width = high - low
        if let toward {
            return (1...count).compactMap { step in
                let distance = width * Double(sign: .plus, exponent: -step, significand: 1)
                let x = toward == low ? low + distance : high - distance
                return x > low && x < high ? x : nil
            }
        }
        return (1...count).compactMap { step in
            let x = low + width * (Double(step) / Double(count + 1))
            return x > low && x < high ? x : nil
        }
    }
}

/// The exact answer and slope at one input, as `ExactAnswer` gives them.
package struct ExactValue: Sendable, Equatable {
    /// The exact output.
    package var value: Double
    /// d(output)/d(input); ±infinity at a vertical tangent.
    package var slope: Double

    init(_ answer: (value: Double, velocity: Double)) {
        value = answer.value
        slope = answer.velocity
    }
}

/// An evaluator that answered a search round with the wrong number of outputs (a bug in the caller's evaluator, or
/// a browser page that returned a different row count).
package struct SearchShapeError: MotionBenchError, CustomStringConvertible {
    /// The round.
    package let round: Int
    /// Inputs asked per subject.
    package let expected: [Int]
    /// Outputs received per subject.
    package let received: [Int]
    /// `search round R: expected … outputs per subject, received …`.
    package var description: String {
        "search round \(round): expected \(expected) outputs per subject, received \(received)"
    }
}
