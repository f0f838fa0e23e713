import Foundation
import XCTest
import MotionTestSupport

/// `accuracy --engine PATH.so`: the engine's easing searched through the engine child process, its samples in the
/// measured section as "NAME (engine)"; rejected curves reported; a crashing, hanging or missing engine exits 2.
final class AccuracyEngineTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("accuracy-engines-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    /// The example engine built beside the motionbench under test.
    func exampleEngine() throws -> String {
        let library = try CommandRunner.executable.deletingLastPathComponent().appendingPathComponent("libMotionBenchExampleEngine.so")
        guard FileManager.default.fileExists(atPath: library.path) else {
            throw MissingPrerequisite.error("libMotionBenchExampleEngine.so (swift build --product MotionBenchExampleEngine)")
        }
        return library.path
    }

    func brokenEngine(_ mode: String) throws -> String {
        try TestEngines.build("broken_engine.c", name: "broken-\(mode.lowercased())",
                              defines: ["MODE=MODE_\(mode)", "ENGINE_NAME=\"broken-\(mode.lowercased())\""], in: directory)
    }

    /// The engine's figures from `accuracy --format json` over its cubic Béziers (or, with `stepped`, its `steps()`
    /// and `linear()` functions, which a set name brings too): max error, worst spec and input, samples.
    func engineFigures(_ arguments: [String], engine name: String, stepped: Bool = false,
                       file: StaticString = #filePath, line: UInt = #line) throws -> (error: Double, spec: String, input: Double, samples: Int) {
        let result = try CommandRunner.run(["accuracy", "--format", "json", "--springs", springsFile()] + arguments)
        XCTAssertEqual(result.status, 0, result.standardError, file: file, line: line)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let measured = try XCTUnwrap(object["measured"] as? [String: Any], file: file, line: line)
        let implementations = try XCTUnwrap(measured["implementations"] as? [[String: Any]])
        let engine = try XCTUnwrap(implementations.first { $0["name"] as? String == "\(name) (engine)" }, "\(implementations.map { $0["name"] })")
        let perSpec = try XCTUnwrap(engine["perSpec"] as? [[String: Any]]).filter { entry in
            let spec = entry["spec"] as? String ?? ""
            return (spec.hasPrefix("steps(") || spec.hasPrefix("step-") || spec.hasPrefix("linear")) == stepped
        }
        let worstEntry = try XCTUnwrap(perSpec.max { ($0["maxAbsError"] as? Double ?? 0) < ($1["maxAbsError"] as? Double ?? 0) },
                                       "no \(stepped ? "steps()/linear()" : "Bézier") figures", file: file, line: line)
        let worst = try XCTUnwrap(worstEntry["worst"] as? [String: Any])
        return (try XCTUnwrap(worstEntry["maxAbsError"] as? Double), try XCTUnwrap(worstEntry["spec"] as? String),
                try XCTUnwrap(worst["input"] as? Double), perSpec.reduce(0) { $0 + ($1["samples"] as? Int ?? 0) })
    }

    /// One spring, to keep the spring half of the study short.
    func springsFile() throws -> String {
        let path = directory.appendingPathComponent("springs.json")
        try Data(#"["spring(mass: 1, stiffness: 100, damping: 10)"]"#.utf8).write(to: path)
        return path.path
    }

    func testExampleEngineOnThePresets() throws {
        let engine = try exampleEngine()
        let grid = try engineFigures(["--engine", engine, "--curves", "presets", "--samples", "1001", "--no-search"],
                                     engine: "example-c-float32")
        XCTAssertEqual(grid.samples, 5 * 1001, "the five presets' grids (the set also brings steps() and linear())")
        let stepped = try engineFigures(["--engine", engine, "--curves", "presets", "--samples", "1001", "--no-search"],
                                        engine: "example-c-float32", stepped: true)
        XCTAssertEqual(stepped.samples, 8 * 1001, "the eight steps() and linear() functions a set name brings")
        XCTAssertGreaterThan(grid.error, 1e-8, "a float32 engine is not exact")
        XCTAssertLessThan(grid.error, 1e-4, "\(grid)")
        let searched = try engineFigures(["--engine", engine, "--curves", "presets", "--samples", "1001"],
                                         engine: "example-c-float32")
        XCTAssertGreaterThan(searched.samples, grid.samples)
        XCTAssertGreaterThanOrEqual(searched.error, grid.error)
        XCTAssertGreaterThan(searched.error, 1e-8)
        // The search once found the example engine 0.226 off next to the vertical end of ease-in (a polishing Newton
        // step along a near-zero slope); with that step bounded the searched worst is float32 with a 1e-6 tolerance
        // on x: 3.2e-7 when measured, against 1.9e-7 on the grid.
        XCTAssertLessThan(searched.error, 1e-4, "\(searched)")
    }

    func testExampleEngineOnTheHardCurvesIsAtLeastWhatRunMeasures() throws {
        let engine = try exampleEngine()
        let hard = try engineFigures(["--engine", engine, "--curves", "hard", "--samples", "1001"], engine: "example-c-float32")
        let run = try CommandRunner.run(["run", "--layers", "4000", "--frames", "60", "--engine", engine, "--format", "json"])
        XCTAssertEqual(run.status, 0, run.standardError)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let rows = try XCTUnwrap((object["results"] as? [[String: Any]])?.first?["engines"] as? [[String: Any]])
        let row = try XCTUnwrap(rows.first { $0["name"] as? String == "example-c-float32" })
        let basic = try XCTUnwrap((row["errors"] as? [[String: Any]])?.first { $0["kind"] as? String == "basic" })
        let runError = try XCTUnwrap(basic["maxError"] as? Double)
        XCTAssertGreaterThanOrEqual(hard.error, runError, "accuracy --engine on hard: \(hard); run's basic maxError \(runError)")
        XCTAssertGreaterThanOrEqual(hard.error, 1e-6)
    }

    /// An engine whose steps() is a step late exactly at each boundary k/n (`ceil(p·n) − 1`): the search tries the
    /// boundaries the grid misses and the doubles beside them, so the off-by-one is found where it is, and the engine
    /// that takes CSS's floor(p·n) in doubles is exact on steps(4) but a step early at the double below 1/3.
    func testAnEngineOffByOneStepAtABoundaryIsReported() throws {
        let late = try TestEngines.build("broken_engine.c", name: "steps-late", defines: ["MODE=MODE_NONE",
                                         "ENGINE_NAME=\"steps-late\"", "STEPS_EASING=2"], in: directory)
        let floor = try TestEngines.build("broken_engine.c", name: "steps-floor", defines: ["MODE=MODE_NONE",
                                          "ENGINE_NAME=\"steps-floor\"", "STEPS_EASING=1"], in: directory)
        // A grid of i/9 holds no k/4 but 0 and 1, where steps(4, jump-none) is right: the grid alone misses the
        // off-by-one, and the search's first round tries the boundaries and finds it (one step of three).
        let jumpNone = ["--curves", "steps(4, jump-none)", "--samples", "10"]
        let gridOnly = try engineFigures(["--engine", late, "--no-search"] + jumpNone, engine: "steps-late", stepped: true)
        XCTAssertEqual(gridOnly.error, 0, "\(gridOnly)")
        let searched = try engineFigures(["--engine", late, "--search-rounds", "1"] + jumpNone, engine: "steps-late", stepped: true)
        XCTAssertEqual(searched.error, 1.0 / 3, accuracy: 1e-15, "\(searched)")
        XCTAssertTrue([0.25, 0.5, 0.75].contains(searched.input), "at a boundary k/4 exactly: \(searched)")
        let exactFour = try engineFigures(["--engine", floor, "--search-rounds", "1"] + jumpNone, engine: "steps-floor",
                                          stepped: true)
        XCTAssertEqual(exactFour.error, 0, "floor(p·4) is exact: \(exactFour)")
        let three = try engineFigures(["--engine", floor, "--curves", "steps(3)", "--samples", "10", "--search-rounds", "1"],
                                      engine: "steps-floor", stepped: true)
        XCTAssertEqual(three.error, 1.0 / 3, accuracy: 1e-15, "\(three)")
        XCTAssertTrue([1.0 / 3, 2.0 / 3].contains(three.input),
                      "the double nearest k/3 lies below it, and p·3 rounds up to k: \(three)")
        let options = ["--curves", "steps(4, jump-none)", "--curves", "steps(3)", "--samples", "10", "--search-rounds", "1"]
        // The table every report opens with has a row for each function, and steps() needs an engine.
        let markdown = try CommandRunner.run(["accuracy", "--engine", late, "--format", "markdown", "--springs",
                                              springsFile()] + options)
        XCTAssertEqual(markdown.status, 0, markdown.standardError)
        XCTAssertTrue(markdown.standardOutput.contains("| steps(3) |") && markdown.standardOutput.contains("0.33"),
                      markdown.standardOutput)
        let refused = try CommandRunner.run(["accuracy", "--curves", "steps(3)", "--springs", springsFile()])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.standardError.contains("checked on engines only"), refused.standardError)
    }

    func testRejectedCurvesAreReportedWithTheEnginesMessage() throws {
        let engine = try brokenEngine("REJECTS_OVERSHOOT")
        let result = try CommandRunner.run(["accuracy", "--engine", engine, "--curves", "hard", "--samples", "101",
                                            "--search-rounds", "1", "--springs", springsFile()])
        XCTAssertEqual(result.status, 0, result.standardError)
        for spec in ["cubic-bezier(0.7, -0.5, 0.3, 1.5)", "cubic-bezier(0.5, -1, 0.5, 2)"] {
            XCTAssertTrue(result.standardError.contains("broken-rejects_overshoot (engine) does not support \(spec): "
                                                        + "engine broken-rejects_overshoot: create failed for 1 layer: "
                                                        + "cubic-bezier with y outside [0, 1] is not supported"),
                          result.standardError)
        }
        XCTAssertFalse(result.standardError.contains("does not support cubic-bezier(1, 0, 0, 1)"), result.standardError)
        XCTAssertTrue(result.standardOutput.contains("broken-rejects_overshoot (engine)"), result.standardOutput)
    }

    func testCrashingEngineFailsAndMotionbenchSurvives() throws {
        let engine = try brokenEngine("CRASH")
        let result = try CommandRunner.run(["accuracy", "--engine", engine, "--curves", "ease", "--samples", "11",
                                            "--springs", springsFile()])
        XCTAssertEqual(result.status, 2, result.standardError)
        for part in ["FAILED", "engine broken-crash", "SIGSEGV", "evaluate_frame at frame 3"] {
            XCTAssertTrue(result.standardError.contains(part), "missing '\(part)' in \(result.standardError)")
        }
    }

    func testHangingEngineIsStoppedAfterTheEngineTimeout() throws {
        let engine = try brokenEngine("HANG")
        let result = try CommandRunner.run(["accuracy", "--engine", engine, "--curves", "ease", "--samples", "11",
                                            "--engine-timeout", "2", "--springs", springsFile()])
        XCTAssertEqual(result.status, 2, result.standardError)
        for part in ["FAILED", "engine broken-hang", "did not finish within 2 s", "--engine-timeout"] {
            XCTAssertTrue(result.standardError.contains(part), "missing '\(part)' in \(result.standardError)")
        }
    }

    func testMissingOrInvalidLibraryIsBadInput() throws {
        let missing = try CommandRunner.run(["accuracy", "--engine", directory.appendingPathComponent("none.so").path,
                                             "--curves", "ease", "--samples", "11"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.standardError.contains("no such readable file"), missing.standardError)
        let text = directory.appendingPathComponent("text.so")
        try Data("not a library".utf8).write(to: text)
        let invalid = try CommandRunner.run(["accuracy", "--engine", text.path, "--curves", "ease", "--samples", "11",
                                             "--springs", springsFile()])
        XCTAssertEqual(invalid.status, 2)
        XCTAssertTrue(invalid.standardError.contains("cannot be loaded"), invalid.standardError)
    }

    /// One table of every implementation: an engine and a measured file (a browser's `ease` and `linear`) land on the
    /// rows the strategies use (`default` and `cubic-bezier(0, 0, 1, 1)` in the engine's words), each cell with the
    /// worst error and where; the engine timed in its child, the file not timed; Markdown shows the table.
    func testOneTableOfEveryImplementationMatchesCurvesByControlValues() throws {
        let measured = directory.appendingPathComponent("browser.csv").path
        try Data(("implementation,spec,input,output\n" + "browser,ease,0.5,0.8024033877399112\n"
                  + "browser,linear,0.5,0.5\n" + "browser,\"cubic-bezier(0.1, 0.2, 0.3, 0.4)\",0.5,0.3\n"
                  + "browser,steps(2),0.5,0.5\n").utf8).write(to: URL(fileURLWithPath: measured))
        let arguments = ["accuracy", "--curves", "presets", "--samples", "101", "--search-rounds", "1",
                         "--springs", try springsFile(), "--engine", try exampleEngine(), "--measured", measured]
        let result = try CommandRunner.run(arguments + ["--format", "json"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let matrix = try XCTUnwrap(object["implementations"] as? [String: Any])
        let columns = try XCTUnwrap(matrix["columns"] as? [[String: Any]]).map { $0["name"] as? String ?? "" }
        let rows = try XCTUnwrap(matrix["rows"] as? [[String: Any]])
        XCTAssertTrue(columns.contains("motionbench") && columns.contains("chromium"), "\(columns)")
        let engine = try XCTUnwrap(columns.firstIndex { $0.hasSuffix("(engine)") }, "\(columns)")
        let browser = try XCTUnwrap(columns.firstIndex { $0 == "browser" }, "\(columns)")
        let curves = rows.compactMap { $0["curve"] as? String }
        XCTAssertEqual(curves.filter { $0.hasPrefix("cubic-bezier(") }.count, 6,
                       "five presets and the browser's own curve: \(curves)")
        // Then the steps() and linear() functions: the browser's steps(2) and the eight a set name brings the engine.
        XCTAssertEqual(curves.count, 6 + 1 + 8, "\(curves)")
        func row(_ curve: String) throws -> [String: Any] { try XCTUnwrap(rows.first { $0["curve"] as? String == curve }, curve) }
        let steps = try XCTUnwrap(row("steps(2)")["cells"] as? [Any])
        XCTAssertNotNil(steps[browser] as? [String: Any], "the browser's steps(2) has its row")
        XCTAssertTrue(steps[0] is NSNull && steps[engine] is NSNull, "no strategy or engine ran steps(2): \(steps)")
        XCTAssertEqual(columns[0], "motionbench")
        let third = try XCTUnwrap(row("steps(3)")["cells"] as? [Any])
        XCTAssertNotNil(third[engine] as? [String: Any], "the engine was searched on steps(3)")
        // MotionCore's own steps(3), searched the same way: correctly rounded, so exact, and timed.
        let motionCore = try XCTUnwrap(third[0] as? [String: Any], "motionbench's cell on steps(3)")
        XCTAssertEqual(motionCore["maxAbsError"] as? Double, 0, "\(motionCore)")
        XCTAssertGreaterThan(try XCTUnwrap(motionCore["nsPerEval"] as? Double), 0)
        XCTAssertGreaterThan(try XCTUnwrap(motionCore["samples"] as? Int), 101)
        let ease = try row("cubic-bezier(0.25, 0.1, 0.25, 1)")
        XCTAssertEqual(Set(ease["aliases"] as? [String] ?? []), ["default", "ease"])
        let cells = try XCTUnwrap(ease["cells"] as? [Any])
        let engineCell = try XCTUnwrap(cells[engine] as? [String: Any], "the engine's default is the ease row")
        XCTAssertGreaterThan(try XCTUnwrap(engineCell["nsPerEval"] as? Double), 0, "timed in the engine child")
        XCTAssertNotNil((engineCell["worst"] as? [String: Any])?["exact"])
        let browserCell = try XCTUnwrap(cells[browser] as? [String: Any], "the browser's ease is the same row")
        XCTAssertNil(browserCell["nsPerEval"], "a measured file is not timed")
        let linear = try row("cubic-bezier(0, 0, 1, 1)")
        XCTAssertTrue((linear["aliases"] as? [String] ?? []).contains("linear"))
        XCTAssertNotNil((linear["cells"] as? [Any])?[browser] as? [String: Any], "the linear keyword is cubic-bezier(0, 0, 1, 1)")
        let own = try row("cubic-bezier(0.1, 0.2, 0.3, 0.4)")
        XCTAssertTrue((own["cells"] as? [Any])?[engine] is NSNull, "the engine was not asked for the browser's own curve")

        let markdown = try CommandRunner.run(arguments)
        XCTAssertTrue(markdown.standardOutput.contains("### Every implementation, curve by curve"), markdown.standardOutput)
        XCTAssertTrue(markdown.standardOutput.contains("| cubic-bezier(0.25, 0.1, 0.25, 1) (default, ease) |"), markdown.standardOutput)
    }

    /// The HTML report of `--curves all` with two engines and the shipped browser captures stays under 400 KB (lines
    /// thinned to what shows), and opens with the implementation table, then the summary, before any plot.
    func testTheHTMLReportOfEverythingIsSmallAndLeadsWithTheTable() throws {
        let engine = try exampleEngine()
        let copy = directory.appendingPathComponent("libcopy.so").path
        try FileManager.default.copyItem(atPath: engine, toPath: copy)
        let captures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../data/vectors/browser-easing-captures.csv").path
        let output = directory.appendingPathComponent("accuracy.html").path
        let result = try CommandRunner.run(["accuracy", "--curves", "all", "--engine", engine, "--engine", copy,
                                            "--measured", captures, "--format", "html", "--output", output])
        XCTAssertEqual(result.status, 0, result.standardError)
        let html = try String(contentsOfFile: output, encoding: .utf8)
        XCTAssertLessThanOrEqual(html.utf8.count, 400_000)
        let table = try XCTUnwrap(html.range(of: "<h2>Every implementation, curve by curve</h2>"))
        let summary = try XCTUnwrap(html.range(of: "<h2>Summary</h2>")), plot = try XCTUnwrap(html.range(of: "<svg"))
        XCTAssertTrue(table.upperBound < summary.lowerBound && summary.upperBound < plot.lowerBound)
        XCTAssertTrue(html.contains("<th>steps(3) (steps(3, jump-end))</th>"), "the engines' steps() rows")
    }

    /// Two engines with one name (the same library under two paths) stay two implementations, told apart by path.
    func testTwoEnginesWithOneNameAreToldApartByPath() throws {
        let first = try exampleEngine()
        let second = directory.appendingPathComponent("copy-libMotionBenchExampleEngine.so").path
        try FileManager.default.copyItem(atPath: first, toPath: second)
        let result = try CommandRunner.run(["accuracy", "--curves", "ease", "--samples", "11", "--no-search", "--springs",
                                            try springsFile(), "--engine", first, "--engine", second, "--format", "json"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let columns = try XCTUnwrap((object["implementations"] as? [String: Any])?["columns"] as? [[String: Any]])
        let engines = columns.filter { $0["kind"] as? String == "engine" }.compactMap { $0["name"] as? String }
        XCTAssertEqual(engines.count, 2, "\(columns)")
        XCTAssertTrue(engines.contains { $0.contains(second) }, "the second carries its path: \(engines)")
    }

    /// An engine that rejects every curve (its create fails on each) is a FAILED with exit 2, as `run` fails an engine
    /// that supports none of a scenario's kinds: a CI job must not pass an engine it never measured.
    func testAnEngineThatRejectsEveryCurveFails() throws {
        let engine = try brokenEngine("CREATE_FAILS")
        let result = try CommandRunner.run(["accuracy", "--curves", "presets", "--samples", "11", "--no-search", "--engine",
                                            engine, "--springs", springsFile()])
        XCTAssertEqual(result.status, 2, result.standardOutput + result.standardError)
        XCTAssertTrue(result.standardError.contains("FAILED: engine broken-create_fails: rejected every one of the"),
                      result.standardError)
        XCTAssertTrue(result.standardError.contains("create failed on purpose"), result.standardError)
    }
}
