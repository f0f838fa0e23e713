import MotionCore
import XCTest

/// The batch kernels' timing at iteration and end boundaries: a 0.1 s × 3 animation that holds its end must show its
/// end value at and after the end, and every frame time that lies on or one double beside a boundary must give the
/// progress that exact arithmetic gives. The exact answers come from the rational oracle's vectors
/// (`data/vectors/core-animation-exact.csv`, its kernel subset) and from the examples worked out in the issue.
final class BoundaryKernelTests: XCTestCase {
    /// Linear-eased single-value layers from 0 to 1, so that each output is the layer's directed progress.
    private func progressLayers(_ timings: [LayerTimingParameters]) -> BasicLayers {
        let layers = BasicLayers(count: timings.count, components: 1, curves: .shared(.linear(.identity)))
        for (i, timing) in timings.enumerated() {
            layers.schedule.set(i, timing)
            layers.set(i, component: 0, from: 0, to: 1)
        }
        return layers
    }

    /// Every layer's output at `time`.
    private func outputs(_ layers: BasicLayers, at time: Double) -> [Double] {
        let store = LayerStore(kernels: [layers])
        store.evaluate(LayerFrame(index: 1, time: time, previousTime: 0), layers: 0..<store.count)
        return (0..<layers.count).map { store.outputs(layer: $0)[0] }
    }

    func testAnEndThatRoundsPastTheLastIterationHoldsTheEnd() {
        // 0.1 × 3 = 0.30000000000000004 and that / 0.1 = 3.0000000000000004: a rounded procedure starts a fourth pass.
        let timings = [LayerTimingParameters(begin: 0, duration: 0.1, repeatCount: 3),
                       LayerTimingParameters(begin: 10, duration: 0.1, repeatCount: 3),
                       LayerTimingParameters(begin: 0, duration: 0.1, repeatCount: 3, autoreverses: true),
                       LayerTimingParameters(begin: 0.25, duration: 1.0 / 3, repeatCount: 7)]
        let layers = progressLayers(timings)
        XCTAssertEqual(outputs(layers, at: 0.30000000000000004)[0], 1, "0.1 × 3 one double after 0.3")
        XCTAssertEqual(outputs(layers, at: 0.6000000000000001)[2], 0, "autoreversed 0.1 × 3 cycles, just after 0.6")
        for time in [10.4, 12, 100] {
            let values = outputs(layers, at: time)
            XCTAssertEqual(values[0], 1, "0.1 × 3 at \(time)")
            XCTAssertEqual(values[1], 1, "begin 10 at \(time)")
            XCTAssertEqual(values[2], 0, "autoreversed 0.1 × 3 cycles end where they began, at \(time)")
            XCTAssertEqual(values[3], 1, "1/3 × 7 after its end, at \(time)")
        }
        // 0.3 lies below 0.1·3 = 0.3000000000000000166…: the last pass is not over yet.
        XCTAssertEqual(outputs(layers, at: 0.3)[0], 0.9999999999999998)
        for (i, timing) in timings.enumerated() {
            XCTAssertEqual(timing.directedProgress(at: 100), i == 2 ? 0 : 1, "directedProgress(at:) of layer \(i)")
        }
    }

    func testAPassBoundaryIsDecidedOnTheUnroundedTime() {
        // Exactly: 0.25 + 0.1 lies above the double 0.35, 0.05 + 0.1 below 0.15000000000000002, and 0.1 + 0.1 is 0.2.
        let layers = progressLayers([LayerTimingParameters(begin: 0.25, duration: 0.1, repeatCount: 3),
                                     LayerTimingParameters(begin: 0.05, duration: 0.1, repeatCount: 3),
                                     LayerTimingParameters(begin: 0.1, duration: 0.1, repeatCount: 3)])
        XCTAssertGreaterThan(outputs(layers, at: 0.35)[0], 0.999_999_999_999, "0.35 is just before the first pass ends")
        XCTAssertLessThan(outputs(layers, at: 0.35.nextUp)[0], 1e-12, "the next double is just into the second pass")
        XCTAssertLessThan(outputs(layers, at: 0.15000000000000002)[1], 1e-12, "0.15000000000000002 is past the boundary")
        XCTAssertGreaterThan(outputs(layers, at: 0.15000000000000002.nextDown)[1], 0.999_999_999_999)
        XCTAssertEqual(outputs(layers, at: 0.2)[2], 0, "0.2 is exactly the boundary: the second pass starts at 0")
    }

    /// The kernel subset of the rational oracle's Core Animation vectors (begin, duration, repeat count, autoreverses,
    /// fill both): the kernels' progress (in both their two-lane loop and its scalar tail) within 1e-12 of the exact one (their rounded arithmetic is not the scalar
    /// path's compensated remainder), which a wrong iteration or phase misses by up to 1.
    func testKernelsMatchTheOracleOnTheirSubset() throws {
        let rows = try ExactTimingVectors.coreAnimationRows().filter(\.isKernelSubset)
        XCTAssertGreaterThanOrEqual(rows.count, 1000)
        var failures: [String] = []
        for row in rows where row.duration > 0 {
            guard let expected = row.answer.progress else { continue }
            let timing = LayerTimingParameters(begin: row.beginTime, duration: row.duration, repeatCount: row.repeatCount,
                                               autoreverses: row.autoreverses)
            // Three copies: the first two go through the kernels' two-lane loop, the third through its scalar tail.
            let kernel = outputs(progressLayers([timing, timing, timing]), at: row.parentTime)
            let naive = timing.directedProgress(at: row.parentTime)
            if kernel.contains(where: { abs($0 - expected) > 1e-12 }) || abs(naive - expected) > 1e-12 {
                failures.append("\(row.text): kernel \(kernel), directedProgress(at:) \(naive), exact \(expected)")
            }
        }
        XCTAssert(failures.isEmpty, "\(failures.count) of \(rows.count) rows:\n" + failures.prefix(20).joined(separator: "\n"))
    }

    /// Random timings evaluated at every boundary time fl(begin + k·d) and the doubles either side, kernels against the
    /// scalar path (`MediaTiming`, which decides exactly by another route).
    func testKernelsAgreeWithTheScalarPathAtEveryBoundary() throws {
        var generator = SplitMix64(seed: 31)
        var timings: [LayerTimingParameters] = []
        for _ in 0..<200 {
            let duration = [0.1, 1.0 / 3, 0.044476589956777744, 0.01 + Double.random(in: 0..<1, using: &generator) * 0.5][Int(generator.next() % 4)]
            let repeatCount = [0, 1, 2, 3, 7, 2.5, 0.3][Int(generator.next() % 7)]
            timings.append(LayerTimingParameters(begin: Double.random(in: 0..<1, using: &generator), duration: duration, repeatCount: repeatCount,
                                                 autoreverses: generator.next() % 2 == 0))
        }
        let layers = progressLayers(timings)
        var failures: [String] = []
        for (i, timing) in timings.enumerated() {
            let media = try MediaTiming(beginTime: timing.begin, duration: timing.duration, repeatCount: timing.repeatCount,
                                        autoreverses: timing.autoreverses, fillMode: .both, removedOnCompletion: false)
            let passes = timing.iterations
            for k in 0...Int(passes.rounded(.up)) {
                let boundary = timing.begin + min(Double(k), passes) * timing.duration
                for time in [boundary.nextDown, boundary, boundary.nextUp] {
                    let expected = try XCTUnwrap(media.evaluate(parentTime: time).directedProgress)
                    let kernel = outputs(layers, at: time)[i]
                    if abs(kernel - expected) > 1e-12 { failures.append("layer \(i) \(timing) at \(time): \(kernel) vs \(expected)") }
                }
            }
        }
        XCTAssert(failures.isEmpty, "\(failures.count) disagreements:\n" + failures.prefix(20).joined(separator: "\n"))
    }

    /// A group eased by CSS `linear(...)` stops takes the directed progress every other group takes (the rounded
    /// procedure with its doubtful layers repaired, bit for bit a `linear` group's output) and then the easing's scalar
    /// code; and it stays within 10^-12 of the easing of the scalar timing procedure's progress (which, not repaired,
    /// can differ by a rounding error next to a pass boundary), at random times and on and beside every boundary.
    func testSharedLinearStopsEaseTheScalarProgress() throws {
        let easing = try LinearEasing(stops: [.init(output: 0), .init(output: 0.25, inputPercent: 20),
                                              .init(output: 0.25, inputPercent: 40), .init(output: 1.1, inputPercent: 90),
                                              .init(output: 1)])
        var generator = SplitMix64(seed: 59)
        var timings: [LayerTimingParameters] = []
        for _ in 0..<100 {
            timings.append(LayerTimingParameters(begin: Double.random(in: 0..<1, using: &generator),
                                                 duration: [0.1, 1.0 / 3, 0.25][Int(generator.next() % 3)],
                                                 repeatCount: [0, 2, 2.5][Int(generator.next() % 3)],
                                                 autoreverses: generator.next() % 2 == 0))
        }
        let layers = BasicLayers(count: timings.count, components: 1, curves: .shared(.linear(easing)))
        for (i, timing) in timings.enumerated() {
            layers.schedule.set(i, timing)
            layers.set(i, component: 0, from: 0, to: 1)
        }
        let progress = progressLayers(timings)
        var times = (0..<40).map { _ in Double.random(in: -0.1..<2, using: &generator) }
        for timing in timings.prefix(10) {
            for k in 0...Int(timing.iterations.rounded(.up)) {
                let boundary = timing.begin + min(Double(k), timing.iterations) * timing.duration
                times += [boundary.nextDown, boundary, boundary.nextUp]
            }
        }
        var failures: [String] = []
        for time in times {
            let batch = outputs(layers, at: time), directed = outputs(progress, at: time)
            for (i, timing) in timings.enumerated() {
                let expected = easing.value(at: directed[i])
                let scalar = easing.value(at: timing.directedProgress(at: time))
                if batch[i].bitPattern != expected.bitPattern || abs(batch[i] - scalar) > 1e-12 {
                    failures.append("layer \(i) \(timing) at \(time): \(batch[i]) vs \(expected), scalar \(scalar)")
                }
            }
        }
        XCTAssert(failures.isEmpty, "\(failures.count) disagreements:\n" + failures.prefix(20).joined(separator: "\n"))
    }
}
