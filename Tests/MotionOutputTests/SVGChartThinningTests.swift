import XCTest
@testable import MotionOutput

/// The HTML reports' lines keep only the points that show: every point left out lies within a quarter pixel of the
/// line drawn, and the path data, in quarter pixels, puts every kept point within an eighth of a pixel of where it is.
final class SVGChartThinningTests: XCTestCase {
    /// The distance from `point` to the polyline through `line`.
    func distance(_ point: (Double, Double), to line: [(Double, Double)]) -> Double {
        zip(line, line.dropFirst()).map { a, b in
            let (dx, dy) = (b.0 - a.0, b.1 - a.1), length = dx * dx + dy * dy
            let t = length > 0 ? min(max(((point.0 - a.0) * dx + (point.1 - a.1) * dy) / length, 0), 1) : 0
            let (ex, ey) = (point.0 - (a.0 + t * dx), point.1 - (a.1 + t * dy))
            return (ex * ex + ey * ey).squareRoot()
        }.min() ?? .infinity
    }

    /// The absolute points of path data written by `pathData` (M x y, then l and relative pairs), in pixels.
    func points(ofPath data: String) throws -> [(Double, Double)] {
        let scanner = data.replacingOccurrences(of: "M", with: "").replacingOccurrences(of: "l", with: " ")
            .replacingOccurrences(of: "-", with: " -").replacingOccurrences(of: "h0", with: "")
        let numbers = try scanner.split(separator: " ").map { try XCTUnwrap(Int($0), String($0)) }
        XCTAssertEqual(numbers.count % 2, 0)
        var result: [(Double, Double)] = [], x = 0, y = 0
        for index in stride(from: 0, to: numbers.count, by: 2) {
            (x, y) = index == 0 ? (numbers[0], numbers[1]) : (x + numbers[index], y + numbers[index + 1])
            result.append((Double(x) / 4, Double(y) / 4))
        }
        return result
    }

    func testEveryPointLeftOutIsWithinAQuarterPixelOfTheLine() throws {
        var generator = SystemRandomNumberGenerator()
        let smooth = (0...2000).map { i -> (Double, Double) in
            let x = 58 + Double(i) * 270 / 2000
            return (x, 100 + 60 * sin(Double(i) / 150))
        }
        let noisy = (0...400).map { i in (58 + Double(i) * 270 / 400, Double.random(in: 24...188, using: &generator)) }
        let flat = (0...300).map { i in (58 + Double(i), 188.0) }
        for (name, line) in [("smooth", smooth), ("noisy", noisy), ("flat", flat)] {
            let kept = SVGChart.simplified(line, tolerance: SVGChart.lineTolerance)
            XCTAssertEqual(kept.first?.0, line.first?.0, name)
            XCTAssertEqual(kept.last?.0, line.last?.0, name)
            for point in line {
                XCTAssertLessThanOrEqual(distance(point, to: kept), SVGChart.lineTolerance + 1e-9, "\(name) \(point)")
            }
            // As written: each kept point within an eighth of a pixel, so a point left out within 3/8 px of the line.
            let drawn = try points(ofPath: SVGChart.pathData(kept))
            XCTAssertEqual(drawn.count, kept.count, name)
            for (a, b) in zip(drawn, kept) {
                XCTAssertLessThanOrEqual(max(abs(a.0 - b.0), abs(a.1 - b.1)), 0.125, name)
            }
            switch name {
            case "smooth": XCTAssertLessThan(kept.count, line.count / 10, "a smooth line needs few points")
            case "flat": XCTAssertEqual(kept.count, 2)
            default: XCTAssertGreaterThan(kept.count, line.count / 2, "noise keeps its detail")
            }
        }
        XCTAssertEqual(SVGChart.pathData([(1, 2)]), "M4 8h0")
        XCTAssertEqual(SVGChart.pathData([(1, 2), (0.5, 3), (2, 1)]), "M4 8l-2 4 6-8")
    }
}
