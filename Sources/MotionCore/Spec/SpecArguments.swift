/// Helpers that read a call's arguments and turn problems into `SpecError`s at the right column.
extension SpecCall {
    /// Throws unless the call has parentheses; returns the items.
    func requireItems(in input: String, form: String) throws(SpecError) -> [SpecItem] {
        guard let items else {
            throw SpecError(input: input, column: column + name.count, message: "'\(name)' needs arguments: \(form)")
        }
        return items
    }

    /// Throws if the call has parentheses (for bare keywords).
    func requireNoItems(in input: String) throws(SpecError) {
        if items != nil {
            throw SpecError(input: input, column: column + name.count, message: "'\(name)' takes no arguments")
        }
    }

    /// The items as plain unitless numbers, exactly `count` of them.
    func plainNumbers(count: Int, in input: String, form: String) throws(SpecError) -> [Double] {
        let items = try requireItems(in: input, form: form)
        guard items.count == count else {
            throw SpecError(input: input, column: column,
                            message: "'\(name)' takes \(count) numbers (\(form)), found \(items.count)")
        }
        var numbers: [Double] = []
        for item in items {
            if let label = item.label {
                throw SpecError(input: input, column: item.column, message: "'\(name)' takes no label '\(label):'")
            }
            numbers.append(try item.singleNumber(in: input, units: [""]).value)
        }
        return numbers
    }

    /// Runs `body`, turning an `InvalidParameterError` into a `SpecError` at `column` (default: the call's).
    func validating<T>(in input: String, at column: Int? = nil,
                       _ body: () throws(InvalidParameterError) -> T) throws(SpecError) -> T {
        do {
            return try body()
        } catch {
            throw SpecError(input: input, column: column ?? self.column, message: error.description)
        }
    }
}

extension SpecItem {
    /// The item's only value as a number whose unit is one of `units`.
    func singleNumber(in input: String, units: Set<String>) throws(SpecError) -> (value: Double, unit: String) {
        guard values.count == 1 else {
            throw SpecError(input: input, column: values[1].column, message: "expected ',' before '\(values[1].text)'")
        }
        return try values[0].number(in: input, units: units)
    }
}

extension SpecValue {
    /// The value as a number whose unit is one of `units`.
    func number(in input: String, units: Set<String>) throws(SpecError) -> (value: Double, unit: String) {
        guard case .number(let value, let unit) = kind else {
            throw SpecError(input: input, column: column, message: "expected a number, found '\(text)'")
        }
        guard units.contains(unit) else {
            let allowed = units.sorted().map { $0.isEmpty ? "no unit" : "'\($0)'" }.joined(separator: " or ")
            throw SpecError(input: input, column: column, message: "'\(text)' has unit '\(unit)'; expected \(allowed)")
        }
        return (value, unit)
    }
}
