import Foundation
import MotionGate
import XCTest

/// Baseline files: version 2 (typed machine, instruction scope) and version 1 files read as whole-process counts.
final class GateBaselineTests: XCTestCase {
    private func write(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString)-baseline.json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testVersionOneReadsAsWholeProcessCounts() throws {
        let path = try write("""
            {"version": 1, "toolchain": "Swift version 6.3.1", "machine": {"cpu": "AMD EPYC", "cores": "2", "memoryBytes": "1024"},
             "timestamp": "2026-11-22T19:43:00Z", "workloads": {"bezier-hard": {"instructions": 631781352}}}
            """)
        let baseline = try GateBaseline.read(path)
        XCTAssertEqual(baseline.instructionScope, .process)
        XCTAssertEqual(baseline.machine, GateBaseline.Machine(cpu: "AMD EPYC", cores: 2, memoryBytes: 1024))
        XCTAssertEqual(baseline.workloads["bezier-hard"]?.instructions, 631_781_352)
        // Version 1 required no machine fields.
        let bare = try write("""
            {"version": 1, "toolchain": "t", "machine": {}, "timestamp": "x", "workloads": {"bezier-hard": {"instructions": 5}}}
            """)
        XCTAssertEqual(try GateBaseline.read(bare).machine, GateBaseline.Machine(cpu: "unknown", cores: 0, memoryBytes: 0))
    }

    func testVersionTwoRoundTripsWithNumbers() throws {
        let original = GateBaseline(toolchain: "t", valgrind: "valgrind-3.19.0", instructionScope: .measuredRegion,
                                    machine: .init(cpu: "c", cores: 2, memoryBytes: 4096), timestamp: "2026-11-22T00:00:00Z",
                                    workloads: ["bezier-presets": .init(instructions: 750_769_503)])
        let text = try original.encoded()
        XCTAssertTrue(text.contains("\"cores\" : 2"), text)
        XCTAssertTrue(text.contains("\"instructionScope\" : \"measured-region\""), text)
        XCTAssertTrue(text.contains("\"version\" : 2"), text)
        XCTAssertTrue(text.contains("\"units\""), text)
        let read = try GateBaseline.read(try write(text))
        XCTAssertEqual(read.instructionScope, .measuredRegion)
        XCTAssertEqual(read.machine.cores, 2)
        XCTAssertEqual(read.workloads["bezier-presets"]?.instructions, 750_769_503)
        // Exported for a dashboard: the instruction count of each recorded workload.
        XCTAssertEqual(read.exportMetrics.map(\.measure), ["instructions"])
        XCTAssertEqual(read.exportMetrics.first?.value, 750_769_503)
    }

    func testVersionTwoNeedsItsScopeAndUnknownVersionsAreNamed() throws {
        let noScope = try write("""
            {"version": 2, "toolchain": "t", "machine": {"cpu": "c", "cores": 2, "memoryBytes": 1},
             "timestamp": "x", "workloads": {"bezier-hard": {"instructions": 5}}}
            """)
        XCTAssertThrowsError(try GateBaseline.read(noScope)) { error in
            XCTAssertTrue("\(error)".contains("instructionScope"), "\(error)")
        }
        let future = try write("""
            {"version": 3, "toolchain": "t", "machine": {"cpu": "c", "cores": 2, "memoryBytes": 1},
             "timestamp": "x", "workloads": {}}
            """)
        XCTAssertThrowsError(try GateBaseline.read(future)) { error in
            XCTAssertTrue("\(error)".contains("version") && "\(error)".contains("1 or 2"), "\(error)")
        }
        let badCores = try write("""
            {"version": 2, "toolchain": "t", "instructionScope": "process", "machine": {"cpu": "c", "cores": "two", "memoryBytes": 1},
             "timestamp": "x", "workloads": {"bezier-hard": {"instructions": 5}}}
            """)
        XCTAssertThrowsError(try GateBaseline.read(badCores)) { error in
            XCTAssertTrue("\(error)".contains("machine.cores"), "\(error)")
        }
    }
}
