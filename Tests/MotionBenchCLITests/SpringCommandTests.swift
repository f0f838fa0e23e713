import Foundation
import MotionCore
import XCTest

final class SpringCommandTests: XCTestCase {
    func testEvalGivesProgressAndVelocityAtTimes() throws {
        let spec = "spring(mass: 1, stiffness: 100, damping: 10)"
        let result = try CommandRunner.run(["eval", spec, "0.1", "-1", "--velocity"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let spring = try Spring()
        // eval prints the correctly rounded figures.
        XCTAssertEqual(result.standardOutput,
                       "\(spring.exactProgress(at: 0.1)) \(spring.exactVelocity(at: 0.1))\n0.0 0.0\n")
    }

    func testConvertPrintsEveryFamilyAndExactJSONKeys() throws {
        let text = try CommandRunner.run(["convert", "spring(duration: 0.5, bounce: 0.3)"])
        XCTAssertEqual(text.status, 0, text.standardError)
        let lines = text.standardOutput.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        XCTAssertEqual(lines.map { $0[0] }, ["mass", "stiffness", "damping", "dampingRatio", "response", "duration",
                                             "bounce", "initialVelocity", "regime"]
                           + SpringFamily.all.map { "form:" + $0.key })
        // Each form line is a spec of the same motion.
        for line in lines.dropFirst(9) {
            let spring = try Spring(spec: line.dropFirst().joined(separator: " "))
            XCTAssertEqual(spring.stiffness / spring.mass, 157.9, accuracy: 0.05, line.joined(separator: " "))
        }
        XCTAssertEqual(Double(lines[1][1])!, 157.9, accuracy: 0.05)
        XCTAssertEqual(Double(lines[2][1])!, 17.6, accuracy: 0.05)
        XCTAssertEqual(lines[8][1], "underdamped")

        let json = try CommandRunner.run(["convert", "spring(1 100 10 0)", "--format", "json"])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        XCTAssertEqual(Set(object.keys), Set(["mass", "stiffness", "damping", "dampingRatio", "response", "duration",
                                              "bounce", "initialVelocity", "regime"] + SpringFamily.all.map { "form:" + $0.key }))
        XCTAssertEqual(object["form:android-spring"] as? String,
                       "android-spring(stiffness: 100, dampingRatio: 0.5, initialVelocity: 0)")
        XCTAssertEqual(object["duration"] as? Double ?? 0, 0.63, accuracy: 0.005)
        XCTAssertEqual(object["bounce"] as? Double, 0.5)
    }

    func testSettlePrintsOurTimeAndEveryDefinition() throws {
        let spec = "spring(mass: 1, stiffness: 100, damping: 5)"
        let plain = try CommandRunner.run(["settle", spec])
        XCTAssertEqual(plain.standardOutput, "\(try Spring(damping: 5).settlingTime())\n")
        let all = try CommandRunner.run(["settle", spec, "--all"])
        let names = all.standardOutput.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
        XCTAssertEqual(names, SettlingDefinition.allCases.map(\.rawValue))
        let json = try CommandRunner.run(["settle", spec, "--all", "--format", "json"])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        XCTAssertEqual(Set(object.keys), Set(SettlingDefinition.allCases.map(\.rawValue)))
        let tighter = try CommandRunner.run(["settle", spec, "--epsilon", "1e-6"])
        XCTAssertGreaterThan(Double(tighter.standardOutput.dropLast())!, Double(plain.standardOutput.dropLast())!)
    }

    func testSettleNativeUsesTheRuleOfTheSpecsPlatform() throws {
        let spec = "android-spring(stiffness: 200, dampingRatio: 0.75)"
        let result = try CommandRunner.run(["settle", spec, "--native"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let spring = try Spring(spec: spec)
        XCTAssertEqual(result.standardOutput, "motionbench \(try spring.settlingTime())\n"
                       + "native \(SettlingDefinition.android.settlingTime(of: spring)!)\n")
        let json = try CommandRunner.run(["settle", "origami-spring(tension: 40, friction: 7)", "--native", "--format", "json"])
        XCTAssertTrue(json.standardOutput.contains("rule: rebound"), json.standardOutput)
    }

    func testSpringErrorsExitWithTwo() throws {
        let cases: [[String]] = [
            ["settle", "spring(mass: 1, stiffness: 100, damping: 0)"],
            ["settle", "ease"],
            ["settle", "spring()", "--epsilon", "2"],
            ["convert", "cubic-bezier(0, 0, 1, 1)"],
            ["convert", "spring(mass: -2)"],
            ["eval", "spring(duration: 0.5, bounce: 3)", "1"],
            ["eval", "spring(bogus: 1)", "1"],
            ["eval", "android-spring", "1"],
        ]
        for arguments in cases {
            let result = try CommandRunner.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.standardError)")
            XCTAssertFalse(result.standardError.isEmpty, "\(arguments)")
            XCTAssertEqual(result.standardOutput, "", "\(arguments)")
        }
        let undamped = try CommandRunner.run(["settle", "spring(damping: 0)"])
        XCTAssertTrue(undamped.standardError.contains("never settles"))
        // ζ = 0 is still valid for eval.
        XCTAssertEqual(try CommandRunner.run(["eval", "spring(damping: 0)", "0.1"]).status, 0)
    }
}
