import Foundation
import MotionCore
import MotionEngine
import XCTest

/// MotionEngine's error type reports bad input (exit code 2): an engine that cannot be loaded, created or run is a
/// setup problem of the run, not a failed check. (MotionBenchCLITests' ErrorConformanceTests checks that each error
/// type declared in the module is listed here.)
final class ErrorKindTests: XCTestCase {
    func testEngineErrorIsBadInputAndNamesThePath() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-engine-\(UUID().uuidString).so").path
        do {
            _ = try PluginLibrary(path: path)
            XCTFail("a missing library loaded")
        } catch {
            XCTAssertEqual("\(type(of: error))", "EngineError")
            XCTAssertEqual(error.kind, .badInput)
            XCTAssertEqual(error.exitCode, 2)
            XCTAssertTrue(error.message.contains(path), error.message)
            XCTAssertTrue(error.message.contains("cannot be loaded"), error.message)
        }
    }
}
