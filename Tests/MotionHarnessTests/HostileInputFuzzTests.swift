import MotionGate
import Foundation
import MotionCore
import MotionHarness
import XCTest

/// Seeded property tests of the hostile-input contract (`InputContract`): about 2,000 generated and mutated specs,
/// scenario files and baselines through the same entry points the command line uses. Each must be rejected with an
/// error or give finite answers; a trap fails the whole run. The seed is fixed so that a failure reproduces.
final class HostileInputFuzzTests: XCTestCase {
    /// Numbers a hostile user types.
    static let numbers = ["0", "-0", "1", "-1", "0.5", "2", "-2", "1e308", "-1e308", "1e-308", "5e-324", "1e155", "1e-160",
                          "1e400", "-1e400", "nan", "inf", "-inf", "1e", "0x10", "1_000", "", "9999999999999999999999",
                          "1e-320", "1.7976931348623157e308", "100", "1500", "0.001", "3", "."]
    static let functionNames = ["cubic-bezier", "steps", "linear", "spring", "uikit-spring", "android-spring", "origami-spring",
                                "rn-spring", "motion-spring", "flutter-spring", "rotate", "rotate3d", "scale", "translate",
                                "matrix", "matrix3d", "skew", "perspective", "rotateY", "translate3d", "ease", "frobnicate"]
    static let labels = ["mass", "stiffness", "damping", "initialVelocity", "response", "dampingRatio", "duration", "bounce",
                         "tension", "friction", "bounciness", "speed", "visualDuration", "ratio", "jump-start", "nope"]
    static let plausible = ["0", "0.1", "0.25", "0.5", "0.75", "1", "2", "10", "100", "-0.5", "1e-6", "1e6", "1e100", "1e-100",
                            "1e150", "1e-150", "1e300", "1e70"]
    static let arity = ["cubic-bezier": 4, "steps": 1, "linear": 3, "spring": 4, "uikit-spring": 2, "android-spring": 2,
                        "origami-spring": 2, "rn-spring": 2, "motion-spring": 2, "flutter-spring": 3, "rotate": 1, "rotate3d": 4,
                        "scale": 2, "translate": 2, "matrix": 6, "matrix3d": 16, "skew": 2, "perspective": 1, "rotateY": 1,
                        "translate3d": 3, "ease": 0]
    static let units = ["", "", "deg", "turn", "rad", "grad", "px", "%", "s"]
    static let seeds = ["ease", "cubic-bezier(0.25, 0.1, 0.25, 1)", "steps(4, jump-end)", "linear(0, 0.25 50%, 1)",
                        "spring(mass: 1, stiffness: 100, damping: 10)", "spring(duration: 0.5, bounce: 0.3)",
                        "uikit-spring(duration: 0.6, dampingRatio: 0.7)", "rotate(45deg) scale(2)",
                        "matrix3d(1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1)", "perspective(1500px) rotateY(-180deg)"]

    private var generator = SplitMix64(seed: 0x5EED_F0CC)

    private func pick<T>(_ list: [T]) -> T { list[Int(generator.next() % UInt64(list.count))] }
    private func chance(_ percent: UInt64) -> Bool { generator.next() % 100 < percent }

    /// A spec built from names, labels, hostile numbers and units, or a valid spec mutated byte by byte.
    private func spec() -> String {
        if chance(40) {
            var bytes = Array(pick(Self.seeds).utf8)
            for _ in 0..<(1 + Int(generator.next() % 4)) where !bytes.isEmpty {
                let index = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 4 {
                case 0: bytes.remove(at: index)
                case 1: bytes.insert(UInt8(truncatingIfNeeded: generator.next()), at: index)
                case 2: bytes.insert(contentsOf: Array(pick(Self.numbers).utf8), at: index)
                default: bytes[index] = pick(Array("(),:% -.e\u{1B}".utf8))
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        var functions: [String] = []
        for _ in 0..<(1 + Int(generator.next() % 3)) {
            let name = pick(Self.functionNames)
            // Mostly the arity the function takes, so that many specs parse and their answers get checked.
            let count = chance(80) ? (Self.arity[name] ?? 2) : Int(generator.next() % 6)
            let labelled = name.hasSuffix("spring") && chance(50)
            let arguments = (0..<count).map { _ -> String in
                let number = chance(70) ? pick(Self.plausible) : pick(Self.numbers)
                let unit = ["rotate", "rotateY", "skew"].contains(name) ? pick(["deg", "turn", "rad"]) : (chance(10) ? pick(Self.units) : "")
                return labelled ? "\(pick(Self.labels)): \(number)" : number + unit
            }
            functions.append("\(name)(\(arguments.joined(separator: chance(90) ? ", " : " ")))")
        }
        return functions.joined(separator: " ")
    }

    func testGeneratedAndMutatedSpecsKeepTheContract() {
        var violations: [String] = [], parsed = 0
        for _ in 0..<1_500 {
            let text = spec()
            if (try? MotionSpec(parsing: text)) != nil || (try? TransformList(spec: text)) != nil { parsed += 1 }
            if let problem = InputContract.checkSpec(text) { violations.append(problem) }
        }
        XCTAssertEqual(violations, [])
        XCTAssertGreaterThan(parsed, 80, "enough generated specs must be valid for their answers to be checked")
    }

    /// A JSON value with hostile leaves in place of some of `value`'s.
    private func mutate(_ value: Any, depth: Int = 0) -> Any {
        if chance(6) {
            let leaves: [Any] = [1e308, -1e308, 5e-324, 0, -1, 1e12, 1e20, "x", "", true, NSNull(), [Any](), [String: Any](),
                                 ["uniform": [1e308, -1e308]], ["choice": [Any](), "weights": [-1]], ["uniform": [2, 1]],
                                 "spring(mass: 1e-160)", "cubic-bezier(2, 0, 0, 1)", "\u{1}\u{1B}[2J"]
            return pick(leaves)
        }
        if var object = value as? [String: Any] {
            for key in object.keys.sorted() {
                if chance(3) { object[key] = nil } else { object[key] = mutate(object[key]!, depth: depth + 1) }
            }
            if chance(3) { object[pick(["bogus", "weight", "begin", "values", "calculationMode", "subtype"])] = pick([5, "5"] as [Any]) }
            return object
        }
        if let array = value as? [Any] { return array.map { mutate($0, depth: depth + 1) } }
        return value
    }

    func testMutatedScenarioFilesKeepTheContract() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data/scenarios")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 7)
        let originals = try files.map { try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent($0))) }
        var violations: [String] = [], accepted = 0
        for round in 0..<300 {
            let mutated = mutate(originals[round % originals.count])
            guard JSONSerialization.isValidJSONObject(mutated), let data = try? JSONSerialization.data(withJSONObject: mutated) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            if (try? Scenario(json: text, source: "fuzz")) != nil { accepted += 1 }
            if let problem = InputContract.checkScenario(text, layers: 24) { violations.append(problem) }
        }
        XCTAssertEqual(violations, [])
        XCTAssertGreaterThan(accepted, 10, "the mutations should leave some scenarios valid, so that runs are exercised")
    }

    func testMutatedBaselinesKeepTheContract() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data/baselines/linux-x86_64-release.json")
        let original = try JSONSerialization.jsonObject(with: Data(contentsOf: path))
        var violations: [String] = []
        for _ in 0..<200 {
            let mutated = mutate(original)
            guard JSONSerialization.isValidJSONObject(mutated), let data = try? JSONSerialization.data(withJSONObject: mutated) else { continue }
            if let problem = InputContract.checkBaseline(data) { violations.append(problem) }
        }
        for text in ["", "{", "[]", "null", "{\"version\": 1e400}", String(repeating: "[", count: 5000), "{\"version\": 1,}"] {
            if let problem = InputContract.checkBaseline(Data(text.utf8)) { violations.append(problem) }
        }
        XCTAssertEqual(violations, [])
    }
}
