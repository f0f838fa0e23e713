@testable import MotionGate
import XCTest

/// `FunctionProfile`: per-function self counts read from callgrind's format (name and file compression, relative
/// positions, the inclusive cost after `calls=` left to the callee), Swift names demangled, and the changes between
/// two profiles that a failing gate row lists.
final class FunctionProfileTests: XCTestCase {
    /// A callgrind file in the shape valgrind 3.19 writes: `main` costs 10 + 5 itself and calls `work` (inclusive 700,
    /// which is not main's), `work` costs 300 + 400 in a file with line numbers, an unnamed function in a stripped
    /// library, and a Swift symbol.
    private let sample = """
        # callgrind format
        version: 1
        positions: line
        events: Ir
        summary: 1215

        ob=(1) /tmp/libengine.so
        fl=(1) ???
        fn=(1) main
        0 10
        cob=(1)
        cfi=(2) engine.c
        cfn=(2) work
        calls=3 40
        0 700
        0 5
        fl=(2)
        fn=(2)
        40 300
        +2 400
        ob=(2) /tmp/libstripped.so
        fl=(1)
        fn=(3) 0x0000000000001130
        0 200
        ob=(3) /usr/bin/motionbench
        fl=(3) /src/Curve.swift
        fn=(4) $s10MotionCore11CubicBezierV5value2atS2d_tF
        7 300
        """

    func testSelfCountsLeaveCallsToTheCalleeAndReadCompressedNames() throws {
        let profile = FunctionProfile.parse(sample)
        XCTAssertEqual(profile.total, 1215, "the self counts add up to callgrind's summary")
        let byName = Dictionary(uniqueKeysWithValues: profile.functions.map { ($0.name, $0) })
        XCTAssertEqual(byName["main"]?.instructions, 15, "a call's inclusive cost is not the caller's own")
        let work = try XCTUnwrap(byName["work"])
        XCTAssertEqual(work.instructions, 700)
        XCTAssertEqual(work.location, "engine.c:40", "the first line of the function, from a compressed file name")
        XCTAssertEqual(byName["main"]?.location, "libengine.so", "no debug info: the object names it")
        XCTAssertEqual(byName["0x0000000000001130"]?.instructions, 200)
        XCTAssertEqual(profile.objectsWithoutSymbols, ["/tmp/libstripped.so"])
        XCTAssertEqual(profile.functions.first?.name, "work", "largest first")
        let swift = try XCTUnwrap(profile.functions.first { $0.name.contains("CubicBezier") })
        XCTAssertTrue(swift.name.hasPrefix("MotionCore.CubicBezier.value(at:"), "demangled: \(swift.name)")
        XCTAssertEqual(swift.instructions, 300)

        let kept = profile.truncated(to: 2)
        XCTAssertEqual(kept.functions.map(\.name), ["work", swift.name])
        XCTAssertEqual(kept.otherInstructions, 215)
        XCTAssertEqual(kept.total, profile.total)
    }

    func testChangesListTheMoversWithTheirShareOfTheTotalChange() {
        let base = FunctionProfile(functions: [.init(name: "a", instructions: 1_000), .init(name: "b", instructions: 500)],
                                   otherInstructions: 0)
        let head = FunctionProfile(functions: [.init(name: "a", instructions: 1_000), .init(name: "b", instructions: 400),
                                               .init(name: "c", instructions: 300)], otherInstructions: 0)
        let changes = FunctionProfile.changes(from: base, to: head)
        XCTAssertEqual(changes.map(\.name), ["c", "b"], "unchanged functions are left out, the largest move first")
        XCTAssertEqual(changes[0].base, 0, "absent from a base with no rest: it ran no instructions there")
        XCTAssertEqual(changes[0].change, 300)
        XCTAssertEqual(changes[0].share ?? 0, 1.5, accuracy: 1e-12, "300 of a total change of 200")
        XCTAssertEqual(changes[1].change, -100)

        // A base that summed its small functions: a function missing from its list may be in that rest.
        let stored = FunctionProfile(functions: [.init(name: "a", instructions: 1_000)], otherInstructions: 500)
        XCTAssertNil(FunctionProfile.changes(from: stored, to: head).first { $0.name == "c" }?.base)
    }

    func testAFailingRowListsTheMoversAndEveryFormatShowsThem() throws {
        var row = PerformanceGate.Row(workload: "engine:x/fade/10", metric: "instructions", unit: "instructions",
                                      baseline: 1_500, current: 1_700, change: 0.133, verdict: .fail,
                                      note: "more than +2.000% more instructions")
        let base = FunctionProfile(functions: [.init(name: "a", instructions: 1_500)], otherInstructions: 0)
        let head = FunctionProfile(functions: [.init(name: "a", instructions: 1_400),
                                               .init(name: "slow_path", file: "e.c", line: 9, instructions: 300)],
                                   otherInstructions: 0)
        row.attach(base: base, head: head)
        XCTAssertEqual(row.functions.first?.name, "slow_path")
        let outcome = PerformanceGate.Outcome(rows: [row], notes: [])
        XCTAssertTrue(outcome.tableText().contains("slow_path"), outcome.tableText())
        XCTAssertTrue(outcome.markdownText().contains("| slow_path | e.c:9 | 0 | 300 | +300 | 150.0% |"), outcome.markdownText())
        XCTAssertTrue(outcome.markdownText().contains("| FAIL | more than +2.000% more instructions |"), "the row's note")
        XCTAssertTrue(try outcome.jsonDocument(metadata: nil).contains("\"slow_path\""))
        XCTAssertTrue(outcome.exportMetrics.first?.failure?.contains("slow_path (e.c:9) +300") == true)

        // A passing row lists nothing; a baseline without counts says so.
        var passing = row
        passing.verdict = .pass
        passing.functions = []
        passing.attach(base: base, head: head)
        XCTAssertTrue(passing.functions.isEmpty)
        var old = row
        old.functions = []
        old.attach(base: nil, head: head)
        XCTAssertTrue(old.functions.isEmpty)
        XCTAssertTrue(old.functionsNote?.contains("re-record") == true)
    }
}
