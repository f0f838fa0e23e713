import MotionCore

/// A scenario file that cannot be used: names the file, the field (as a JSON path) and the problem.
public struct ScenarioError: MotionBenchError, Sendable, CustomStringConvertible {
    /// The scenario's name or file path.
    public let source: String
    /// The field, e.g. `animations[2].duration`.
    public let field: String
    /// What is wrong with it.
    public let problem: String

    /// `scenario SOURCE: FIELD PROBLEM`.
    public var description: String { "scenario \(source): \(field) \(problem)" }
}
