@testable import MotionOutput
import XCTest

/// The colour difference (checked against published CIEDE2000 test data) and the page palette built on it.
final class ChartPaletteTests: XCTestCase {
    func testCIEDE2000MatchesSharmaWuDalalTestData() {
        // Pairs 1, 7, 17 and 25 of Sharma, Wu and Dalal (2005), Table 1, with their published ΔE₀₀.
        let pairs: [((Double, Double, Double), (Double, Double, Double), Double)] = [
            ((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
            ((50, 0, 0), (50, -1, 2), 2.3669),
            ((50, 2.5, 0), (73, 25, -18), 27.1492),
            ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
        ]
        for (first, second, expected) in pairs {
            let value = ColourDifference.ciede2000((first.0, first.1, first.2), (second.0, second.1, second.2))
            XCTAssertEqual(value, expected, accuracy: 1e-4, "\(first) against \(second)")
            let reversed = ColourDifference.ciede2000((second.0, second.1, second.2), (first.0, first.1, first.2))
            XCTAssertEqual(value, reversed, accuracy: 1e-9, "symmetric")
        }
    }

    func testSimulatedColourBlindnessMergesRedAndGreen() throws {
        // Pure red and a green of similar lightness are far apart for normal vision and close for the two common
        // red-green deficiencies: the simulation is what makes the palette check mean something.
        let normal = try XCTUnwrap(ColourDifference.deltaE2000("#d55e00", "#5c940d"))
        let deutan = try XCTUnwrap(ColourDifference.deltaE2000("#d55e00", "#5c940d", vision: .deuteranopia))
        let protan = try XCTUnwrap(ColourDifference.deltaE2000("#d55e00", "#5c940d", vision: .protanopia))
        XCTAssertGreaterThan(normal, 30)
        XCTAssertLessThan(deutan, normal / 2)
        XCTAssertLessThan(protan, normal / 2)
        XCTAssertEqual(ColourDifference.deltaE2000("#123456", "#123456", vision: .protanopia) ?? -1, 0, accuracy: 1e-9)
        XCTAssertNil(ColourDifference.deltaE2000("red", "#000000"))
    }

    func testThePaletteIsDistinguishableForNormalVisionProtanopiaAndDeuteranopia() throws {
        let colours = ChartPalette.colours
        XCTAssertEqual(Set(colours).count, colours.count, "no colour twice")
        let first12 = try XCTUnwrap(ColourDifference.closestPair(Array(colours.prefix(12))))
        XCTAssertGreaterThanOrEqual(first12.distance, 12, "\(first12)")
        let first20 = try XCTUnwrap(ColourDifference.closestPair(Array(colours.prefix(20))))
        XCTAssertGreaterThanOrEqual(first20.distance, 8.5, "\(first20)")
        for colour in colours {
            for vision in ColourDifference.Vision.allCases {
                XCTAssertGreaterThanOrEqual(try XCTUnwrap(ColourDifference.deltaE2000(colour, "#ffffff", vision: vision)), 25,
                                            "\(colour) must stand out on the white page (\(vision))")
            }
        }
    }

    func testEachNameKeepsOneColourAndNoColourHasTwoNames() {
        var palette = ChartPalette(["batch", "naive"])
        XCTAssertEqual(palette.colour(for: "batch"), ChartPalette.colours[0])
        XCTAssertEqual(palette.colour(for: "engine"), ChartPalette.colours[2])
        XCTAssertEqual(palette.colour(for: "naive"), ChartPalette.colours[1])
        XCTAssertEqual(palette.existing("engine"), ChartPalette.colours[2])
        XCTAssertNil(palette.existing("never asked"))
        XCTAssertEqual(Set(palette.assigned.map(\.colour)).count, palette.assigned.count)
    }
}
