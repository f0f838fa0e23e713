/// Parsing of the timing-function forms: `linear`, `ease`, `ease-in`, `ease-out`, `ease-in-out`,
/// `cubic-bezier(x1, y1, x2, y2)`, `steps(n[, position])`, `step-start`, `step-end`, `linear(<stops>)`, Apple's
/// `default`, `easeIn`, `easeOut`, `easeInEaseOut`, and the Material names in `CubicBezier.named`.
extension TimingFunction {
    /// Parses a timing-function spec.
    /// - Throws: `SpecError` naming what was wrong and where.
    public init(spec: String) throws(SpecError) {
        let call = try SpecSyntax.parseCall(spec)
        guard let function = try Self.parse(call, in: spec) else {
            throw SpecError(input: spec, column: call.column, message: "unknown timing function '\(call.name)'")
        }
        self = function
    }

    /// The timing function a call names, or `nil` when the name is not a timing function.
    static func parse(_ call: SpecCall, in input: String) throws(SpecError) -> TimingFunction? {
        switch call.name {
        case "cubic-bezier":
            let numbers = try call.plainNumbers(count: 4, in: input, form: "cubic-bezier(x1, y1, x2, y2)")
            let items = call.items ?? []
            // Point the error at the offending argument when one is named.
            do {
                return .cubicBezier(try CubicBezier(x1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3]))
            } catch {
                let index = ["x1", "y1", "x2", "y2"].firstIndex(of: error.parameter) ?? 0
                throw SpecError(input: input, column: items[index].column, message: error.description)
            }
        case "steps":
            return .steps(try parseSteps(call, in: input))
        case "step-start":
            try call.requireNoItems(in: input)
            return .steps(try call.validating(in: input) { () throws(InvalidParameterError) in
                try Steps(count: 1, position: .jumpStart)
            })
        case "step-end":
            try call.requireNoItems(in: input)
            return .steps(try call.validating(in: input) { () throws(InvalidParameterError) in
                try Steps(count: 1, position: .jumpEnd)
            })
        case "linear":
            guard call.items != nil else { return .linear(.identity) }
            return .linear(try parseLinear(call, in: input))
        default:
            guard let curve = CubicBezier.named[call.name] else { return nil }
            try call.requireNoItems(in: input)
            return .cubicBezier(curve)
        }
    }

    private static func parseSteps(_ call: SpecCall, in input: String) throws(SpecError) -> Steps {
        let form = "steps(n[, \(Steps.Position.keywords.joined(separator: "|"))])"
        let items = try call.requireItems(in: input, form: form)
        guard (1...2).contains(items.count) else {
            throw SpecError(input: input, column: call.column, message: "'steps' takes 1 or 2 arguments: \(form)")
        }
        let (count, _) = try items[0].singleNumber(in: input, units: [""])
        var position = Steps.Position.jumpEnd
        if items.count == 2 {
            let value = items[1].values[0]
            guard items[1].values.count == 1, case .identifier(let keyword) = value.kind,
                  let parsed = Steps.Position(keyword: keyword)
            else {
                throw SpecError(input: input, column: value.column,
                                message: "steps: position '\(value.text)' is not one of "
                                    + Steps.Position.keywords.joined(separator: ", "))
            }
            position = parsed
        }
        // n as written (a count beyond 2^53 is not the double it parses to).
        let written = items[0].values.map(\.text).joined(separator: " ")
        guard count == count.rounded() else {
            throw SpecError(input: input, column: items[0].column, message: "steps: n = \(written) is not a whole number")
        }
        guard count <= Double(Int32.max) else {
            throw SpecError(input: input, column: items[0].column,
                            message: "steps: n = \(written) is above \(Int32.max), the largest step count")
        }
        guard count >= Double(Steps.minimumCount(position)) else {
            throw SpecError(input: input, column: items[0].column, message: Steps.countError(written, position).description)
        }
        return try call.validating(in: input, at: items[0].column) { () throws(InvalidParameterError) in
            try Steps(count: Int(count), position: position)
        }
    }

    private static func parseLinear(_ call: SpecCall, in input: String) throws(SpecError) -> LinearEasing {
        let items = try call.requireItems(in: input, form: "linear(output [input%] [input%], ...)")
        var stops: [LinearEasing.Stop] = []
        for item in items {
            if let label = item.label {
                throw SpecError(input: input, column: item.column, message: "linear: unexpected label '\(label):'")
            }
            // A stop is `<number> && <percentage>{0,2}`: the output before or after its input percentages.
            var numbers: [(value: Double, isPercent: Bool)] = []
            for value in item.values {
                let (number, unit) = try value.number(in: input, units: ["", "%"])
                numbers.append((number, unit == "%"))
            }
            let pattern = String(numbers.map { $0.isPercent ? "p" : "n" })
            guard ["n", "np", "npp", "pn", "ppn"].contains(pattern) else {
                throw SpecError(input: input, column: item.column,
                                message: "linear: a stop is an output number with up to two adjacent input "
                                    + "percentages, e.g. '0.5 25% 75%'; found '\(item.values.map(\.text).joined(separator: " "))'")
            }
            let output = numbers.first { !$0.isPercent }!.value
            let percents = numbers.filter(\.isPercent).map(\.value)
            if percents.isEmpty {
                stops.append(.init(output: output))
            } else {
                for percent in percents { stops.append(.init(output: output, inputPercent: percent)) }
            }
        }
        return try call.validating(in: input) { () throws(InvalidParameterError) in try LinearEasing(stops: stops) }
    }
}
