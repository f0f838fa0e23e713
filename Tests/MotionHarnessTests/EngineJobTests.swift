import MotionCore
import MotionHarness
import XCTest

/// The engine child's job: what the parent builds from its options arrives whole in the child, and rebuilds the same
/// options; a job out of range or not a job is refused naming --job.
final class EngineJobTests: XCTestCase {
    func testTheJobRoundTripsAndRebuildsTheOptions() throws {
        let scenario = try Scenario.named("springs")
        var options = FrameHarness.Options(scenario: scenario, layerCounts: [500], clock: .fixed(rate: 60, frames: 30),
                                           threads: 3, verify: false)
        (options.repeats, options.warmupPasses, options.checkBudget) = (4, 2, 777)
        let job = EngineJob(library: "/x/lib engine.so", workload: .init(scenario: "springs", frames: 30, rate: 60),
                            layers: 500, options: options, heartbeat: "/tmp/beat")
        let received = try EngineJob(argument: job.argument)
        XCTAssertEqual(received, job)
        let rebuilt = try received.options()
        XCTAssertEqual(rebuilt.layerCounts, [500])
        XCTAssertEqual([rebuilt.threads, rebuilt.repeats, rebuilt.warmupPasses, rebuilt.checkBudget], [3, 4, 2, 777])
        XCTAssertEqual(rebuilt.clock.frames, 30)
        XCTAssertEqual(rebuilt.clock.nominalInterval, 1.0 / 60, accuracy: 1e-15)
        XCTAssertEqual(rebuilt.scenario.name, "springs")
    }

    func testAJobOutOfRangeOrNotAJobIsRefusedNamingJob() throws {
        let options = FrameHarness.Options(scenario: try Scenario.named("springs"), layerCounts: [1],
                                           clock: .fixed(rate: 60, frames: 1), threads: 1, verify: false)
        var job = EngineJob(library: "x.so", workload: .init(scenario: "springs", frames: 1, rate: 60), layers: 0,
                            options: options)
        XCTAssertThrowsError(try job.options()) { XCTAssertTrue("\($0)".contains("--job"), "\($0)") }
        job.layers = 1
        XCTAssertNoThrow(try job.options())
        XCTAssertThrowsError(try EngineJob(argument: "{\"library\": 3}")) { XCTAssertTrue("\($0)".contains("--job"), "\($0)") }
    }
}
