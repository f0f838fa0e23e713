import Foundation
import XCTest
import MotionTestSupport

/// Examples/Engines: existing engines' easing behind the C engine interface, as docs/engines.md shows them. Each
/// adapter is built by its own script with g++ and pkg-config, then measured by `run --engine` on `fade` (with
/// `--verify`) and searched by `accuracy --engine` on the presets and the hard curves. A test skips, naming the apt
/// line, when the engine's development package is missing, except in CI (`CI=true`), where it fails.
final class EngineAdapterTests: XCTestCase {
    /// One adapter: its folder under Examples/Engines, the pkg-config module its build needs, the Debian package that
    /// provides it, and the engine's name in MotionBench's rows.
    struct Adapter {
        let folder, module, package, name: String
    }

    static let qt = Adapter(folder: "Qt", module: "Qt6Core", package: "qt6-base-dev", name: "qt-qeasingcurve")
    static let efl = Adapter(folder: "EFL", module: "ecore", package: "libefl-all-dev", name: "efl-ecore-pos-map")

    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("engine-adapters-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    /// Runs `executable arguments` and returns its exit status and standard error.
    func launch(_ executable: String, _ arguments: [String]) throws -> (status: Int32, standardError: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, message)
    }

    /// The adapter built by its build.sh into the test's directory; skips (fails with CI=true) naming the apt line when
    /// pkg-config does not find the engine's module.
    func build(_ adapter: Adapter) throws -> String {
        guard (try? launch("/usr/bin/env", ["pkg-config", "--exists", adapter.module]).status) == 0 else {
            let message = "pkg-config finds no \(adapter.module); install it with 'apt-get install -y \(adapter.package)'"
            throw MissingPrerequisite.error(message)
        }
        let library = directory.appendingPathComponent("lib\(adapter.name).so").path
        let script = TestEngines.root.appendingPathComponent("Examples/Engines/\(adapter.folder)/build.sh").path
        let build = try launch("/bin/bash", [script, library])
        XCTAssertEqual(build.status, 0, build.standardError)
        guard build.status == 0 else { throw TestEngineBuildFailure(message: build.standardError) }
        return library
    }

    /// `run --scenario fade --verify` on the adapter: its row has a cost and compared outputs, and returns the basic
    /// layers' largest error (held below half an alpha step, or --verify would exit 1).
    func fadeError(_ adapter: Adapter, file: StaticString = #filePath, line: UInt = #line) throws -> Double {
        let engine = try build(adapter)
        let result = try CommandRunner.run(["run", "--scenario", "fade", "--layers", "3000", "--frames", "60",
                                            "--engine", engine, "--format", "json", "--verify"])
        XCTAssertEqual(result.status, 0, result.standardError, file: file, line: line)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let rows = try XCTUnwrap((object["results"] as? [[String: Any]])?.first?["engines"] as? [[String: Any]])
        let row = try XCTUnwrap(rows.first { $0["name"] as? String == adapter.name }, "\(rows.map { $0["name"] })")
        XCTAssertEqual(row["precision"] as? String, "float64", file: file, line: line)
        XCTAssertEqual(row["layers"] as? Int, 3000, file: file, line: line)
        XCTAssertEqual((row["unsupported"] as? [Any])?.count, 0, file: file, line: line)
        XCTAssertNil(row["failure"], file: file, line: line)
        XCTAssertGreaterThan(try XCTUnwrap(row["nsPerLayerFrame"] as? Double), 0, file: file, line: line)
        XCTAssertGreaterThan(try XCTUnwrap(row["timesBatch"] as? Double), 0, file: file, line: line)
        let errors = try XCTUnwrap(row["errors"] as? [[String: Any]])
        XCTAssertEqual(errors.map { $0["kind"] as? String }, ["basic"], file: file, line: line)
        let basic = try XCTUnwrap(errors.first)
        XCTAssertEqual(basic["beyondVisible"] as? Int, 0, "\(basic)", file: file, line: line)
        XCTAssertGreaterThan(try XCTUnwrap(basic["outputs"] as? Int), 1000, file: file, line: line)
        let largest = try XCTUnwrap(basic["maxError"] as? Double)
        XCTAssertLessThan(largest, 0.5 / 255, "\(basic)", file: file, line: line)
        return largest
    }

    /// `accuracy --engine` on the presets and the hard curves: no curve rejected, a searched worst for every curve the
    /// in-repo study measured; returns each curve's worst error by spec (`default` is ease, as Apple names it; the
    /// preset `linear` is the spec `cubic-bezier(0, 0, 1, 1)`).
    func searchedErrors(_ adapter: Adapter, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Double] {
        let engine = try build(adapter)
        let springs = directory.appendingPathComponent("springs.json")
        try Data(#"["spring(mass: 1, stiffness: 100, damping: 10)"]"#.utf8).write(to: springs)
        let result = try CommandRunner.run(["accuracy", "--format", "json", "--curves", "presets", "--curves", "hard",
                                            "--samples", "1001", "--search-rounds", "4", "--springs", springs.path,
                                            "--engine", engine])
        XCTAssertEqual(result.status, 0, result.standardError, file: file, line: line)
        // Every Bézier is taken; the steps() and linear() functions a set name brings are rejected at create, each named
        // with the adapter's reason (neither toolkit has a form for them).
        let rejected = result.standardError.split(separator: "\n").filter { $0.contains("does not support") }
        XCTAssertEqual(rejected.count, 8, result.standardError, file: file, line: line)
        XCTAssertTrue(rejected.allSatisfy { $0.contains("has no form in") && !$0.contains("support cubic-bezier") },
                      result.standardError, file: file, line: line)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let measured = try XCTUnwrap(object["measured"] as? [String: Any])
        XCTAssertEqual((measured["unsupported"] as? [Any])?.count, 8, file: file, line: line)
        let implementations = try XCTUnwrap(measured["implementations"] as? [[String: Any]])
        let row = try XCTUnwrap(implementations.first { $0["name"] as? String == "\(adapter.name) (engine)" },
                                "\(implementations.map { $0["name"] })")
        let perSpec = try XCTUnwrap(row["perSpec"] as? [[String: Any]])
        let curves = try XCTUnwrap((object["bezier"] as? [String: Any])?["curves"] as? [String])
        XCTAssertGreaterThan(curves.count, 5, file: file, line: line)
        var errors: [String: Double] = [:]
        for spec in perSpec {
            let name = try XCTUnwrap(spec["spec"] as? String)
            let error = try XCTUnwrap(spec["maxAbsError"] as? Double, "\(spec)")
            XCTAssertTrue(error.isFinite && error >= 0, "\(spec)", file: file, line: line)
            XCTAssertGreaterThan(try XCTUnwrap(spec["samples"] as? Int), 1001, "searched beyond the grid: \(spec)",
                                 file: file, line: line)
            errors[name] = error
        }
        XCTAssertEqual(errors.count, curves.count, "\(errors.keys.sorted()) against \(curves)", file: file, line: line)
        return errors
    }

    /// A one-entry scenario of basic layers eased by steps(), which neither engine can express.
    func stepsScenario() throws -> String {
        let scenario = directory.appendingPathComponent("steps.json")
        try Data(#"""
        {"version": 2, "name": "steps", "seed": 1, "animations": [
          {"kind": "basic", "begin": 0, "value": "scalar", "from": 0, "to": 1, "duration": 1,
           "easing": "steps(4, jump-end)"}]}
        """#.utf8).write(to: scenario)
        return scenario.path
    }

    func testQtOnFadePassesVerifyWithQtSizedErrors() throws {
        // Qt's Bézier solver, not double rounding (the timing and interpolation are double): 2.5e-4 on ease-in
        // when measured, below half an alpha step (2e-3), so --verify passes.
        XCTAssertGreaterThan(try fadeError(Self.qt), 1e-7)
    }

    func testQtSearchedOnEveryPresetAndHardCurve() throws {
        let errors = try searchedErrors(Self.qt)
        // ease: issue 37's probe found Qt off by 1.8e-5 at 2,001 inputs; the search finds at least that order and
        // nothing near a visible error.
        let ease = try XCTUnwrap(errors["default"], "\(errors)")
        XCTAssertGreaterThan(ease, 1e-6, "\(errors)")
        XCTAssertLessThan(ease, 1e-4, "\(errors)")
    }

    func testQtCreateNamesTheFirstEasingQtCannotExpress() throws {
        let engine = try build(Self.qt)
        let result = try CommandRunner.run(["run", "--scenario", try stepsScenario(), "--layers", "10", "--frames", "2",
                                            "--engine", engine])
        XCTAssertEqual(result.status, 2, result.standardError)
        XCTAssertTrue(result.standardError.contains("layer 0: steps(4, jump-end) has no form in qt-qeasingcurve"),
                      result.standardError)
    }

    func testEFLOnFadePassesVerify() throws {
        let error = try fadeError(Self.efl)
        XCTAssertGreaterThan(error, 0, "an engine's own solver is never exact at every frame")
    }

    func testEFLSearchedOnEveryPresetAndHardCurve() throws {
        let errors = try searchedErrors(Self.efl)
        let ease = try XCTUnwrap(errors["default"], "\(errors)")
        XCTAssertLessThan(ease, 1e-4, "\(errors)")
    }

    func testEFLCreateNamesTheFirstEasingEcoreCannotExpress() throws {
        let engine = try build(Self.efl)
        let result = try CommandRunner.run(["run", "--scenario", try stepsScenario(), "--layers", "10", "--frames", "2",
                                            "--engine", engine])
        XCTAssertEqual(result.status, 2, result.standardError)
        XCTAssertTrue(result.standardError.contains("layer 0: steps(4, jump-end) has no form in efl-ecore-pos-map"),
                      result.standardError)
    }
}
