@testable import MotionCore
import XCTest

/// The batch timing must decide the phase and the direction as `MediaTiming` does (both exactly, by different routes),
/// and give its directed progress to within the rounding of the overall progress (4·p·2^-52 for p iterations done;
/// `MediaTiming`'s remainder is compensated), for every parameter mix.
final class LayerTimingTests: XCTestCase {
    /// The largest difference allowed between the batch's rounded progress and the scalar path's at overall progress
    /// `overall`.
    private func tolerance(duration: Double, time: Double) -> Double {
        4 * max(1, abs(time) / duration) * 0x1p-52 + 1e-15
    }

    func testDirectedProgressMatchesMediaTiming() throws {
        var generator = SplitMix64(seed: 21)
        let columns = LayerColumns(columns: LayerTiming.columnCount, count: 1)
        let timing = LayerTiming(columns, first: 0)
        for _ in 0..<20_000 {
            let duration = Double.random(in: 0.01...3, using: &generator)
            let repeatCount = [0, 1, 2.5, 0.25, 7, MediaTiming.forever][Int.random(in: 0..<6, using: &generator)]
            let autoreverses = Bool.random(using: &generator)
            let begin = Double.random(in: 0...1, using: &generator)
            timing.set(0, begin: begin, duration: duration, repeatCount: repeatCount, autoreverses: autoreverses)
            let media = try MediaTiming(beginTime: begin, duration: duration, repeatCount: repeatCount,
                                        autoreverses: autoreverses, fillMode: .both, removedOnCompletion: false)
            let passes = (autoreverses ? 2.0 : 1) * (repeatCount == 0 ? 1 : min(repeatCount, 1e9))
            // Times around the begin, the pass boundaries and the end, plus random ones.
            var times = [begin, begin - 1e-9, begin + duration, begin + duration * passes, begin + 5 * duration]
            times.append(begin + Double.random(in: -0.5...(4 * duration), using: &generator))
            for time in times {
                let expected = try XCTUnwrap(media.evaluate(parentTime: time).directedProgress)
                let sample = timing.sample(0, time: time)
                let message = "d \(duration) r \(repeatCount) a \(autoreverses) begin \(begin) at \(time)"
                XCTAssertEqual(sample.directed, expected, accuracy: tolerance(duration: duration, time: time - begin),
                               message)
                XCTAssertEqual(sample.before, media.evaluate(parentTime: time).beforeFlag, message)
                XCTAssertEqual(sample.isActive, media.evaluate(parentTime: time).phase == .active, message)
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
                XCTAssertEqual(sample.directed, try XCTUnwrap(expected.directedProgress),
                               accuracy: tolerance(duration: duration, time: time), "d \(duration) a \(autoreverses) at \(time)")
                XCTAssertEqual(sample.before, expected.beforeFlag, "d \(duration) a \(autoreverses) at \(time)")
            }
        }
    }

    /// The card flip's children, specialised, give the general rounded procedure's bits for one pass of d and two
    /// autoreversing passes of d/2 at every child time in [0, d] (the group progress times d), the ends and the pass
    /// boundary included; the one exception is a rotation quotient that rounds up to 1 before the end, where the
    /// specialised form keeps the rounded quotient.
    func testCardFlipChildrenMatchTheGeneralProcedure() {
        var generator = SplitMix64(seed: 36)
        var compared = 0
        for _ in 0..<20_000 {
            let d = [Double.random(in: 0.05...3, using: &generator), 0.25, 0.5, 1, 1.5][Int.random(in: 0..<5, using: &generator)]
            let progresses = [0, 1, 0.5, 0.5.nextDown, 0.5.nextUp, 1.0.nextDown, 0.25, Double.random(in: 0...1, using: &generator)]
            for progress in progresses {
                let local = progress * d
                let children = LayerTiming.cardFlipChildren(local: local, duration: d)
                let one = LayerTiming.roundedSample(local: local, duration: d, iterations: 1, alternation: 0).sample.directed
                let two = LayerTiming.roundedSample(local: local, duration: d / 2, iterations: 2, alternation: 1).sample.directed
                XCTAssertEqual(children.twoPasses.bitPattern, two.bitPattern, "two passes of \(d / 2) at \(local)")
                if local < d && local / d == 1 {
                    XCTAssertEqual(children.onePass, 1, "one pass of \(d) at \(local), quotient rounded up")
                } else {
                    XCTAssertEqual(children.onePass.bitPattern, one.bitPattern, "one pass of \(d) at \(local)")
                }
                compared += 1
            }
        }
        XCTAssertEqual(compared, 160_000)
    }
}
