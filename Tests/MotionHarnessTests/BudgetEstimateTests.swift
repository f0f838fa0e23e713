import MotionHarness
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
        let estimate = BudgetEstimate(rows: [(1_000, 0.02), (2_000, 0.1), (100_000, 5.0)], budgetMs: 10)
        XCTAssertEqual(estimate.interceptMs, 0)
        XCTAssertEqual(estimate.slopeNs, 50, accuracy: 0.1)
        XCTAssertGreaterThanOrEqual(estimate.maxLayers, 199_000)
        XCTAssertLessThanOrEqual(estimate.maxLayers, 200_300)
    }

    func testNeverContradictsAMeasuredRow() {
        // A noisy 1M row that fitted (8.0 ms) while the line through the others would put the limit at 500k: the
        // estimate is at least 1M. And a 100k row over budget caps it below 100k.
        let fitted = BudgetEstimate(rows: [(1_000, 0.05), (10_000, 0.2), (100_000, 1.6), (1_000_000, 8.0)], budgetMs: 8.33)
        XCTAssertGreaterThanOrEqual(fitted.maxLayers, 1_000_000)
        let over = BudgetEstimate(rows: [(1_000, 0.05), (10_000, 0.5), (100_000, 9.0)], budgetMs: 8.33)
        XCTAssertLessThan(over.maxLayers, 100_000)
        XCTAssertGreaterThanOrEqual(over.maxLayers, 10_000)
    }

    func testOneRowAndDegenerateInput() {
        XCTAssertEqual(BudgetEstimate(rows: [(1_000, 1.0)], budgetMs: 8).maxLayers, 8_000)
        XCTAssertEqual(BudgetEstimate(rows: [], budgetMs: 8).maxLayers, 0)
        XCTAssertEqual(BudgetEstimate(rows: [(1_000, .nan)], budgetMs: 8).maxLayers, 0)
        // Larger rows cheaper than smaller ones (a slope that is not positive): the worst cost per layer is used.
        XCTAssertEqual(BudgetEstimate(rows: [(1_000, 2.0), (2_000, 1.0)], budgetMs: 8).maxLayers, 4_000)
    }
}
