/// Parsing of the spring forms in `SpringFamily.all` (for example `spring(mass: m, stiffness: k, damping: c,
/// initialVelocity: v)`, `spring(response: R, dampingRatio: z)` or `uikit-spring(duration: T, dampingRatio: z)`), plus
/// WebKit's CSS form `spring(m k c v)`. Labels are optional in order; times accept a unit of `s` or `ms`.
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

    /// The spring a call names, or `nil` when the name is not a spring form.
    static func parse(_ call: SpecCall, in input: String) throws(SpecError) -> Spring? {
        let families = SpringFamily.named(call.name)
        guard let first = families.first else { return nil }
        let items = try call.requireItems(in: input, form: families.map(\.form).joined(separator: " or "))
        if isWebKitForm(call, items: items) { return try webKitForm(call, item: items[0], in: input) }
        let family = chooseFamily(among: families, items: items) ?? first
        let (values, columns) = try labelledNumbers(call, items: items, family: family, in: input)
        do {
            return try family.spring(values)
        } catch {
            // Point at the argument the error names, when it was written out. A rule broken by a derived
            // Core Animation parameter (stiffness from a response, say) names the parameters it came from.
            var message = error.description
            let named = error.springParameter.flatMap { columns[$0] }
            if named == nil, !family.parameters.contains(where: { $0.parameter == .mass }),
               !family.parameters.contains(where: { $0.parameter == error.springParameter }) {
                let given = family.parameters.compactMap { entry in
                    values[entry.parameter].map { "\(entry.parameter.rawValue) \(formatSpecNumber($0))" }
                }
                message += " (derived from \(call.name)'s \(given.joined(separator: ", ")))"
            }
            throw SpecError(input: input, column: named ?? call.column, message: message)
        }
    }

    /// The family a spring spec is written in (Core Animation's for WebKit's `spring(m k c v)`).
    /// - Throws: `SpecError` when the spec is not a spring's call.
    public static func family(ofSpec spec: String) throws(SpecError) -> SpringFamily {
        let call = try SpecSyntax.parseCall(spec)
        let families = SpringFamily.named(call.name)
        guard let first = families.first else {
            throw SpecError(input: spec, column: call.column, message: "unknown spring '\(call.name)'")
        }
        let items = try call.requireItems(in: spec, form: families.map(\.form).joined(separator: " or "))
        return isWebKitForm(call, items: items) ? .coreAnimation : chooseFamily(among: families, items: items) ?? first
    }

    /// WebKit's CSS form: `spring(` and one item of several space-separated numbers.
    private static func isWebKitForm(_ call: SpecCall, items: [SpecItem]) -> Bool {
        call.name == SpringFamily.coreAnimation.name && items.count == 1 && items[0].label == nil
            && items[0].values.count > 1
    }

    /// Where several families share a name, the labels written choose: the first family with a label written that
    /// the others lack (nil when none has).
    private static func chooseFamily(among families: [SpringFamily], items: [SpecItem]) -> SpringFamily? {
        let written = Set(items.compactMap(\.label))
        return families.first { candidate in
            let own = Set(candidate.parameters.map(\.parameter.rawValue))
            let others = families.filter { $0.key != candidate.key }.flatMap { $0.parameters.map(\.parameter.rawValue) }
            return !own.subtracting(others).isDisjoint(with: written)
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

    /// Reads labelled or positional numbers for `family`: an unlabelled item fills the next parameter in order.
    /// Parameters not written are left out (the family's defaults fill them); a required one must be written.
    private static func labelledNumbers(_ call: SpecCall, items: [SpecItem], family: SpringFamily, in input: String)
        throws(SpecError) -> (values: [SpringParameter: Double], columns: [SpringParameter: Int])
    {
        let order = family.parameters.map(\.parameter)
        var values: [SpringParameter: Double] = [:]
        var columns: [SpringParameter: Int] = [:]
        var nextPosition = 0
        for item in items {
            let parameter: SpringParameter
            if let given = item.label {
                guard let known = order.first(where: { $0.rawValue == given }) else {
                    throw SpecError(input: input, column: item.column,
                                    message: "\(call.name): unknown label '\(given):'; expected "
                                        + order.map { "\($0.rawValue):" }.joined(separator: ", "))
                }
                parameter = known
                // firstIndex! cannot fail: `known` was just found in `order`.
                nextPosition = order.firstIndex(of: known)! + 1
            } else {
                guard nextPosition < order.count else {
                    throw SpecError(input: input, column: item.column,
                                    message: "\(call.name): too many arguments; expected at most \(order.count)")
                }
                parameter = order[nextPosition]
                nextPosition += 1
            }
            guard values[parameter] == nil else {
                throw SpecError(input: input, column: item.column,
                                message: "\(call.name): '\(parameter.rawValue)' is given twice")
            }
            let units: Set<String> = parameter.isTime ? ["", "s", "ms"] : [""]
            let (number, unit) = try item.singleNumber(in: input, units: units)
            values[parameter] = unit == "ms" ? number / 1000 : number
            columns[parameter] = item.column
        }
        for (parameter, fallback) in family.parameters where values[parameter] == nil && fallback == nil {
            throw SpecError(input: input, column: call.column, message: "\(call.name): missing '\(parameter.rawValue):'")
        }
        return (values, columns)
    }
}
