import Foundation
import MotionHarness
import MotionSupport
import XCTest

/// The run's one estimate of the layers that fit a frame budget.
final class BudgetEstimateTests: XCTestCase {
    func testLineThroughTheRowsMeetsTheBudget() {
        // p99 = 0.2 ms + 10 ns × layers exactly: 8.33 ms is met at (8.33 − 0.2) / 1e-5 = 813,000 layers.
        let rows = [1_000, 10_000, 100_000, 1_000_000].map { ($0, 0.2 + 1e-5 * Double($0)) }
        let estimate = BudgetEstimate(rows: rows, budgetMs: 8.33)
        XCTAssertEqual(estimate.maxLayers, 813_000)
        XCTAssertEqual(estimate.interceptMs, 0.2, accuracy: 1e-9)
        XCTAssertEqual(estimate.slopeNs, 10, accuracy: 1e-9)
    }

    func testANegativeInterceptIsRefittedThroughTheOrigin() {
        // Noise on the small row makes the least-squares intercept negative; p99 = 5e-5 ms × layers through the origin.
        // The 100k row overruns a 4 ms budget, so the line's crossing, 4 ms / 50 ns ≈ 80,000, is within the rows.
        let estimate = BudgetEstimate(rows: [(1_000, 0.02), (2_000, 0.1), (100_000, 5.0)], budgetMs: 4)
        XCTAssertEqual(estimate.interceptMs, 0)
        XCTAssertEqual(estimate.slopeNs, 50, accuracy: 0.1)
        XCTAssertGreaterThanOrEqual(estimate.maxLayers, 79_900)
        XCTAssertLessThanOrEqual(estimate.maxLayers, 80_100)
        XCTAssertFalse(estimate.isLowerBound)
    }

    func testNeverContradictsAMeasuredRow() {
        // A noisy 1M row that fitted (8.0 ms) while the line through the others would put the limit at 500k: the
        // estimate is at least 1M. And a 100k row over budget caps it below 100k.
        let fitted = BudgetEstimate(rows: [(1_000, 0.05), (10_000, 0.2), (100_000, 1.6), (1_000_000, 8.0)], budgetMs: 8.33)
        XCTAssertEqual(fitted.maxLayers, 1_000_000)
        XCTAssertTrue(fitted.isLowerBound)
        let over = BudgetEstimate(rows: [(1_000, 0.05), (10_000, 0.5), (100_000, 9.0)], budgetMs: 8.33)
        XCTAssertLessThan(over.maxLayers, 100_000)
        XCTAssertGreaterThanOrEqual(over.maxLayers, 10_000)
        XCTAssertFalse(over.isLowerBound)
    }

    func testNoCapacityBeyondTheMeasuredRows() {
        // Every row fits with room to spare (the line would meet 8.33 ms near 833,000 layers): the estimate stays at
        // the largest row measured and says it is a lower bound, instead of extrapolating 80× past it.
        let rows = [1_000, 10_000].map { ($0, 1e-5 * Double($0)) }
        let estimate = BudgetEstimate(rows: rows, budgetMs: 8.33)
        XCTAssertEqual(estimate.maxLayers, 10_000)
        XCTAssertTrue(estimate.isLowerBound)
        XCTAssertEqual(estimate.slopeNs, 10, accuracy: 1e-9, "the fitted model is still reported")
    }

    func testOneRowAndDegenerateInput() {
        XCTAssertEqual(BudgetEstimate(rows: [(1_000, 1.0)], budgetMs: 8).maxLayers, 1_000, "fits: a lower bound, not 8,000")
        XCTAssertEqual(BudgetEstimate(rows: [(1_000, 16.0)], budgetMs: 8).maxLayers, 500, "overruns: the cost per layer")
        XCTAssertEqual(BudgetEstimate(rows: [], budgetMs: 8).maxLayers, 0)
        XCTAssertEqual(BudgetEstimate(rows: [(1_000, .nan)], budgetMs: 8).maxLayers, 0)
        // Larger rows cheaper than smaller ones (a slope that is not positive), both over budget: the worst cost per
        // layer (9 µs) is used, 8 ms / 9 µs = 888.
        XCTAssertEqual(BudgetEstimate(rows: [(1_000, 9.0), (2_000, 8.5)], budgetMs: 8).maxLayers, 888)
        // A fit through the origin (the intercept came out negative), 22,000 / 5e6 ms per layer: 8 / 0.0044 = 1,818,
        // between the row that fits and the one that does not.
        XCTAssertEqual(BudgetEstimate(rows: [(1_000, 2.0), (2_000, 10.0)], budgetMs: 8).maxLayers, 1_818)
        XCTAssertEqual(BudgetEstimate(rows: [(1_000, 8.0), (2_000, 12.0)], budgetMs: 8).maxLayers, 1_000)
    }
}

/// A stream bound that is not below the batch cost bounds nothing and is left out of every format with a reason;
/// a capacity where every row fits is printed as a lower bound.
final class HonestCapacityTests: XCTestCase {
    func testStreamLeftOutAndLowerBoundInEveryFormat() throws {
        let scenario = try Scenario.named("fade")
        let options = FrameHarness.Options(scenario: scenario, layerCounts: [20, 40], clock: .fixed(rate: 120, frames: 2),
                                           threads: 1, verify: false)
        var results = FrameHarness.run(options)
        XCTAssertTrue(results.allSatisfy { $0.frameMs.p99.median < 8.33 }, "tiny rows fit a 120 Hz frame")
        // This test is about the stream bound and the lower bound; a busy machine's noise (which withholds the limit,
        // FrameNoiseTests) is set aside.
        for index in results.indices { results[index].noise = nil }
        (results[0].streamNsPerLayerFrame.median, results[0].ratioToStream.median) = (.nan, .nan)
        let report = HarnessRunReport(results: results, machine: .current, details: true)
        let table = report.tableText()
        XCTAssertTrue(table.contains("Max layers in budget (p99 ≤ 8.33 ms): ≥ 40 (every row fits"), table)
        let summary = HarnessRunReport(results: results, machine: .current).tableText()
        XCTAssertTrue(summary.split(separator: "\n")[1].hasPrefix("Fits in 8.33 ms at the slowest frame: ≥ 40 layers (every row fits)"),
                      summary)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(report.jsonDocument(metadata: nil).utf8)) as? [String: Any])
        let budget = try XCTUnwrap(json["budget"] as? [String: Any])
        XCTAssertEqual(budget["maxLayers"] as? Int, 40)
        XCTAssertEqual(budget["maxLayersIsLowerBound"] as? Bool, true)
        let rows = try XCTUnwrap(json["results"] as? [[String: Any]])
        XCTAssertTrue(rows[0]["streamNsPerLayerFrame"] is NSNull)
        XCTAssertTrue(((rows[0]["notes"] as? [String: String])?["streamNsPerLayerFrame"] ?? "").contains("bounds nothing"))
        let html = report.htmlPage(provenance: nil)
        let around = html.range(of: "[^A-Za-z](nan|NaN)[^A-Za-z]", options: .regularExpression).map { String(html[(html.index($0.lowerBound, offsetBy: -40, limitedBy: html.startIndex) ?? html.startIndex)...].prefix(80)) }
        XCTAssertNil(around, "no NaN reaches the page")
    }
}
