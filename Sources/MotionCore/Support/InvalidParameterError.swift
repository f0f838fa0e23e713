/// A parameter that was rejected, with the rule it broke.
///
/// Its description reads like `cubic-bezier: x1 = 1.1 is outside [0, 1]`: the context, the parameter, the offending
/// value and the rule, so that a person can fix the input without reading code.
public struct InvalidParameterError: MotionBenchError, Sendable, Equatable, CustomStringConvertible {
    /// What was being built, e.g. `cubic-bezier` or `steps`.
    public let context: String
    /// The parameter's name, e.g. `x1`.
    public let parameter: String
    /// The rejected value as text, e.g. `1.1` or `nan`.
    public let value: String
    /// The rule the value broke, e.g. `is outside [0, 1]`.
    public let rule: String
    /// The spring parameter the error names, when it is one (not a derived quantity such as √(stiffness/mass)): the
    /// spec parser points at that argument.
    public let springParameter: SpringParameter?

    /// Creates an error for `parameter = value` in `context`, which broke `rule`.
    public init(context: String, parameter: String, value: String, rule: String) {
        self.context = context
        self.parameter = parameter
        self.value = value
        self.rule = rule
        springParameter = nil
    }

    /// Creates an error for the spring parameter `parameter` = `value` in `context`, which broke `rule`.
    public init(context: String, parameter: SpringParameter, value: String, rule: String) {
        (self.context, self.parameter, self.value, self.rule) = (context, parameter.rawValue, value, rule)
        springParameter = parameter
    }

    /// Creates an error for the spring parameter `parameter` = `value` (printed as CSS-style text).
    public init(context: String, parameter: SpringParameter, value: Double, rule: String) {
        self.init(context: context, parameter: parameter, value: formatSpecNumber(value), rule: rule)
    }

    /// Creates an error for a numeric parameter; the value prints as CSS-style text.
    public init(context: String, parameter: String, value: Double, rule: String) {
        self.init(context: context, parameter: parameter, value: formatSpecNumber(value), rule: rule)
    }

    /// `context: parameter = value rule`.
    public var description: String { "\(context): \(parameter) = \(value) \(rule)" }
}

/// What names a rejected parameter: free text (`x1`, `output 3`) or a typed spring parameter.
@usableFromInline
protocol ParameterLabel {
    /// The error for `value` of this parameter in `context`, which broke `rule`.
    func invalid(_ value: Double, in context: String, rule: String) -> InvalidParameterError
}

extension String: ParameterLabel {
    @usableFromInline
    func invalid(_ value: Double, in context: String, rule: String) -> InvalidParameterError {
        InvalidParameterError(context: context, parameter: self, value: value, rule: rule)
    }
}

extension SpringParameter: ParameterLabel {
    @usableFromInline
    func invalid(_ value: Double, in context: String, rule: String) -> InvalidParameterError {
        InvalidParameterError(context: context, parameter: self, value: value, rule: rule)
    }
}

/// Throws unless `value` is finite.
@inlinable
func requireFinite(_ value: Double, _ parameter: some ParameterLabel, in context: String) throws(InvalidParameterError) {
    guard value.isFinite else { throw parameter.invalid(value, in: context, rule: "is not a finite number") }
}

/// Throws unless `value` is finite and > 0 (`unit` follows the rule, e.g. " s").
func requirePositive(_ value: Double, _ parameter: some ParameterLabel, in context: String, unit: String = "")
    throws(InvalidParameterError)
{
    guard value > 0, value.isFinite else { throw parameter.invalid(value, in: context, rule: "must be a finite number > 0\(unit)") }
}

/// Throws unless `value` is finite and ≥ 0.
func requireNonNegative(_ value: Double, _ parameter: some ParameterLabel, in context: String)
    throws(InvalidParameterError)
{
    guard value >= 0, value.isFinite else { throw parameter.invalid(value, in: context, rule: "must be a finite number ≥ 0") }
}
