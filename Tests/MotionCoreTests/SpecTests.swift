import Foundation
import MotionCore
import XCTest

final class SpecTests: XCTestCase {
    func testInvalidEasingsAreRejected() {
        let invalid = [
            "cubic-bezier(1.1, 0, 1, 1)", "cubic-bezier(0, 0, 1.1, 1)", "cubic-bezier(-0.1, 0, 1, 1)",
            "cubic-bezier(0, 0, -0.1, 1)", "steps(-1, start)", "steps(0.1, start)", "steps(3, nowhere)",
            "steps(-3, end)", "steps(1, jump-none)", "steps(0)", "cubic-bezier(0, 0, 1)", "cubic-bezier(0, 0, 1, 1, 1)",
            "cubic-bezier(0.1, 0.2", "cubic-bezier", "ease(1)", "bogus", "", "   ", "cubic-bezier(a, 0, 1, 1)",
            "cubic-bezier(0.1px, 0, 1, 1)", "linear(1 2)", "linear(0% 1 50%)", "steps(2, start, end)",
            "cubic-bezier(0, 1e999, 1, 1)", "ease ease", "cubic-bezier(0 0 1 1)", "linear(0, x)",
        ]
        for spec in invalid {
            XCTAssertThrowsError(try MotionSpec(parsing: spec), "'\(spec)' should be rejected")
        }
    }

    func testErrorsSayWhatAndWhere() {
        func message(_ spec: String) -> String {
            do {
                _ = try MotionSpec(parsing: spec)
                return "accepted"
            } catch { return error.description }
        }
        XCTAssertEqual(message("cubic-bezier(1.1, 0, 1, 1)"),
                       "invalid spec \"cubic-bezier(1.1, 0, 1, 1)\" at column 14: cubic-bezier: x1 = 1.1 is outside [0, 1]")
        XCTAssertEqual(message("cubic-bezier(0, 0, 1.5, 1)"),
                       "invalid spec \"cubic-bezier(0, 0, 1.5, 1)\" at column 20: cubic-bezier: x2 = 1.5 is outside [0, 1]")
        XCTAssertTrue(message("cubic-bezier(0.1, 0.2").contains("missing ')'"))
        XCTAssertTrue(message("steps(3, nowhere)").contains("column 10"))
        XCTAssertTrue(message("steps(0.1, start)").contains("not a whole number"))
        // The step count's range, with n as written (9007199254740993 parses to the double 9007199254740992).
        XCTAssertEqual(try TimingFunction(spec: "steps(2147483647)"), .steps(try Steps(count: 2147483647)))
        XCTAssertTrue(message("steps(2147483648)").hasSuffix("steps: n = 2147483648 is above 2147483647, the largest step count"),
                      message("steps(2147483648)"))
        XCTAssertTrue(message("steps(9007199254740993)").contains("n = 9007199254740993 is above"), message("steps(9007199254740993)"))
        XCTAssertTrue(message("steps(-3e9)").hasSuffix("steps: n = -3e9 must be an integer ≥ 1"), message("steps(-3e9)"))
        XCTAssertTrue(message("steps(0, jump-none)").hasSuffix("steps: n = 0 must be an integer ≥ 2 with jump-none"),
                      message("steps(0, jump-none)"))
        XCTAssertTrue(message("wobble").contains("unknown spec 'wobble'"))
    }

    func testNamedCurves() throws {
        XCTAssertEqual(try TimingFunction(spec: "ease"), .cubicBezier(.ease))
        XCTAssertEqual(try TimingFunction(spec: "default"), .cubicBezier(.ease))
        XCTAssertEqual(try TimingFunction(spec: "easeInEaseOut"), .cubicBezier(.easeInOut))
        XCTAssertEqual(try TimingFunction(spec: "ease-in-out"), .cubicBezier(.easeInOut))
        XCTAssertEqual(try TimingFunction(spec: "step-start"), .steps(try Steps(count: 1, position: .jumpStart)))
        XCTAssertEqual(try TimingFunction(spec: "step-end"), .steps(try Steps(count: 1)))
        XCTAssertEqual(try TimingFunction(spec: "steps(3, start)"), .steps(try Steps(count: 3, position: .jumpStart)))
        XCTAssertEqual(try TimingFunction(spec: " cubic-bezier( 0.2 ,0, 0 ,1 ) "), .cubicBezier(.material3Standard))
    }

    func testPresetsMatchTheCurvesFile() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../data/curves/named.json")
        let data = try Data(contentsOf: url)
        let entries = try JSONDecoder().decode([String: [Double]].self, from: data)
        XCTAssertEqual(Set(entries.keys), Set(CubicBezier.named.keys))
        for (name, points) in entries {
            let curve = try XCTUnwrap(CubicBezier.named[name])
            XCTAssertEqual([curve.x1, curve.y1, curve.x2, curve.y2], points, name)
        }
    }

    func testPrintingRoundTrips() throws {
        var generator = SplitMix64(seed: 21)
        var functions: [TimingFunction] = [.linear(.identity)]
        for _ in 0..<300 {
            functions.append(.cubicBezier(try CubicBezier(
                x1: .random(in: 0...1, using: &generator), y1: .random(in: -3...3, using: &generator),
                x2: .random(in: 0...1, using: &generator), y2: .random(in: -3...3, using: &generator))))
        }
        for position in Steps.Position.allCases {
            functions.append(.steps(try Steps(count: Int.random(in: 2...100, using: &generator), position: position)))
        }
        functions.append(try TimingFunction(spec: "linear(0, 0.1 12.5%, 0.9 33% 66%, 1e-7, 1 100%)"))
        for function in functions {
            let text = function.description
            XCTAssertEqual(try TimingFunction(spec: text), function, text)
            XCTAssertEqual(try MotionSpec(parsing: text).description, text)
        }
    }
}
