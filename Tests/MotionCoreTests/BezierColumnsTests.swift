@testable import MotionCore
import XCTest

/// `BezierColumns.ease` (per-layer curves, solved two layers per SIMD2 lane pair with each layer's mirrored frame kept
/// in block scratch) against the scalar steps it replaced, written out here one layer at a time: the mirrored frame,
/// the coarse guess, three Newton steps, the certified last step, and `value(at:)` where the certificate fails. The
/// outputs must be the same bits, for pairs and for a block's odd last layer, and nothing outside the range is written.
final class BezierColumnsTests: XCTestCase {
    /// 131 layers: a full block of 128 (pairs only) and a block of 3 (one pair and an odd last layer).
    private let layerCount = 131

    func testBatchGivesTheScalarStepsBitsForPairsAndTheOddLastLayer() {
        let columns = LayerColumns(columns: BezierColumns.columnCount, count: layerCount)
        let curves = BezierColumns(columns, first: 0)
        var generator = SplitMix64(seed: 36)
        func unit() -> Double { Double(generator.next() >> 11) * 0x1p-53 }
        var inputs = [Double]()
        for i in 0..<layerCount {
            // Every seventh curve needs an output scale (|y1| beyond 2^960): its interior inputs take `value(at:)`.
            let scaled = i % 7 == 3
            let curve = CompactCubicBezier(validatedX1: unit(), y1: scaled ? 0x1p1000 : 4 * unit() - 1.5,
                                           x2: unit(), y2: 4 * unit() - 1.5)
            curves.set(i, curve)
            // The ends, the mirror point and its neighbours, and random inputs.
            let special: [Double] = [0, 1, 0.5, 0.5.nextUp, 0.5.nextDown, 1e-300, 1.0.nextDown]
            inputs.append(i < special.count ? special[i] : unit())
        }
        let expected = inputs.indices.map { scalarEase(curves, $0, inputs[$0]) }

        // The whole range at once, with a sentinel on either side of it.
        let sentinel = -12345.0
        var values = [sentinel] + inputs + [sentinel]
        values.withUnsafeMutableBufferPointer { buffer in
            curves.ease(buffer.baseAddress! + 1, layers: 0..<layerCount)
        }
        XCTAssertEqual(values.first, sentinel, "ease wrote before its range")
        XCTAssertEqual(values.last, sentinel, "ease wrote after its range")
        for i in 0..<layerCount {
            XCTAssertEqual(values[i + 1].bitPattern, expected[i].bitPattern,
                           "layer \(i) at \(inputs[i]): batch \(values[i + 1]), scalar steps \(expected[i])")
        }

        // Each layer alone (the odd-last-layer path, both lanes one layer) gives the same bits.
        for i in 0..<layerCount {
            var single = [sentinel, inputs[i], sentinel]
            single.withUnsafeMutableBufferPointer { buffer in
                curves.ease(buffer.baseAddress! + 1 - i, layers: i..<(i + 1))
            }
            XCTAssertEqual(single[0], sentinel, "layer \(i) alone: ease wrote before its range")
            XCTAssertEqual(single[2], sentinel, "layer \(i) alone: ease wrote after its range")
            XCTAssertEqual(single[1].bitPattern, expected[i].bitPattern, "layer \(i) alone at \(inputs[i])")
        }
    }

    /// Only interior inputs are solved (gathered into a list, with an odd list's spare slot repeating its last input):
    /// blocks where a third of the layers sit at 0 or 1, in runs and alone, in every position of a lane pair, and a block
    /// with no interior input at all, give the same bits as the scalar steps.
    func testBlocksWithLayersAtTheEndsGiveTheScalarStepsBits() {
        let columns = LayerColumns(columns: BezierColumns.columnCount, count: layerCount)
        let curves = BezierColumns(columns, first: 0)
        var generator = SplitMix64(seed: 37)
        func unit() -> Double { Double(generator.next() >> 11) * 0x1p-53 }
        for i in 0..<layerCount {
            curves.set(i, CompactCubicBezier(validatedX1: unit(), y1: 4 * unit() - 1.5, x2: unit(), y2: 4 * unit() - 1.5))
        }
        // A third at 0 or 1 alternately, two in five at 1, all at the ends but one, and all at the ends.
        var patterns = [[Double]](repeating: [], count: 4)
        for i in 0..<layerCount {
            let end = Double(i % 2)
            patterns[0].append(i % 3 == 1 ? Double(i / 3 % 2) : unit())
            patterns[1].append(i % 5 < 2 ? 1 : unit())
            patterns[2].append(i == 64 ? unit() : end)
            patterns[3].append(end)
        }
        for (p, inputs) in patterns.enumerated() {
            let expected = inputs.indices.map { scalarEase(curves, $0, inputs[$0]) }
            var values = inputs
            values.withUnsafeMutableBufferPointer { curves.ease($0.baseAddress!, layers: 0..<layerCount) }
            for i in 0..<layerCount {
                XCTAssertEqual(values[i].bitPattern, expected[i].bitPattern,
                               "pattern \(p), layer \(i) at \(inputs[i]): batch \(values[i]), scalar steps \(expected[i])")
            }
        }
    }

    /// The scalar steps `BezierColumns.ease` performs for layer `i` at input `x` (as main 7379849 computed them).
    private func scalarEase(_ curves: BezierColumns, _ i: Int, _ x: Double) -> Double {
        let m: Double = x > 0.5 ? 1 : 0, n = 1 - m
        let xa = curves.x1[i], xb = curves.x2[i]
        let p1 = xa * n + (1 - xb) * m, p2 = xb * n + (1 - xa) * m
        let a = 1 + 3 * p1 - 3 * p2, b = 3 * p2 - 6 * p1
        let target = x * n + (1 - x) * m
        let (a3, b2, c) = (3 * a, 2 * b, 3 * p1)
        let quarter = 0.5625 * (0.75 * p1 + 0.25 * p2) + 0.015625
        let half = 0.375 * (p1 + p2) + 0.125
        let threeQuarters = 0.5625 * (0.25 * p1 + 0.75 * p2) + 0.421875
        let upper = target >= half, top = target >= threeQuarters, second = target >= quarter
        let low = upper ? (top ? 0.75 : 0.5) : (second ? 0.25 : 0)
        let lowValue = upper ? (top ? threeQuarters : half) : (second ? quarter : 0)
        let highValue = upper ? (top ? 1 : threeQuarters) : (second ? half : quarter)
        let rise = highValue - lowValue
        var v = low + 0.25 * (target - lowValue) / (rise > 0 ? rise : 1)
        func newtonStep(_ v: Double) -> (next: Double, step: Double, slope: Double) {
            let w = 1 - v
            let position = 3 * w * v * (w * p1 + v * p2) + v * v * v
            let slope = (a3 * v + b2) * v + c
            let step = (position - target) / slope
            let next = v - step
            return (next < 0 ? 0 : (next > 1 ? 1 : next), step, slope)
        }
        for _ in 1..<BezierColumns.newtonSteps { v = newtonStep(v).next }
        let (last, step, slope) = newtonStep(v)
        let bEnd = 3 * a + b
        let curvature = 2 * ((abs(b) > abs(bEnd)) ? abs(b) : abs(bEnd))
        let tol = curves.tolerance[i]
        let certified = (curvature * step * step <= tol * slope && slope > 4 * tol * curvature) || !(x > 0 && x < 1)
        guard certified else { return curves.curve(i).value(at: x) }
        let u = 1 - last, weight = 3 * u * last
        let yA = curves.y1[i], yB = curves.y2[i]
        let f = (weight * u) * (yA * n + (1 - yB) * m) + ((weight * last) * (yB * n + (1 - yA) * m) + last * last * last)
        let eased = f * n + (1 - f) * m
        return x > 0 && x < 1 ? eased : (x >= 1 ? 1 : 0)
    }
}
