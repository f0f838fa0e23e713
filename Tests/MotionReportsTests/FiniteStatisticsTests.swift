import Foundation
import MotionCore
import MotionOutput
@testable import MotionReports
import XCTest

/// Every accuracy statistic is finite for finite samples, however large: errors and ulp counts beyond the `Double`
/// range are clamped to greatestFiniteMagnitude, means are scaled before their sums could overflow, and an answer
/// that is not finite (a port whose power form overflows) counts as the largest error a report can show.
final class FiniteStatisticsTests: XCTestCase {
    private let largest = Double.greatestFiniteMagnitude

    /// Control values at and near the `Double` limit, mixed signs (the browsers' power forms overflow on all of them).
    private let hugeCurves: [(name: String, curve: CubicBezier)] = [
        ("(0,1e308,1,-1e308)", try! CubicBezier(x1: 0, y1: 1e308, x2: 1, y2: -1e308)),
        ("(0.3,max,0.6,-max)", try! CubicBezier(x1: 0.3, y1: .greatestFiniteMagnitude, x2: 0.6, y2: -.greatestFiniteMagnitude)),
        ("(0,1e308,1,1e308)", try! CubicBezier(x1: 0, y1: 1e308, x2: 1, y2: 1e308)),
    ]

    func testErrorsAndRatiosBeyondTheRangeAreClamped() {
        XCTAssertEqual(FiniteStatistics.error(1, 0.25), 0.75)
        XCTAssertEqual(FiniteStatistics.error(largest, -largest), largest)
        XCTAssertEqual(FiniteStatistics.error(.nan, 0.5), largest)
        XCTAssertEqual(FiniteStatistics.error(0.5, -.infinity), largest)
        XCTAssertEqual(FiniteStatistics.magnitude(-.nan), largest)
        XCTAssertEqual(FiniteStatistics.magnitude(-3), 3)
        XCTAssertEqual(FiniteStatistics.ratio(1e300, 0x1p-76), largest)
        XCTAssertEqual(FiniteStatistics.ratio(3, 0.5), 6)
    }

    func testMeansAreFiniteAndExactWhereTheSumWouldOverflow() {
        // The plain sum of three greatestFiniteMagnitudes is infinite; the scaled one is exact.
        XCTAssertEqual(FiniteStatistics.mean([largest, largest, largest]), largest)
        // (The scaled sum rounds as the plain sum of 1,000 terms would, a few ulps.)
        XCTAssertEqual(FiniteStatistics.mean([Double](repeating: 1e308, count: 1_000)), 1e308, accuracy: 1e308 * 1e-13)
        XCTAssertEqual(FiniteStatistics.mean([largest, 0]), largest / 2)
        XCTAssertEqual(FiniteStatistics.mean([]), 0)
        // Ordinary errors keep the plain sum's value, to the bit.
        let ordinary = (1...1_000).map { Double($0) * 1.37e-9 }
        XCTAssertEqual(FiniteStatistics.mean(ordinary), ordinary.reduce(0, +) / 1_000)
        XCTAssertEqual(FiniteStatistics.weightedMean([(largest, 3), (largest, 1)]), largest)
        XCTAssertEqual(FiniteStatistics.weightedMean([(largest, 1), (0, 1)]), largest / 2)
        XCTAssertEqual(FiniteStatistics.weightedMean([(0.5, 3), (0.25, 1)]), 1.75 / 4)
        XCTAssertEqual(FiniteStatistics.weightedMean([(largest, 0)]), 0)
    }

    func testErrorStatisticsOfExtremeAndNonFiniteErrorsAreFinite() {
        let statistics = ErrorStatistics([largest, largest, .nan, .infinity, 1, 0])
        for figure in [statistics.maxAbsError, statistics.meanAbsError, statistics.p99AbsError] {
            XCTAssertTrue(figure.isFinite, "\(figure)")
        }
        XCTAssertEqual(statistics.maxAbsError, largest)
        XCTAssertEqual(statistics.meanAbsError, largest / 6 * 4, accuracy: largest * 1e-15)
        XCTAssertEqual(statistics.pointsOver1e3, 5)
    }

    /// Whether `text` shows a non-finite number: a word `nan`, `inf` or `infinity` (as `%g` and Swift print them).
    private func showsNonFinite(_ text: String) -> Bool {
        text.lowercased().split { !$0.isLetter }.contains { ["nan", "inf", "infinity"].contains($0) }
    }

    /// Every statistic of `statistics`, as the report shows it.
    private func figures(_ statistics: ErrorStatistics) -> [Double] {
        [statistics.maxAbsError, statistics.meanAbsError, statistics.p99AbsError]
    }

    func testAccuracyReportOnHugeCurvesHasOnlyFiniteStatistics() throws {
        // 1,024 timed evaluations per strategy and round, not 16,384: on these curves MotionBench's value(at:) takes
        // its exact path (tens of µs), and timing it was half of this test's time; the claim is only that the figures,
        // ns per evaluation among them, are finite.
        let report = try AccuracyStudy.run(curves: hugeCurves, samples: 101, springs: [("overdamped", try Spring(damping: 40))],
                                           rate: 60, seconds: 1, springStrategies: [.motionbench], timedEvaluations: 1024)
        XCTAssertEqual(report.bezier.count, BezierStrategy.all().count)
        for strategy in report.bezier {
            for statistics in [strategy.overall] + strategy.perCurve.map(\.statistics) {
                XCTAssertTrue(figures(statistics).allSatisfy(\.isFinite), "\(strategy.name): \(figures(statistics))")
            }
            XCTAssertTrue(strategy.binnedErrors.joined().allSatisfy(\.isFinite), strategy.name)
        }
        XCTAssertTrue(report.bezierReferenceWorstError.isFinite)
        // MotionBench's own error is the bound's rounding term for such curves (8·2^-53·max|y| ≈ 1.6e293 at the
        // limit), plus the reference's own.
        let ours = try XCTUnwrap(report.bezier.first { $0.name == "motionbench" })
        for (index, entry) in hugeCurves.enumerated() {
            let scale = max(abs(entry.curve.y1), abs(entry.curve.y2))
            XCTAssertLessThan(ours.perCurve[index].statistics.maxAbsError, 4e-15 * scale, entry.name)
        }
        // The browsers' power-form coefficients overflow (3·1e308): their ports answer NaN, counted as the largest error.
        let chromium = try XCTUnwrap(report.bezier.first { $0.name == "chromium" })
        XCTAssertEqual(chromium.overall.maxAbsError, largest)
        for format in [ReportFormat.markdown, .table, .json, .csv, .html] {
            XCTAssertFalse(showsNonFinite(try format.render(report)), format.name)
        }
    }

    func testMeasuredStatisticsOnHugeCurvesAreFinite() throws {
        // An engine's answers within the reader's ±1e200 against exact answers of up to 1.3e308, and the in-repo ports
        // (NaN here) at the same inputs: errors, means, ulps and port distances are all finite.
        var rows = ["implementation,spec,input,output"]
        for (name, entry) in [("engine", hugeCurves[0]), ("chromium 1", hugeCurves[1])] {
            let spec = entry.curve.description
            for index in 0...20 {
                let x = Double(index) / 20
                rows.append("\(name),\"\(spec)\",\(x),\(index % 2 == 0 ? 1e200 : -0.5)")
            }
        }
        let samples = try MeasuredSamplesReader.read(rows.joined(separator: "\n") + "\n", file: "huge.csv")
        let study = MeasuredStudy.run(samples, files: ["huge.csv"])
        XCTAssertFalse(study.ports.isEmpty)
        for row in study.implementations + study.ports {
            for statistics in [row.overall] + row.perSpec.map(\.statistics) {
                let figures = [statistics.maxAbsError, statistics.meanAbsError, statistics.maxFloat32Ulps,
                               statistics.maxFloat64Ulps] + statistics.beyondThresholds
                XCTAssertTrue(figures.allSatisfy(\.isFinite), "\(row.label): \(figures)")
            }
            XCTAssertTrue(row.errorPlot.values.joined().allSatisfy { $0.error.isFinite }, row.label)
        }
        XCTAssertTrue(study.distances.allSatisfy { $0.maxDifference.isFinite })
        let report = try AccuracyStudy.run(curves: [("ease", .ease)], samples: 11, springs: [("overdamped", try Spring(damping: 40))],
                                           rate: 60, seconds: 1, bezierStrategies: [.motionbench],
                                           springStrategies: [.motionbench])
        var withMeasured = report
        withMeasured.measured = study
        for format in [ReportFormat.markdown, .json, .csv, .html] {
            XCTAssertFalse(showsNonFinite(try format.render(withMeasured)), format.name)
        }
    }
}
