import XCTest
@testable import MotionHarness
import MotionSupport

/// `motionbench run`'s default text: the verdict first, at most 100 columns, warnings on their own lines.
final class RunSummaryTests: XCTestCase {
    static let machine = RunFigureOutputTests.machine

    /// An engine row of `name` on `layers`, costing `ratio` × the batch, with one kind's errors.
    static func engine(_ name: String, layers: Int, ratio: Double, maxError: Double, beyond: Int = 0,
                       failure: String? = nil, disturbed: Bool = false) throws -> EngineRow {
        var row = EngineRow(name: name, role: .plugIn)
        (row.layers, row.frames, row.threads, row.timesBatch, row.nsPerLayerFrame) = (layers, 120, 2, ratio, ratio * 10)
        row.errors = [EngineRow.KindErrors(kind: .spring, outputs: 1000, maxError: maxError, beyondVisible: beyond,
                                           visibleShare: Double(beyond) / 1000, thresholds: [])]
        row.failure = failure
        if disturbed { row.noise = try RunFigureOutputTests.noise(flagged: true) }
        return row
    }

    /// Four layer counts with the naive evaluator and one engine under test, as the README's main job prints.
    static func results(layerCounts: [Int] = [1000, 10_000, 100_000, 1_000_000], engineName: String = "example-c-float32",
                        failAt: Int? = nil, disturbAt: Int? = nil) throws -> [HarnessResult] {
        let template = try XCTUnwrap(RunFigureOutputTests.runs().first?.results.first)
        return try layerCounts.enumerated().map { index, layers in
            var result = template
            result.layers = layers
            result.repeats = 1
            result.frameMs.p99 = Timed(median: Double(layers) * 1e-5)
            result.budgetFractionP99 = result.frameMs.p99.median / (1000 / 120)
            var naive = EngineRow(name: "naive", role: .naive)
            (naive.layers, naive.timesBatch) = (layers, 15 + Double(index))
            result.engines = [EngineRow(name: "motioncore-batch", role: .batch), naive,
                              try engine(engineName, layers: layers, ratio: 2 + Double(index) / 10,
                                         maxError: 1e-5 * Double(index + 1), beyond: index == 2 ? 1 : 0,
                                         failure: layers == failAt ? "crashed with signal 11 (SIGSEGV) in frame 3" : nil,
                                         disturbed: layers == disturbAt)]
            return result
        }
    }

    static func summary(_ results: [HarnessResult]) -> [Substring] {
        HarnessRunReport(results: results, machine: machine).tableText().split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast()
    }

    func testTheDefaultRunFitsFifteenLinesOfAHundredColumnsWithTheVerdictFirst() throws {
        let lines = Self.summary(try Self.results())
        XCTAssertLessThanOrEqual(lines.count, 15, lines.joined(separator: "\n"))
        XCTAssertLessThanOrEqual(lines.map(\.count).max() ?? 0, 100, lines.joined(separator: "\n"))
        // p99 = layers × 1e-5 ms against 8.33 ms: the fitted line meets the budget at 833,333 layers.
        XCTAssertTrue(lines[1].hasPrefix("Fits in 8.33 ms at p99: 833,333 layers"), String(lines[1]))
        // Each engine's cost against the batch (median over the four layer counts, and the range) and its error.
        XCTAssertTrue(lines[2].hasPrefix("naive: 16.50× the batch (median)"), String(lines[2]))
        XCTAssertEqual(lines[3], "example-c-float32: 2.15× the batch (median); error ≤ 4.0e-05 (spring), 0.03% beyond visible")
        XCTAssertTrue(lines.contains("example-c-float32 × batch      2.00×      2.10×      2.20×      2.30×"),
                      lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains("batch ns/layer/frame           12.50      12.50      12.50      12.50"),
                      lines.joined(separator: "\n"))
        XCTAssertFalse(lines.contains { $0.contains("warning") || $0.contains("FAILED") }, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.last?.contains("--details") == true)
    }

    func testAFailureAndDisturbedTimingAreLinesOfTheirOwnNeverInsideACell() throws {
        let lines = Self.summary(try Self.results(failAt: 10_000, disturbAt: 100_000))
        let text = lines.joined(separator: "\n")
        XCTAssertLessThanOrEqual(lines.map(\.count).max() ?? 0, 100, text)
        XCTAssertTrue(lines.contains("FAILED: example-c-float32 at 10,000 layers: crashed with signal 11 (SIGSEGV) in frame 3"), text)
        XCTAssertTrue(lines.contains("warning: disturbed timing (rerun when quiet): example-c-float32 at 100,000 layers"),
                      text)
        XCTAssertTrue(lines[3].contains("FAILED at 1 of 4 layer counts"), text)
        // The table's cells hold a figure, FAILED or –, nothing else.
        let row = try XCTUnwrap(lines.first { $0.hasPrefix("example-c-float32 × batch") })
        XCTAssertEqual(row.split(separator: " ").suffix(4), ["2.00×", "FAILED", "2.20×", "2.30×"])
    }

    /// Two builds of one engine (one name, two paths) stay two lines and two rows, told apart by path as in --details.
    func testTwoLibrariesOfOneNameAreToldApart() throws {
        var results = try Self.results(layerCounts: [1000])
        var first = try Self.engine("mine", layers: 1000, ratio: 2, maxError: 1e-6)
        var second = try Self.engine("mine", layers: 1000, ratio: 3, maxError: 1e-3)
        (first.path, second.path) = ("base/libmine.so", "head/libmine.so")
        results[0].engines = [EngineRow(name: "motioncore-batch", role: .batch), first, second]
        let lines = Self.summary(results)
        XCTAssertTrue(lines.contains { $0.hasPrefix("mine (base/libmine.so): 2.00× the batch; error ≤ 1.0e-06") },
                      lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.hasPrefix("mine (head/libmine.so): 3.00× the batch; error ≤ 1.0e-03") },
                      lines.joined(separator: "\n"))
    }

    /// An engine of some kinds only says so under its line: the share of the layers it ran, and against what.
    func testAnEngineOfSomeKindsSaysWhichAndAgainstWhat() throws {
        var results = try Self.results(layerCounts: [1000])
        results[0].engines[2].unsupported = [EngineRow.KindCount(kind: .pendulum, layers: 280)]
        (results[0].engines[2].layers, results[0].engines[2].kinds) = (720, [.basic, .spring])
        let lines = Self.summary(results)
        XCTAssertTrue(lines.contains("  its kinds only: 72% of the layers (basic, spring); × batch on those layers"),
                      lines.joined(separator: "\n"))
    }

    func testDisturbedRowsAreNamedOncePerEngine() throws {
        var results = try Self.results(disturbAt: 10_000)
        results[1].engines[2].noise = try RunFigureOutputTests.noise(flagged: true)
        results[2].engines[2].noise = try RunFigureOutputTests.noise(flagged: true)
        results[1].noise = try RunFigureOutputTests.noise(flagged: true)
        let text = Self.summary(results).joined(separator: "\n")
        XCTAssertTrue(text.contains("warning: disturbed timing (rerun when quiet): batch at 10,000 layers; example-c-float32 "
                                    + "at 10,000,\n  100,000 layers"), text)
        for index in results.indices { results[index].noise = try RunFigureOutputTests.noise(flagged: true) }
        let everywhere = Self.summary(results).joined(separator: "\n")
        XCTAssertTrue(everywhere.contains("(rerun when quiet): batch at every layer count; example-c-float32 at\n"
                                          + "  10,000, 100,000 layers"), everywhere)
        // p99 = layers × 1e-5 ms on the three undisturbed rows: the line meets 8.33 ms at 833,333 layers.
        XCTAssertTrue(text.contains("Fits in 8.33 ms at p99: 833,333 layers from the undisturbed rows (warning below)"), text)
    }

    func testManyLayerCountsAndLongNamesStayWithinAHundredColumns() throws {
        let counts = (1...14).map { $0 * 100_000 }
        let results = try Self.results(layerCounts: counts, engineName: String(repeating: "a-very-long-engine-name-", count: 6))
        let lines = Self.summary(results)
        let text = lines.joined(separator: "\n")
        XCTAssertLessThanOrEqual(lines.map(\.count).max() ?? 0, 100, text)
        // Every layer count is still shown, in blocks under one another.
        for count in counts { XCTAssertTrue(text.contains(RunSummary.grouped(count)), "\(count): \(text)") }
        XCTAssertGreaterThan(lines.filter { $0.hasPrefix("layers ") }.count, 1, text)
    }

    func testWrapBreaksAtSpacesAndCutsAWordLongerThanALine() {
        let lines = RunSummary.wrap(String(repeating: "word ", count: 40) + String(repeating: "x", count: 150))
        XCTAssertTrue(lines.allSatisfy { $0.count <= 100 }, "\(lines)")
        XCTAssertTrue(lines.dropFirst().allSatisfy { $0.hasPrefix("  ") }, "\(lines)")
        XCTAssertEqual(lines.last?.last, "…")
        XCTAssertEqual(RunSummary.grouped(1_234_567), "1,234,567")
        XCTAssertEqual(RunSummary.grouped(999), "999")
    }
}
