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

    /// The two-lane loop (`roundedDirectedLanes`) against the scalar rounded procedure, layer by layer: every layer the
    /// scalar form finds doubtful is marked doubtful (negative, with a positive doubt), and every layer the lanes do
    /// not mark has the scalar form's progress bit for bit. Pairs of layers with different timings, at times on and a
    /// rounding error around the begin, every pass boundary up to the fourth, the end, and random times, with pass
    /// counts from a fraction of one to beyond 2^52 and durations down to 1e-9 s.
    func testTwoLaneTimingAgreesWithTheScalarForm() {
        var generator = SplitMix64(seed: 23)
        let columns = LayerColumns(columns: LayerTiming.columnCount, count: 2)
        let timing = LayerTiming(columns, first: 0)
        var marked = 0, compared = 0
        for _ in 0..<4_000 {
            var layers: [(begin: Double, duration: Double, passes: Double)] = []
            for layer in 0..<2 {
                let duration = [1e-9, 0x1p-30, 0.1, 0.2811892313194532, 1, 3.7][Int.random(in: 0..<6, using: &generator)]
                let repeatCount = [0, 1, 2.5, 0.25, 3, 10, 0x1p53, MediaTiming.forever][Int.random(in: 0..<8, using: &generator)]
                let autoreverses = Bool.random(using: &generator)
                let begin = [0, 0.1, Double.random(in: 0...1, using: &generator)][Int.random(in: 0..<3, using: &generator)]
                timing.set(layer, begin: begin, duration: duration, repeatCount: repeatCount, autoreverses: autoreverses)
                layers.append((begin, duration, timing.iterations[layer]))
            }
            // Times at the boundaries of one of the two layers (the other sees the same time at its own phase).
            let (begin, duration, passes) = layers[Int.random(in: 0..<2, using: &generator)]
            var times = [begin, begin.nextDown, begin.nextUp, Double.random(in: -1...5, using: &generator)]
            for k in 1...4 { times.append(begin + Double(k) * duration) }
            if passes.isFinite { times += [begin + duration * passes, (begin + duration * passes).nextDown] }
            times += times.map { $0.nextUp } + times.map { $0 * (1 + 0x1p-51) }
            for time in times where time.isFinite {
                let lanes = timing.roundedDirectedLanes(0, time: time)
                for layer in 0..<2 {
                    let scalar = timing.roundedSample(layer, time: time)
                    let message = "layer \(layer) \(layers[layer]) at \(time)"
                    if scalar.isDoubtful {
                        XCTAssertLessThan(lanes.directed[layer], 0, message)
                        XCTAssertGreaterThan(lanes.doubt[layer], 0, message)
                    }
                    if lanes.doubt[layer] > 0 {
                        XCTAssertLessThan(lanes.directed[layer], 0, message)
                        marked += 1
                    } else {
                        XCTAssertEqual(lanes.directed[layer].bitPattern, scalar.sample.directed.bitPattern,
                                       "\(message): \(lanes.directed[layer]) against \(scalar.sample.directed)")
                        compared += 1
                    }
                }
            }
        }
        // Both branches of the check ran many times.
        XCTAssertGreaterThan(marked, 1_000)
        XCTAssertGreaterThan(compared, 50_000)
    }
}
