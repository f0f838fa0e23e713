import Foundation
import MotionCore
import XCTest

final class EvalCommandTests: XCTestCase {
    func testEvaluatesArgumentsInOrderIncludingNegatives() throws {
        let result = try CommandRunner.run(["eval", "cubic-bezier(0.5, 1, 0.5, 1)", "0.5", "-0.5", "0", "1", "1.5"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardOutput, "0.875\n-1.0\n0.0\n1.0\n1.0\n")
    }

    /// Control values up to ±1.7976931348623157e308: inside [0, 1] the exact answer (0.125 at 0.5 here, y1 and y2
    /// cancelling exactly), and a tangent value or slope beyond the Double range refused with exit 2, naming the limit.
    func testHugeControlValuesGiveTheExactAnswerOrNameTheLimit() throws {
        let exact = try CommandRunner.run(["eval", "cubic-bezier(0, 1e308, 1, -1e308)", "0.5", "0", "1"])
        XCTAssertEqual(exact.status, 0, exact.standardError)
        XCTAssertEqual(exact.standardOutput, "0.125\n0.0\n1.0\n")
        let limit = try CommandRunner.run(["eval", "cubic-bezier(0, 1.7976931348623157e308, 1, -1.7976931348623157e308)",
                                           "0.5", "--velocity"])
        XCTAssertEqual(limit.status, 0, limit.standardError)
        XCTAssertEqual(limit.standardOutput, "0.125 -1.7976931348623157e+308\n")
        // The start tangent's slope, 1e318, is not a Double; its value at -1e-20 is.
        let steep = try CommandRunner.run(["eval", "cubic-bezier(1e-10, 1e308, 1, 1)", "-1e-20"])
        XCTAssertEqual(steep.status, 0, steep.standardError)
        XCTAssertEqual(Double(steep.standardOutput.dropLast()) ?? 0, -1e298, accuracy: 1e298 * 4e-16)
        for (arguments, fragment) in [(["cubic-bezier(0, 1e308, 1, 1e308)", "-2"], "has a value beyond"),
                                      (["cubic-bezier(1e-10, 1e308, 1, 1)", "-1e-20", "--velocity"], "has a slope beyond")] {
            let result = try CommandRunner.run(["eval"] + arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.standardOutput)")
            XCTAssertTrue(result.standardError.contains(fragment) && result.standardError.contains("±1.8e308"),
                          "\(arguments): \(result.standardError)")
        }
    }

    func testPrintsShortestRoundTripDoubles() throws {
        let result = try CommandRunner.run(["eval", "ease-in-out", "0.3"])
        let expected = CubicBezier.easeInOut.value(at: 0.3)
        XCTAssertEqual(result.standardOutput, "\(expected)\n")
        XCTAssertEqual(Double(result.standardOutput.dropLast()), expected)
    }

    func testReadsStandardInputWhenNoInputsAreGiven() throws {
        let result = try CommandRunner.run(["eval", "steps(4)"], input: "0.3\n\n  0.5 \n-2\n")
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardOutput, "0.25\n0.5\n-2.0\n")  // floor(-8) / 4: no clamp below 0
    }

    func testVelocityColumnAndFormats() throws {
        let text = try CommandRunner.run(["eval", "ease", "--velocity", "-1"])
        XCTAssertEqual(text.standardOutput, "-0.4 0.4\n")
        let csv = try CommandRunner.run(["eval", "linear(0, 0.25, 1)", "0.25", "--format", "csv", "--velocity"])
        XCTAssertEqual(csv.standardOutput, "input,value,velocity\r\n0.25,0.125,0.5\r\n")  // RFC 4180
        let json = try CommandRunner.run(["eval", "ease", "0", "0.5", "--format", "json"])
        let decoded = try JSONDecoder().decode([[String: Double]].self, from: Data(json.standardOutput.utf8))
        XCTAssertEqual(decoded.count, 2)
        XCTAssertEqual(decoded[0], ["input": 0, "value": 0])
        XCTAssertEqual(decoded[1]["value"], CubicBezier.ease.value(at: 0.5))
    }

    func testDoubleDashSeparatesInputs() throws {
        let result = try CommandRunner.run(["eval", "ease", "--", "-1e-3"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardOutput, "\(CubicBezier.ease.value(at: -1e-3))\n")
    }

    func testBadInputExitsWithTwoAndNamesIt() throws {
        let cases: [([String], String, String)] = [
            (["eval", "cubic-bezier(1.1, 0, 1, 1)", "0.5"], "", "x1 = 1.1 is outside [0, 1]"),
            (["eval", "steps(3, nowhere)", "0.5"], "", "nowhere"),
            (["eval", "cubic-bezier(0.1, 0.2", "0.5"], "", "missing ')'"),
            (["eval", "ease", "abc"], "", "input 'abc' is not a number"),
            (["eval", "ease", "nan"], "", "input 'nan' is not finite"),
            (["eval", "ease", "inf"], "", "input 'inf' is not finite"),
            (["eval", "ease", "1e999"], "", "input '1e999' is beyond the largest double (±1.7976931348623157e308)"),
            (["eval", "ease"], "0.1\nzero\n", "input 'zero' is not a number"),
            (["eval", "ease", "--format", "xml", "1"], "", "xml"),
            (["eval"], "", "spec"),
            (["bogus"], "", "bogus"),
        ]
        for (arguments, input, fragment) in cases {
            let result = try CommandRunner.run(arguments, input: input)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.standardError)")
            XCTAssertTrue(result.standardError.contains(fragment), "\(arguments): '\(result.standardError)'")
            // Standard input streams: the answers before a bad line are printed; arguments are all checked first.
            let expected = input.hasPrefix("0.1\n") ? "0.09479630571604325\n" : ""
            XCTAssertEqual(result.standardOutput, expected, "\(arguments) printed partial output")
        }
    }

    func testHelpSucceeds() throws {
        let result = try CommandRunner.run(["eval", "--help"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.standardOutput.contains("--velocity"))
    }
}
