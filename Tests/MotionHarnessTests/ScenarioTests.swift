import Foundation
import MotionCore
import MotionEngine
@testable import MotionHarness
import XCTest

final class ScenarioTests: XCTestCase {
    static let scenarioDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../data/scenarios")

    /// The built-ins are exactly the files data/scenarios/*.json (read here from the directory, an independent path),
    /// byte for byte, each named by its file name.
    func testBuiltInScenariosAreTheFilesInDataScenarios() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.scenarioDirectory.path)
            .filter { $0.hasSuffix(".json") }
        XCTAssertGreaterThanOrEqual(files.count, 7)
        XCTAssertEqual(Set(Scenario.builtInNames), Set(files.map { String($0.dropLast(".json".count)) }))
        XCTAssertEqual(Scenario.builtInNames, Scenario.builtInNames.sorted(), "file-name order")
        for name in Scenario.builtInNames {
            let data = try Data(contentsOf: Self.scenarioDirectory.appendingPathComponent("\(name).json"))
            let embedded = try XCTUnwrap(BuiltInScenarios.files.first { $0.name == name })
            XCTAssertEqual(Data(embedded.bytes), data, "the embedded \(name) differs from data/scenarios/\(name).json")
            let scenario = try Scenario.named(name)
            XCTAssertEqual(scenario.name, name, "data/scenarios/\(name).json names itself \(scenario.name)")
            XCTAssertEqual(scenario.version, 2, name)
            XCTAssertFalse(scenario.entries.isEmpty)
        }
        XCTAssertNoThrow(try Scenario.named(Self.scenarioDirectory.appendingPathComponent("springs.json").path))
    }

    func testVersionOneFilesStillRun() throws {
        let directory = Self.scenarioDirectory.appendingPathComponent("v1")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }
        XCTAssertGreaterThanOrEqual(files.count, 7)
        for file in files {
            let scenario = try Scenario.named(directory.appendingPathComponent(file).path)
            XCTAssertEqual(scenario.version, 1)
            let clock = FrameClock.fixed(rate: 120, frames: 30)
            let workload = Workload(scenario: scenario, count: 300, clock: clock)
            // Version 1 means what it meant: begin times on whole frames of the run's rate.
            for layer in 0..<workload.count {
                let (group, local) = workload.group(of: layer)
                let frames = group.beginTime(local) / clock.nominalInterval
                XCTAssertEqual(frames, frames.rounded(), accuracy: 1e-9, file)
            }
            for index in 1...clock.frames { FrameHarness.evaluate(workload.store, frame: clock.frame(index), threads: 1) }
            XCTAssertLessThanOrEqual(FrameHarness.verify(workload, frame: clock.frame(clock.frames), layers: 300).1,
                                     FrameHarness.verifyTolerance, file)
        }
    }

    private func problem(_ json: String) -> String {
        do {
            _ = try Scenario(json: json, source: "test.json")
            return "accepted"
        } catch { return error.description }
    }

    func testBadFilesNameTheFieldAndProblem() {
        let base = #""name": "t", "animations": "#
        let cases: [(String, String)] = [
            ("{", "is not valid JSON"),
            (#"{"name": "t"}"#, "animations must be a non-empty array"),
            ("{\(base)[{\"kind\": \"wobble\"}]}", "animations[0].kind 'wobble' is not one of"),
            ("{\(base)[{\"kind\": \"basic\", \"from\": 0, \"to\": 1, \"duration\": -1}]}", "animations[0].duration must be in [1e-6, 86400]"),
            ("{\(base)[{\"kind\": \"basic\", \"from\": \"zero\", \"to\": 1, \"duration\": 1}]}", "animations[0].from must be a finite number"),
            ("{\(base)[{\"kind\": \"basic\", \"from\": 0, \"to\": 1, \"duration\": 1, \"easing\": \"cubic-bezier(2, 0, 1, 1)\"}]}",
             "animations[0].easing is not a timing function"),
            ("{\(base)[{\"kind\": \"spring\", \"springs\": [\"spring(mass: -1)\"], \"initialVelocity\": [0, 1]}]}",
             "animations[0].springs[0] is not a spring"),
            ("{\(base)[{\"kind\": \"spring\", \"springs\": [\"spring()\"], \"initialVelocity\": [3, 1]}]}",
             "animations[0].initialVelocity must have a ≤ b (found [3, 1])"),
            ("{\(base)[{\"kind\": \"pendulum\", \"duration\": 1, \"staggerFrames\": 2.5}]}", "animations[0].staggerFrames must be a whole number"),
            ("{\(base)[{\"kind\": \"interactive\", \"duration\": 1, \"scrubTo\": 2, \"scrubDuration\": 1}]}",
             "animations[0].scrubTo must lie in [0, 1]"),
            ("{\(base)[{\"kind\": \"keyframes\", \"values\": [0, 1], \"keyTimes\": [0], \"duration\": 1}]}", "animations[0] is invalid"),
            ("{\(base)[{\"kind\": \"transition\", \"type\": \"spin\", \"duration\": 1}]}", "animations[0].type 'spin'"),
            ("{\(base)[{\"kind\": \"basic\", \"from\": 0, \"to\": 1, \"duration\": 1, \"autoreverses\": 1}]}",
             "animations[0].autoreverses must be true or false"),
            (#"{"name": "t", "description": 5, "animations": [{"kind": "pendulum", "duration": 1}]}"#, "description must be a string"),
            ("{\(base)[{\"kind\": \"pendulum\", \"duration\": 1, \"color\": 1}]}", "animations[0].color is not a field of"),
            // Version 2 features in a version 1 file.
            ("{\(base)[{\"kind\": \"pendulum\", \"duration\": {\"uniform\": [1, 2]}}]}", "needs \"version\": 2"),
            ("{\(base)[{\"kind\": \"pendulum\", \"duration\": 1, \"begin\": 0.5}]}", "animations[0].begin needs \"version\": 2"),
        ]
        for (json, fragment) in cases {
            let message = problem(json)
            XCTAssertTrue(message.contains(fragment), "\(json): \(message)")
        }
        XCTAssertThrowsError(try Scenario.named("no-such-scenario"))
        XCTAssertThrowsError(try Scenario.named("/nonexistent/file.json"))
    }

    /// Version 1 files go through the same range checks as version 2: per kind, an out-of-range constant (and version
    /// 1's bare `[min, max]` velocity range) is an error naming the field, never a trap when layers are drawn.
    func testVersionOneValuesAreRangeChecked() {
        let base = #""name": "t", "animations": "#
        let cases: [(String, String, String)] = [
            ("basic", #"{"kind": "basic", "from": -1e300, "to": 1, "duration": 1}"#, "animations[0].from must lie in [-1e9, 1e9]"),
            ("spring", #"{"kind": "spring", "springs": ["spring()"], "initialVelocity": [-1e+308, 1e+308]}"#,
             "animations[0].initialVelocity[0] must lie in [-1e9, 1e9] (found -1e+308)"),
            ("spring", #"{"kind": "spring", "springs": ["spring()"], "to": 1e300}"#, "animations[0].to must lie in [-1e9, 1e9]"),
            ("keyframes", #"{"kind": "keyframes", "values": [0, 1e300], "duration": 1}"#, "animations[0].values[1] must lie in [-1e9, 1e9]"),
            ("pendulum", #"{"kind": "pendulum", "duration": 1e300}"#, "animations[0].duration must be in [1e-6, 86400] seconds"),
            ("card-flip", #"{"kind": "card-flip", "duration": 1, "scale": 1e300}"#, "animations[0].scale must be in (0, 1000]"),
            ("transition", #"{"kind": "transition", "type": "push", "duration": 1, "width": 1e300}"#,
             "animations[0].width must be in (0, 1000000] points"),
            ("interactive", #"{"kind": "interactive", "duration": 1, "scrubTo": 0.5, "scrubDuration": 1e300}"#,
             "animations[0].scrubDuration must be in [1e-6, 86400] seconds"),
        ]
        XCTAssertEqual(Set(cases.map(\.0)), Set(ScenarioKinds.all.map { $0.name }), "one case per kind")
        for (_, entry, fragment) in cases {
            let message = problem("{\(base)[\(entry)]}")
            XCTAssertTrue(message.contains(fragment), "\(entry): \(message)")
        }
        // The widest allowed version 1 range is accepted and its layers draw (the overflowing one trapped there).
        let widest = #"{"name": "t", "animations": [{"kind": "spring", "springs": ["spring()"], "initialVelocity": [-1e9, 1e9]}]}"#
        XCTAssertEqual(problem(widest), "accepted")
        if let scenario = try? Scenario(json: widest, source: "t.json") {
            XCTAssertEqual(Workload(scenario: scenario, count: 100, clock: .fixed(rate: 60, frames: 2)).count, 100)
        }
    }

    /// A file without "version" is read as version 1; a version-2 feature in it says so and how to ask for version 2.
    /// Every kind the header names has exactly one scenario kind, and each scenario kind's name is its engine kind's.
    func testEveryEngineKindHasOneScenarioKind() {
        let engineKinds = ScenarioKinds.all.map { $0.engineKind }
        XCTAssertEqual(engineKinds.count, Set(engineKinds).count, "no engine kind twice in ScenarioKinds.all")
        XCTAssertEqual(Set(engineKinds), Set(EngineLayerKind.allCases))
        for kind in ScenarioKinds.all { XCTAssertTrue(ScenarioKinds.named(kind.engineKind.name) == kind, kind.name) }
    }

    func testMissingVersionIsNamedInVersionTwoErrors() {
        let entries = [
            (#"{"kind": "pendulum", "duration": 1, "begin": 0.5}"#, "animations[0].begin needs \"version\": 2"),
            (#"{"kind": "pendulum", "duration": {"uniform": [1, 2]}}"#, "animations[0].duration is a distribution, which needs"),
            (#"{"kind": "basic", "from": 0, "to": 1, "duration": 1, "autoreverses": {"choice": [true, false]}}"#,
             "animations[0].autoreverses is a distribution"),
            (#"{"kind": "spring", "springs": ["spring()"], "retarget": {"share": 1, "after": 0.1, "to": 2}}"#,
             "animations[0].retarget needs"),
        ]
        for (entry, fragment) in entries {
            let implicit = problem(#"{"name": "t", "animations": ["# + entry + "]}")
            XCTAssertTrue(implicit.contains(fragment), implicit)
            XCTAssertTrue(implicit.contains("no \"version\", so it was read as version 1"), implicit)
            XCTAssertTrue(implicit.contains("add \"version\": 2"), implicit)
            // Said explicitly, version 1 gets the plain message, and version 2 accepts the entry.
            let explicit = problem(#"{"version": 1, "name": "t", "animations": ["# + entry + "]}")
            XCTAssertTrue(explicit.contains(fragment), explicit)
            XCTAssertFalse(explicit.contains("was read as version 1"), explicit)
            XCTAssertEqual(problem(#"{"version": 2, "name": "t", "animations": ["# + entry + "]}"), "accepted")
        }
    }

    func testBadVersionTwoFilesNameTheField() {
        let head = #"{"version": 2, "name": "t", "animations": "#
        let cases: [(String, String)] = [
            (#"[{"kind": "basic", "from": 0, "to": 1, "duration": {"uniform": [2, 1]}}]}"#, "animations[0].duration.uniform must have a ≤ b"),
            (#"[{"kind": "basic", "from": 0, "to": 1, "duration": {"normal": [1, 2]}}]}"#, "animations[0].duration has an unknown distribution 'normal'"),
            (#"[{"kind": "basic", "from": 0, "to": 1, "duration": {"uniform": [1, "2"]}}]}"#, "animations[0].duration.uniform must be [a, b]"),
            (#"[{"kind": "basic", "from": 0, "to": 1e999, "duration": 1}]}"#, "not valid JSON"),
            (#"[{"kind": "basic", "from": 0, "to": 1, "duration": {"choice": [1, 0]}}]}"#, "animations[0].duration.choice[1] must be in [1e-6, 86400]"),
            (#"[{"kind": "basic", "from": 0, "to": 1, "duration": {"choice": [1, 2], "weights": [1]}}]}"#, "animations[0].duration.weights must be an array of 2"),
            (#"[{"kind": "basic", "from": 0, "to": 1, "duration": {"choice": [1, 2], "weights": [0, 0]}}]}"#, "animations[0].duration.weights must not all be 0"),
            (#"[{"kind": "basic", "from": 0, "to": 1, "duration": 1, "easing": {"choice": ["ease", 3]}}]}"#, "animations[0].easing.choice[1] must be a timing-function spec"),
            (#"[{"kind": "basic", "from": 0, "to": 1, "duration": 1, "easing": {"randomBezier": {"x1": [0, 2], "y1": [0, 1], "x2": [0, 1], "y2": [0, 1]}}}]}"#,
             "animations[0].easing.randomBezier.x1 must be [min, max]"),
            (#"[{"kind": "basic", "value": "point", "from": [0], "to": [1, 1], "duration": 1}]}"#, "animations[0].from must have 2 components"),
            (#"[{"kind": "basic", "value": "vector", "from": 0, "to": 1, "duration": 1}]}"#, "animations[0].value 'vector' is not one of"),
            (#"[{"kind": "basic", "from": 0, "to": 1, "duration": 1, "begin": {"uniform": [-1, 1]}}]}"#, "animations[0].begin.uniform[0] must be in [0, 86400]"),
            (#"[{"kind": "spring", "springs": ["spring()"], "retarget": {"share": 2, "after": 0.1, "to": 1}}]}"#, "animations[0].retarget.share must lie in [0, 1]"),
            (#"[{"kind": "spring", "spring": {"response": {"uniform": [0.3, 0.5]}, "dampingRatio": -1}}]}"#, "animations[0].spring.dampingRatio must be in [0.01, 100]"),
            (#"[{"kind": "basic", "from": 0, "to": 1, "duration": 1, "autoreverses": {"choice": [true, 1]}}]}"#, "animations[0].autoreverses.choice[1] must be true or false"),
            (#"[{"kind": "card-flip", "duration": 1, "weight": true}]}"#, "animations[0].weight must be a finite number"),
        ]
        for (tail, fragment) in cases {
            let message = problem(head + tail)
            XCTAssertTrue(message.contains(fragment), "\(tail): \(message)")
        }
        XCTAssertTrue(problem(#"{"version": 3, "name": "t", "animations": []}"#).contains("version must be 1 or 2"))
    }

    /// The seed's documented range, 0…9e15, is inclusive: 9e15 itself is accepted (it was refused by a `< 9e15`
    /// check) and the next representable whole number above it, 9000000000000002, is refused, as are -1 and 0.5.
    func testSeedRangeIsInclusiveAsDocumented() throws {
        func scenario(seed: String) throws -> Scenario {
            try Scenario(json: #"{"name": "s", "seed": "# + seed
                         + #", "animations": [{"kind": "basic", "from": 0, "to": 1, "duration": 1}]}"#, source: "s.json")
        }
        XCTAssertEqual(try scenario(seed: "9000000000000000").seed, 9_000_000_000_000_000)
        XCTAssertEqual(try scenario(seed: "9e15").seed, 9_000_000_000_000_000)
        XCTAssertEqual(try scenario(seed: "0").seed, 0)
        XCTAssertEqual(Double(9_000_000_000_000_002), 9e15 + 2, "the refused value is exact as a JSON number")
        for bad in ["9000000000000002", "9.000000000000002e15", "1e16", "1e300", "-1", "0.5", "true", "\"1\""] {
            XCTAssertThrowsError(try scenario(seed: bad), bad) { error in
                let message = "\(error)"
                XCTAssertTrue(message.contains("seed must be a whole number in 0…9e15")
                              || message.contains("seed must be a finite number"), "\(bad): \(message)")
            }
        }
    }

    func testDistributionsDrawWithinTheirRanges() throws {
        let scenario = try Scenario(json: #"""
        {"version": 2, "name": "d", "seed": 5, "animations": [{"kind": "basic", "value": "color",
          "from": [0, 0, {"choice": [0.25, 0.75], "weights": [1, 3]}, 1], "to": [{"uniform": [0.5, 1]}, 1, 1, 1],
          "duration": {"uniform": [0.2, 0.4]}, "begin": {"uniform": [0, 0.05]},
          "easing": {"randomBezier": {"x1": [0.1, 0.5], "y1": [-1, 2], "x2": [0.5, 0.9], "y2": [0, 1]}}}]}
        """#, source: "d.json")
        let clock = FrameClock.fixed(rate: 120, frames: 5)
        let workload = Workload(scenario: scenario, count: 4_000, clock: clock)
        let layers = try XCTUnwrap((workload.groups.first as? BasicGroup)?.layers)
        XCTAssertEqual(layers.components, 4)
        var quarter = 0
        for i in 0..<layers.count {
            let timing = layers.schedule.parameters(i)
            XCTAssertTrue((0.2...0.4).contains(timing.duration))
            XCTAssertTrue((0...0.05).contains(timing.begin))
            XCTAssertTrue((0.5...1).contains(layers.values(i, component: 0).to))
            let blue = layers.values(i, component: 2).from
            XCTAssertTrue([0.25, 0.75].contains(blue))
            if blue == 0.25 { quarter += 1 }
            XCTAssertTrue((0.1...0.5).contains(try XCTUnwrap(layers.schedule.curve(i)).x1), "own curve x1")
        }
        XCTAssertEqual(Double(quarter) / 4_000, 0.25, accuracy: 0.03, "weights 1 : 3")
    }

    func testFrameClocks() throws {
        let fixed = FrameClock.fixed(rate: 60, frames: 3)
        XCTAssertEqual(fixed.times, [1.0 / 60, 2.0 / 60, 3.0 / 60])
        let vrr = FrameClock.variableRefresh(rate: 120, frames: 2_000, seed: 4)
        XCTAssertEqual(vrr.times, FrameClock.variableRefresh(rate: 120, frames: 2_000, seed: 4).times, "seeded")
        let intervals = Set(zip(vrr.times.dropFirst(), vrr.times).map { (($0 - $1) * 240).rounded() })
        XCTAssertEqual(intervals, [2, 3, 4, 6, 8], "120, 80 and 60 Hz, and each doubled by a drop")
        XCTAssertFalse(vrr.isFixedRate)

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("clock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = directory.appendingPathComponent("good.txt").path
        try "# display link\n100.0\n100.008\n\n100.02\n".write(toFile: good, atomically: true, encoding: .utf8)
        let clock = try FrameClock.file(good, frames: nil)
        XCTAssertEqual(clock.frames, 2)
        XCTAssertEqual(clock.times[1], 0.02, accuracy: 1e-12)
        for (text, fragment) in [("1\n1\n", "line 2 (1) is not after"), ("1\nx\n", "line 2 'x' is not a finite number"),
                                 ("1\n", "needs at least two timestamps")] {
            let path = directory.appendingPathComponent("bad.txt").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertThrowsError(try FrameClock.file(path, frames: nil)) { error in
                XCTAssertTrue("\(error)".contains(fragment), "\(error)")
            }
        }
    }
}
