@testable import MotionCore
import XCTest

/// The batch timing must give the directed progress that `MediaTiming` gives, to the bit, for every parameter mix.
final class LayerTimingTests: XCTestCase {
    func testDirectedProgressEqualsMediaTimingBitForBit() throws {
        var generator = SplitMix64(seed: 21)
        let columns = LayerColumns(columns: LayerTiming.columnCount, count: 1)
        let timing = LayerTiming(columns, first: 0)
        for _ in 0..<20_000 {
            let duration = Double.random(in: 0.01...3, using: &generator)
            let repeatCount = [0, 1, 2.5, 0.25, 7, MediaTiming.forever][Int.random(in: 0..<6, using: &generator)]
            let autoreverses = Bool.random(using: &generator)
            let begin = Double.random(in: 0...1, using: &generator)
            timing.set(0, begin: begin, duration: duration, repeatCount: repeatCount, autoreverses: autoreverses)
            let media = try MediaTiming(duration: duration, repeatCount: repeatCount, autoreverses: autoreverses,
                                        fillMode: .both, removedOnCompletion: false)
            let passes = (autoreverses ? 2.0 : 1) * (repeatCount == 0 ? 1 : min(repeatCount, 1e9))
            // Times around the begin, the pass boundaries and the end, plus random ones.
            var times = [begin, begin - 1e-9, begin + duration, begin + duration * passes, begin + 5 * duration]
            times.append(begin + Double.random(in: -0.5...(4 * duration), using: &generator))
            for time in times {
                let expected = media.evaluate(parentTime: time - begin)
                let sample = timing.sample(0, time: time)
                XCTAssertEqual(sample.directed.bitPattern, expected.directedProgress?.bitPattern,
                               "d \(duration) r \(repeatCount) a \(autoreverses) at \(time - begin)")
                XCTAssertEqual(sample.before, expected.beforeFlag)
                XCTAssertEqual(sample.isActive, expected.phase == .active)
            }
        }
    }

    /// The batch timing finds the direction from the fraction of half the overall progress: it must agree with
    /// `MediaTiming` where the pass index is huge, near and beyond 2^52 and 2^53 (where a Double's spacing reaches 1
    /// and 2 and the parity of the pass must still come out right), and at exact pass boundaries.
    func testDirectionAgreesWithMediaTimingAtHugePassCounts() throws {
        var generator = SplitMix64(seed: 22)
        let columns = LayerColumns(columns: LayerTiming.columnCount, count: 1)
        let timing = LayerTiming(columns, first: 0)
        for _ in 0..<5_000 {
            let duration = [1e-9, 0x1p-30, 0.25, 1e-6][Int.random(in: 0..<4, using: &generator)]
            let autoreverses = Bool.random(using: &generator)
            timing.set(0, begin: 0, duration: duration, repeatCount: MediaTiming.forever, autoreverses: autoreverses)
            let media = try MediaTiming(duration: duration, repeatCount: MediaTiming.forever, autoreverses: autoreverses,
                                        fillMode: .both, removedOnCompletion: false)
            let passes = Double.random(in: 0x1p50...0x1p55, using: &generator).rounded()
            for time in [passes * duration, (passes + 0.5) * duration, passes * duration * (1 + 1e-15),
                         Double(Int.random(in: 1...1_000_000, using: &generator)) * duration] {
                let expected = media.evaluate(parentTime: time)
                let sample = timing.sample(0, time: time)
                XCTAssertEqual(sample.directed.bitPattern, expected.directedProgress?.bitPattern,
                               "d \(duration) a \(autoreverses) at \(time)")
                XCTAssertEqual(sample.before, expected.beforeFlag, "d \(duration) a \(autoreverses) at \(time)")
            }
        }
    }
}
