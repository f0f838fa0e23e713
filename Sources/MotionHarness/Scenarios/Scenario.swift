import MotionSupport
import Foundation
import MotionCore
import MotionEngine

/// A frame-harness workload: a weighted mix of animation entries, each drawing its layers' own parameters.
///
/// The JSON schema is documented in `data/scenarios/README.md`. Version 2 (`"version": 2`) lets any numeric field be a
/// distribution, easings be a weighted list or random Béziers, and begin times be continuous seconds (`begin`);
/// version-1 files (no `version`) still load and mean what they meant: constants, and begin times on whole frames
/// (`staggerFrames`). Layers are apportioned to entries by weight; everything random is drawn from `seed`.
public struct Scenario: Sendable {
    /// One entry of the mix.
    public struct Entry: Sendable {
        /// The kind (its `name` is the `kind` value in the file).
        public let kind: EngineLayerKind
        /// Relative share of layers (> 0).
        public let weight: Double
        /// Begin times of the entry's layers.
        public let begin: BeginTimes
        /// The parsed kind-specific fields.
        let recipe: any LayerRecipe

        /// Why this entry's layers differ beyond their begin times, or nil when they share every parameter.
        public var variation: String? { recipe.variation }
    }

    /// How an entry's layers are spread in time.
    public enum BeginTimes: Sendable {
        /// Whole frames drawn uniformly from 0…n, at the run's nominal frame interval (version 1's `staggerFrames`).
        case staggerFrames(Int)
        /// Seconds, drawn from a distribution (`begin`).
        case seconds(NumberDistribution)

        /// Draws one begin time in seconds for a clock of nominal interval `interval`.
        func sample(interval: Double, _ generator: inout SplitMix64) -> Double {
            switch self {
            case .staggerFrames(let frames): return Double(Int.random(in: 0...frames, using: &generator)) * interval
            case .seconds(let distribution): return distribution.sample(&generator)
            }
        }

        /// Whether every begin time lies on a frame of the nominal clock.
        var isOnFrames: Bool {
            if case .staggerFrames = self { return true }
            if case .seconds(let distribution) = self { return distribution == .constant(0) }
            return false
        }
    }

    /// Name (built-in name or file name).
    public let name: String
    /// What the workload represents.
    public let description: String
    /// Schema version (1 or 2).
    public let version: Int
    /// Seed of every random draw.
    public let seed: UInt64
    /// The mix.
    public let entries: [Entry]
    /// The text the scenario was read from, which rebuilds it in an engine's child process.
    package let origin: ScenarioSource
}

extension Scenario {
    /// Fields allowed at the top level.
    /// The largest seed a scenario may give (inclusive): 9e15.
    public static let maxSeed: Double = 9e15

    static let topFields: Set<String> = ["name", "description", "version", "seed", "animations"]
    /// Fields every entry may have.
    static let entryFields: Set<String> = ["kind", "weight", "begin", "staggerFrames"]

    /// Parses and validates a scenario from JSON text; `source` names it in errors.
    public init(json text: String, source: String) throws(ScenarioError) {
        let object: Any
        do {
            object = try StrictJSON.parse(Data(text.utf8))
        } catch {
            throw ScenarioError(source: source, field: "(file)", problem: "is not valid JSON: \(error)")
        }
        guard let root = object as? [String: Any] else {
            throw ScenarioError(source: source, field: "(top level)", problem: "must be an object")
        }
        var reader = ScenarioReader(source: source, version: 1, object: root, path: "")
        let version = try reader.number("version", default: 1)
        guard version == 1 || version == 2 else { throw reader.fail("version", "must be 1 or 2") }
        reader = ScenarioReader(source: source, version: Int(version), object: root, path: "", versionAssumed: !reader.has("version"))
        try reader.requireOnly(Self.topFields, what: "a scenario")
        name = try reader.string("name")
        description = try reader.string("description", default: "")
        let seedValue = try reader.number("seed", default: 1)
        // 0…9e15 inclusive, as data/scenarios/README.md documents (every whole number in it is exact as a Double).
        guard seedValue >= 0, seedValue <= Self.maxSeed, let wholeSeed = UInt64(exactly: seedValue) else {
            throw reader.fail("seed", "must be a whole number in 0…9e15")
        }
        seed = wholeSeed
        self.version = Int(version)
        guard let list = root["animations"] as? [Any], !list.isEmpty else {
            throw reader.fail("animations", "must be a non-empty array")
        }
        var entries: [Entry] = []
        for (index, item) in list.enumerated() {
            let path = "animations[\(index)]"
            guard let entryObject = item as? [String: Any] else {
                throw ScenarioError(source: source, field: path, problem: "must be an object")
            }
            entries.append(try Self.entry(reader.child(entryObject, path: path)))
        }
        let total = entries.reduce(0) { $0 + $1.weight }
        guard total.isFinite else { throw reader.fail("animations", "weights must add up to a finite number") }
        self.entries = entries
        origin = ScenarioSource(source: source, json: text)
    }

    static func entry(_ reader: ScenarioReader) throws(ScenarioError) -> Entry {
        let kindName = try reader.string("kind")
        guard let kind = ScenarioKinds.named(kindName) else {
            throw reader.fail("kind", "'\(kindName)' is not one of \(ScenarioKinds.all.map { $0.name }.joined(separator: ", "))")
        }
        try reader.requireOnly(entryFields.union(kind.fields), what: "a '\(kindName)' entry")
        let weight = try reader.number("weight", default: 1)
        guard weight > 0, weight <= 1e12 else { throw reader.fail("weight", "must be in (0, 1e12] (found \(formatSpecNumber(weight)))") }
        let begin: BeginTimes
        if reader.has("begin") {
            guard reader.version >= 2 else { throw reader.needsVersionTwo("begin", hint: "version 1 has staggerFrames") }
            guard !reader.has("staggerFrames") else { throw reader.fail("begin", "cannot be given together with staggerFrames") }
            begin = .seconds(try reader.distribution("begin") { $0 >= 0 && $0 <= 86_400 ? nil : "must be in [0, 86400] seconds" })
        } else {
            let stagger = try reader.number("staggerFrames", default: 0)
            guard stagger >= 0, stagger == stagger.rounded(), stagger <= 1_000_000 else {
                throw reader.fail("staggerFrames", "must be a whole number in 0…1000000")
            }
            begin = .staggerFrames(Int(stagger))
        }
        return Entry(kind: kind.engineKind, weight: weight, begin: begin, recipe: try kind.recipe(reader))
    }
}

extension Scenario {
    /// The built-in scenario names: the files `data/scenarios/*.json` embedded at build time, in file-name order.
    public static var builtInNames: [String] { BuiltInScenarios.names }

    /// A built-in scenario by name, or a scenario file by path.
    /// - Throws: `ScenarioError` naming the file and field, or an unknown name.
    public static func named(_ nameOrPath: String) throws(ScenarioError) -> Scenario {
        if let text = BuiltInScenarios.json(nameOrPath) { return try Scenario(json: text, source: nameOrPath) }
        guard nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") || FileManager.default.fileExists(atPath: nameOrPath) else {
            throw ScenarioError(source: nameOrPath, field: "(name)",
                                problem: "is neither a built-in scenario (\(builtInNames.joined(separator: ", "))) nor a file")
        }
        let data: Data
        do {
            data = try InputFile.read(nameOrPath)
        } catch {
            throw ScenarioError(source: nameOrPath, field: "(file)", problem: error.reason)
        }
        return try Scenario(json: String(decoding: data, as: UTF8.self), source: nameOrPath)
    }
}
