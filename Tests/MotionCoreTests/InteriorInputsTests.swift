@testable import MotionCore
import XCTest

/// `InteriorInputs` (the branch-free gather of a block's interior inputs) and `selectLanes` (the select as bit
/// operations), each against the plain compare or select it stands for.
final class InteriorInputsTests: XCTestCase {
    /// The inputs where the bit-pattern test could go wrong: both zeros, the smallest subnormals, the neighbours of 1
    /// and of 1/2, infinities, NaNs with either sign, and values beyond 1.
    private let edges: [Double] = [
        0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, 0.5, 0.5.nextUp,
        1.0.nextDown, 1, 1.0.nextUp, 2, .greatestFiniteMagnitude, .infinity, -.infinity, .nan, -.nan,
        Double(bitPattern: 0x7FF0_0000_0000_0001), -1, -0.5,
    ]

    func testTheInteriorFlagIsTheCompare() {
        var generator = SplitMix64(seed: 41)
        let random = (0..<2000).map { _ in Double(bitPattern: generator.next()) }
        for x in edges + random {
            XCTAssertEqual(InteriorInputs.interiorFlag(x), x > 0 && x < 1 ? 1 : 0, "x = \(x) (\(x.bitPattern))")
        }
    }

    func testGatherKeepsTheInteriorInputsInOrderWithTheirOffsets() {
        var generator = SplitMix64(seed: 42)
        for trial in 0..<50 {
            let count = trial == 0 ? LayerBlock.size : Int(generator.next() % UInt64(LayerBlock.size)) + 1
            let values = (0..<count).map { k -> Double in
                let pick = generator.next() % 4
                return pick == 0 ? edges[k % edges.count] : (pick == 1 ? Double(k % 2) : Double(generator.next() >> 11) * 0x1p-53)
            }
            let expected = values.indices.filter { values[$0] > 0 && values[$0] < 1 }
            InteriorInputs.with { interior in
                let gathered = values.withUnsafeBufferPointer { interior.gather($0.baseAddress!, count: count) }
                XCTAssertEqual(gathered, expected.count, "trial \(trial)")
                for (slot, k) in expected.enumerated() where slot < gathered {
                    XCTAssertEqual(Int(interior.offsets[slot]), k, "trial \(trial), slot \(slot)")
                    XCTAssertEqual(interior.inputs[slot].bitPattern, values[k].bitPattern, "trial \(trial), slot \(slot)")
                }
            }
        }
    }

    func testSelectLanesIsTheStandardSelectBitForBit() {
        var generator = SplitMix64(seed: 43)
        func any() -> Double {
            generator.next() % 3 == 0 ? edges[Int(generator.next() % UInt64(edges.count))] : Double(bitPattern: generator.next())
        }
        for _ in 0..<2000 {
            let value = SIMD2(any(), any()), other = SIMD2(any(), any())
            let mask = value .< other
            let expected = other.replacing(with: value, where: mask)
            let actual = selectLanes(mask, value, other)
            XCTAssertEqual(actual[0].bitPattern, expected[0].bitPattern)
            XCTAssertEqual(actual[1].bitPattern, expected[1].bitPattern)
        }
    }
}
