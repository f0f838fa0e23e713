import Foundation
import MotionCore
import XCTest

/// Seeded random option values through the real command line: every run exits 0 with finite output or 2 with a
/// message, and none is ended by a signal. Small on purpose (each case is a process); the sweep in
/// `scripts/hostile-sweep.py` runs thousands.
final class OptionFuzzTests: XCTestCase {
    static let values = ["-1", "0", "1", "2", "-5", "1e-12", "1e308", "-1e308", "nan", "inf", "1.5", "", "1e400", "abc", "--",
                         "3", "120", "100000000000", "0x10", "\u{1B}[2J", "-0", "60", "1e-320"]

    func testRandomOptionValuesExitZeroOrTwo() throws {
        var generator = SplitMix64(seed: 0x0971_0A5)
        func pick(_ list: [String]) -> String { list[Int(generator.next() % UInt64(list.count))] }
        let commands: [() -> [String]] = [
            { ["run", "--scenario", "fade", "--layers", pick(Self.values), "--frames", pick(["1", "2", pick(Self.values)]),
               "--rate", pick(Self.values)] },
            { ["run", "--scenario", "springs", "--layers", "10", "--frames", "2", "--threads", pick(Self.values)] },
            { ["timing", "--duration", pick(Self.values), "--iterations", pick(Self.values), pick(Self.values)] },
            { ["timing", "--duration", pick(Self.values), "--time-offset", pick(Self.values), "--repeat-count",
               pick(Self.values), "--format", "json", pick(Self.values)] },
            { ["settle", "spring(1 100 10 0)", "--epsilon", pick(Self.values), "--rate", pick(Self.values), "--all"] },
            { ["eval", "spring(mass: \(pick(Self.values)), damping: \(pick(Self.values)))", pick(Self.values), "--velocity"] },
            { ["interpolate", "rotate(\(pick(Self.values))deg)", "scale(\(pick(Self.values)))", pick(Self.values)] },
            { ["gate", "--baseline", "/nonexistent", "--max-increase", pick(Self.values), "--rounds", pick(Self.values)] },
            { ["run", "--scenario", "fade", "--layers", "10", "--frames", "2", "--repeat", pick(Self.values), "--warmup",
               pick(Self.values)] },
            { ["gate", "--against", "/nonexistent", "--time-budget", pick(Self.values), "--max-time-increase", pick(Self.values)] },
            { ["accuracy", "--samples", pick(Self.values), "--rate", pick(Self.values), "--seconds", "0.1", "--curves", "presets"] },
        ]
        for round in 0..<55 {
            let arguments = commands[round % commands.count]()
            let result = try CommandRunner.run(arguments)
            XCTAssertTrue(result.status == 0 || result.status == 2, "\(arguments): exit \(result.status) \(result.standardError)")
            if result.status == 2 { XCTAssertTrue(result.standardError.hasPrefix("motionbench: "), "\(arguments): \(result.standardError)") }
            let words = result.standardOutput.lowercased().split(whereSeparator: { !$0.isLetter })
            XCTAssertFalse(words.contains("nan"), "\(arguments): \(result.standardOutput)")
            if !arguments.contains("--repeat-count") && !arguments.contains("--iterations") {
                XCTAssertFalse(words.contains("inf"), "\(arguments): \(result.standardOutput)")
            }
        }
    }
}
