import Foundation
import MotionCore
import XCTest

/// A visible threshold travels (in an engine's row from its child, in JSON reports) as its name, and comes back as the
/// same threshold; a name that is not one is refused naming the known ones.
final class VisibleThresholdTests: XCTestCase {
    func testAThresholdRoundTripsAsItsName() throws {
        let data = try JSONEncoder().encode(VisibleThreshold.all)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"["alpha-half-step","position-0.1px","rotation-0.01deg"]"#)
        let decoded = try JSONDecoder().decode([VisibleThreshold].self, from: data)
        XCTAssertEqual(decoded, VisibleThreshold.all)
        XCTAssertEqual(decoded.map(\.limit), [0.5 / 255, 1e-4, 0.01 / 360])
    }

    func testAnUnknownNameIsRefusedNamingTheKnownOnes() {
        XCTAssertThrowsError(try JSONDecoder().decode([VisibleThreshold].self, from: Data(#"["half-a-pixel"]"#.utf8))) {
            XCTAssertTrue("\($0)".contains("'half-a-pixel' is not a visible threshold (alpha-half-step, position-0.1px"), "\($0)")
        }
        XCTAssertNil(VisibleThreshold.named("half-a-pixel"))
        XCTAssertEqual(VisibleThreshold.named("position-0.1px"), .tenthPixel)
    }
}
