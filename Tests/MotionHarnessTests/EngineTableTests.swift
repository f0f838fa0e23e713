@testable import MotionHarness
import XCTest

/// The engines' table for people: two plug-ins with one name are told apart by path, and a share of outputs beyond
/// visible that is not zero never reads 0.00%.
final class EngineTableTests: XCTestCase {
    func testEnginesWithOneNameShowTheirPaths() {
        var first = EngineRow(name: "libx", role: .plugIn), second = EngineRow(name: "libx", role: .plugIn)
        (first.path, second.path) = ("./a/libx.so", "./b/libx.so")
        var other = EngineRow(name: "other", role: .plugIn)
        other.path = "./c/libother.so"
        let rows = [EngineRow(name: "motioncore-batch", role: .batch), first, second, other]
        XCTAssertEqual(EngineTable.label(first, among: rows), "libx (./a/libx.so)")
        XCTAssertEqual(EngineTable.label(second, among: rows), "libx (./b/libx.so)")
        XCTAssertEqual(EngineTable.label(other, among: rows), "other", "a unique name needs no path")
        let table = EngineTable.markdownTable(rows)
        XCTAssertTrue(table.contains("| libx (./a/libx.so) |") && table.contains("| libx (./b/libx.so) |"), table)
    }

    func testANonZeroShareNeverReadsZero() {
        XCTAssertEqual(EngineTable.share(2, of: 260_133), "<0.01%")
        XCTAssertEqual(EngineTable.share(0, of: 260_133), "0.00%")
        XCTAssertEqual(EngineTable.share(1, of: 100), "1.00%")
    }
}
