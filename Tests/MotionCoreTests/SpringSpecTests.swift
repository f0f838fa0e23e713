import MotionCore
import XCTest

final class SpringSpecTests: XCTestCase {
    func testEveryFormParses() throws {
        XCTAssertEqual(try Spring(spec: "spring()"), try Spring())
        XCTAssertEqual(try Spring(spec: "spring(mass: 2, stiffness: 300, damping: 12, initialVelocity: -1)"),
                       try Spring(mass: 2, stiffness: 300, damping: 12, initialVelocity: -1))
        XCTAssertEqual(try Spring(spec: "spring(2, 300, 12)"), try Spring(mass: 2, stiffness: 300, damping: 12))
        XCTAssertEqual(try Spring(spec: "spring(1 100 10 0)"), try Spring())
        XCTAssertEqual(try Spring(spec: "spring(stiffness: 50)"), try Spring(stiffness: 50))
        XCTAssertEqual(try Spring(spec: "spring(response: 0.5, dampingRatio: 0.8)"),
                       try Spring.swiftUI(response: 0.5, dampingRatio: 0.8))
        XCTAssertEqual(try Spring(spec: "spring(duration: 500ms, bounce: 0.3)"), try Spring.swiftUI(duration: 0.5, bounce: 0.3))
        XCTAssertEqual(try Spring(spec: "uikit-spring(duration: 0.4, dampingRatio: 0.7, initialVelocity: 2)"),
                       try Spring.uikit(duration: 0.4, dampingRatio: 0.7, initialVelocity: 2))
        XCTAssertEqual(try Spring(spec: "android-spring(stiffness: 200, dampingRatio: 0.75)"),
                       try Spring.android(stiffness: 200, dampingRatio: 0.75))
        XCTAssertEqual(try Spring(spec: "origami-spring(tension: 40, friction: 7)"), try Spring.origami())
        XCTAssertEqual(try Spring(spec: "rn-spring(bounciness: 8, speed: 12, initialVelocity: 1)"),
                       try Spring.reactNative(initialVelocity: 1))
        XCTAssertEqual(try Spring(spec: "motion-spring(visualDuration: 0.3s, bounce: 0.2)"),
                       try Spring.motion(visualDuration: 0.3, bounce: 0.2))
        XCTAssertEqual(try Spring(spec: "flutter-spring(mass: 2, stiffness: 100, dampingRatio: 0.5)"),
                       try Spring.flutter(mass: 2, stiffness: 100, dampingRatio: 0.5))
    }

    func testPrintingRoundTrips() throws {
        for text in ["spring(duration: 0.35, bounce: -0.4)", "uikit-spring(duration: 0.7, dampingRatio: 0.3)",
                     "rn-spring(bounciness: 3, speed: 20)", "spring(0.5, 1e4, 3.3, 7)"] {
            let spring = try Spring(spec: text)
            XCTAssertEqual(try Spring(spec: spring.description), spring, text)
            XCTAssertEqual(try MotionSpec(parsing: spring.description), .spring(spring))
        }
    }

    func testBadSpringsNameTheParameterAndRange() {
        func message(_ spec: String) -> String {
            do {
                _ = try MotionSpec(parsing: spec)
                return "accepted"
            } catch { return error.description }
        }
        XCTAssertTrue(message("spring(mass: 0)").contains("mass = 0 must be a finite number > 0"))
        XCTAssertTrue(message("spring(mass: -1)").contains("mass = -1"))
        XCTAssertTrue(message("spring(stiffness: 0)").contains("stiffness = 0 must be a finite number > 0"))
        XCTAssertTrue(message("spring(duration: 0, bounce: 0)").contains("duration = 0 must be a finite number > 0 s"))
        XCTAssertTrue(message("spring(duration: -1, bounce: 0)").contains("duration = -1"))
        XCTAssertTrue(message("spring(duration: 1, bounce: 1.01)").contains("bounce = 1.01 is outside [-1, 1]"))
        XCTAssertTrue(message("spring(response: 1, dampingRatio: -0.5)").contains("dampingRatio = -0.5 must be"))
        XCTAssertTrue(message("android-spring(stiffness: 100, dampingRatio: -1)").contains("dampingRatio = -1"))
        XCTAssertTrue(message("spring(wobble: 3)").contains("unknown label 'wobble:'"))
        XCTAssertTrue(message("spring(mass: 1, mass: 2)").contains("given twice"))
        XCTAssertTrue(message("spring").contains("needs arguments"))
        XCTAssertTrue(message("spring(mass: 1").contains("missing ')'"))
        XCTAssertTrue(message("spring(1 2 3)").contains("4 numbers"))
        XCTAssertTrue(message("uikit-spring(dampingRatio: 0.5)").contains("missing 'duration:'"))
        XCTAssertTrue(message("spring(mass: 1e999)").contains("not a finite number"))
    }
}
