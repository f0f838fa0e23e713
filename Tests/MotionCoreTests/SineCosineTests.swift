import Foundation
@testable import MotionCore
import XCTest

/// The spring closed form's sine and cosine: the reduced series for |x| < 2^19 against the C library's sin and cos,
/// and the library itself beyond.
final class SineCosineTests: XCTestCase {
    func testAgreesWithTheLibraryWithinItsBound() {
        var generator = SplitMix64(seed: 19)
        var worst = 0.0
        for index in 0..<400_000 {
            let x: Double
            switch index % 5 {
            case 0: x = Double.random(in: -4...4, using: &generator)
            case 1: x = Double.random(in: 0.5...100, using: &generator)
            case 2: x = Double.random(in: -0x1p19...0x1p19, using: &generator)
            case 3:
                // Next to a multiple of π/2, where the reduction cancels most.
                let n = Double(Int.random(in: -300_000...300_000, using: &generator))
                x = n * (Double.pi / 2) + Double.random(in: -1e-6...1e-6, using: &generator)
            default: x = Double.random(in: -1e-3...1e-3, using: &generator)
            }
            let (s, c) = sineAndCosine(x)
            worst = max(worst, abs(s - sin(x)), abs(c - cos(x)))
        }
        XCTAssertLessThanOrEqual(worst, 1e-15)
    }

    func testEdgesAndTheLibraryRange() {
        XCTAssertEqual(sineAndCosine(0).sine, 0)
        XCTAssertEqual(sineAndCosine(0).cosine, 1)
        for x in [0x1p19.nextDown, 0x1p19, -0x1p19, 1e10, 1e300, -1e300] {
            let (s, c) = sineAndCosine(x)
            XCTAssertEqual(s, sin(x), accuracy: 1e-15, "\(x)")
            XCTAssertEqual(c, cos(x), accuracy: 1e-15, "\(x)")
        }
        XCTAssertTrue(sineAndCosine(.nan).sine.isNaN)
        XCTAssertTrue(sineAndCosine(.infinity).cosine.isNaN)
    }
}
