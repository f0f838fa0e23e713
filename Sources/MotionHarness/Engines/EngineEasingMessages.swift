import Foundation
import MotionCore
import MotionEngine
import MotionSupport

/// One subject of `accuracy --engine`'s easing job (`EngineJob.Request.easing`): a timing function (spec text that
/// `MotionSpec` parses back exactly) and the inputs in [0, 1] to evaluate it at, in the order the outputs come back.
package struct EngineEasingSubject: Codable, Sendable, Equatable {
    /// The timing function's spec text.
    package var spec: String
    /// The inputs (progress in [0, 1]) in the order the outputs come back.
    package var inputs: [Double]

    /// The timing functions of `subjects`, every spec parsed and every input checked.
    /// - Throws: `EngineError` naming the subject and what is wrong in it.
    package static func parse(_ subjects: [EngineEasingSubject]) throws(EngineError) -> [TimingFunction] {
        var functions: [TimingFunction] = []
        for (index, subject) in subjects.enumerated() {
            guard case .timingFunction(let function)? = try? MotionSpec(parsing: subject.spec) else {
                throw EngineError("_engine: --job subject \(index): '\(SafeText.quoted(subject.spec))' is not a timing "
                                  + "function")
            }
            if let bad = subject.inputs.first(where: { !($0 >= 0 && $0 <= 1) }) {
                throw EngineError("_engine: --job subject \(index): \(bad) is not an input in [0, 1]")
            }
            functions.append(function)
        }
        return functions
    }
}

/// What the easing child (`_engine --job FILE` with an easing request) prints as its one line of JSON: the engine's
/// identity, per subject its outputs (and the timed pass's ns per frame call) or the engine's refusal, or the failure
/// that ended the probe.
package struct EngineEasingReply: Codable, Sendable, Equatable {
    /// The engine's descriptor name, version and precision.
    package struct Identity: Codable, Sendable, Equatable {
        package var name: String, version: String
        package var precision: EnginePrecision
    }

    /// One subject's answer: `outputs` (with `nsPerEval`), or `unsupported` with the engine's message.
    package struct Subject: Codable, Sendable, Equatable {
        /// The engine's outputs at the subject's inputs, in their order.
        package var outputs: [Double]?
        /// ns per `evaluate_frame` call of the timed pass, when it ran.
        package var nsPerEval: Double?
        /// The engine's message when it rejected the subject's layer.
        package var unsupported: String?
    }

    /// The engine, once loaded.
    package var engine: Identity?
    /// The subjects answered, in the job's order.
    package var subjects: [Subject] = []
    /// The message of the failure that ended the probe, naming the engine.
    package var failure: String?

    /// The reply as `EngineEasingProbe.Answer` when it answers every one of `inputs`' subjects in shape, else nil.
    func answer(inputs: [[Double]]) -> EngineEasingProbe.Answer? {
        guard failure == nil, let engine, subjects.count == inputs.count else { return nil }
        var answer = EngineEasingProbe.Answer(name: engine.name, version: engine.version, precision: engine.precision,
                                              outputs: [], unsupported: [])
        for (index, (subject, asked)) in zip(subjects, inputs).enumerated() {
            if let message = subject.unsupported {
                answer.unsupported.append((index, message))
                answer.outputs.append(nil)
            } else if let outputs = subject.outputs, outputs.count == asked.count {
                answer.outputs.append(outputs)
            } else {
                return nil
            }
            answer.nsPerEval.append(subject.nsPerEval.flatMap { $0.isFinite && $0 > 0 ? $0 : nil })
        }
        return answer
    }
}
