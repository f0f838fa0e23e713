import Foundation
import MotionCore
import XCTest

/// The spring example of the README and of the DocC article "Animating with a spring", as a user writes it (no
/// `@testable`): it compiles against the public API, each comment holds for what the line computes, and both documents
/// carry exactly these lines.
final class SpringGuideExampleTests: XCTestCase {
    func testTheSpringExampleKeepsItsComments() throws {
        // SwiftUI's spring(duration: 0.5, bounce: 0.3): k = (2π/0.5)², damping ratio 0.7
        let spring = try Spring.swiftUI(duration: 0.5, bounce: 0.3)
        let fast = spring.progress(at: 0.25)          // the closed form, within about 1e-15: for frames
        let exact = spring.exactProgress(at: 0.25)    // the double nearest the exact motion: for references
        let settled = try spring.settlingTime()       // seconds until |1 − progress| stays within 0.001

        // Frame by frame at 120 Hz: the exact one-frame step moves a position from 0 toward 300 points
        let step = try SpringPropagator(spring: spring, interval: 1.0 / 120)
        var state = SpringState(position: 0, velocity: 0, target: 300)
        for _ in 0..<30 { step.advance(&state) }      // after 0.25 s, state.position is 300 × fast

        XCTAssertEqual(spring.stiffness, (2 * Double.pi / 0.5) * (2 * Double.pi / 0.5), accuracy: 1e-12)
        XCTAssertEqual(spring.dampingRatio, 0.7, accuracy: 1e-15)
        XCTAssertEqual(spring.regime, .underdamped)
        XCTAssertLessThanOrEqual(abs(fast - exact), 1e-15, "the closed form within about 1e-15 of the exact motion")
        XCTAssertGreaterThan(exact, 0.5)
        // The settling time: |1 − progress| reaches 0.001 there and stays within it after (sampled to 5 s).
        XCTAssertEqual(abs(1 - spring.exactProgress(at: settled)), 0.001, accuracy: 1e-12)
        for k in 1...5000 {
            let t = settled + Double(k) * 1e-3
            XCTAssertLessThanOrEqual(abs(1 - spring.progress(at: t)), 0.001 + 1e-12, "t = \(t)")
        }
        XCTAssertGreaterThan(abs(1 - spring.progress(at: settled - 1e-3)), 0.001, "it has not settled just before")
        // 30 steps of 1/120 s (a time within rounding of 0.25 s) against 300 × the exact progress at 0.25 s.
        XCTAssertEqual(state.position, 300 * exact, accuracy: 1e-9)
        XCTAssertEqual(state.target, 300)
    }

    /// The README and the DocC article show the lines this test runs, character for character.
    func testBothDocumentsCarryTheseLines() throws {
        let test = try String(contentsOfFile: #filePath, encoding: .utf8)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        for document in ["README.md", "Sources/MotionCore/MotionCore.docc/AnimatingWithASpring.md"] {
            let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
            let start = try XCTUnwrap(text.range(of: "```swift\nimport MotionCore\n\n// SwiftUI's spring"), document)
            let rest = text[text.index(start.upperBound, offsetBy: -"// SwiftUI's spring".count)...]
            let end = try XCTUnwrap(rest.range(of: "```"), document)
            let lines = rest[..<end.lowerBound].split(separator: "\n")
            XCTAssertEqual(lines.count, 9, document)
            for line in lines {
                XCTAssertTrue(test.contains("        " + line + "\n"), "\(document): '\(line)' is not what the test runs")
            }
        }
    }
}
