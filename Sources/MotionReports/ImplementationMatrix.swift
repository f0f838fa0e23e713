import MotionCore

/// Every implementation side by side, curve by curve: one row per cubic Bézier (named by its canonical spec, with the
/// names it was given beside it), then one per `steps()` or `linear()` function an engine or a file has figures for, one column per implementation — MotionCore's strategies and the in-repo ports, each
/// engine under test (`accuracy --engine`), each measured implementation (`--measured`, browser captures) — and in each
/// cell the worst error found (progress units), where it was (input, the implementation's value, the exact value) and
/// ns per evaluation where the implementation was timed (in-process for the strategies, in the engine child for
/// engines; a captured browser is not timed).
///
/// Curves are matched by their control values, so a browser's `ease`, an engine's `default` and
/// `cubic-bezier(0.25, 0.1, 0.25, 1)` are one row, and the `linear` keyword is `cubic-bezier(0, 0, 1, 1)`; the in-repo
/// strategies, Bézier solvers, have no cell on a `steps()` or `linear(…)` row.
package struct ImplementationMatrix: Sendable {
    /// Where a column's figures come from.
    package enum Kind: String, Sendable {
        /// A MotionCore strategy or an in-repo port, run in this process on the searched inputs.
        case inRepo = "in-repo"
        /// An engine under test, searched on the same grid and rounds in its child process.
        case engine
        /// A measured implementation (a capture or a samples file): the samples it holds.
        case measured
    }

    /// One implementation.
    package struct Column: Sendable {
        /// The implementation's name as the other tables write it.
        package var name: String
        /// Where its figures come from.
        package var kind: Kind
        /// Its inputs: the grid and search rounds, or the samples a file holds.
        package var budget: String
    }

    /// One implementation at one curve.
    package struct Cell: Sendable {
        /// The largest |implementation − exact| found, output progress.
        package var maxError: Double
        /// Where: the input, the implementation's output and the exact (correctly rounded) output.
        package var worst: (input: Double, output: Double, exact: Double)?
        /// ns per evaluation, where timed.
        package var nsPerEval: Double?
        /// Inputs tried.
        package var samples: Int
    }

    /// One curve.
    package struct Row: Sendable {
        /// The canonical spec, e.g. `cubic-bezier(0.25, 0.1, 0.25, 1)`.
        package var curve: String
        /// The names the curve was given (`default`, `ease`, …), in the order met.
        package var aliases: [String]
        /// Per column, or nil where that implementation has no figures for this curve.
        package var cells: [Cell?]
    }

    /// The implementations, in the report's order: strategies, then engines, then measured files.
    package var columns: [Column]
    /// The curves: the report's `--curves` first, then any other cubic Bézier a measured file holds.
    package var rows: [Row]

    /// The canonical spec of a cubic Bézier.
    static func canonical(_ curve: CubicBezier) -> String {
        "cubic-bezier(" + [curve.x1, curve.y1, curve.x2, curve.y2].map(formatSpecNumber).joined(separator: ", ") + ")"
    }

    /// The row a measured spec belongs to: a cubic Bézier's canonical spec (the `linear` keyword is
    /// `cubic-bezier(0, 0, 1, 1)`), or a `steps()` or `linear(…)` function's canonical text; nil for a spring.
    static func key(ofSpec spec: String) -> String? {
        if spec.trimmingCharacters(in: .whitespaces) == "linear" {
            return (try? CubicBezier(x1: 0, y1: 0, x2: 1, y2: 1)).map(canonical)
        }
        guard let parsed = try? MotionSpec(parsing: spec), case .timingFunction(let function) = parsed else { return nil }
        if case .cubicBezier(let curve) = function { return canonical(curve) }
        return function.description
    }

    /// The matrix of `report` (no rows where the report has no Bézier results); the engines' ns per evaluation come
    /// from `report.implementationTimings`.
    package init(_ report: AccuracyReport) {
        var keys: [String] = [], aliases: [String: [String]] = [:]
        func note(_ key: String, alias: String) {
            if aliases[key] == nil { (keys, aliases[key]) = (keys + [key], []) }
            if alias != key, aliases[key]?.contains(alias) == false { aliases[key]?.append(alias) }
        }
        for curve in report.curves { note(Self.canonical(curve.curve), alias: curve.name) }
        var columns: [Column] = [], cells: [[String: Cell]] = []
        let grid = "\(report.samples) even inputs" + (report.search.rounds > 0 ? " + \(report.search.rounds) search rounds" : "")
        for strategy in report.bezier {
            var column: [String: Cell] = [:]
            for (index, entry) in strategy.perCurve.enumerated() where index < report.curves.count {
                let statistics = entry.statistics
                column[Self.canonical(report.curves[index].curve)] = Cell(
                    maxError: statistics.maxAbsError, worst: statistics.worst, nsPerEval: entry.nsPerEval,
                    samples: (statistics.grid?.samples ?? 0) + (statistics.search?.samples ?? 0))
            }
            if strategy.name == "motionbench" {
                // MotionCore's own steps() and linear(), on the functions the engines were searched on.
                for result in report.steppedFunctions {
                    guard let key = Self.key(ofSpec: result.function.description) else { continue }
                    note(key, alias: result.name)
                    let worst = result.trace.worst
                    column[key] = Cell(maxError: worst?.error ?? 0, worst: worst.map { ($0.input, $0.output, $0.exact) },
                                       nsPerEval: result.nsPerEval, samples: result.trace.samples.count)
                }
            }
            columns.append(Column(name: strategy.name, kind: .inRepo, budget: grid))
            cells.append(column)
        }
        for implementation in report.measured?.implementations ?? [] {
            let isEngine = implementation.name.contains(" (engine")
            var column: [String: Cell] = [:]
            for (spec, statistics) in implementation.perSpec {
                guard let key = Self.key(ofSpec: spec) else { continue }
                note(key, alias: spec)
                let worst = (input: statistics.worst.input, output: statistics.worst.output, exact: statistics.worst.exact)
                column[key] = Cell(maxError: statistics.maxAbsError, worst: worst,
                                   nsPerEval: report.implementationTimings[implementation.name]?[spec],
                                   samples: statistics.samples)
            }
            guard !column.isEmpty else { continue }
            let samples = column.values.reduce(0) { $0 + $1.samples }
            columns.append(Column(name: implementation.label, kind: isEngine ? .engine : .measured,
                                  budget: isEngine ? grid + " (\(samples) samples)" : "\(samples) samples as measured"))
            cells.append(column)
        }
        self.columns = columns
        rows = keys.map { key in
            Row(curve: key, aliases: aliases[key] ?? [], cells: cells.map { $0[key] })
        }
    }

    /// Whether the columns were not all searched with one budget (a measured file brings its own samples).
    package var budgetsDiffer: Bool { Set(columns.map { $0.kind == .measured ? $0.budget : "grid" }).count > 1 }

    /// The curve as a row label: the canonical spec, the names it was given in brackets.
    package static func label(_ row: Row) -> String {
        row.aliases.isEmpty ? row.curve : "\(row.curve) (\(row.aliases.joined(separator: ", ")))"
    }
}
