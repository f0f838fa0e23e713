/// Anything `motionbench eval` can evaluate: a timing function of progress, or (later) a spring of time.
public enum MotionSpec: Sendable, Hashable, CustomStringConvertible {
    /// A timing function: input and output are progress.
    case timingFunction(TimingFunction)

    /// Parses any supported spec form.
    /// - Throws: `SpecError` naming what was wrong and where.
    public init(parsing text: String) throws(SpecError) {
        let call = try SpecSyntax.parseCall(text)
        if let function = try TimingFunction.parse(call, in: text) {
            self = .timingFunction(function)
            return
        }
        throw SpecError(input: text, column: call.column, message: "unknown spec '\(call.name)'")
    }

    /// The output at `input` and its derivative with respect to the input.
    public func evaluate(at input: Double) -> (value: Double, velocity: Double) {
        switch self {
        case .timingFunction(let function): (function.value(at: input), function.slope(at: input))
        }
    }

    /// The spec text that parses back to the same value.
    public var description: String {
        switch self {
        case .timingFunction(let function): function.description
        }
    }
}
