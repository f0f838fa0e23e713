import Foundation
import XCTest

final class InterpolateCommandTests: XCTestCase {
    func testPrintsMatrix3dInCATransform3DOrder() throws {
        let result = try CommandRunner.run(["interpolate", "matrix(1,0,0,7,0,0)", "matrix(7,0,1,1,0,0)", "0.5"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardOutput, "matrix3d(4, 0, 0, 0, 2, 4, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)\n")
        let translated = try CommandRunner.run(["interpolate", "none", "translate3d(10px, 20px, 30px)", "0", "1"])
        XCTAssertEqual(translated.standardOutput, "matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)\n"
                       + "matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 10, 20, 30, 1)\n")
    }

    func testFormatsAndStandardInput() throws {
        let csv = try CommandRunner.run(["interpolate", "scale(1)", "scale(3)", "--format", "csv"], input: "0.5\n")
        let lines = csv.standardOutput.split(separator: "\r\n")  // RFC 4180 records
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(lines[0].hasPrefix("progress,m11,m12"))
        XCTAssertTrue(lines[1].hasPrefix("0.5,2.0,0.0"))
        let json = try CommandRunner.run(["interpolate", "rotate(0deg)", "rotate(90deg)", "1", "--format", "json"])
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Double]])
        XCTAssertEqual(try XCTUnwrap(rows.first?["m12"]), 1, accuracy: 1e-15)
    }

    func testBadInputExitsWithTwo() throws {
        for arguments in [["interpolate", "rotate(45)", "none", "0.5"], ["interpolate", "none", "wobble(2)", "0.5"],
                          ["interpolate", "none", "scale(2)", "half"], ["interpolate", "none", "scale(2)", "nan"],
                          ["interpolate", "none"]] {
            let result = try CommandRunner.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.standardError)")
            XCTAssertEqual(result.standardOutput, "", "\(arguments)")
        }
    }
}
