import MotionCore
import XCTest

/// MotionCore's error types report bad input (exit code 2), as their documentation says; and the kinds map to the
/// documented exit codes: 2 bad input, 1 a failed check. (MotionBenchCLITests' ErrorConformanceTests checks that
/// each error type declared in the module is listed here.)
final class ErrorKindTests: XCTestCase {
    func testKindsAreTheDocumentedExitCodes() {
        XCTAssertEqual(FailureKind.badInput.rawValue, 2)
        XCTAssertEqual(FailureKind.failedCheck.rawValue, 1)
        XCTAssertEqual(Set(FailureKind.allCases.map(\.rawValue)), [1, 2])
    }

    func testEveryErrorIsBadInput() throws {
        // Real errors from the parser and a constructor, not hand-built ones.
        var errors: [any MotionBenchError] = []
        do { _ = try MotionSpec(parsing: "cubic-bezier(2, 0, 1, 1)") } catch { errors.append(error) }
        do { _ = try CubicBezier(x1: 2, y1: 0, x2: 1, y2: 1) } catch { errors.append(error) }
        XCTAssertEqual(errors.map { "\(type(of: $0))" }, ["SpecError", "InvalidParameterError"])
        for error in errors {
            XCTAssertEqual(error.kind, .badInput, "\(type(of: error))")
            XCTAssertEqual(error.exitCode, 2, "\(type(of: error))")
            XCTAssertTrue(error.description.contains("x1"), error.description)
        }
    }
}
