import Foundation
import MotionCore

/// A frame-harness workload: a weighted mix of animation kinds, each with its own staggering of begin frames.
///
/// The JSON schema is documented in `data/scenarios/README.md`. Every entry of `animations` becomes one or more
/// `LayerProgram`s; layers are assigned to entries in proportion to their weights, with begin frames drawn
/// uniformly from 0…`staggerFrames` by a generator seeded with `seed`.
public struct Scenario: Sendable {
    /// One animation entry of the mix.
    public struct Entry: Sendable {
        /// The kind and its parameters.
        public let kind: Kind
        /// Relative share of layers (> 0).
        public let weight: Double
        /// Begin frames are uniform in 0…staggerFrames.
        public let staggerFrames: Int
    }

    /// The animation kinds the harness knows.
    public enum Kind: Sendable {
        /// A basic animation of a scalar (opacity, position …) from → to.
        case basic(from: Double, to: Double, timing: MediaTiming)
        /// Position springs: each layer picks one of `springs` and an initial velocity in `velocityRange`.
        case spring(springs: [Spring], velocityRange: ClosedRange<Double>)
        /// Keyframes of a scalar.
        case keyframes(KeyframeAnimation<Double>)
        /// The pendulum UIView keyframe sequence: rotation (radians) and a final shift (points).
        case pendulum(rotation: ViewKeyframes<Double>, shift: ViewKeyframes<Double>)
        /// The card flip: a group of rotation.y 0 → −π and an autoreversing scale; outputs angle and scale.
        case cardFlip(group: AnimationGroup, rotation: BasicAnimation<Double>, scale: BasicAnimation<Double>)
        /// A transition: outputs the two layers' offsets (opacities for fade).
        case transition(Transition, timing: MediaTiming)
        /// A percent-driven transition scrubbed to a percent, then finished or cancelled; outputs percent and
        /// offset.
        case interactive(InteractiveTransition, scrubTo: Double, scrubDuration: Double, finish: Bool, width: Double)
    }

    /// Name (built-in name or file name).
    public let name: String
    /// What the workload represents.
    public let description: String
    /// Seed of the layer assignment.
    public let seed: UInt64
    /// The mix.
    public let entries: [Entry]
}

extension Scenario {
    /// Parses and validates a scenario from JSON text; `source` names it in errors.
    public init(json text: String, source: String) throws(ScenarioError) {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        } catch {
            throw ScenarioError(source: source, field: "(file)", problem: "is not valid JSON: \(error.localizedDescription)")
        }
        let reader = FieldReader(source: source)
        let root = try reader.object(object, at: "(top level)")
        name = try reader.string(root, "name", at: "name")
        description = (try? reader.string(root, "description", at: "description")) ?? ""
        let seedValue = try reader.number(root, "seed", at: "seed", default: 1)
        guard seedValue >= 0, seedValue == seedValue.rounded(), seedValue < 9e15 else {
            throw ScenarioError(source: source, field: "seed", problem: "must be a whole number ≥ 0")
        }
        seed = UInt64(seedValue)
        guard let list = root["animations"] as? [Any], !list.isEmpty else {
            throw ScenarioError(source: source, field: "animations", problem: "must be a non-empty array")
        }
        var entries: [Entry] = []
        for (index, item) in list.enumerated() {
            entries.append(try reader.entry(item, at: "animations[\(index)]"))
        }
        self.entries = entries
    }
}

/// Reads typed fields with JSON-path error messages.
struct FieldReader {
    let source: String

    func fail(_ path: String, _ problem: String) -> ScenarioError {
        ScenarioError(source: source, field: path, problem: problem)
    }

    func object(_ value: Any, at path: String) throws(ScenarioError) -> [String: Any] {
        guard let object = value as? [String: Any] else { throw fail(path, "must be an object") }
        return object
    }

    func string(_ object: [String: Any], _ key: String, at path: String) throws(ScenarioError) -> String {
        guard let value = object[key] else { throw fail(path, "is missing") }
        guard let text = value as? String else { throw fail(path, "must be a string") }
        return text
    }

    func number(_ object: [String: Any], _ key: String, at path: String, default fallback: Double? = nil)
        throws(ScenarioError) -> Double
    {
        guard let value = object[key] else {
            if let fallback { return fallback }
            throw fail(path, "is missing")
        }
        guard let number = Self.number(value) else { throw fail(path, "must be a finite number") }
        return number
    }

    func positive(_ object: [String: Any], _ key: String, at path: String, default fallback: Double? = nil)
        throws(ScenarioError) -> Double
    {
        let value = try number(object, key, at: path, default: fallback)
        guard value > 0 else { throw fail(path, "must be > 0 (found \(formatSpecNumber(value)))") }
        return value
    }

    func bool(_ object: [String: Any], _ key: String, at path: String, default fallback: Bool) throws(ScenarioError) -> Bool {
        guard let value = object[key] else { return fallback }
        guard Self.isBoolean(value), let flag = value as? Bool else { throw fail(path, "must be true or false") }
        return flag
    }

    /// JSON booleans arrive as NSNumber subclasses whose Objective-C type is `c` (char); 0 and 1 also bridge to Bool,
    /// so the type code is what tells them apart.
    static func isBoolean(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    /// A finite JSON number (not a boolean), or nil.
    static func number(_ value: Any) -> Double? {
        guard let number = value as? NSNumber, !isBoolean(value), number.doubleValue.isFinite else { return nil }
        return number.doubleValue
    }

    func easing(_ object: [String: Any], at path: String) throws(ScenarioError) -> TimingFunction {
        guard object["easing"] != nil else { return .linear(.identity) }
        let text = try string(object, "easing", at: path)
        do {
            return try TimingFunction(spec: text)
        } catch {
            throw fail(path, "is not a timing function: \(error.message)")
        }
    }

    func numbers(_ object: [String: Any], _ key: String, at path: String) throws(ScenarioError) -> [Double] {
        guard let list = object[key] as? [Any], !list.isEmpty else { throw fail(path, "must be a non-empty array of numbers") }
        var result: [Double] = []
        for (index, item) in list.enumerated() {
            guard let number = Self.number(item) else { throw fail("\(path)[\(index)]", "must be a finite number") }
            result.append(number)
        }
        return result
    }

    /// Wraps a MotionCore validation error with the field path.
    func validated<T>(_ path: String, _ body: () throws -> T) throws(ScenarioError) -> T {
        do {
            return try body()
        } catch {
            throw fail(path, "is invalid: \(error)")
        }
    }

    func entry(_ value: Any, at path: String) throws(ScenarioError) -> Scenario.Entry {
        let object = try self.object(value, at: path)
        let kindName = try string(object, "kind", at: "\(path).kind")
        let weight = try positive(object, "weight", at: "\(path).weight", default: 1)
        let stagger = try number(object, "staggerFrames", at: "\(path).staggerFrames", default: 0)
        guard stagger >= 0, stagger == stagger.rounded(), stagger <= 1_000_000 else {
            throw fail("\(path).staggerFrames", "must be a whole number in 0…1000000")
        }
        let duration = { () throws(ScenarioError) -> Double in try self.positive(object, "duration", at: "\(path).duration") }
        let kind: Scenario.Kind
        switch kindName {
        case "basic":
            let repeatCount = try number(object, "repeatCount", at: "\(path).repeatCount", default: 0)
            let autoreverses = try bool(object, "autoreverses", at: "\(path).autoreverses", default: false)
            let easing = try self.easing(object, at: "\(path).easing")
            let seconds = try duration()
            let timing = try validated("\(path)") {
                try MediaTiming(duration: seconds, repeatCount: repeatCount, autoreverses: autoreverses, fillMode: .both,
                                removedOnCompletion: false, timingFunction: easing)
            }
            kind = .basic(from: try number(object, "from", at: "\(path).from"), to: try number(object, "to", at: "\(path).to"),
                          timing: timing)
        case "spring":
            guard let specs = object["springs"] as? [Any], !specs.isEmpty else {
                throw fail("\(path).springs", "must be a non-empty array of spring specs")
            }
            var springs: [Spring] = []
            for (index, item) in specs.enumerated() {
                guard let text = item as? String else { throw fail("\(path).springs[\(index)]", "must be a string") }
                do {
                    springs.append(try Spring(spec: text))
                } catch {
                    throw fail("\(path).springs[\(index)]", "is not a spring: \(error.message)")
                }
            }
            let range = try numbers(object, "initialVelocity", at: "\(path).initialVelocity")
            guard range.count == 2, range[0] <= range[1] else {
                throw fail("\(path).initialVelocity", "must be [min, max] with min ≤ max")
            }
            kind = .spring(springs: springs, velocityRange: range[0]...range[1])
        case "keyframes":
            let values = try numbers(object, "values", at: "\(path).values")
            let keyTimes = object["keyTimes"] == nil ? nil : try numbers(object, "keyTimes", at: "\(path).keyTimes")
            let modeName = (try? string(object, "calculationMode", at: "\(path).calculationMode")) ?? "linear"
            guard let mode = KeyframeAnimation<Double>.CalculationMode(rawValue: modeName) else {
                throw fail("\(path).calculationMode", "'\(modeName)' is not one of linear, discrete, paced, cubic, cubicPaced")
            }
            let easing = try self.easing(object, at: "\(path).easing")
            let seconds = try duration()
            kind = .keyframes(try validated(path) {
                try KeyframeAnimation(values: values, keyTimes: keyTimes, calculationMode: mode, timing: MediaTiming(
                    duration: seconds, fillMode: .both, removedOnCompletion: false, timingFunction: easing))
            })
        case "pendulum":
            let seconds = try duration()
            kind = try validated(path) { try Self.pendulum(duration: seconds) }
        case "card-flip":
            let seconds = try duration()
            let shrink = try number(object, "scale", at: "\(path).scale", default: 0.8)
            kind = try validated(path) { try Self.cardFlip(duration: seconds, scale: shrink) }
        case "transition":
            let typeName = try string(object, "type", at: "\(path).type")
            guard let type = Transition.Kind(rawValue: typeName) else {
                throw fail("\(path).type", "'\(typeName)' is not one of fade, moveIn, push, reveal")
            }
            let subtypeName = (try? string(object, "subtype", at: "\(path).subtype")) ?? "fromLeft"
            guard let subtype = Transition.Subtype(rawValue: subtypeName) else {
                throw fail("\(path).subtype", "'\(subtypeName)' is not one of fromLeft, fromRight, fromTop, fromBottom")
            }
            let width = try positive(object, "width", at: "\(path).width", default: 320)
            let easing = try self.easing(object, at: "\(path).easing")
            let seconds = try duration()
            kind = try validated(path) {
                .transition(try Transition(kind: type, subtype: subtype, size: Size(width: width, height: width)),
                            timing: try MediaTiming(duration: seconds, fillMode: .both, removedOnCompletion: false,
                                                    timingFunction: easing))
            }
        case "interactive":
            let seconds = try duration()
            let scrubTo = try number(object, "scrubTo", at: "\(path).scrubTo")
            guard scrubTo >= 0, scrubTo <= 1 else { throw fail("\(path).scrubTo", "must lie in [0, 1]") }
            let scrubDuration = try positive(object, "scrubDuration", at: "\(path).scrubDuration")
            let finish = try bool(object, "finish", at: "\(path).finish", default: true)
            let speed = try positive(object, "completionSpeed", at: "\(path).completionSpeed", default: 1)
            let width = try positive(object, "width", at: "\(path).width", default: 320)
            let transition = try validated(path) { try InteractiveTransition(duration: seconds, completionSpeed: speed) }
            kind = .interactive(transition, scrubTo: scrubTo, scrubDuration: scrubDuration, finish: finish, width: width)
        default:
            throw fail("\(path).kind", "'\(kindName)' is not one of basic, spring, keyframes, pendulum, card-flip, "
                       + "transition, interactive")
        }
        return Scenario.Entry(kind: kind, weight: weight, staggerFrames: Int(stagger))
    }

    /// The pendulum seed: rotations of −270°, 180°, 234°, 144° and a final shift of 100 points with rotation 0°, at
    /// relative start times 0, 0.15, 0.25, 0.45, 0.65, each until the next start.
    static func pendulum(duration: Double) throws -> Scenario.Kind {
        let starts = [0, 0.15, 0.25, 0.45, 0.65]
        func frames(_ values: [Double]) -> [ViewKeyframes<Double>.Keyframe] {
            values.indices.map { index in
                .init(relativeStartTime: starts[index],
                      relativeDuration: (index + 1 < starts.count ? starts[index + 1] : 1) - starts[index], value: values[index])
            }
        }
        let degrees: [Double] = [-270, 180, 234, 144, 0]
        return .pendulum(
            rotation: try ViewKeyframes(duration: duration, initialValue: 0, keyframes: frames(degrees.map { $0 * .pi / 180 })),
            shift: try ViewKeyframes(duration: duration, initialValue: 0, keyframes: frames([0, 0, 0, 0, 100])))
    }

    /// The card-flip seed: rotation.y 0 → −π (easeInEaseOut) and a scale to `scale` that autoreverses, in a group
    /// that fills forwards (children too).
    static func cardFlip(duration: Double, scale: Double) throws -> Scenario.Kind {
        let hold = { (seconds: Double, autoreverses: Bool, easing: TimingFunction) in
            try MediaTiming(duration: seconds, autoreverses: autoreverses, fillMode: .forwards, removedOnCompletion: false,
                            timingFunction: easing)
        }
        return .cardFlip(
            group: AnimationGroup(timing: try hold(duration, false, .linear(.identity))),
            rotation: try BasicAnimation(from: 0, to: -Double.pi, timing: try hold(duration, false, .cubicBezier(.easeInOut))),
            scale: try BasicAnimation(from: 1, to: scale, timing: try hold(duration / 2, true, .linear(.identity))))
    }
}

extension Scenario {
    /// The built-in scenario names: fade, springs, keyframes, card-flip, transitions, interactive, mixed.
    public static let builtInNames = ["mixed", "fade", "springs", "keyframes", "card-flip", "transitions", "interactive"]

    /// A built-in scenario by name, or a scenario file by path.
    /// - Throws: `ScenarioError` naming the file and field, or an unknown name.
    public static func named(_ nameOrPath: String) throws(ScenarioError) -> Scenario {
        if let text = BuiltInScenarios.json[nameOrPath] { return try Scenario(json: text, source: nameOrPath) }
        guard nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") || FileManager.default.fileExists(atPath: nameOrPath) else {
            throw ScenarioError(source: nameOrPath, field: "(name)",
                                problem: "is neither a built-in scenario (\(builtInNames.joined(separator: ", "))) nor a file")
        }
        guard let data = FileManager.default.contents(atPath: nameOrPath) else {
            throw ScenarioError(source: nameOrPath, field: "(file)", problem: "cannot be read")
        }
        return try Scenario(json: String(decoding: data, as: UTF8.self), source: nameOrPath)
    }
}
