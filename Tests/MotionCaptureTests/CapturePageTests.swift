@testable import MotionCapture
import MotionCore
import MotionReports
import XCTest

/// The curve sets, the plan and the generated page.
final class CapturePageTests: XCTestCase {
    func testEveryCurveInEverySetParsesAsATimingFunction() throws {
        for (name, specs) in CaptureCurves.named {
            XCTAssertFalse(specs.isEmpty, name)
            for spec in specs {
                guard case .timingFunction = try MotionSpec(parsing: spec) else {
                    return XCTFail("\(name): \(spec) is not a timing function")
                }
            }
        }
        XCTAssertEqual(CaptureCurves.all.count, Set(CaptureCurves.all).count, "a curve appears twice in 'all'")
        XCTAssertNoThrow(try CapturePlan(specs: CaptureCurves.all, inputs: [0.5], durations: [1]))
    }

    func testTheHardCurvesAreTheAccuracyStudysInItsOrder() throws {
        let ours = try CaptureCurves.hard.map { spec -> CubicBezier in
            guard case .timingFunction(.cubicBezier(let curve)) = try MotionSpec(parsing: spec) else {
                throw CaptureError("\(spec) is not a cubic-bezier")
            }
            return curve
        }
        XCTAssertEqual(ours, AccuracyStudy.hardCurves.map(\.curve))
    }

    func testThePresetsAreCSSNamesOfApplesPresets() throws {
        let ours = try CaptureCurves.presets.map { try TimingFunction(spec: $0) }
        let apple = CubicBezier.applePresets.map(\.curve)
        for (index, function) in ours.enumerated() where index < 4 {
            XCTAssertEqual(function, .cubicBezier(apple[index]), CaptureCurves.presets[index])
        }
        XCTAssertEqual(ours.last, .linear(.identity))
    }

    func testEvenlySpacedInputsRunFromExactlyZeroToExactlyOne() {
        let inputs = CapturePlan.evenlySpaced(1001)
        XCTAssertEqual(inputs.count, 1001)
        XCTAssertEqual(inputs.first, 0)
        XCTAssertEqual(inputs.last, 1)
        XCTAssertEqual(inputs[500], 0.5)
        XCTAssertEqual(inputs[1], 0.001)
        XCTAssertEqual(CapturePlan.evenlySpaced(11)[3], 0.3)
        XCTAssertTrue(zip(inputs, inputs.dropFirst()).allSatisfy { $0 < $1 })
    }

    func testThePlanRejectsWhatNoBrowserCanRunNamingTheInput() {
        let cases: [([String], [Double], [Double], String)] = [
            (["nope"], [0.5], [1], "nope"),
            (["spring(1, 100, 10)"], [0.5], [1], "spring"),
            (["ease"], [1.5], [1], "1.5"),
            (["ease"], [.nan], [1], "nan"),
            (["ease"], [0.5], [0], "duration 0"),
            (["ease"], [0.5], [7200], "7200"),
            ([], [0.5], [1], "at least one"),
            (Array(repeating: "ease", count: 100), CapturePlan.evenlySpaced(100_001), [1], "rows"),
        ]
        for (specs, inputs, durations, fragment) in cases {
            XCTAssertThrowsError(try CapturePlan(specs: specs, inputs: inputs, durations: durations)) { error in
                XCTAssertTrue("\(error)".contains(fragment), "\(error)")
                XCTAssertTrue("\(error)".hasPrefix("capture: "), "\(error)")
            }
        }
    }

    func testRowsRunThroughDurationsThenSpecsThenInputs() throws {
        let plan = try CapturePlan(specs: ["ease", "linear"], inputs: [0, 0.5, 1], durations: [0.25, 10])
        XCTAssertEqual(plan.rowCount, 12)
        XCTAssertTrue(plan.row(0) == ("ease", 0, 0.25))
        XCTAssertTrue(plan.row(4) == ("linear", 0.5, 0.25))
        XCTAssertTrue(plan.row(6) == ("ease", 0, 10))
        XCTAssertTrue(plan.row(11) == ("linear", 1, 10))
    }

    func testThePageCarriesTheSpecsInputsAndDurationsAsJSON() throws {
        let plan = try CapturePlan(specs: ["ease", "steps(4, jump-start)", "linear(0, 0.25 75%, 1)"],
                                   inputs: [0, 1e-05, 0.5, 1], durations: [0.25, 0.7, 10])
        let page = CapturePage.html(for: plan)
        XCTAssertTrue(page.contains(#"const specs = ["ease","steps(4, jump-start)","linear(0, 0.25 75%, 1)"];"#), page)
        XCTAssertTrue(page.contains("[0,0,[0.0,1e-05,0.5,1.0]]"), page)
        XCTAssertTrue(page.contains("const durations = [250.0,700.0,10000.0];"), page)
        XCTAssertTrue(page.contains("easing: specs[s], fill: 'both'"))
        XCTAssertTrue(page.contains("easing: 'linear', fill: 'both'"), "the twin that shows the effective input")
        XCTAssertTrue(page.contains("getComputedTiming().progress"))
        // The page's source never holds a marker line, so a DOM dump of it cannot fake one.
        for marker in [CapturePage.beginMarker, CapturePage.endMarker, CapturePage.errorMarker] {
            XCTAssertFalse(page.contains(marker), marker)
        }
        // Each input read back from the page is the plan's double.
        let list = try XCTUnwrap(page.split(separator: "\n").first { $0.contains("const requests") })
        let numbers = list.drop { $0 != "[" }.dropFirst(2).drop { $0 != "[" }.dropFirst().prefix { $0 != "]" }
            .split(separator: ",").map { Double($0) }
        XCTAssertEqual(numbers, plan.requests[0].inputs.map { Optional($0) })
    }

    func testSpecsAreEscapedForAScriptElement() {
        XCTAssertEqual(CapturePage.javaScriptString("cubic-bezier(0.5, -1, 0.5, 2)"), "\"cubic-bezier(0.5, -1, 0.5, 2)\"")
        XCTAssertEqual(CapturePage.javaScriptString("a\"</script>\n\\"),
                       #""a\u0022\u003c\u002fscript\u003e\u000a\u005c""#)
        XCTAssertEqual(CapturePage.javaScriptString("é"), #""\u00e9""#)
    }

    func testDurationsBecomeMillisecondsRoundedOnce() {
        XCTAssertEqual(CapturePage.milliseconds(0.25), 250)
        XCTAssertEqual(CapturePage.milliseconds(0.7), 700)
        XCTAssertEqual(CapturePage.milliseconds(0.001), 1)
        XCTAssertEqual(CapturePage.milliseconds(10), 10_000)
    }
}
