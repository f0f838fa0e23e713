import Foundation
import MotionCore

/// Reads typed, validated fields of one JSON object of a scenario file, with JSON-path error messages.
///
/// Version 1 files may give only constants; version 2 files may give any numeric field as a distribution
/// (`{"uniform": [a, b]}`, `{"choice": [...], "weights": [...]}`), booleans as a choice, and easings as a weighted
/// list or `{"randomBezier": {...}}`.
struct ScenarioReader {
    /// The file or built-in name, for messages.
    let source: String
    /// The schema version (1 or 2).
    let version: Int
    /// The object being read.
    let object: [String: Any]
    /// Its JSON path, e.g. `animations[2]`.
    let path: String
    /// Whether the file gave no `"version"`, so that version 1 was assumed (errors about version-2 features say so).
    var versionAssumed = false

    func fail(_ key: String?, _ problem: String) -> ScenarioError {
        ScenarioError(source: source, field: key.map { path.isEmpty ? $0 : "\(path).\($0)" } ?? path, problem: problem)
    }

    /// The error for a version-2 feature in a version-1 file: `key` `what` needs `"version": 2`, and, when the file
    /// gave no version, that version 1 was assumed.
    func needsVersionTwo(_ key: String, _ what: String = "", hint: String = "") -> ScenarioError {
        var problem = (what.isEmpty ? "" : "\(what), which ") + "needs \"version\": 2" + (hint.isEmpty ? "" : " (\(hint))")
        if versionAssumed {
            problem += "; this file has no \"version\", so it was read as version 1: add \"version\": 2 at its top level "
                + "to use version 2"
        }
        return fail(key, problem)
    }

    /// A reader of `object` (at JSON path `path`) in the same file.
    func child(_ object: [String: Any], path: String) -> ScenarioReader {
        ScenarioReader(source: source, version: version, object: object, path: path, versionAssumed: versionAssumed)
    }

    /// Rejects keys outside `allowed`.
    func requireOnly(_ allowed: Set<String>, what: String) throws(ScenarioError) {
        if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw fail(unknown, "is not a field of \(what) (fields: \(allowed.sorted().joined(separator: ", ")))")
        }
    }

    func has(_ key: String) -> Bool { object[key] != nil }

    func string(_ key: String) throws(ScenarioError) -> String {
        guard let value = object[key] else { throw fail(key, "is missing") }
        guard let text = value as? String else { throw fail(key, "must be a string") }
        return text
    }

    func string(_ key: String, default fallback: String) throws(ScenarioError) -> String {
        object[key] == nil ? fallback : try string(key)
    }

    /// A string that must be one of `choices`.
    func oneOf(_ key: String, _ choices: [String], default fallback: String? = nil) throws(ScenarioError) -> String {
        var text: String
        if let fallback { text = try string(key, default: fallback) } else { text = try string(key) }
        guard choices.contains(text) else {
            throw fail(key, "'\(text)' is not one of \(choices.joined(separator: ", "))")
        }
        return text
    }

    /// One of `choices`, named by its raw value (or `fallback` when the key is missing).
    func oneOf<Choice: RawRepresentable<String>>(_ key: String, _ choices: [Choice], default fallback: Choice? = nil)
        throws(ScenarioError) -> Choice
    {
        let text = try oneOf(key, choices.map(\.rawValue), default: fallback?.rawValue)
        guard let choice = choices.first(where: { $0.rawValue == text }) else { throw fail(key, "'\(text)' is unknown") }
        return choice
    }

    /// A constant finite number.
    func number(_ key: String, default fallback: Double? = nil) throws(ScenarioError) -> Double {
        guard let value = object[key] else {
            if let fallback { return fallback }
            throw fail(key, "is missing")
        }
        guard let number = Self.number(value) else { throw fail(key, "must be a finite number") }
        return number
    }

    /// A numeric field that may vary per layer; every value it can take must satisfy `rule` (which returns the
    /// problem, e.g. "must be > 0", or nil).
    func distribution(_ key: String, default fallback: Double? = nil, rule: (Double) -> String? = { _ in nil })
        throws(ScenarioError) -> NumberDistribution
    {
        guard let value = object[key] else {
            if let fallback { return .constant(fallback) }
            throw fail(key, "is missing")
        }
        return try distribution(value, at: key, rule: rule)
    }

    func distribution(_ value: Any, at key: String, rule: (Double) -> String?) throws(ScenarioError) -> NumberDistribution {
        func checked(_ number: Double, _ field: String) throws(ScenarioError) -> Double {
            if let problem = rule(number) { throw fail(field, "\(problem) (found \(formatSpecNumber(number)))") }
            return number
        }
        if let number = Self.number(value) { return .constant(try checked(number, key)) }
        guard let spec = value as? [String: Any] else {
            throw fail(key, "must be a finite number" + (version >= 2 ? " or a distribution ({\"uniform\": [a, b]} or {\"choice\": [...]})" : ""))
        }
        guard version >= 2 else { throw needsVersionTwo(key, "is a distribution") }
        if let range = spec["uniform"] {
            guard spec.count == 1 else { throw fail(key, "a uniform distribution has only the key \"uniform\"") }
            return try uniform(range, at: "\(key).uniform", rule: rule)
        }
        if spec["choice"] != nil {
            let (values, weights) = try choice(spec, at: key) { (item, field) throws(ScenarioError) -> Double in
                guard let number = Self.number(item) else { throw fail(field, "must be a finite number") }
                return try checked(number, field)
            }
            return .choice(values, weights: weights)
        }
        throw fail(key, "has an unknown distribution \(spec.keys.sorted().map { "'\($0)'" }.joined(separator: ", ")) "
                   + "(expected \"uniform\" or \"choice\")")
    }

    /// `[a, b]`: a uniform distribution (version 2's `{"uniform": [a, b]}`, and version 1's bare `[min, max]` ranges,
    /// which pass the same checks): two finite numbers with a ≤ b, each satisfying `rule`, and b − a finite (a range
    /// wider than the largest `Double` cannot be drawn from).
    func uniform(_ value: Any, at field: String, rule: (Double) -> String?) throws(ScenarioError) -> NumberDistribution {
        guard let bounds = value as? [Any], bounds.count == 2,
              let lower = Self.number(bounds[0]), let upper = Self.number(bounds[1]) else {
            throw fail(field, "must be [a, b] with two finite numbers")
        }
        guard lower <= upper else {
            throw fail(field, "must have a ≤ b (found [\(formatSpecNumber(lower)), \(formatSpecNumber(upper))])")
        }
        for (index, bound) in [lower, upper].enumerated() {
            if let problem = rule(bound) { throw fail("\(field)[\(index)]", "\(problem) (found \(formatSpecNumber(bound)))") }
        }
        guard (upper - lower).isFinite else {
            throw fail(field, "is too wide: b − a must be a finite number (found [\(formatSpecNumber(lower)), "
                       + "\(formatSpecNumber(upper))])")
        }
        return .uniform(lower, upper)
    }

    /// `{"choice": [...], "weights": [...]}`: the values read by `item` and weights (default all 1; ≥ 0, not all 0).
    func choice<T>(_ spec: [String: Any], at key: String, item: (Any, String) throws(ScenarioError) -> T)
        throws(ScenarioError) -> ([T], [Double])
    {
        if let extra = spec.keys.sorted().first(where: { $0 != "choice" && $0 != "weights" }) {
            throw fail("\(key).\(extra)", "is not part of a choice (keys: choice, weights)")
        }
        guard let list = spec["choice"] as? [Any], !list.isEmpty else {
            throw fail("\(key).choice", "must be a non-empty array")
        }
        var values: [T] = []
        for (index, element) in list.enumerated() { values.append(try item(element, "\(key).choice[\(index)]")) }
        guard let weightList = spec["weights"] else { return (values, values.map { _ in 1 }) }
        guard let raw = weightList as? [Any], raw.count == values.count else {
            throw fail("\(key).weights", "must be an array of \(values.count) numbers, one per choice")
        }
        var weights: [Double] = []
        for (index, element) in raw.enumerated() {
            guard let weight = Self.number(element), weight >= 0, weight <= 1e12 else {
                throw fail("\(key).weights[\(index)]", "must be a finite number in [0, 1e12]")
            }
            weights.append(weight)
        }
        guard weights.contains(where: { $0 > 0 }) else { throw fail("\(key).weights", "must not all be 0") }
        return (values, weights)
    }

    /// A boolean field that may vary per layer (version 2: `{"choice": [true, false], "weights": [...]}`).
    func boolDistribution(_ key: String, default fallback: Bool) throws(ScenarioError) -> BoolDistribution {
        guard let value = object[key] else { return .constant(fallback) }
        if Self.isBoolean(value), let flag = value as? Bool { return .constant(flag) }
        guard let spec = value as? [String: Any], spec["choice"] != nil else {
            throw fail(key, "must be true or false" + (version >= 2 ? " or {\"choice\": [true, false]}" : ""))
        }
        guard version >= 2 else { throw needsVersionTwo(key, "is a distribution") }
        let (values, weights) = try choice(spec, at: key) { (item, field) throws(ScenarioError) -> Bool in
            guard Self.isBoolean(item), let flag = item as? Bool else { throw fail(field, "must be true or false") }
            return flag
        }
        return .choice(values, weights: weights)
    }

    /// The easing: a spec string, `{"choice": [specs], "weights": [...]}` or
    /// `{"randomBezier": {"x1": [a, b], "y1": [a, b], "x2": [a, b], "y2": [a, b]}}` (version 2).
    func easing(_ key: String = "easing", default fallback: TimingFunction = .linear(.identity))
        throws(ScenarioError) -> EasingDistribution
    {
        guard let value = object[key] else { return .constant(fallback) }
        if let text = value as? String { return .constant(try timingFunction(text, at: key)) }
        guard let spec = value as? [String: Any] else {
            throw fail(key, "must be a timing-function spec string" + (version >= 2 ? ", a choice or a randomBezier" : ""))
        }
        guard version >= 2 else { throw needsVersionTwo(key, "is a distribution") }
        if spec["choice"] != nil {
            let (functions, weights) = try choice(spec, at: key) { (item, field) throws(ScenarioError) -> TimingFunction in
                guard let text = item as? String else { throw fail(field, "must be a timing-function spec string") }
                return try timingFunction(text, at: field)
            }
            return .choice(functions, weights: weights)
        }
        guard let ranges = spec["randomBezier"] as? [String: Any], spec.count == 1 else {
            throw fail(key, "must be a spec string, {\"choice\": [...]} or {\"randomBezier\": {...}}")
        }
        let inner = child(ranges, path: fieldPath("\(key).randomBezier"))
        try inner.requireOnly(["x1", "y1", "x2", "y2"], what: "randomBezier")
        func range(_ name: String, _ allowed: ClosedRange<Double>) throws(ScenarioError) -> NumberDistribution {
            guard let raw = ranges[name] else { throw inner.fail(name, "is missing") }
            guard let bounds = raw as? [Any], bounds.count == 2, let lower = Self.number(bounds[0]),
                  let upper = Self.number(bounds[1]) else {
                throw inner.fail(name, "must be [min, max] with two finite numbers")
            }
            guard lower <= upper, allowed.contains(lower), allowed.contains(upper) else {
                throw inner.fail(name, "must be [min, max] with min ≤ max inside [\(formatSpecNumber(allowed.lowerBound)), "
                                 + "\(formatSpecNumber(allowed.upperBound))]")
            }
            return .uniform(lower, upper)
        }
        return .randomBezier(x1: try range("x1", 0...1), y1: try range("y1", -100...100), x2: try range("x2", 0...1),
                             y2: try range("y2", -100...100))
    }

    func timingFunction(_ text: String, at key: String) throws(ScenarioError) -> TimingFunction {
        do {
            return try TimingFunction(spec: text)
        } catch {
            throw fail(key, "is not a timing function: \(error.message)")
        }
    }

    /// A non-empty array of numeric fields, each possibly a distribution.
    func distributions(_ key: String, rule: (Double) -> String? = { _ in nil }) throws(ScenarioError) -> [NumberDistribution] {
        guard let raw = object[key] else { throw fail(key, "is missing") }
        guard let list = raw as? [Any], !list.isEmpty else { throw fail(key, "must be a non-empty array") }
        var result: [NumberDistribution] = []
        for (index, item) in list.enumerated() { result.append(try distribution(item, at: "\(key)[\(index)]", rule: rule)) }
        return result
    }

    /// A non-empty array of constant numbers.
    func numbers(_ key: String) throws(ScenarioError) -> [Double] {
        guard let list = object[key] as? [Any], !list.isEmpty else { throw fail(key, "must be a non-empty array of numbers") }
        var result: [Double] = []
        for (index, item) in list.enumerated() {
            guard let number = Self.number(item) else { throw fail("\(key)[\(index)]", "must be a finite number") }
            result.append(number)
        }
        return result
    }

    /// A nested object's reader.
    func nested(_ key: String) throws(ScenarioError) -> ScenarioReader {
        guard let value = object[key] else { throw fail(key, "is missing") }
        guard let inner = value as? [String: Any] else { throw fail(key, "must be an object") }
        return child(inner, path: fieldPath(key))
    }

    func fieldPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// Wraps a MotionCore validation error with this object's path.
    func validated<T>(_ body: () throws -> T) throws(ScenarioError) -> T {
        do {
            return try body()
        } catch {
            throw fail(nil, "is invalid: \(error)")
        }
    }

    /// JSON booleans arrive as NSNumber whose Objective-C type is `c` (char); 0 and 1 also bridge to Bool, so the
    /// type code is what tells them apart.
    static func isBoolean(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    /// A finite JSON number (not a boolean), or nil.
    static func number(_ value: Any) -> Double? {
        guard let number = value as? NSNumber, !isBoolean(value), number.doubleValue.isFinite else { return nil }
        return number.doubleValue
    }
}

/// Common rules for distribution values.
enum Rule {
    static func positive(_ value: Double) -> String? { value > 0 ? nil : "must be > 0" }
    static func unit(_ value: Double) -> String? { value >= 0 && value <= 1 ? nil : "must lie in [0, 1]" }
    /// Durations: from a microsecond to a day, so that a day of local time divided by a duration stays finite and
    /// exact enough.
    static func duration(_ value: Double) -> String? { value >= 1e-6 && value <= 86_400 ? nil : "must be in [1e-6, 86400] seconds" }
    /// Values a renderer shows: |v| ≤ 1e9.
    static func magnitude(_ value: Double) -> String? { abs(value) <= 1e9 ? nil : "must lie in [-1e9, 1e9]" }
}
