import Foundation
import MotionCore
import MotionEngine
@testable import MotionHarness
import XCTest

/// The checks of an engine's outputs after each timed frame: every output finite at every frame, comparisons with the
/// exact path spread over every frame within the budget, and the one-ulp leniency at boundaries.
final class EngineCheckTests: XCTestCase {
    // MARK: The plan

    func testThePlanSharesTheBudgetOverEveryFrameAndSeesEveryLayer() {
        let plan = EngineCheckPlan(layers: 10_000, frames: Array(1...240), budget: 160_000)
        let counts = (0..<240).map { plan.count(atPosition: $0) }
        XCTAssertEqual(counts.reduce(0, +), 160_000, "the whole budget, no more")
        XCTAssertEqual(counts.min(), 666)
        XCTAssertEqual(counts.max(), 667, "every frame within one of the others")
        var seen = Set<Int>(), compared = 0
        for position in 0..<240 {
            let layers = plan.layers(atPosition: position).sorted()
            XCTAssertEqual(Set(layers).count, layers.count, "no layer twice in a frame")
            XCTAssertTrue(layers.allSatisfy { (0..<10_000).contains($0) })
            // Spread evenly: gaps of at most the stride (from 15, nearest 10000/666.7, up to 17, coprime with 10000).
            let gaps = zip(layers.dropFirst(), layers).map { $0 - $1 }
            XCTAssertLessThanOrEqual(gaps.max() ?? 0, plan.stride, "position \(position)")
            XCTAssertLessThanOrEqual(layers.first ?? .max, plan.stride)
            XCTAssertGreaterThanOrEqual(layers.last ?? 0, 10_000 - plan.stride)
            seen.formUnion(layers)
            compared += layers.count
            // The first 10000 comparisons are 10000 different layers.
            if compared <= 10_000 { XCTAssertEqual(seen.count, compared) }
        }
        XCTAssertEqual(seen.count, 10_000, "every layer is compared")
        XCTAssertNotEqual(plan.layers(atPosition: 0), plan.layers(atPosition: 1))
        // A budget below the layers: that many different layers, spread over every frame.
        let sparse = EngineCheckPlan(layers: 100_000, frames: Array(1...240), budget: 160_000)
        let sparseSeen = Set((0..<240).flatMap { sparse.layers(atPosition: $0) })
        XCTAssertEqual(sparseSeen.count, 100_000)
        let few = EngineCheckPlan(layers: 1_000_000, frames: Array(1...240), budget: 160_000)
        XCTAssertEqual(Set((0..<240).flatMap { few.layers(atPosition: $0) }).count, 160_000)
        XCTAssertEqual(EngineCheckPlan.gcd(few.stride, 1_000_000), 1)
    }

    func testThePlanNeverExceedsTheLayersOrTheBudget() {
        let all = EngineCheckPlan(layers: 300, frames: Array(1...8), budget: 1_000_000_000)
        for position in 0..<8 { XCTAssertEqual(all.layers(atPosition: position).sorted(), Array(0..<300)) }
        let small = EngineCheckPlan(layers: 300, frames: Array(1...240), budget: 10)
        XCTAssertEqual((0..<240).map { small.count(atPosition: $0) }.reduce(0, +), 10)
        XCTAssertEqual(small.count(atPosition: 240), 0, "past the last frame")
        let sparse = EngineCheckPlan(layers: 50, frames: [1, 11, 21, 31], budget: 100)
        XCTAssertEqual([1, 11, 21, 31, 12, 0, 40].map { sparse.position(of: $0) }, [0, 1, 2, 3, nil, nil, nil])
        XCTAssertEqual((0..<4).map { sparse.count(atPosition: $0) }, [25, 25, 25, 25])
        let huge = EngineCheckPlan(layers: 100_000_000, frames: Array(1...1_000_000), budget: Int.max / 2)
        XCTAssertEqual(huge.count(atPosition: 999_999), 100_000_000, "no overflow: every layer")
    }

    // MARK: Through the measured loop

    /// `frames` frames of 120 Hz over `count` layers of `scenario`, measured like an engine under test.
    private func measure(_ scenario: Scenario, count: Int, frames: Int, budget: Int = 160_000,
                         alter: @escaping @Sendable (Double, Int, UnsafeMutableBufferPointer<Double>) -> Void) -> EngineRow {
        let clock = FrameClock.fixed(rate: 120, frames: frames)
        var options = FrameHarness.Options(scenario: scenario, layerCounts: [count], clock: clock, threads: 1, verify: false)
        options.checkBudget = budget
        let workload = Workload(scenario: scenario, count: count, clock: clock)
        let engine = AlteredEngine(workload: workload, clock: clock, alter: alter)
        let subject = EngineMeasurement.Subject(engine: engine, count: workload.count, workloadIndex: { $0 },
                                                row: EngineRow(name: engine.descriptor.name, role: .inProcess),
                                                frames: Array(1...frames))
        return EngineMeasurement.measure(subject, workload: workload, options: options)
    }

    func testComparisonsCoverEveryFrameWithinTheBudget() throws {
        let row = measure(try Scenario.named("mixed"), count: 2_000, frames: 60, budget: 6_000) { _, _, _ in }
        XCTAssertNil(row.failure)
        XCTAssertEqual(row.checkedFrames, 120, "every output checked finite after every frame of the checked and the timed pass")
        XCTAssertEqual(row.comparedFrames, 60, "comparisons at every frame")
        XCTAssertEqual(row.comparedLayerFrames, 6_000)
        XCTAssertGreaterThan(row.comparedLayers, 1_900, "rotating samples of 100 see nearly all 2000 layers")
        XCTAssertEqual(row.comparedOutputs, row.errors.reduce(0) { $0 + $1.outputs })
        XCTAssertGreaterThan(row.comparedOutputs, 6_000)
        XCTAssertEqual(Set(row.errors.map(\.kind)).count, 7, "every kind at some frame")
        XCTAssertEqual(row.errors.reduce(0) { $0 + $1.beyondVisible }, 0, "MotionCore's batch itself")
    }

    func testAWrongOutputAtOneFrameOnlyIsSeenThere() throws {
        // Every layer visibly wrong at frame 37 only (not one of the four frames once checked): the comparisons of that
        // frame see it, and the worst output names it.
        let time = 37.0 / 120
        let row = measure(try Scenario.named("mixed"), count: 1_000, frames: 60, budget: 3_000) { t, _, values in
            if t == time { values[0] += 1_000 }
        }
        XCTAssertNil(row.failure)
        XCTAssertGreaterThan(row.errors.reduce(0) { $0 + $1.beyondVisible }, 0)
        XCTAssertEqual(row.worst?.frame, 37)
        XCTAssertEqual(row.worst?.time, time)
    }

    func testOneNonFiniteOutputAtOneFrameFailsNamingFrameLayerAndOutput() throws {
        let time = 5.0 / 120
        let row = measure(try Scenario.named("mixed"), count: 1_000, frames: 60, budget: 1) { t, layer, values in
            if t == time, layer == 613 { values[values.count - 1] = -.infinity }
        }
        let failure = try XCTUnwrap(row.failure)
        let width = Workload(scenario: try Scenario.named("mixed"), count: 1_000, clock: .fixed(rate: 120, frames: 1))
            .expectedOutputs(layer: 613, time: 0).count
        XCTAssertTrue(failure.contains("output \(width - 1) of its layer 613 (workload layer 613, "), failure)
        XCTAssertTrue(failure.contains("is -inf at frame 5 of 60 (t = \(time) s)"), failure)
    }

    // MARK: The one-ulp leniency

    func testAnOutputMatchingTheExactValueOneUlpAwayCounts() throws {
        // Passes of 0.1 s: 0.3 (frame 36 at 120 Hz) lies within one ulp of the end of the third pass, 3 × 0.1, which is
        // not a double. An engine that puts the boundary on the other side (the next pass's start) is not wrong.
        let scenario = try Scenario(json: #"""
        {"version": 2, "name": "passes", "seed": 1, "animations": [
          {"kind": "basic", "begin": 0, "from": 0, "to": 100, "duration": 0.1, "repeatCount": 5}]}
        """#, source: "passes.json")
        let clock = FrameClock.fixed(rate: 120, frames: 60)
        let workload = Workload(scenario: scenario, count: 4, clock: clock)
        let sides = (1...60).map { clock.frame($0).time }.filter { t in
            abs(workload.expectedOutputs(layer: 0, time: t)[0] - workload.expectedOutputs(layer: 0, time: t.nextUp)[0]) > 1
        }
        XCTAssertFalse(sides.isEmpty, "some frame lies within one ulp of a pass boundary (the test must be able to fail)")
        let nextSide = measure(scenario, count: 4, frames: 60) { t, layer, values in
            values[0] = workload.expectedOutputs(layer: layer, time: t.nextUp)[0]
        }
        XCTAssertNil(nextSide.failure)
        XCTAssertEqual(nextSide.errors.first?.beyondVisible, 0, "the exact value at t.nextUp is accepted")
        XCTAssertEqual(nextSide.errors.first?.maxError ?? 1, 0, accuracy: 1e-12)
        // Further than one ulp is wrong: the value 3 ms past a boundary frame is beyond both sides.
        let further = measure(scenario, count: 4, frames: 60) { t, layer, values in
            values[0] = workload.expectedOutputs(layer: layer, time: sides.contains(t) ? t + 0.003 : t)[0]
        }
        XCTAssertGreaterThan(further.errors.first?.beyondVisible ?? 0, 0)
        XCTAssertTrue(sides.contains(further.worst?.time ?? -1))
    }
}

/// MotionCore's batch evaluator with its outputs altered as they are read (`alter(time, layer, values)`), to give the
/// checks something to catch. Its non-finite scan is the protocol's default, through `outputs(layer:into:)`.
private final class AlteredEngine: AnimationEngine, @unchecked Sendable {
    let inner: BatchEngine
    let alter: @Sendable (Double, Int, UnsafeMutableBufferPointer<Double>) -> Void
    private var time = 0.0

    init(workload: Workload, clock: FrameClock, alter: @escaping @Sendable (Double, Int, UnsafeMutableBufferPointer<Double>) -> Void) {
        inner = BatchEngine(store: workload.store, kernels: workload.groups.map(\.kernel), clock: clock,
                            kinds: Set(EngineLayerKind.allCases))
        self.alter = alter
    }

    var descriptor: EngineDescriptor {
        EngineDescriptor(name: "altered", version: "0", precision: .float64, supportedKinds: Set(EngineLayerKind.allCases),
                         concurrentChunks: false)
    }

    func evaluateFrame(time: Double, chunk: Int, of chunks: Int) throws(EngineError) {
        self.time = time
        try inner.evaluateFrame(time: time, chunk: chunk, of: chunks)
    }

    func reset() throws(EngineError) { try inner.reset() }

    func outputs(layer: Int, into values: UnsafeMutableBufferPointer<Double>) {
        inner.outputs(layer: layer, into: values)
        alter(time, layer, values)
    }
}
