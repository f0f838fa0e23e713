import Foundation
import XCTest

/// `run` on a busy machine: with more processes spinning than there are cores, the scheduler takes the CPU away from
/// the timed frames, and every row says so (`noise.flagged` with its reason) instead of presenting its p99 as the
/// engine's; the capacity line then states no limit.
final class RunNoiseTests: XCTestCase {
    /// Starts `count` processes that spin until killed.
    private func spinners(_ count: Int) throws -> [Process] {
        try (0..<count).map { _ in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "while :; do :; done"]
            try process.run()
            return process
        }
    }

    /// Layers of `fade` on one thread whose frame takes about `milliseconds` in this build of motionbench (a debug
    /// build is about 50 times slower than an optimized one), from a short calibration run.
    private func layers(forFrameMilliseconds milliseconds: Double) throws -> Int {
        let result = try CommandRunner.run(["run", "--scenario", "fade", "--layers", "8000", "--frames", "20",
                                            "--threads", "1", "--format", "json"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let row = try XCTUnwrap((object["results"] as? [[String: Any]])?.first)
        let nanoseconds = try XCTUnwrap(row["nsPerLayerFrame"] as? Double ?? (row["nsPerLayerFrame"] as? [String: Any])?["median"] as? Double,
                                        "\(row.keys.sorted())")
        return min(4_000_000, max(8000, Int(milliseconds * 1e6 / max(nanoseconds, 0.1))))
    }

    func testRowsMeasuredWhileProcessesSpinAreFlaggedAndNoLimitIsStated() throws {
        // Frames of about 8 ms (in a debug build 8,000 layers took that; an optimized one needs far more), long enough
        // that the spinners preempt them.
        let layers = try layers(forFrameMilliseconds: 8)
        // One more spinner than cores, and at least three (the 2-core case the issue names).
        let spinning = try spinners(max(3, ProcessInfo.processInfo.activeProcessorCount + 1))
        defer {
            for process in spinning { process.terminate(); process.waitUntilExit() }
        }
        Thread.sleep(forTimeInterval: 0.5)
        let result = try CommandRunner.run(["run", "--scenario", "fade", "--layers", "\(layers)", "--frames", "120",
                                            "--threads", "1", "--format", "json"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let results = try XCTUnwrap(object["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 1)
        for row in results {
            let noise = try XCTUnwrap(row["noise"] as? [String: Any], "every row carries its noise")
            XCTAssertEqual(noise["flagged"] as? Bool, true, "\(row["layers"] ?? "?") layers: \(noise)")
            XCTAssertFalse((noise["reason"] as? String ?? "").isEmpty)
            XCTAssertGreaterThan(noise["preemptedFrames"] as? Int ?? 0, 0)
            XCTAssertEqual(noise["frames"] as? Int, 120)
            let tail = try XCTUnwrap(noise["framesBehindP99"] as? [[String: Any]])
            XCTAssertFalse(tail.isEmpty)
            XCTAssertTrue(row["maxLayersInBudget"] is NSNull, "no limit from a disturbed row")
            let batch = try XCTUnwrap((row["engines"] as? [[String: Any]])?.first)
            XCTAssertEqual((batch["noise"] as? [String: Any])?["flagged"] as? Bool, true, "the batch's engine row too")
        }
        let budget = try XCTUnwrap(object["budget"] as? [String: Any])
        XCTAssertTrue(budget["maxLayers"] is NSNull)
        XCTAssertNotNil(budget["notStated"] as? String)
    }
}
