import MotionCore
import XCTest

final class SpringFamilyTests: XCTestCase {
    /// Springs in every regime, with and without initial velocity.
    let springs: [Spring] = [
        try! Spring(mass: 1, stiffness: 170, damping: 26), try! Spring(mass: 2, stiffness: 300, damping: 4, initialVelocity: 1.5),
        try! Spring(mass: 1, stiffness: 100, damping: 20), try! Spring(mass: 1, stiffness: 100, damping: 35, initialVelocity: -2),
        try! .swiftUI(duration: 0.5, bounce: 0.3), try! .uikit(duration: 0.6, dampingRatio: 0.7),
    ]

    func testKeysAreUniqueAndEveryNameParses() {
        XCTAssertEqual(Set(SpringFamily.all.map(\.key)).count, SpringFamily.all.count)
        for family in SpringFamily.all {
            XCTAssertFalse(family.parameters.isEmpty, family.key)
            XCTAssertTrue(family.form.hasPrefix(family.name + "("), family.form)
            XCTAssertEqual(family.parameters.last?.parameter, .initialVelocity, family.key)
        }
    }

    /// A NaN in any parameter of any family is rejected with an error naming that parameter, so the NaN that
    /// `SpringParameterValues` gives for a parameter a form does not have ends in an error, never a spring.
    func testEveryFamilyRejectsNaNInEachParameterByName() {
        for family in SpringFamily.all {
            for (parameter, _) in family.parameters {
                var values: [SpringParameter: Double] = [:]
                for (other, fallback) in family.parameters { values[other] = fallback ?? 0.5 }
                values[parameter] = .nan
                XCTAssertThrowsError(try family.spring(values), "\(family.key) \(parameter)") { error in
                    XCTAssertEqual((error as? InvalidParameterError)?.parameter, parameter.rawValue, "\(family.key): \(error)")
                }
            }
        }
        XCTAssertTrue(SpringParameterValues([.mass: 2])[.stiffness].isNaN)
        XCTAssertEqual(SpringParameterValues([.mass: 2])[.mass], 2)
    }

    /// Each family's inverse written as a spec parses back to the same motion, through the text parser; the forms
    /// that accept any damping ratio never decline.
    func testEveryFormRoundTripsThroughItsSpec() throws {
        for family in SpringFamily.all {
            var expressed = 0
            for spring in springs {
                guard let spec = family.spec(of: spring) else { continue }
                expressed += 1
                let parsed = try Spring(spec: spec)
                XCTAssertEqual(parsed.stiffness / parsed.mass, spring.stiffness / spring.mass,
                               accuracy: 1e-8 * spring.stiffness / spring.mass, spec)
                XCTAssertEqual(parsed.damping / parsed.mass, spring.damping / spring.mass,
                               accuracy: 1e-8 * max(1, spring.damping / spring.mass), spec)
                XCTAssertEqual(parsed.initialVelocity, spring.initialVelocity, accuracy: 1e-9, spec)
                XCTAssertEqual(try Spring.family(ofSpec: spec).key, family.key, spec)
            }
            if ["spring", "spring-response", "spring-duration", "android-spring", "flutter-spring"].contains(family.key) {
                XCTAssertEqual(expressed, springs.count, family.key)
            } else {
                XCTAssertGreaterThan(expressed, 0, family.key)
            }
        }
        // A damping ratio above 1 is beyond UIKit's and motion's forms.
        let overdamped = try Spring(mass: 1, stiffness: 100, damping: 35)
        XCTAssertNil(SpringFamily.uikit.spec(of: overdamped))
        XCTAssertNil(SpringFamily.motion.spec(of: overdamped))
    }

    func testDefaultsAndRequiredParametersComeFromTheRegistry() throws {
        let android = try Spring(spec: "android-spring()")
        XCTAssertEqual(android.stiffness, Spring.AndroidStiffness.medium.rawValue)
        XCTAssertEqual(android.dampingRatio, Spring.AndroidDampingRatio.mediumBouncy.rawValue, accuracy: 1e-15)
        XCTAssertThrowsError(try SpringFamily.uikit.spring([.dampingRatio: 0.5])) { error in
            XCTAssertEqual((error as? InvalidParameterError)?.springParameter, .duration)
        }
        XCTAssertEqual(try Spring.family(ofSpec: "spring(1 100 10 0)").key, "spring")
        XCTAssertEqual(try Spring.family(ofSpec: "spring(bounce: 0.2, duration: 1)").key, "spring-duration")
        XCTAssertEqual(try Spring.family(ofSpec: "spring(0.5, 0.2)").key, "spring")
    }

    /// The error a family throws names its parameter by type, and the spec error points at that argument.
    func testErrorsNameTheirParameterByType() {
        XCTAssertThrowsError(try Spring.swiftUI(duration: -1, bounce: 0)) { error in
            XCTAssertEqual((error as? InvalidParameterError)?.springParameter, .duration)
        }
        XCTAssertThrowsError(try Spring.origami(tension: -100, friction: 7)) { error in
            XCTAssertEqual((error as? InvalidParameterError)?.springParameter, .tension)
        }
        let spec = "origami-spring(friction: 7, tension: -100)"
        XCTAssertThrowsError(try Spring(spec: spec)) { error in
            let column = (error as? SpecError)?.column
            XCTAssertEqual(column, spec.distance(from: spec.startIndex, to: spec.range(of: "tension")!.lowerBound) + 1,
                           "\(error)")
        }
    }
}
