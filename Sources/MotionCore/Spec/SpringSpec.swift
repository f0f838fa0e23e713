/// Parsing of the spring forms:
/// `spring(mass: m, stiffness: k, damping: c, initialVelocity: v)` (labels optional in order; defaults 1, 100, 10, 0),
/// `spring(m k c v)` (WebKit's CSS form), `spring(response: R, dampingRatio: z)`, `spring(duration: T, bounce: b)`,
/// `uikit-spring(duration: T, dampingRatio: z, initialVelocity: s)`, `android-spring(stiffness: K, dampingRatio: z)`,
/// `origami-spring(tension: T, friction: F)`, `rn-spring(bounciness: B, speed: S)`,
/// `motion-spring(visualDuration: V, bounce: b)` and `flutter-spring(mass: m, stiffness: k, dampingRatio: z)`;
/// each takes an optional `initialVelocity:`. Durations and responses accept a unit of `s` or `ms`.
extension Spring {
    /// Parses a spring spec.
    /// - Throws: `SpecError` naming what was wrong and where.
    public init(spec: String) throws(SpecError) {
        let call = try SpecSyntax.parseCall(spec)
        guard let spring = try Self.parse(call, in: spec) else {
            throw SpecError(input: spec, column: call.column, message: "unknown spring '\(call.name)'")
        }
        self = spring
    }

    /// Every spring function name with its full form, for messages.
    static let forms = [
        "spring": "spring(mass: m, stiffness: k, damping: c, initialVelocity: v), spring(m k c v), "
            + "spring(response: R, dampingRatio: z) or spring(duration: T, bounce: b)",
        "uikit-spring": "uikit-spring(duration: T, dampingRatio: z, initialVelocity: s)",
        "android-spring": "android-spring(stiffness: K, dampingRatio: z)",
        "origami-spring": "origami-spring(tension: T, friction: F)",
        "rn-spring": "rn-spring(bounciness: B, speed: S)",
        "motion-spring": "motion-spring(visualDuration: V, bounce: b)",
        "flutter-spring": "flutter-spring(mass: m, stiffness: k, dampingRatio: z)",
    ]

    /// Every spring function name.
    static var specNames: Dictionary<String, String>.Keys { forms.keys }

    /// The spring a call names, or `nil` when the name is not a spring form.
    static func parse(_ call: SpecCall, in input: String) throws(SpecError) -> Spring? {
        guard specNames.contains(call.name) else { return nil }
        let items = try call.requireItems(in: input, form: forms[call.name] ?? call.name)
        func build(_ labels: [String], defaults: [Double?], timeLabels: Set<String> = [],
                   _ make: ([String: Double]) throws(InvalidParameterError) -> Spring) throws(SpecError) -> Spring {
            let (values, columns) = try labelledNumbers(call, items: items, labels: labels, defaults: defaults,
                                                        timeLabels: timeLabels, in: input)
            do {
                return try make(values)
            } catch {
                // Point at the argument the error names, when it was written out. A rule broken by a derived
                // Core Animation parameter (stiffness from a response, say) names the parameters it came from.
                var message = error.description
                if columns[error.parameter] == nil, !labels.contains(error.parameter), !labels.contains("mass") {
                    let given = labels.filter { values[$0] != nil }.map { "\($0) \(formatSpecNumber(values[$0]!))" }
                    message += " (derived from \(call.name)'s \(given.joined(separator: ", ")))"
                }
                throw SpecError(input: input, column: columns[error.parameter] ?? call.column, message: message)
            }
        }
        switch call.name {
        case "spring":
            if items.count == 1, items[0].label == nil, items[0].values.count > 1 {
                return try webKitForm(call, item: items[0], in: input)
            }
            let labels = Set(items.compactMap(\.label))
            if labels.contains("response") || labels.contains("dampingRatio") {
                return try build(["response", "dampingRatio", "initialVelocity"], defaults: [nil, 1, 0],
                                 timeLabels: ["response"]) { values throws(InvalidParameterError) in
                    try .swiftUI(response: values["response"]!, dampingRatio: values["dampingRatio"]!,
                                 initialVelocity: values["initialVelocity"]!)
                }
            }
            if labels.contains("duration") || labels.contains("bounce") {
                return try build(["duration", "bounce", "initialVelocity"], defaults: [nil, 0, 0],
                                 timeLabels: ["duration"]) { values throws(InvalidParameterError) in
                    try .swiftUI(duration: values["duration"]!, bounce: values["bounce"]!,
                                 initialVelocity: values["initialVelocity"]!)
                }
            }
            return try build(["mass", "stiffness", "damping", "initialVelocity"], defaults: [1, 100, 10, 0]) {
                values throws(InvalidParameterError) in
                try Spring(mass: values["mass"]!, stiffness: values["stiffness"]!, damping: values["damping"]!,
                           initialVelocity: values["initialVelocity"]!)
            }
        case "uikit-spring":
            return try build(["duration", "dampingRatio", "initialVelocity"], defaults: [nil, nil, 0],
                             timeLabels: ["duration"]) { values throws(InvalidParameterError) in
                try .uikit(duration: values["duration"]!, dampingRatio: values["dampingRatio"]!,
                           initialVelocity: values["initialVelocity"]!)
            }
        case "android-spring":
            return try build(["stiffness", "dampingRatio", "initialVelocity"], defaults: [1500, 0.5, 0]) {
                values throws(InvalidParameterError) in
                try .android(stiffness: values["stiffness"]!, dampingRatio: values["dampingRatio"]!,
                             initialVelocity: values["initialVelocity"]!)
            }
        case "origami-spring":
            return try build(["tension", "friction", "initialVelocity"], defaults: [40, 7, 0]) {
                values throws(InvalidParameterError) in
                try .origami(tension: values["tension"]!, friction: values["friction"]!,
                             initialVelocity: values["initialVelocity"]!)
            }
        case "rn-spring":
            return try build(["bounciness", "speed", "initialVelocity"], defaults: [8, 12, 0]) {
                values throws(InvalidParameterError) in
                try .reactNative(bounciness: values["bounciness"]!, speed: values["speed"]!,
                                 initialVelocity: values["initialVelocity"]!)
            }
        case "motion-spring":
            return try build(["visualDuration", "bounce", "initialVelocity"], defaults: [nil, 0.25, 0],
                             timeLabels: ["visualDuration"]) { values throws(InvalidParameterError) in
                try .motion(visualDuration: values["visualDuration"]!, bounce: values["bounce"]!,
                            initialVelocity: values["initialVelocity"]!)
            }
        default:  // flutter-spring
            return try build(["mass", "stiffness", "dampingRatio", "initialVelocity"], defaults: [1, nil, nil, 0]) {
                values throws(InvalidParameterError) in
                try .flutter(mass: values["mass"]!, stiffness: values["stiffness"]!,
                             dampingRatio: values["dampingRatio"]!, initialVelocity: values["initialVelocity"]!)
            }
        }
    }

    /// WebKit's `spring(mass stiffness damping initialVelocity)`: four space-separated numbers.
    private static func webKitForm(_ call: SpecCall, item: SpecItem, in input: String) throws(SpecError) -> Spring {
        guard item.values.count == 4 else {
            throw SpecError(input: input, column: item.column,
                            message: "spring: the CSS form takes 4 numbers (mass stiffness damping initialVelocity), "
                                + "found \(item.values.count)")
        }
        var numbers: [Double] = []
        for value in item.values { numbers.append(try value.number(in: input, units: [""]).value) }
        return try call.validating(in: input, at: item.column) { () throws(InvalidParameterError) in
            try Spring(mass: numbers[0], stiffness: numbers[1], damping: numbers[2], initialVelocity: numbers[3])
        }
    }

    /// Reads labelled or positional numbers: an unlabelled item fills the next label in `labels` order.
    private static func labelledNumbers(_ call: SpecCall, items: [SpecItem], labels: [String], defaults: [Double?],
                                        timeLabels: Set<String>, in input: String)
        throws(SpecError) -> (values: [String: Double], columns: [String: Int])
    {
        var values: [String: Double] = [:]
        var columns: [String: Int] = [:]
        var nextPosition = 0
        for item in items {
            let label: String
            if let given = item.label {
                guard labels.contains(given) else {
                    throw SpecError(input: input, column: item.column,
                                    message: "\(call.name): unknown label '\(given):'; expected "
                                        + labels.map { "\($0):" }.joined(separator: ", "))
                }
                label = given
                nextPosition = labels.firstIndex(of: given)! + 1
            } else {
                guard nextPosition < labels.count else {
                    throw SpecError(input: input, column: item.column,
                                    message: "\(call.name): too many arguments; expected at most \(labels.count)")
                }
                label = labels[nextPosition]
                nextPosition += 1
            }
            guard values[label] == nil else {
                throw SpecError(input: input, column: item.column, message: "\(call.name): '\(label)' is given twice")
            }
            let units: Set<String> = timeLabels.contains(label) ? ["", "s", "ms"] : [""]
            let (number, unit) = try item.singleNumber(in: input, units: units)
            values[label] = unit == "ms" ? number / 1000 : number
            columns[label] = item.column
        }
        for (label, fallback) in zip(labels, defaults) where values[label] == nil {
            guard let fallback else {
                throw SpecError(input: input, column: call.column, message: "\(call.name): missing '\(label):'")
            }
            values[label] = fallback
        }
        return (values, columns)
    }
}
