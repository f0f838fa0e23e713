@testable import MotionCapture
import MotionCore
import XCTest

/// Every error type MotionCapture declares reports bad input or setup (exit code 2): a missing browser, a rejected
/// easing and unreadable output are all things the user fixes. (MotionBenchCLITests' ErrorConformanceTests checks that
/// each type is listed here.)
final class ErrorKindTests: XCTestCase {
    func testEveryErrorIsBadInput() {
        let errors: [any MotionBenchError] = [
            CaptureError("capture chromium: chromium is not installed"),
        ]
        for error in errors {
            XCTAssertEqual(error.kind, .badInput, "\(type(of: error))")
            XCTAssertEqual(error.exitCode, 2, "\(type(of: error))")
            XCTAssertFalse(error.description.isEmpty, "\(type(of: error))")
        }
    }
}
