/// Anything `motionbench eval` can evaluate: a timing function of progress, or a spring of time.
public enum MotionSpec: Sendable, Hashable, CustomStringConvertible {
    /// A timing function: input and output are progress.
    case timingFunction(TimingFunction)
    /// A spring: input is time in seconds, output progress from 0 toward 1, velocity in progress units per second.
    case spring(Spring)

    /// Parses any supported spec form.
    /// - Throws: `SpecError` naming what was wrong and where.
    public init(parsing text: String) throws(SpecError) {
        let call = try SpecSyntax.parseCall(text)
        if let function = try TimingFunction.parse(call, in: text) {
            self = .timingFunction(function)
            return
        }
        if let spring = try Spring.parse(call, in: text) {
            self = .spring(spring)
            return
        }
        throw SpecError(input: text, column: call.column, message: "unknown spec '\(call.name)'")
    }

    /// The output at `input` and its derivative with respect to the input.
    public func evaluate(at input: Double) -> (value: Double, velocity: Double) {
        switch self {
        case .timingFunction(let function): (function.value(at: input), function.slope(at: input))
        case .spring(let spring): (spring.progress(at: input), spring.velocity(at: input))
        }
    }

    /// The spec text that parses back to the same value.
    public var description: String {
        switch self {
        case .timingFunction(let function): function.description
        case .spring(let spring): spring.description
        }
    }
}
