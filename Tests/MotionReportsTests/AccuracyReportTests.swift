import Foundation
import MotionCore
import MotionOutput
@testable import MotionReports
import XCTest

final class AccuracyReportTests: XCTestCase {
    private func smallReport(bezier: [BezierStrategy] = [.motionbench, .chromium], springs: [SpringStrategy] = [.motionbench, .webKit])
        -> AccuracyReport
    {
        try! AccuracyStudy.run(curves: [("ease", .ease), ("(0,1,1,0)", try! CubicBezier(x1: 0, y1: 1, x2: 1, y2: 0))], samples: 2_001,
                          springs: [("overdamped", try! Spring(damping: 40))], rate: 60, seconds: 1,
                          bezierStrategies: bezier, springStrategies: springs)
    }

    func testFailedReferenceIsAnErrorNotAZeroError() {
        // GSL's driver cannot follow c = 1e10 (a time constant of 1e-10 s) through a second within its step budget.
        let stiff = try! Spring(mass: 1, stiffness: 100, damping: 1e10)
        XCTAssertThrowsError(try AccuracyStudy.run(curves: [("ease", .ease)], samples: 11, springs: [("stiff", stiff)],
                                                   rate: 60, seconds: 1, bezierStrategies: [.motionbench],
                                                   springStrategies: [.motionbench])) { error in
            XCTAssertTrue("\(error)".contains("spring 'stiff'"), "\(error)")
        }
    }

    func testFiguresComeFromTheComputation() {
        let baseline = smallReport()
        // The search reaches inputs next to the vertical tangents of (0,1,1,0), where the stated bound's slope term
        // (docs/solver.md) exceeds 1e-12; WorstCaseSearchTests holds every input tried to the whole bound.
        XCTAssertLessThan(baseline.bezier[0].overall.grid?.maxAbsError ?? 1, 1e-12)
        XCTAssertLessThan(baseline.bezier[0].overall.maxAbsError, 1e-10)
        // A strategy that is off by 2e-3 everywhere must show exactly that.
        let shifted = BezierStrategy(name: "shifted") { curve in { curve.value(at: $0) + 2e-3 } }
        let report = smallReport(bezier: [shifted])
        XCTAssertEqual(report.bezier[0].overall.maxAbsError, 2e-3, accuracy: 1e-10)
        XCTAssertEqual(report.bezier[0].overall.pointsOver1e3, 2 * 2_001)
        // A strategy that runs backwards violates monotonicity on the monotone curves.
        let reversed = BezierStrategy(name: "reversed") { curve in { curve.value(at: 1 - $0) } }
        XCTAssertGreaterThan(smallReport(bezier: [reversed]).bezier[0].perCurve[0].statistics.monotonicityViolations ?? 0, 1_000)
        XCTAssertEqual(baseline.springResults[1].name, "webkit")
        XCTAssertGreaterThan(baseline.springResults[1].overall.maxAbsError, 0.2)
        XCTAssertLessThan(baseline.springResults[0].overall.maxAbsError, 1e-14)
        XCTAssertLessThan(baseline.springReferenceWorstError, 1e-13)
    }

    func testJSONHasTheContractKeys() throws {
        let json = try ReportFormat.json.render(smallReport())
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let bezier = try XCTUnwrap(object["bezier"] as? [String: Any])
        XCTAssertEqual(Set(bezier.keys), ["samples", "searchRounds", "curves", "strategies"])
        let strategy = try XCTUnwrap((bezier["strategies"] as? [[String: Any]])?.first)
        XCTAssertEqual(Set(strategy.keys), ["name", "maxAbsError", "meanAbsError", "p99AbsError", "pointsOver1e-3",
                                            "monotonicityViolations", "nsPerEval", "perCurve", "worst", "grid", "search"])
        let perCurve = try XCTUnwrap(strategy["perCurve"] as? [String: [String: Any]])
        XCTAssertEqual(Set(perCurve.keys), ["ease", "(0,1,1,0)"])
        for (curve, figures) in perCurve {
            let ns = try XCTUnwrap(figures["nsPerEval"] as? Double, curve)
            XCTAssertGreaterThan(ns, 0, curve)
            XCTAssertNotNil(figures["maxAbsError"], curve)
        }
        let springs = try XCTUnwrap(object["springs"] as? [String: Any])
        XCTAssertEqual(Set(springs.keys), ["rateHz", "seconds", "springs", "strategies", "regimes", "settling"])
        let regimes = try XCTUnwrap(springs["regimes"] as? [[String: Any]])
        XCTAssertEqual(regimes.compactMap { $0["regime"] as? String },
                       ["under-damped", "critical", "near-critical-below", "near-critical-above", "over-damped"])
        for regime in regimes {
            XCTAssertEqual(Set(regime.keys), ["regime", "dampingRatio", "nsPerEval", "webkitNsPerEval"])
            XCTAssertGreaterThan(regime["nsPerEval"] as? Double ?? 0, 0)
        }
        let springStrategy = try XCTUnwrap((springs["strategies"] as? [[String: Any]])?.first)
        XCTAssertEqual(Set(springStrategy.keys), ["name", "maxAbsError", "meanAbsError", "clockDrift", "nsPerStep", "perSpring"])
        let settling = try XCTUnwrap((springs["settling"] as? [[String: Any]])?.first)
        let definitions = try XCTUnwrap(settling["definitions"] as? [String: Any])
        for name in ["motionbench", "swiftui", "android", "flutter", "react-native", "rebound", "motion", "react-spring"] {
            XCTAssertTrue(definitions.keys.contains(name), name)
        }
        let reference = try XCTUnwrap(object["reference"] as? [String: Any])
        XCTAssertEqual(Set(reference.keys), ["bezierWorstError", "springWorstError"])
    }

    func testPerCurveCostIsMeasuredPerCurveAndStrategy() {
        // A strategy that spins on one curve only must be slower there and nowhere else; the overall figure is the mean.
        let slowOnEase = BezierStrategy(name: "slow-on-ease") { curve in
            guard curve == .ease else { return { curve.value(at: $0) } }
            return { x in
                var y = curve.value(at: x)
                for _ in 0..<2_000 { y = (y * 0.999_999 + x * 1e-6).squareRoot() }
                return y
            }
        }
        let report = smallReport(bezier: [.motionbench, slowOnEase])
        let (ours, slow) = (report.bezier[0], report.bezier[1])
        XCTAssertGreaterThan(slow.perCurve[0].nsPerEval, 4 * ours.perCurve[0].nsPerEval)
        XCTAssertLessThan(slow.perCurve[1].nsPerEval, slow.perCurve[0].nsPerEval / 4)
        XCTAssertEqual(slow.nsPerEval, (slow.perCurve[0].nsPerEval + slow.perCurve[1].nsPerEval) / 2, accuracy: 1e-9)
        let markdown = AccuracyRenderer.markdown(report)
        XCTAssertTrue(markdown.contains("ns per evaluation per curve"))
        XCTAssertTrue(markdown.contains("| critical |"), markdown)
    }

    func testOtherFormats() throws {
        let report = smallReport()
        let markdown = try ReportFormat.markdown.render(report)
        XCTAssertTrue(markdown.contains("| chromium |"))
        XCTAssertTrue(markdown.contains("Settling time"))
        let html = try ReportFormat.html.render(report)
        XCTAssertTrue(html.hasPrefix("<!doctype html>"))
        XCTAssertGreaterThanOrEqual(html.components(separatedBy: "<svg").count - 1, 5)
        XCTAssertFalse(html.contains("http://") && html.contains("<script src"), "self-contained")
        // Axis titles with units, real header cells, one summary.
        for title in ["input progress x", "output progress y", "time (s)", "|error| (fraction of travel)", "settling time (s)"] {
            XCTAssertTrue(html.contains(title), title)
        }
        XCTAssertTrue(html.contains("<th scope='col'>strategy</th>"))
        XCTAssertEqual(html.components(separatedBy: "<h2>Summary</h2>").count - 1, 1, "one summary")
        // The page leads with the verdict: the implementation table, then the summary, then the plots and details.
        let table = try XCTUnwrap(html.range(of: "<h2>Every implementation, curve by curve</h2>"))
        let summary = try XCTUnwrap(html.range(of: "<h2>Summary</h2>")), plot = try XCTUnwrap(html.range(of: "<svg"))
        XCTAssertTrue(table.upperBound < summary.lowerBound && summary.upperBound < plot.lowerBound)
        let lines = AccuracyRenderer.summary(report)
        XCTAssertTrue((3...5).contains(lines.count), "\(lines)")
        XCTAssertTrue(lines[0].hasPrefix("Most accurate: ") && lines[1].hasPrefix("Fastest: ")
                      && lines[2].hasPrefix("Worst case found: "), "\(lines)")
        XCTAssertTrue(markdown.hasPrefix("## Accuracy report\n\n### Every implementation, curve by curve\n"), markdown)
        // One colour per strategy across the page: the spring and Bézier "webkit" series share it, the reference is black.
        let palette = AccuracyRenderer.palette(report)
        let colour = { (name: String) in AccuracyRenderer.colour(name, palette) }
        XCTAssertEqual(palette.assigned.filter { $0.name == "webkit" }.count, 1, "one webkit, one colour")
        XCTAssertEqual(colour(AccuracyRenderer.referenceName), "#000000")
        XCTAssertNotEqual(colour("motionbench"), colour(AccuracyRenderer.referenceName))
        let strategies = Set(report.bezier.map(\.name) + report.springResults.map(\.name))
        XCTAssertEqual(Set(strategies.map(colour)).count, strategies.count, "distinct colours")
        for name in strategies {
            let stroke = "stroke='\(colour(name))'"
            XCTAssertTrue(html.contains(stroke), name)
        }
        // Exports: one metric pair per strategy.
        let bmf = try ReportFormat.bmf.render(report)
        let object = try? JSONSerialization.jsonObject(with: Data(bmf.utf8)) as? [String: [String: Any]]
        XCTAssertNotNil(object?["bezier/motionbench"]?["max-abs-error"], bmf)
        XCTAssertNotNil(object?["spring/motionbench"]?["ns-per-step"], bmf)
        XCTAssertTrue(try ReportFormat.csv.render(report).hasPrefix("kind,strategy,case,maxAbsError"))
    }
}
