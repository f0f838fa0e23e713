import Foundation
import MotionCore
import MotionHarness
import XCTest

/// MotionHarness's error types report bad input (exit code 2), as their documentation says. (MotionBenchCLITests'
/// ErrorConformanceTests checks that each error type declared in the module is listed here.)
final class ErrorKindTests: XCTestCase {
    func testEveryErrorIsBadInput() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("motionbench-kinds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let times = folder.appendingPathComponent("times.txt").path
        try "0.1\nsoon\n".write(toFile: times, atomically: false, encoding: .utf8)
        var errors: [any MotionBenchError] = []
        // Real errors from each reader, not hand-built ones.
        do { _ = try Scenario.named(folder.appendingPathComponent("missing.json").path) } catch { errors.append(error) }
        do { _ = try FrameClock.file(times, frames: 2) } catch { errors.append(error) }
        do {
            _ = try RunComparison(a: Data("[1,]".utf8), nameA: "a.json", b: Data(), nameB: "b.json", threshold: 0.1)
        } catch let error as RunComparisonError {
            errors.append(error)
        }
        do { _ = try EngineJob.read(path: folder.appendingPathComponent("missing-job.json").path) } catch { errors.append(error) }
        do {
            let session = EngineChildSession(executable: folder.appendingPathComponent("no-such-binary").path,
                                             library: "x.so", timeout: 5)
            _ = try session.run(.easing([]), replying: EngineEasingReply.self)
        } catch { errors.append(error) }
        // A real ThreadCapacityError needs this process's limits lowered (RunCommandTests gets one from the CLI under
        // ulimit -v); here its kind is checked on one built by hand.
        errors.append(ThreadCapacityError(option: "run: --threads", requested: 1000, started: 12, errorNumber: EAGAIN))
        let plan = RunPlan(scenario: "mixed", layers: "10,x", frames: 1, rate: 120, frameTimes: nil, threads: 1, engines: [],
                           engineTimeout: 1, engineMemory: nil, checkBudget: 1, verify: false, repeats: 1, warmup: nil)
        do { _ = try plan.layerCounts() } catch { errors.append(error) }
        XCTAssertEqual(errors.map { "\(type(of: $0))" },
                       ["ScenarioError", "FrameClockError", "RunComparisonError", "EngineJobError", "EngineChildFailure",
                        "ThreadCapacityError", "RunPlanError"])
        XCTAssertTrue("\(errors[5])".hasPrefix("run: --threads 1000: only 12 threads could run at once"), "\(errors[5])")
        for error in errors {
            XCTAssertEqual(error.kind, .badInput, "\(type(of: error))")
            XCTAssertEqual(error.exitCode, 2, "\(type(of: error))")
        }
    }
}
