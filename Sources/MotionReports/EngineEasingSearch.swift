import Foundation
import MotionCore
import MotionEngine
import MotionHarness

/// `accuracy --engine PATH.so`: an engine's easing searched for its worst case, every evaluation in an engine child
/// process (`EngineEasingProbe`, one child per round): a first child learns the engine's name and which curves it
/// rejects, then `WorstCaseSearch` runs the grid and its refinement rounds on the curves it accepts.
package enum EngineEasingSearch {
    /// One output of the engine: who (`NAME (engine)`), the curve's spec text, the input (progress in [0, 1], exactly
    /// the engine's own progress), the engine's output, and the search round (0: the grid).
    package struct Sample: Sendable, Equatable {
        package var implementation: String, specText: String, spec: MotionSpec, input: Double, output: Double, round: Int
    }

    /// What the search found for one engine.
    package struct Result: Sendable {
        /// The implementation name samples carry: the descriptor's name and " (engine)".
        package var implementation: String
        /// The engine's version as its descriptor declares it.
        package var version: String
        /// The engine's precision as its descriptor declares it.
        package var precision: EnginePrecision
        /// Every sample tried, curve by curve in `--curves` order, inputs increasing.
        package var samples: [Sample]
        /// The curves the engine rejected (its create failed on them, or it does not evaluate basic layers): the
        /// curve's spec text and the engine's message.
        package var unsupported: [(spec: String, message: String)]
        /// Per accepted curve's spec text: ns per frame call of one basic layer, timed in the engine child over the
        /// grid's inputs (round 0).
        package var nsPerEval: [String: Double] = [:]

        /// The same result under the implementation name `name` (every sample renamed).
        package mutating func rename(to name: String) {
            implementation = name
            for index in samples.indices { samples[index].implementation = name }
        }
    }

    /// The search on `request`'s engine over `functions` (cubic Béziers, `steps()`, `linear()`): `grid` first, then
    /// `budget`'s rounds (which also try every step boundary and stop, and the doubles beside them).
    /// - Throws: `EngineError` when the engine crashes, hangs, fails a frame, answers out of shape, or rejects every
    ///   curve.
    package static func run(_ request: EngineEasingProbe.Request, functions: [(name: String, function: TimingFunction)],
                            grid: [Double], budget: SearchBudget, progress: (String) -> Void = { _ in }) throws -> Result {
        let specs = functions.map { MotionSpec.timingFunction($0.function) }
        let texts = zip(functions, specs).map { curve, spec in
            (try? MotionSpec(parsing: curve.name)) == spec ? curve.name : spec.description
        }
        let wire = specs.map(\.description)
        progress("engine \(request.label): checking which of \(functions.count) curves it accepts")
        let first = try EngineEasingProbe.evaluate(request, specs: wire, inputs: wire.map { _ in [0.5] })
        let implementation = "\(first.name) (engine)"
        var result = Result(implementation: implementation, version: first.version, precision: first.precision,
                            samples: [], unsupported: first.unsupported.map { (texts[$0.index], $0.message) })
        let accepted = specs.indices.filter { first.outputs[$0] != nil }
        // As `run` fails an engine that supports none of a scenario's kinds: a search with nothing to search would
        // pass a CI job that never measured the engine.
        guard !accepted.isEmpty else {
            throw EngineError("engine \(first.name): rejected every one of the \(functions.count) curve(s) (its create "
                              + "failed on each; the first: \(result.unsupported.first?.message ?? "no message"))")
        }
        var timings: [String: Double] = [:]
        let traces = try WorstCaseSearch.run(specs: accepted.map { specs[$0] }, grid: grid, budget: budget) { round, inputs in
            let count = inputs.reduce(0) { $0 + $1.count }
            progress("engine \(first.name): round \(round) of \(budget.rounds), \(count) inputs on \(accepted.count) curves")
            let answer = try EngineEasingProbe.evaluate(request, specs: accepted.map { wire[$0] }, inputs: inputs)
            if round == 0 {
                for (position, ns) in answer.nsPerEval.enumerated() { timings[texts[accepted[position]]] = ns }
            }
            return try answer.outputs.enumerated().map { position, outputs in
                guard let outputs else {
                    let message = answer.unsupported.first { $0.index == position }?.message ?? "no message"
                    throw EngineError("engine \(first.name): accepted \(texts[accepted[position]]) at first, then rejected it "
                                      + "in round \(round): \(message)")
                }
                return outputs
            }
        }
        result.nsPerEval = timings
        for (position, trace) in traces.enumerated() {
            result.samples += trace.samples.map {
                Sample(implementation: implementation, specText: texts[accepted[position]], spec: specs[accepted[position]],
                       input: $0.input, output: $0.output, round: $0.round)
            }
        }
        return result
    }

    /// `samples` as the measured study takes them, named by `file` and their round in messages.
    package static func measuredSamples(_ samples: [Sample], file: String) -> [MeasuredSample] {
        samples.map {
            MeasuredSample(implementation: $0.implementation, specText: $0.specText, spec: $0.spec, input: $0.input,
                           output: $0.output, round: $0.round, source: "\(file) (round \($0.round))")
        }
    }
}
