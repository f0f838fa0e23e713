import Foundation
@testable import MotionGate
import MotionSupport
import XCTest

/// A workload the baseline lacks is reported with the command that records it; the others are still compared; and
/// `baseline --merge` adds it without touching the rest.
final class GateMissingWorkloadTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("motionbench-missing-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A stand-in for `motionbench _workload NAME` that reports `seconds` of CPU time for every workload.
    private func fakeBinary(seconds: Double) throws -> String {
        let path = directory + "/fake-motionbench.sh"
        try "#!/bin/sh\necho '{\"cpuSeconds\": \(seconds)}'\n".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    private func baseline(_ workloads: [String: GateBaseline.Measurement], toolchain: String = Toolchain.current) -> GateBaseline {
        GateBaseline(toolchain: toolchain, valgrind: nil, instructionScope: .measuredRegion,
                     machine: .init(cpu: "test", cores: 1, memoryBytes: 1), timestamp: "2026-11-24T00:00:00Z", workloads: workloads)
    }

    private let recordedTime = GateBaseline.Measurement(cpuSeconds: .init(median: 0.2, min: 0.19, max: 0.21, samples: 5))

    func testMissingWorkloadsAreReportedAndTheOthersCompared() throws {
        let path = directory + "/base line.json"
        let known = GateWorkloads.all[1]
        let recorded = baseline([known.name: recordedTime])
        let outcome = try PerformanceGate.compare(with: recorded, path: path, workloads: GateWorkloads.all, mode: .time,
                                                  maxIncrease: 0.02, failOnToolchainMismatch: false,
                                                  executable: try fakeBinary(seconds: 0.25))
        XCTAssertEqual(outcome.rows.map(\.workload), [known.name])
        XCTAssertEqual(outcome.rows.first?.current ?? 0, 0.25, accuracy: 1e-12)
        XCTAssertEqual(outcome.verdict, .pass)
        let others = GateWorkloads.names.filter { $0 != known.name }
        let command = "motionbench baseline --output '\(path)' --workloads \(others.joined(separator: ",")) --mode time --merge"
        let note = try XCTUnwrap(outcome.notes.first { $0.contains("not in the baseline") }, "\(outcome.notes)")
        XCTAssertTrue(note.hasSuffix(command), note)
        for name in others { XCTAssertTrue(note.contains(name), note) }
        // The table a person reads shows it too.
        XCTAssertTrue(outcome.tableText().contains(command))
    }

    func testAWorkloadWithoutThisModesFigureIsReportedToo() throws {
        // Recorded for time only: an instruction gate has nothing to compare for it, and says how to record it.
        let workload = GateWorkloads.all[0]
        XCTAssertThrowsError(try PerformanceGate.compare(
            with: baseline([workload.name: recordedTime]), path: "b.json", workloads: [workload], mode: .instructions,
            maxIncrease: 0.02, failOnToolchainMismatch: false, executable: try fakeBinary(seconds: 0.25))) { error in
            XCTAssertTrue(error is GateInputError)
            XCTAssertTrue("\(error)".contains("motionbench baseline --output b.json --workloads \(workload.name) --mode instructions --merge"),
                          "\(error)")
        }
    }

    func testMergeAddsAWorkloadAndKeepsTheOthers() throws {
        let (kept, added) = (GateWorkloads.all[0], GateWorkloads.all[2])
        let existing = baseline([kept.name: recordedTime])
        let merged = try PerformanceGate.recordBaseline(workloads: [added], mode: .time, timeSamples: 3, mergingInto: existing,
                                                        executable: try fakeBinary(seconds: 0.125))
        XCTAssertEqual(Set(merged.workloads.keys), [kept.name, added.name])
        XCTAssertEqual(merged.workloads[kept.name]?.cpuSeconds?.median, 0.2, "the other workloads are kept as they were")
        XCTAssertEqual(merged.workloads[added.name]?.cpuSeconds?.median, 0.125)
        XCTAssertEqual(merged.workloads[added.name]?.cpuSeconds?.samples, 3)
        XCTAssertEqual(merged.timestamp, existing.timestamp, "the header is the existing baseline's")
        // Counts from another compiler could not be compared with these: merging refuses.
        XCTAssertThrowsError(try PerformanceGate.recordBaseline(
            workloads: [added], mode: .time, timeSamples: 1, mergingInto: baseline([:], toolchain: "other swift"),
            executable: try fakeBinary(seconds: 0.125))) { error in
            XCTAssertTrue("\(error)".contains("re-record it whole"), "\(error)")
        }
    }
}
