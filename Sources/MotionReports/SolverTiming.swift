import Dispatch
import MotionCore

/// Wall-clock cost of evaluators measured side by side in one run: every evaluator on the same shuffled inputs, in
/// interleaved rounds (each round times every evaluator once, in an order rotated from round to round, so that no
/// evaluator always runs first or after the same neighbour), and the median round per evaluator. Ratios between
/// evaluators of one measurement are the figures to read; absolute nanoseconds move with the machine's load.
package enum SolverTiming {
    /// Rounds per measurement; each evaluator's figure is the median of its rounds.
    package static let rounds = 5
    /// Evaluations per evaluator per round (cycling through `inputs`).
    package static let evaluationsPerRound = 16_384

    /// 4,096 shuffled inputs in [0, 1] (SplitMix64, seed 99): every Bézier strategy is timed on these, in this order,
    /// so that a solver that branches by the input's region meets the same unpredictable sequence as every other.
    package static let shuffledProgress: [Double] = shuffled(count: 4096, in: 0...1, seed: 99)

    /// `count` shuffled values in `range` from a SplitMix64 stream seeded with `seed`.
    package static func shuffled(count: Int, in range: ClosedRange<Double>, seed: UInt64) -> [Double] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in Double.random(in: range, using: &generator) }
    }

    /// Median ns per evaluation of every evaluator in `groups` (groups[g][e]), each group timed on its own and every
    /// evaluator of a group interleaved with the others of that group, round by round, on `inputs` (a power-of-two
    /// count).
    package static func nanoseconds(groups: [[@Sendable (Double) -> Double]], inputs: [Double],
                                   rounds: Int = rounds, evaluationsPerRound: Int = evaluationsPerRound) -> [[Double]]
    {
        precondition(inputs.count > 0 && inputs.count & (inputs.count - 1) == 0, "inputs must be a power of two in count")
        let mask = inputs.count - 1
        return groups.map { evaluators in
            var samples = [[Double]](repeating: [], count: evaluators.count)
            for round in 0..<max(rounds, 1) {
                for offset in evaluators.indices {
                    let index = (offset + round) % evaluators.count
                    samples[index].append(time(evaluators[index], inputs: inputs, mask: mask, count: evaluationsPerRound))
                }
            }
            return samples.map { $0.sorted()[$0.count / 2] }
        }
    }

    /// ns per call of `evaluate` over `count` calls cycling through `inputs`.
    static func time(_ evaluate: @Sendable (Double) -> Double, inputs: [Double], mask: Int, count: Int) -> Double {
        var sink = 0.0
        let start = DispatchTime.now().uptimeNanoseconds
        inputs.withUnsafeBufferPointer { buffer in
            for index in 0..<count { sink += evaluate(buffer[index & mask]) }
        }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
        // The sum keeps the calls from being removed; it is NaN only if an evaluator returned NaN.
        return elapsed / Double(max(count, 1)) + (sink.isNaN ? 1e-9 : 0)
    }
}
