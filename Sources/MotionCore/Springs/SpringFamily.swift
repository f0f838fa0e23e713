/// A named parameter of a spring form, as specs write it and as `InvalidParameterError` names it.
public enum SpringParameter: String, Sendable, CaseIterable {
    /// Core Animation's physical parameters: mass m, stiffness k (N/m-like), damping c (N·s/m-like), and the initial
    /// velocity in progress units per second.
    case mass, stiffness, damping, initialVelocity
    /// SwiftUI's and UIKit's: response and duration in seconds, damping ratio ζ and bounce (unitless).
    case response, dampingRatio, duration, bounce
    /// Origami's tension and friction, and React Native's bounciness and speed (unitless).
    case tension, friction, bounciness, speed
    /// motion's visual duration in seconds.
    case visualDuration

    /// Whether the parameter is a time in seconds (specs may write it with `s` or `ms`).
    public var isTime: Bool { self == .response || self == .duration || self == .visualDuration }
}

/// One parameterization family of springs, one spec form: its spec name, its parameters in order with their
/// defaults, how it builds a `Spring`, its inverse, and the settling rule of the platform it comes from.
///
/// Every family lives in its own file under `Springs/` and is listed once in `SpringFamily.all`, which the spec
/// parser, `eval`'s help, `convert` and `settle --native` read.
public struct SpringFamily: Sendable {
    /// The spec's function name, e.g. `uikit-spring`. Several families may share one (the three `spring(...)`
    /// forms); the labels written choose among them.
    public let name: String
    /// A key unique among families, e.g. `spring-response` (the name where it is unique).
    public let key: String
    /// Where the form comes from, for help text.
    public let origin: String
    /// The parameters in positional order, each with its default (nil: required).
    public let parameters: [(parameter: SpringParameter, defaultValue: Double?)]
    /// The platform's own rule for when a spring is done.
    public let settlingRule: SettlingDefinition
    private let make: @Sendable (SpringParameterValues) throws(InvalidParameterError) -> Spring
    private let invert: @Sendable (Spring) -> [Double]?

    /// A family: `make` receives a value for every parameter (given or default); `invert` returns a spring's
    /// parameters in `parameters` order (times in seconds), or nil where the family cannot express its motion.
    public init(name: String, key: String? = nil, origin: String,
                parameters: [(parameter: SpringParameter, defaultValue: Double?)], settlingRule: SettlingDefinition,
                make: @escaping @Sendable (SpringParameterValues) throws(InvalidParameterError) -> Spring,
                invert: @escaping @Sendable (Spring) -> [Double]?) {
        self.name = name
        self.key = key ?? name
        self.origin = origin
        self.parameters = parameters
        self.settlingRule = settlingRule
        self.make = make
        self.invert = invert
    }

    /// Every family, in the order help and `convert` list them. Adding a family: its file, and one line here.
    public static let all: [SpringFamily] = [
        .coreAnimation, .swiftUIResponse, .swiftUIDuration, .uikit, .android, .flutter, .origami, .reactNative, .motion,
    ]

    /// The families whose spec name is `name`, in registry order.
    public static func named(_ name: String) -> [SpringFamily] { all.filter { $0.name == name } }

    /// The form for messages and help, e.g. `uikit-spring(duration: T, dampingRatio: z, initialVelocity: v)`.
    public var form: String {
        "\(name)(" + parameters.map { "\($0.parameter.rawValue): \($0.defaultValue.map(formatSpecNumber) ?? "…")" }
            .joined(separator: ", ") + ")"
    }

    /// The spring from `values`, with the defaults for the parameters not given.
    /// - Throws: `InvalidParameterError` naming the parameter, for a required one that is missing or a value the form
    ///   rejects.
    public func spring(_ values: [SpringParameter: Double]) throws(InvalidParameterError) -> Spring {
        var complete = values
        for (parameter, fallback) in parameters where complete[parameter] == nil {
            guard let fallback else {
                throw InvalidParameterError(context: name, parameter: parameter, value: "(not given)",
                                            rule: "is required in \(form)")
            }
            complete[parameter] = fallback
        }
        return try make(SpringParameterValues(complete))
    }

    /// `spring`'s parameters in this family (times in seconds), or nil where the family cannot express its motion
    /// (a damping ratio above 1 in UIKit's or motion's form, say). Building the family's spring from them gives the
    /// same motion.
    ///
    /// The inverse is checked by building the family's spring from it: where that spring's motion (k/m, c/m and the
    /// initial velocity, within 1e-9 relative) differs, because the family clamps or cannot reach the values, the
    /// answer is nil.
    public func parameters(of spring: Spring) -> [(parameter: SpringParameter, value: Double)]? {
        guard let values = invert(spring), values.count == parameters.count, values.allSatisfy(\.isFinite) else {
            return nil
        }
        let named = zip(parameters, values).map { ($0.parameter, $1) }
        guard let rebuilt = try? make(SpringParameterValues(Dictionary(uniqueKeysWithValues: named))), rebuilt.hasTheMotion(of: spring) else {
            return nil
        }
        return named
    }

    /// `spring` written in this family's form, e.g. `android-spring(stiffness: 100, dampingRatio: 0.5,
    /// initialVelocity: 0)`, or nil where the family cannot express it.
    public func spec(of spring: Spring) -> String? {
        parameters(of: spring).map { values in
            "\(name)(" + values.map { "\($0.parameter.rawValue): \(formatSpecNumber($0.value))" }
                .joined(separator: ", ") + ")"
        }
    }
}

extension Spring {
    /// Whether `other` moves the same way: k/m, c/m and the initial velocity within 1e-9 relative.
    func hasTheMotion(of other: Spring) -> Bool {
        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(abs(a), abs(b), 1e-300) }
        return close(stiffness / mass, other.stiffness / other.mass) && close(damping / mass, other.damping / other.mass)
            && abs(initialVelocity - other.initialVelocity) <= 1e-9 * max(1, abs(other.initialVelocity))
    }
}

/// The values a family's `make` receives: one for every parameter of the form (given or its default). Reading a
/// parameter the form does not have gives NaN, which every spring initialiser rejects with an error naming it, so a
/// family's mistake is an error, not a crash.
public struct SpringParameterValues: Sendable {
    private let values: [SpringParameter: Double]

    /// The values, by parameter.
    public init(_ values: [SpringParameter: Double]) { self.values = values }

    /// The value of `parameter` (in the form's units: seconds, kilograms, newtons per metre, …), or NaN when absent.
    public subscript(_ parameter: SpringParameter) -> Double { values[parameter] ?? .nan }
}
