import Foundation
import XCTest
import MotionTestSupport

final class RunCommandTests: XCTestCase {
    func testVariableRefreshAndFrameFileWithVerify() throws {
        let times = FileManager.default.temporaryDirectory.appendingPathComponent("times-\(UUID().uuidString).txt").path
        try "0\n0.008\n0.0166\n0.03\n0.0334\n".write(toFile: times, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: times) }
        for clock in ["vrr", times] {
            let result = try CommandRunner.run(["run", "--scenario", "mixed", "--layers", "3000", "--frames", "30",
                                                "--frame-times", clock, "--format", "json", "--verify"])
            XCTAssertEqual(result.status, 0, result.standardError)
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
            let first = try XCTUnwrap((object["results"] as? [[String: Any]])?.first)
            XCTAssertEqual(first["frames"] as? Int, clock == "vrr" ? 30 : 4)
            XCTAssertTrue((first["clock"] as? String ?? "").contains(clock == "vrr" ? "vrr" : "times-"))
            let verification = try XCTUnwrap(first["verification"] as? [String: Any])
            XCTAssertLessThanOrEqual(try XCTUnwrap(verification["maxError"] as? Double), 1e-12)
        }
    }

    func testVerifyPassesSpringsThrownAtTheLargestInitialVelocity() throws {
        // initialVelocity ±1e9 progress units per second (the documented limit): the spring moves by |v0|/ω0, far more
        // than its travel, and --verify holds batch to scalar relative to that motion, so it passes.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("throws-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try #"""
        {"version": 2, "name": "throws", "seed": 5, "animations": [
          {"kind": "spring", "weight": 1, "begin": {"uniform": [0, 0.3]},
           "springs": ["spring(duration: 0.5, bounce: 0.3)", "android-spring(stiffness: 1500, dampingRatio: 0.5)",
                       "spring(duration: 0.8, bounce: -0.2)", "spring(mass: 1, stiffness: 170, damping: 26)"],
           "from": {"uniform": [0, 200]}, "to": {"uniform": [100, 400]}, "initialVelocity": 1e9},
          {"kind": "spring", "weight": 1, "begin": {"uniform": [0, 0.3]},
           "spring": {"response": {"uniform": [0.25, 0.6]}, "dampingRatio": {"uniform": [0.5, 1.2]}},
           "from": 0, "to": 1, "initialVelocity": -1e9,
           "retarget": {"share": 0.5, "after": {"uniform": [0.05, 0.2]}, "to": {"uniform": [0, 400]}}}
        ]}
        """#.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try CommandRunner.run(["run", "--scenario", path, "--layers", "2000", "--frames", "60", "--verify",
                                            "--format", "json"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let first = try XCTUnwrap((object["results"] as? [[String: Any]])?.first)
        let verification = try XCTUnwrap(first["verification"] as? [String: Any])
        XCTAssertGreaterThan(try XCTUnwrap(verification["samples"] as? Int), 0)
        XCTAssertLessThanOrEqual(try XCTUnwrap(verification["maxError"] as? Double), 1e-12)
    }

    func testJSONRunWithVerify() throws {
        let result = try CommandRunner.run(["run", "--scenario", "card-flip", "--layers", "300,700", "--frames", "8",
                                            "--threads", "1", "--format", "json", "--verify"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let results = try XCTUnwrap(object["results"] as? [[String: Any]])
        XCTAssertEqual(results.compactMap { $0["layers"] as? Int }, [300, 700])
        XCTAssertEqual(results.first?["scenario"] as? String, "card-flip")
    }

    /// The README's main job, on fewer layers and frames: the default text fits a terminal (at most 15 lines of at
    /// most 100 columns), says first what fits and what the engine costs; --details prints the full tables.
    func testTheMainJobLeadsWithTheAnswerAndDetailsKeepEverything() throws {
        let engine = try CommandRunner.executable.deletingLastPathComponent().appendingPathComponent("libMotionBenchExampleEngine.so").path
        guard FileManager.default.fileExists(atPath: engine) else {
            throw MissingPrerequisite.error("libMotionBenchExampleEngine.so (swift build --product MotionBenchExampleEngine)")
        }
        let arguments = ["run", "--layers", "1000,4000,8000,16000", "--frames", "30", "--engine", engine]
        let short = try CommandRunner.run(arguments)
        XCTAssertEqual(short.status, 0, short.standardError)
        let lines = short.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertLessThanOrEqual(lines.count, 15, short.standardOutput)
        XCTAssertLessThanOrEqual(lines.map(\.count).max() ?? 0, 100, short.standardOutput)
        XCTAssertTrue(lines[1].hasPrefix("Fits in 8.33 ms at the slowest frame: "), short.standardOutput)
        XCTAssertTrue(lines.contains { $0.hasPrefix("example-c-float32: ") && $0.contains("× the batch") }, short.standardOutput)
        XCTAssertFalse(short.standardOutput.contains("Engines on mixed"), "the engines' tables are details")
        let details = try CommandRunner.run(arguments + ["--details"])
        XCTAssertEqual(details.status, 0, details.standardError)
        for part in ["Max layers in budget", "Engines on mixed, 16000 layers, same frame times:", "example-c-float32 worst:",
                     "ns/active layer"] {
            XCTAssertTrue(details.standardOutput.contains(part), part)
        }
    }

    /// The built-in scenario of steps() and linear(): the batch passes --verify on it, and an engine's steps() and
    /// linear() outputs are compared with the exact path (the example engine's basic layers, all eased by them).
    func testTheStepsAndLinearScenarioIsVerified() throws {
        let batch = try CommandRunner.run(["run", "--scenario", "steps-linear", "--layers", "3000", "--frames", "60", "--verify"])
        XCTAssertEqual(batch.status, 0, batch.standardOutput + batch.standardError)
        XCTAssertTrue(batch.standardOutput.contains("verify: "), batch.standardOutput)
        let engine = try CommandRunner.executable.deletingLastPathComponent().appendingPathComponent("libMotionBenchExampleEngine.so").path
        guard FileManager.default.fileExists(atPath: engine) else {
            throw MissingPrerequisite.error("libMotionBenchExampleEngine.so (swift build --product MotionBenchExampleEngine)")
        }
        let result = try CommandRunner.run(["run", "--scenario", "steps-linear", "--layers", "3000", "--frames", "60",
                                            "--engine", engine, "--format", "json"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let rows = try XCTUnwrap((object["results"] as? [[String: Any]])?.first?["engines"] as? [[String: Any]])
        let row = try XCTUnwrap(rows.first { $0["name"] as? String == "example-c-float32" })
        let basic = try XCTUnwrap((row["errors"] as? [[String: Any]])?.first { $0["kind"] as? String == "basic" })
        XCTAssertGreaterThan(try XCTUnwrap(basic["outputs"] as? Int), 10_000, "steps() and linear() outputs compared")
        XCTAssertGreaterThan(try XCTUnwrap(basic["maxError"] as? Double), 0, "a float32 engine is not exact")
        XCTAssertTrue((row["unsupported"] as? [Any])?.isEmpty ?? true, "the example engine takes every layer")
    }

    func testTableHasEveryColumnAndAtomicOutput() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("motionbench-run-\(UUID().uuidString).md").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try CommandRunner.run(["run", "--layers", "400", "--frames", "5", "--format", "markdown", "--output", path])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardOutput, "")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for column in ["ns/layer/frame", "active", "ns/active layer", "p99 = max of 5 ms", "budget@max of 5", "Max layers in budget",
                       "naive ns", "vs naive", "shared-timeline ns", "stream ns", "vs stream", "verdict"] {
            XCTAssertTrue(text.contains(column), column)
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)
            .filter { $0.hasSuffix(".tmp") && $0.contains("motionbench-run") }
        XCTAssertEqual(leftovers, [])
    }

    func testRepeatReportsMediansWithSpreadAndOneBudgetEstimate() throws {
        let result = try CommandRunner.run(["run", "--scenario", "fade", "--layers", "200,400,800", "--frames", "6",
                                            "--repeat", "3", "--format", "json"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let results = try XCTUnwrap(object["results"] as? [[String: Any]])
        // A disturbed run (this machine may be busy) states no limit: null everywhere; a quiet one, one number.
        let budget = (object["budget"] as? [String: Any])?["maxLayers"] as? Int
        let disturbed = results.contains { ($0["noise"] as? [String: Any])?["flagged"] as? Bool == true }
        XCTAssertEqual(budget == nil, disturbed, "a limit is stated exactly when no row is disturbed")
        for row in results {
            XCTAssertEqual(row["repeats"] as? Int, 3)
            XCTAssertEqual(row["maxLayersInBudget"] as? Int, budget, "every row carries the run's one estimate")
            let spread = try XCTUnwrap(row["spread"] as? [String: [String: Double]])
            for key in ["nsPerLayerFrame", "frameMsP99", "naiveNsPerLayerFrame", "streamNsPerLayerFrame", "speedupVsNaive"] {
                let range = try XCTUnwrap(spread[key], key)
                let low = try XCTUnwrap(range["min"]), high = try XCTUnwrap(range["max"])
                if key == "streamNsPerLayerFrame", row[key] is NSNull {
                    // Left out where it cost more than the batch (an optimized build at a few hundred layers may):
                    // the row says why, and its range over the passes stays.
                    XCTAssertNotNil((row["notes"] as? [String: String])?[key], "a left-out stream bound says why")
                    continue
                }
                let median = key == "frameMsP99" ? try XCTUnwrap((row["frameMs"] as? [String: Double])?["p99"])
                    : try XCTUnwrap(row[key] as? Double)
                XCTAssertTrue(low <= median && median <= high, "\(key): \(low) ≤ \(median) ≤ \(high)")
            }
        }
        let table = try CommandRunner.run(["run", "--scenario", "fade", "--layers", "200", "--frames", "4", "--repeat", "2",
                                           "--details"])
        XCTAssertTrue(table.standardOutput.contains("× 2 timed passes"), table.standardOutput)
        // The spread is the min–max range over the passes, `median [min–max]`, not a ± percentage.
        XCTAssertNotNil(table.standardOutput.range(of: #"\d\.\d+ \[\d+\.\d+–\d+\.\d+\]"#, options: .regularExpression),
                        table.standardOutput)
        XCTAssertFalse(table.standardOutput.contains(" ±"), table.standardOutput)
        let single = try CommandRunner.run(["run", "--scenario", "fade", "--layers", "200", "--frames", "4", "--format", "json"])
        let singleRows = (try JSONSerialization.jsonObject(with: Data(single.standardOutput.utf8)) as? [String: Any])?["results"]
            as? [[String: Any]]
        XCTAssertNil(try XCTUnwrap(singleRows?.first)["spread"], "one pass has no spread")
        XCTAssertEqual(singleRows?.first?["repeats"] as? Int, 1)
        for (arguments, message) in [(["--repeat", "0"], "--repeat"), (["--warmup", "-1"], "--warmup")] {
            let bad = try CommandRunner.run(["run", "--layers", "10"] + arguments)
            XCTAssertEqual(bad.status, 2)
            XCTAssertTrue(bad.standardError.contains(message), bad.standardError)
        }
    }

    func testHTMLPageIsSelfContainedWithBothCharts() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("motionbench-run-\(UUID().uuidString).html").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try CommandRunner.run(["run", "--scenario", "fade", "--layers", "200,400", "--frames", "6", "--repeat", "2",
                                            "--format", "html", "--output", path])
        XCTAssertEqual(result.status, 0, result.standardError)
        let html = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(html.hasPrefix("<!doctype html>"))
        XCTAssertEqual(html.components(separatedBy: "<svg").count - 1, 2)
        for text in ["Cost per layer-frame by evaluator", "Frame-time distribution", "ns per layer-frame", "percentile of frames",
                     "frame time (ms)", "frame budget", "<th scope='col'>layers</th>", "Max layers in budget", "motionbench "] {
            XCTAssertTrue(html.contains(text), text)
        }
        XCTAssertFalse(html.contains("<script") || html.contains("http://www.w3.org/1999") || html.contains("https://"),
                       "self-contained: no script, no remote resource")
    }

    /// A scenario file's seed may be anything in the documented 0…9e15, the maximum included; one above is exit 2.
    func testScenarioSeedAtTheDocumentedMaximumRuns() throws {
        func scenarioFile(seed: String) throws -> String {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("seed-\(UUID().uuidString).json").path
            try (#"{"version": 2, "name": "seeded", "seed": "# + seed + #", "animations": [{"kind": "basic", "from": 0, "#
                 + #""to": 1, "duration": {"uniform": [0.5, 1]}}]}"#).write(toFile: path, atomically: true, encoding: .utf8)
            addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
            return path
        }
        let maximum = try CommandRunner.run(["run", "--scenario", try scenarioFile(seed: "9000000000000000"), "--layers", "10",
                                             "--frames", "2", "--threads", "1", "--frame-times", "vrr", "--format", "json"])
        XCTAssertEqual(maximum.status, 0, maximum.standardError)
        XCTAssertTrue(maximum.standardOutput.contains("seed 9000000000000000"), maximum.standardOutput)
        let above = try CommandRunner.run(["run", "--scenario", try scenarioFile(seed: "9000000000000002"), "--layers", "10",
                                           "--frames", "2"])
        XCTAssertEqual(above.status, 2, above.standardError)
        XCTAssertTrue(above.standardError.contains("seed must be a whole number in 0…9e15"), above.standardError)
    }

    func testBadInputExitsWithTwo() throws {
        let badFile = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).json").path
        try #"{"name": "bad", "animations": [{"kind": "basic", "from": 0, "to": 1, "duration": 0}]}"#
            .write(toFile: badFile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: badFile) }
        let cases: [([String], String)] = [
            (["run", "--scenario", badFile, "--layers", "10"], "animations[0].duration must be in [1e-6, 86400] seconds"),
            (["run", "--scenario", "nope", "--layers", "10"], "neither a built-in scenario"),
            (["run", "--layers", "10,x"], "--layers"),
            (["run", "--layers", "0"], "--layers"),
            (["run", "--frames", "0", "--layers", "10"], "--frames"),
            (["run", "--rate", "-60", "--layers", "10"], "--rate"),
            (["run", "--threads", "0", "--layers", "10"], "--threads"),
            (["run", "--check-budget", "0", "--layers", "10"], "--check-budget 0 must be a whole number"),
            (["run", "--check-budget", "1000000001", "--layers", "10"], "--check-budget"),
            (["run", "--format", "yaml", "--layers", "10"], "yaml"),
            (["run", "--layers", "10", "--frames", "2", "--output", "/nonexistent-dir/out.json"], "cannot write"),
            (["run", "--layers", "10", "--frame-times", "/nonexistent-dir/times.txt"], "--frame-times /nonexistent-dir/times.txt: does not exist"),
        ]
        for (arguments, fragment) in cases {
            let result = try CommandRunner.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.standardError)")
            XCTAssertTrue(result.standardError.contains(fragment), "\(arguments): \(result.standardError)")
        }
    }

    /// Under an address-space limit (as CI containers set) the threads `--threads 1000` asks for cannot all start: the
    /// run exits 2 naming the option, how many could run and the limits, and never dies by a signal (it used to end
    /// with SIGILL in the frame workers). 2 GB leaves room for about 200 stacks of 8 MiB.
    func testThreadsThatCannotStartAreAnErrorNamingTheLimit() throws {
        let motionbench = try CommandRunner.executable.path
        let result = try CommandRunner.run(["-c", "ulimit -v 2000000 && exec \"$0\" run --scenario fade --layers 1000 "
                                            + "--frames 10 --threads 1000", motionbench], program: URL(fileURLWithPath: "/bin/sh"))
        XCTAssertEqual(result.status, 2, result.standardError)
        XCTAssertTrue(result.standardError.contains("--threads 1000: only "), result.standardError)
        XCTAssertTrue(result.standardError.contains("ulimit -v"), result.standardError)
        XCTAssertTrue(result.standardError.contains("or fewer"), result.standardError)
    }
}
