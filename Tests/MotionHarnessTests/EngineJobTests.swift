import Foundation
import MotionCore
@testable import MotionHarness
import XCTest

/// The engine child's job: what the parent resolved arrives whole in the child (the scenario's text, the clock's every
/// time) and rebuilds the same options without reading a file; a job out of range, or a file that is not a job, is
/// refused naming --job.
final class EngineJobTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("engine-job-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    /// `job` written to a file and read back.
    func roundTrip(_ job: EngineJob) throws -> EngineJob {
        let path = directory.appendingPathComponent("job.json").path
        try job.write(to: path)
        return try EngineJob.read(path: path)
    }

    func testTheJobRoundTripsAndRebuildsTheOptions() throws {
        let scenario = try Scenario.named("springs")
        let clock = FrameClock.variableRefresh(rate: 120, frames: 50, seed: 7)
        var options = FrameHarness.Options(scenario: scenario, layerCounts: [500], clock: clock, threads: 3, verify: false)
        (options.repeats, options.warmupPasses, options.checkBudget) = (4, 2, 777)
        let job = EngineJob(library: "/x/lib engine.so", heartbeat: "/tmp/beat",
                            request: .frames(EngineFramesRequest(layers: 500, options: options)))
        let received = try roundTrip(job)
        XCTAssertEqual(received, job)
        guard case .frames(let request) = received.request else { return XCTFail("not a frames request") }
        let rebuilt = try request.options()
        XCTAssertEqual(rebuilt.layerCounts, [500])
        XCTAssertEqual([rebuilt.threads, rebuilt.repeats, rebuilt.warmupPasses, rebuilt.checkBudget], [3, 4, 2, 777])
        XCTAssertEqual(rebuilt.clock, clock, "every time of the variable clock, exactly")
        XCTAssertEqual(rebuilt.clock.times.map(\.bitPattern), clock.times.map(\.bitPattern))
        XCTAssertEqual(rebuilt.scenario.name, "springs")
        XCTAssertEqual(rebuilt.scenario.origin, scenario.origin)
    }

    /// The scenario travels as text: a scenario file changed after the parent read it does not change the child's.
    func testAScenarioFileEditedAfterTheParentReadItDoesNotReachTheChild() throws {
        let path = directory.appendingPathComponent("mine.json").path
        let text = #"{"version": 2, "name": "mine", "seed": 3, "animations": [{"kind": "basic", "value": "scalar", "#
            + #""from": 0, "to": 1, "duration": 0.5, "easing": "ease"}]}"#
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let options = FrameHarness.Options(scenario: try Scenario.named(path), layerCounts: [10],
                                           clock: .fixed(rate: 60, frames: 5), threads: 1, verify: false)
        let job = EngineJob(library: "x.so", request: .frames(EngineFramesRequest(layers: 10, options: options)))
        try "not a scenario any more".write(toFile: path, atomically: true, encoding: .utf8)
        guard case .frames(let request) = try roundTrip(job).request else { return XCTFail("not a frames request") }
        XCTAssertEqual(try request.options().scenario.name, "mine")
        XCTAssertEqual(request.scenario.json, text)
    }

    func testAJobOutOfRangeOrNotAJobIsRefusedNamingJob() throws {
        let options = FrameHarness.Options(scenario: try Scenario.named("springs"), layerCounts: [1],
                                           clock: .fixed(rate: 60, frames: 1), threads: 1, verify: false)
        var request = EngineFramesRequest(layers: 0, options: options)
        XCTAssertThrowsError(try request.options()) { XCTAssertTrue("\($0)".contains("--job: layers"), "\($0)") }
        request.layers = 1
        XCTAssertNoThrow(try request.options())
        request.checkBudget = 0
        XCTAssertThrowsError(try request.options()) { XCTAssertTrue("\($0)".contains("--job: checkBudget"), "\($0)") }
        request.checkBudget = 1
        // A clock whose times do not increase did not come from a constructor.
        var clockJSON = String(decoding: try JSONEncoder().encode(FrameClock.fixed(rate: 60, frames: 2)), as: UTF8.self)
        clockJSON = clockJSON.replacingOccurrences(of: "0.03333333333333333", with: "0.01")
        request.clock = try JSONDecoder().decode(FrameClock.self, from: Data(clockJSON.utf8))
        XCTAssertThrowsError(try request.options()) { XCTAssertTrue("\($0)".contains("--job: clock"), "\($0)") }

        let notAJob = directory.appendingPathComponent("bad.json").path
        try #"{"library": 3}"#.write(toFile: notAJob, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try EngineJob.read(path: notAJob)) {
            XCTAssertTrue("\($0)".contains("--job: \(notAJob) is not an engine job"), "\($0)")
        }
        XCTAssertThrowsError(try EngineJob.read(path: directory.appendingPathComponent("missing").path)) {
            XCTAssertTrue("\($0)".contains("--job: cannot read the job file"), "\($0)")
        }
    }
}
