import MotionReference
import XCTest

final class GSLRootFinderTests: XCTestCase {
    func testBrentFindsSquareRootOfTwoToDoublePrecision() {
        let root = GSLRootFinder.brent(in: 0, 2, function: { $0 * $0 - 2 })
        XCTAssertTrue(root.converged)
        XCTAssertEqual(root.location, 2.0.squareRoot(), accuracy: 4e-16)
    }

    func testPolishKeepsTheBetterPoint() {
        let root = GSLRootFinder.brent(in: 0, 2, function: { $0 * $0 * $0 - 3 }, derivative: { 3 * $0 * $0 })
        XCTAssertEqual(root.location, 1.4422495703074083, accuracy: 4e-16)
    }

    func testBezierReferenceMatchesAnExactVector() throws {
        // cubic-bezier(0.5, 1, 0.5, 1) at 0.5 is exactly 0.875 (x(t) = t there by symmetry of the x controls).
        let value = BezierReference.evaluate(try .init(x1: 0.5, y1: 1, x2: 0.5, y2: 1), at: 0.5).value
        XCTAssertEqual(value, 0.875, accuracy: 1e-16)
    }
}
