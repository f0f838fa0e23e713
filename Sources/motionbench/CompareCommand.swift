import MotionSupport
import ArgumentParser
import Foundation
import MotionCore
import MotionHarness

/// `motionbench compare A.json B.json`: two frame-harness results side by side.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two 'run --format json' results row by row (B/A ratios and a verdict per row).",
        discussion: """
            Rows are matched by scenario, layer count and threads; each engine of a run (run --engine) is a row of its \
            own, matched by its name (and its path where one file holds two engines of one name). The verdict compares B/A of ns per layer-frame \
            with --threshold (default 15%: single runs on a shared VM move about that much): slower, faster or same. \
            Exit 0 whatever the verdicts (use gate for a pass/fail decision); exit 2 when a file is not a run result \
            or the two files have no row in common, as when they ran different scenarios, layer counts or threads.

            Shared rows must also have measured the same thing: the same frames and frame clock, and files from the \
            same build configuration (debug or release), CPU model and signature, and cores. Otherwise compare prints \
            'not comparable:' naming each field that differs with both values and exits 2; --allow-mismatch shows the \
            comparison anyway with the differences in a note. A different MotionBench version or toolchain (base \
            against head) is a note, and so is a field an older file does not record (unknown, not checked).

            EXAMPLES:
              motionbench run --format json --output a.json
              motionbench run --format json --output b.json
              motionbench compare a.json b.json --format markdown
            """)

    @Argument(help: "The first run's JSON (A).")
    var first: String

    @Argument(help: "The second run's JSON (B).")
    var second: String

    @Option(parsing: .unconditional, help: "Change in percent below which a row counts as the same.")
    var threshold = "15"

    @Flag(help: "Compare rows that measured different things (frames, frame clock, build configuration, CPU model, cores) anyway, and pair rows that differ only in threads, listing the differences in a note.")
    var allowMismatch = false

    @Option(help: FormatOption<RunComparison>.help)
    var format = FormatOption<RunComparison>(.table)

    /// Checks the options that need no file (exit 2 with the usage before any work).
    func validate() throws {
        try validatingOptions { _ = try Percentage.fraction(parsing: threshold, option: "compare: --threshold") }
    }

    func run() throws {
        let fraction = try Percentage.fraction(parsing: threshold, option: "compare: --threshold")
        let read = { (path: String) throws -> Data in
            do {
                return try InputFile.read(path)
            } catch {
                throw BadInput(message: "compare: '\(SafeText.quoted(path))' \(error)")
            }
        }
        let (dataA, dataB) = (try read(first), try read(second))
        let comparison = try RunComparison(a: dataA, nameA: first, b: dataB, nameB: second, threshold: fraction,
                                           pairingThreads: allowMismatch)
        guard !comparison.rows.isEmpty else {
            let shown = comparison.unmatched.prefix(8).joined(separator: "; ")
            let acrossThreads = try RunComparison(a: dataA, nameA: first, b: dataB, nameB: second, threshold: fraction,
                                                  pairingThreads: true)
            throw BadInput(message: "compare: \(first) and \(second) have no row in common: rows match by scenario, layers, "
                           + "threads and engine, and the files hold \(shown)\(comparison.unmatched.count > 8 ? "; …" : "")"
                           + (acrossThreads.rows.isEmpty ? "" : " (they differ in threads only: --allow-mismatch pairs them)"))
        }
        guard comparison.mismatches.isEmpty || allowMismatch else {
            throw BadInput(message: "compare: not comparable: " + comparison.mismatches.joined(separator: "; ")
                           + "; rows compare only when they share the scenario, layers, threads, frames, frame clock, "
                           + "build configuration, CPU model and signature, and cores (--allow-mismatch compares them anyway)")
        }
        print(try format.render(comparison), terminator: "")
    }
}
