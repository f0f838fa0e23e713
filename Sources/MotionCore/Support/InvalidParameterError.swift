/// A parameter that was rejected, with the rule it broke.
///
/// Its description reads like `cubic-bezier: x1 = 1.1 is outside [0, 1]`: the context, the parameter, the offending
/// value and the rule, so that a person can fix the input without reading code.
public struct InvalidParameterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was being built, e.g. `cubic-bezier` or `steps`.
    public let context: String
    /// The parameter's name, e.g. `x1`.
    public let parameter: String
    /// The rejected value as text, e.g. `1.1` or `nan`.
    public let value: String
    /// The rule the value broke, e.g. `is outside [0, 1]`.
    public let rule: String

    /// Creates an error for `parameter = value` in `context`, which broke `rule`.
    public init(context: String, parameter: String, value: String, rule: String) {
        self.context = context
        self.parameter = parameter
        self.value = value
        self.rule = rule
    }

    /// Creates an error for a numeric parameter; the value prints as CSS-style text.
    public init(context: String, parameter: String, value: Double, rule: String) {
        self.init(context: context, parameter: parameter, value: formatSpecNumber(value), rule: rule)
    }

    /// `context: parameter = value rule`.
    public var description: String { "\(context): \(parameter) = \(value) \(rule)" }
}

/// Throws unless `value` is finite.
@inlinable
func requireFinite(_ value: Double, _ parameter: String, in context: String) throws(InvalidParameterError) {
    guard value.isFinite else {
        throw InvalidParameterError(context: context, parameter: parameter, value: value, rule: "is not a finite number")
    }
}
