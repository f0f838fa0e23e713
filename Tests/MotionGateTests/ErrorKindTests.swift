import MotionCore
@testable import MotionGate
import XCTest

/// MotionGate's error types report bad input or setup (exit code 2), as their documentation says: a regression is a
/// verdict (exit 1 through the gate's outcome), never an error. (MotionBenchCLITests' ErrorConformanceTests checks
/// that each error type declared in the module is listed here.)
final class ErrorKindTests: XCTestCase {
    func testEveryErrorIsBadInput() throws {
        var errors: [any MotionBenchError] = []
        do { _ = try GateBaseline.read("/nonexistent/baseline.json") } catch let error as GateInputError { errors.append(error) }
        errors.append(InstructionCounter.MissingRegion(executable: "old-motionbench"))
        for error in errors {
            XCTAssertEqual(error.kind, .badInput, "\(type(of: error))")
            XCTAssertEqual(error.exitCode, 2, "\(type(of: error))")
            XCTAssertFalse(error.description.isEmpty)
        }
        XCTAssertEqual(errors.map { "\(type(of: $0))" }, ["GateInputError", "MissingRegion"])
    }
}
