@testable import MotionCore
import Foundation
import XCTest

final class TaylorSeriesTests: XCTestCase {
    /// The paired two-lane series must give the same doubles as the two scalar series it replaces in the spring closed
    /// form (so the near-critical answers do not move), and match cos and sin where they are well conditioned.
    func testPairedSeriesMatchesTheScalarSeriesBitForBit() {
        var generator = SplitMix64(seed: 36)
        var inputs = [0.0, 0.25, -0.25, 1e-300, -1e-300, 0x1p-40, 0.6168502750680849]
        inputs += (0..<20_000).map { _ in Double.random(in: -0.62...0.62, using: &generator) }
        for z in inputs {
            let paired = cosineAndSineOfRoot(z)
            XCTAssertEqual(paired.cosine.bitPattern, cosineOfRoot(z).bitPattern, "z = \(z)")
            XCTAssertEqual(paired.sineOverRoot.bitPattern, sineOfRootOverRoot(z).bitPattern, "z = \(z)")
        }
        let z = 0.2, root = z.squareRoot()
        XCTAssertEqual(cosineAndSineOfRoot(z).cosine, Foundation.cos(root), accuracy: 4e-16)
        XCTAssertEqual(cosineAndSineOfRoot(z).sineOverRoot, Foundation.sin(root) / root, accuracy: 4e-16)
        XCTAssertEqual(cosineAndSineOfRoot(-z).cosine, Foundation.cosh(root), accuracy: 4e-16)
    }
}
