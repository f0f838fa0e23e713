import Foundation
@testable import MotionHarness
import XCTest

final class ScenarioTests: XCTestCase {
    static let scenarioDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../data/scenarios")

    func testFilesMatchTheBuiltInScenarios() throws {
        for name in Scenario.builtInNames {
            let data = try Data(contentsOf: Self.scenarioDirectory.appendingPathComponent("\(name).json"))
            let file = try JSONSerialization.jsonObject(with: data) as? NSDictionary
            let builtIn = try JSONSerialization.jsonObject(with: Data(BuiltInScenarios.json[name]!.utf8)) as? NSDictionary
            XCTAssertEqual(file, builtIn, "data/scenarios/\(name).json differs from the built-in")
            let scenario = try Scenario.named(name)
            XCTAssertEqual(scenario.name, name)
            XCTAssertFalse(scenario.entries.isEmpty)
        }
        XCTAssertNoThrow(try Scenario.named(Self.scenarioDirectory.appendingPathComponent("springs.json").path))
    }

    func testBadFilesNameTheFieldAndProblem() {
        func problem(_ json: String) -> String {
            do {
                _ = try Scenario(json: json, source: "test.json")
                return "accepted"
            } catch { return error.description }
        }
        let base = #""name": "t", "animations": "#
        XCTAssertTrue(problem("{").contains("is not valid JSON"))
        XCTAssertTrue(problem(#"{"name": "t"}"#).contains("animations must be a non-empty array"))
        XCTAssertTrue(problem("{\(base)[{\"kind\": \"wobble\"}]}").contains("animations[0].kind 'wobble' is not one of"))
        XCTAssertTrue(problem("{\(base)[{\"kind\": \"basic\", \"from\": 0, \"to\": 1, \"duration\": -1}]}")
            .contains("animations[0].duration must be > 0"))
        XCTAssertTrue(problem("{\(base)[{\"kind\": \"basic\", \"from\": \"zero\", \"to\": 1, \"duration\": 1}]}")
            .contains("animations[0].from must be a finite number"))
        XCTAssertTrue(problem("{\(base)[{\"kind\": \"basic\", \"from\": 0, \"to\": 1, \"duration\": 1, \"easing\": \"cubic-bezier(2, 0, 1, 1)\"}]}")
            .contains("animations[0].easing is not a timing function"))
        XCTAssertTrue(problem("{\(base)[{\"kind\": \"spring\", \"springs\": [\"spring(mass: -1)\"], \"initialVelocity\": [0, 1]}]}")
            .contains("animations[0].springs[0] is not a spring"))
        XCTAssertTrue(problem("{\(base)[{\"kind\": \"spring\", \"springs\": [\"spring()\"], \"initialVelocity\": [3, 1]}]}")
            .contains("animations[0].initialVelocity must be [min, max]"))
        XCTAssertTrue(problem("{\(base)[{\"kind\": \"pendulum\", \"duration\": 1, \"staggerFrames\": 2.5}]}")
            .contains("animations[0].staggerFrames must be a whole number"))
        XCTAssertTrue(problem("{\(base)[{\"kind\": \"interactive\", \"duration\": 1, \"scrubTo\": 2, \"scrubDuration\": 1}]}")
            .contains("animations[0].scrubTo must lie in [0, 1]"))
        XCTAssertTrue(problem("{\(base)[{\"kind\": \"keyframes\", \"values\": [0, 1], \"keyTimes\": [0], \"duration\": 1}]}")
            .contains("animations[0] is invalid"))
        XCTAssertTrue(problem("{\(base)[{\"kind\": \"transition\", \"type\": \"spin\", \"duration\": 1}]}")
            .contains("animations[0].type 'spin'"))
        XCTAssertTrue(problem("{\(base)[{\"kind\": \"basic\", \"from\": 0, \"to\": 1, \"duration\": 1, \"autoreverses\": 1}]}")
            .contains("animations[0].autoreverses must be true or false"))
        XCTAssertThrowsError(try Scenario.named("no-such-scenario"))
        XCTAssertThrowsError(try Scenario.named("/nonexistent/file.json"))
    }
}
