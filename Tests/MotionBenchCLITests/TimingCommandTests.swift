import Foundation
import MotionCore
import XCTest

final class TimingCommandTests: XCTestCase {
    func testWebAnimationsOptions() throws {
        let result = try CommandRunner.run(["timing", "--duration", "100", "--iterations", "3.5", "--iteration-start",
                                            "2.5", "--delay", "1", "--fill", "both", "351", "1", "-5"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardOutput, "after 5 1.0\nactive 2 0.5\nbefore 2 0.5\n")
        let infinite = try CommandRunner.run(["timing", "--duration", "0", "--iterations", "inf", "--delay", "1",
                                              "--fill", "both", "1"])
        XCTAssertEqual(infinite.standardOutput, "after inf 1.0\n")
        let negative = try CommandRunner.run(["timing", "--duration", "10", "--delay", "1", "--end-delay", "-1",
                                              "--fill", "both", "10", "11"])
        XCTAssertEqual(negative.standardOutput, "after 0 0.9\nafter 0 0.9\n")
        let unfilled = try CommandRunner.run(["timing", "--duration", "1", "2"])
        XCTAssertEqual(unfilled.standardOutput, "after null null\n")
    }

    func testCoreAnimationOptionsTakeParentTime() throws {
        let result = try CommandRunner.run(["timing", "--duration", "1", "--autoreverses", "--fill-mode", "forwards",
                                            "1.5", "2.5"])
        XCTAssertEqual(result.standardOutput, "active 1 0.5\nafter 1 0.0\n")
        let removed = try CommandRunner.run(["timing", "--duration", "1", "--fill-mode", "forwards",
                                             "--removed-on-completion", "1.5"])
        XCTAssertEqual(removed.standardOutput, "after null null\n")
        // Speed 0 pauses at timeOffset: 0.5 s into a 2 s pass, eased, whatever the parent time.
        let paused = try CommandRunner.run(["timing", "--duration", "2", "--speed", "0", "--time-offset", "0.5",
                                            "--easing", "ease-in", "7", "70"])
        let expected = CubicBezier.easeIn.value(at: 0.25)
        XCTAssertEqual(paused.standardOutput, "active 0 \(expected)\nactive 0 \(expected)\n")
    }

    func testFormatsAndStandardInput() throws {
        let csv = try CommandRunner.run(["timing", "--duration", "2", "--format", "csv"], input: "1\n")
        XCTAssertEqual(csv.standardOutput, "time,phase,iteration,progress\r\n1.0,active,0,0.5\r\n")
        let json = try CommandRunner.run(["timing", "--duration", "1", "--repeat-count", "inf", "--format", "json",
                                          "1000.25"])
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.first?["iteration"] as? Int, 1000)
        XCTAssertEqual(rows.first?["progress"] as? Double, 0.25)
        // An infinite iteration is null in JSON, with a note; a missing progress too.
        let forever = try CommandRunner.run(["timing", "--iterations", "inf", "--fill", "forwards", "--format", "json", "5", "-1"])
        let foreverRows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(forever.standardOutput.utf8)) as? [[String: Any]])
        XCTAssertTrue(foreverRows[0]["iteration"] is NSNull || foreverRows[0]["iteration"] as? Int == 5, "\(foreverRows)")
        XCTAssertTrue(foreverRows[1]["progress"] is NSNull)
        XCTAssertNotNil((foreverRows[1]["notes"] as? [String: String])?["progress"])
    }

    func testBadOptionsExitWithTwo() throws {
        let cases: [[String]] = [
            ["timing", "--duration", "-1", "1"],
            ["timing", "--duration", "nan", "1"],
            ["timing", "--duration", "1", "--iterations", "-2", "1"],
            ["timing", "--duration", "1", "--iterations", "nan", "1"],
            ["timing", "--fill", "sideways", "1"],
            ["timing", "--direction", "up", "1"],
            ["timing", "--fill-mode", "sometimes", "1"],
            ["timing", "--speed", "2", "--iterations", "2", "1"],
            ["timing", "--duration", "1", "--repeat-count", "2", "--repeat-duration", "3", "1"],
            ["timing", "--easing", "cubic-bezier(2, 0, 1, 1)", "1"],
            ["timing", "--duration", "1", "nan"],
            ["timing", "--duration", "1", "soon"],
        ]
        for arguments in cases {
            let result = try CommandRunner.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.standardError)")
            XCTAssertFalse(result.standardError.isEmpty, "\(arguments)")
            XCTAssertEqual(result.standardOutput, "", "\(arguments)")
        }
    }
}
