import MotionCore
@testable import MotionHarness
import XCTest

/// The batch evaluator must show exactly what the scalar path shows.
final class BatchEvaluatorTests: XCTestCase {
    func testEveryLayerMatchesTheScalarPathInEveryScenario() throws {
        for name in Scenario.builtInNames {
            let workload = Workload(scenario: try Scenario.named(name), count: 2_000, rate: 120, frames: 150)
            var worst = 0.0
            for frame in 1...150 {
                FrameHarness.evaluate(workload.store, frame: frame, threads: frame % 2 == 0 ? 2 : 1)
                guard [1, 2, 37, 75, 149, 150].contains(frame) else { continue }
                for index in 0..<workload.store.count {
                    let (first, second) = workload.expectedOutputs(layer: index, frame: frame)
                    worst = max(worst, abs(first - workload.store.firstOutputs[index]),
                                abs(second - workload.store.secondOutputs[index]))
                }
            }
            XCTAssertLessThanOrEqual(worst, 1e-12, "\(name): largest |batch − scalar| \(worst)")
        }
    }

    func testResultsDoNotDependOnTheThreadCount() throws {
        let scenario = try Scenario.named("mixed")
        var checksums: [Double] = []
        for threads in [1, 2, 3] {
            let workload = Workload(scenario: scenario, count: 5_003, rate: 60, frames: 40)
            for frame in 1...40 { FrameHarness.evaluate(workload.store, frame: frame, threads: threads) }
            checksums.append((0..<workload.store.count).reduce(0.0) {
                $0 + workload.store.firstOutputs[$1] + workload.store.secondOutputs[$1]
            })
        }
        XCTAssertEqual(checksums[0], checksums[1])
        XCTAssertEqual(checksums[0], checksums[2])
    }

    func testNaiveEvaluatorComputesTheSameAnimations() throws {
        let workload = Workload(scenario: try Scenario.named("mixed"), count: 3_000, rate: 120, frames: 100)
        let naive = NaiveEvaluator(workload: workload, limit: 3_000)
        XCTAssertEqual(naive.count, 3_000)
        for frame in [1, 30, 90] {
            naive.evaluate(time: Double(frame) * workload.interval)
            for (index, layer) in naive.layers.enumerated() {
                let (first, second) = workload.expectedOutputs(layer: index, frame: frame)
                // The naive curve solver stops at ε = 1e-7 in x: allow its y error on the steepest curves used.
                XCTAssertEqual(layer.first, first, accuracy: 1e-4 * max(1, abs(first)), "layer \(index) frame \(frame)")
                XCTAssertEqual(layer.second, second, accuracy: 1e-4 * max(1, abs(second)), "layer \(index) frame \(frame)")
            }
        }
    }

    func testHarnessReportsEveryFieldAndVerifies() throws {
        var options = FrameHarness.Options(scenario: try Scenario.named("springs"), layerCounts: [500, 2_000], frames: 20,
                                           rate: 120, threads: 2, verify: true)
        options.comparisonFrames = 3
        let results = FrameHarness.run(options)
        XCTAssertEqual(results.map(\.layers), [500, 2_000])
        for result in results {
            XCTAssertGreaterThan(result.nsPerLayerFrame, 0)
            XCTAssertGreaterThan(result.frameMs.max, 0)
            XCTAssertLessThanOrEqual(result.frameMs.p50, result.frameMs.p99 + 1e-9)
            XCTAssertGreaterThan(result.naiveNsPerLayerFrame, 0)
            XCTAssertGreaterThan(result.streamNsPerLayerFrame, 0)
            XCTAssertGreaterThan(result.peakRSSBytes, 0)
            XCTAssertEqual(result.bytesPerLayer, 20)
            XCTAssertTrue(result.checksum.isFinite)
            let verification = try XCTUnwrap(result.verification)
            XCTAssertGreaterThan(verification.samples, 0)
            XCTAssertLessThanOrEqual(verification.maxError, FrameHarness.verifyTolerance)
        }
        let json = HarnessReport.render(results, machine: .current, format: .json)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let first = try XCTUnwrap((object["results"] as? [[String: Any]])?.first)
        for key in ["scenario", "layers", "threads", "frames", "rateHz", "nsPerLayerFrame", "frameMs", "budgetFractionP99",
                    "maxLayersInBudget", "bytesPerLayer", "peakRSSBytes", "naiveNsPerLayerFrame", "speedupVsNaive",
                    "streamNsPerLayerFrame", "ratioToStream", "checksum"] {
            XCTAssertNotNil(first[key], key)
        }
        XCTAssertEqual(Set((first["frameMs"] as? [String: Any])?.keys ?? [:].keys), ["p50", "p90", "p99", "max"])
        XCTAssertNotNil(object["machine"] as? [String: Any])
        for format in [HarnessReport.Format.table, .markdown, .csv] {
            XCTAssertTrue(HarnessReport.render(results, machine: .current, format: format).contains("2000"))
        }
    }
}
