import MotionCore
import XCTest

final class CompactCubicBezierTests: XCTestCase {
    func testValidatesLikeCubicBezierAndKeepsItsTolerance() throws {
        let compact = try CompactCubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
        let full = CompactCubicBezier(try CubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1))
        XCTAssertEqual(compact, full)
        XCTAssertThrowsError(try CompactCubicBezier(x1: 1.1, y1: 0, x2: 1, y2: 1)) { error in
            XCTAssertTrue("\(error)".contains("x1 = 1.1 is outside [0, 1]"), "\(error)")
        }
        XCTAssertThrowsError(try CompactCubicBezier(x1: 0.5, y1: .nan, x2: 1, y2: 1))
        XCTAssertThrowsError(try CompactCubicBezier(x1: 0.5, y1: 0, x2: -0.1, y2: 1))
    }

    func testAgreesWithCubicBezierOnThePresets() throws {
        for (name, curve) in CubicBezier.applePresets {
            let compact = CompactCubicBezier(curve), tabulated = TabulatedCubicBezier(compact)
            for step in 0...1_000 {
                let x = Double(step) / 1_000
                XCTAssertEqual(compact.value(at: x), curve.value(at: x), accuracy: 2e-13, "\(name) at \(x)")
                XCTAssertEqual(tabulated.value(at: x), curve.value(at: x), accuracy: 2e-13, "\(name) at \(x)")
            }
        }
    }
}
