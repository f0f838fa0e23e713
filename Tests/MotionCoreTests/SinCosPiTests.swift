import Foundation
import MotionCore
import XCTest

final class SinCosPiTests: XCTestCase {
    func testAgreesWithTheLibraryWithinItsBound() {
        var generator = SplitMix64(seed: 12)
        var worst = 0.0
        for index in 0..<200_000 {
            let x: Double
            switch index % 4 {
            case 0: x = Double.random(in: 0...1, using: &generator)
            case 1: x = Double.random(in: -4...4, using: &generator)
            case 2: x = Double.random(in: -1e6...1e6, using: &generator)
            default: x = Double(Int.random(in: -8...8, using: &generator)) / 4 + Double.random(in: -1e-9...1e-9, using: &generator)
            }
            let (s, c) = sinCosPi(x)
            // The reference reduces x exactly first (πx itself would carry the rounding of π·x for large x).
            let reduced = x - 2 * (x / 2).rounded()
            worst = max(worst, abs(s - sin(Double.pi * reduced)), abs(c - cos(Double.pi * reduced)))
        }
        XCTAssertLessThanOrEqual(worst, 1e-15)
    }

    func testExactPointsAndLargeInputs() {
        XCTAssertEqual(sinCosPi(0).sin, 0)
        XCTAssertEqual(sinCosPi(0).cos, 1)
        XCTAssertEqual(sinCosPi(0.5).sin, 1)
        XCTAssertEqual(sinCosPi(0.5).cos, 0)
        XCTAssertEqual(sinCosPi(1).sin, 0)
        XCTAssertEqual(sinCosPi(1).cos, -1)
        XCTAssertEqual(sinCosPi(-0.5).sin, -1)
        XCTAssertEqual(sinCosPi(1.5).sin, -1)
        XCTAssertEqual(sinCosPi(0x1p60).cos, 1)
        XCTAssertEqual(sinCosPi(0x1p60 + 0x1p8).sin, 0)
        XCTAssertEqual(sinCosPi(1e300).cos, 1)
        XCTAssertTrue(sinCosPi(.infinity).sin.isNaN)
        XCTAssertEqual(sinCosPi(-0x1p60 - 1).cos, 1)
        XCTAssertEqual(sinCosPi(0x1p51 + 1.5).sin, -1)
        XCTAssertEqual(sinCosPi(0x1p51 + 0.5).cos, 0)
    }
}
