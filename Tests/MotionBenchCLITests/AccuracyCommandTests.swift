import Foundation
import XCTest

final class AccuracyCommandTests: XCTestCase {
    func testSmallJSONReportAndFiles() throws {
        let curves = FileManager.default.temporaryDirectory.appendingPathComponent("curves-\(UUID().uuidString).json").path
        try #"["ease", {"name": "steep", "spec": "cubic-bezier(0, 1, 1, 0)"}]"#.write(toFile: curves, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: curves) }
        let result = try CommandRunner.run(["accuracy", "--curves", curves, "--samples", "101", "--springs", "default",
                                            "--seconds", "0.5", "--format", "json"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        XCTAssertEqual((object["bezier"] as? [String: Any])?["curves"] as? [String], ["ease", "steep"])
    }

    func testCurvesTakesRepeatedSpecsNamedAsWritten() throws {
        let result = try CommandRunner.run(["accuracy", "--curves", "cubic-bezier(0.2,0,0,1)", "--curves", "ease",
                                            "--curves", "hard", "--samples", "11", "--seconds", "0.1", "--format", "json"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let curves = try XCTUnwrap((object["bezier"] as? [String: Any])?["curves"] as? [String])
        XCTAssertEqual(Array(curves.prefix(2)), ["cubic-bezier(0.2,0,0,1)", "ease"])
        XCTAssertEqual(curves.count, 2 + 6, "the hard set adds its six curves: \(curves)")
    }

    func testCurvesRejectsWhatItCannotTake() throws {
        for (arguments, fragments) in [
            (["--curves", "steps(4, jump-end)"], ["'steps(4, jump-end)' is checked on engines only", "Bézier", "--engine"]),
            (["--curves", "linear(0, 0.5 25% 75%, 1)"], ["is checked on engines only"]),
            (["--curves", "cubic-bezier(1,0,0"], ["--curves 'cubic-bezier(1,0,0'", "curve set (presets, hard, all)",
                                                  "JSON file (it does not exist)", "timing-function spec"]),
            (["--curves", "spring(1, 100, 10)"], ["is a spring"]),
            (["--curves", "ease", "--curves", "ease"], ["'ease' appears twice"]),
            (["--curves", "presets", "--curves", "ease"], ["'ease' is the same curve as 'default'"]),
            (["--curves", "hard", "--curves", "cubic-bezier(1,0,0,1)"], ["'cubic-bezier(1,0,0,1)' is the same curve as"]),
        ] {
            let result = try CommandRunner.run(["accuracy", "--samples", "11", "--seconds", "0.1"] + arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.standardError)")
            for fragment in fragments {
                XCTAssertTrue(result.standardError.contains(fragment), "\(fragment) not in: \(result.standardError)")
            }
        }
    }

    func testBadInputExitsWithTwo() throws {
        for (arguments, fragment) in [(["accuracy", "--curves", "/nonexistent.json"], "does not exist"),
                                      (["accuracy", "--samples", "1"], "--samples"),
                                      (["accuracy", "--rate", "0"], "--rate"),
                                      (["accuracy", "--format", "pdf"], "pdf")] {
            let result = try CommandRunner.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.standardError)")
            XCTAssertTrue(result.standardError.contains(fragment), "\(arguments): \(result.standardError)")
        }
    }
}

/// `accuracy --measured`: a samples file from the command line, its figures in the report, and bad files.
final class MeasuredAccuracyCommandTests: XCTestCase {
    func temporaryFile(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("samples-\(UUID().uuidString).csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testMeasuredSamplesBesideThePorts() throws {
        // An engine that is exact on `linear` (y = x) but 2.5e-4 high at x = 0.5.
        let rows = (0...10).map { "my-engine,linear,\(Double($0) / 10),\(Double($0) / 10 + ($0 == 5 ? 2.5e-4 : 0))" }
        let path = try temporaryFile((["implementation,spec,input,output"] + rows).joined(separator: "\n"))
        let result = try CommandRunner.run(["accuracy", "--measured", path, "--curves", "presets", "--samples", "11",
                                            "--seconds", "0.1", "--format", "markdown"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.contains("| my-engine | measured | 11 | 0.00025 |"), result.standardOutput)
        XCTAssertTrue(result.standardOutput.contains("| my-engine | linear | 11 | 0.00025 |"), result.standardOutput)
        XCTAssertTrue(result.standardOutput.contains("- Beyond half an 8-bit step: my-engine 0 of 11 (grid samples"),
                      result.standardOutput)
        XCTAssertTrue(result.standardOutput.contains("| cubic-bezier(0, 0, 1, 1) (linear) |"), "the table's identity row")
    }

    func testBadSamplesFilesExitWithTwoNamingLineAndColumn() throws {
        let cases = [
            ("implementation,spec,input,output\ne,ease,0.5,0.8\ne,\"cubic-bezier(2, 0, 1, 1)\",0.5,0.8\n", "line 3, column 'spec'"),
            ("implementation,spec,input,output\ne,ease,0.5,inf\n", "line 2, column 'output'"),
            ("implementation,spec,output\ne,ease,0.5\n", "line 1, column 'input': is missing"),
            ("", "is empty"),
        ]
        for (text, fragment) in cases {
            let path = try temporaryFile(text)
            let result = try CommandRunner.run(["accuracy", "--measured", path, "--curves", "presets", "--samples", "11"])
            XCTAssertEqual(result.status, 2, "\(text): \(result.standardError)")
            XCTAssertTrue(result.standardError.contains(fragment), "\(text): \(result.standardError)")
            XCTAssertTrue(result.standardError.contains(path), result.standardError)
            XCTAssertTrue(result.standardOutput.isEmpty)
        }
        let missing = try CommandRunner.run(["accuracy", "--measured", "/nonexistent/samples.csv"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.standardError.contains("does not exist"), missing.standardError)
    }
}
