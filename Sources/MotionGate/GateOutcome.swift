extension PerformanceGate {
    /// One workload's comparison.
    package struct Row: Sendable {
        /// Workload name.
        package var workload: String
        /// What was compared (instructions, CPU time, paired ratio).
        package var metric: String
        /// The unit of `baseline` and `current`: "instructions", "s" or "ratio" (this/base).
        package var unit: String
        /// Baseline (or base binary) value.
        package var baseline: Double
        /// Current value.
        package var current: Double
        /// Relative change (current/baseline − 1).
        package var change: Double
        /// Verdict.
        package var verdict: GateDecision.Verdict
        /// Why.
        package var note: String
        /// The spread of `current` where it was measured repeatedly (paired timing: the confidence interval on the
        /// median ratio; a baseline's time: min…max), in `unit`.
        package var spread: ClosedRange<Double>?
        /// How many measurements `current` summarises (paired rounds, processes), or nil for a single count.
        package var samples: Int?
        /// For an instruction row that warns or fails: the functions whose self counts moved most (empty otherwise).
        package var functions: [FunctionProfile.Change] = []
        /// Why `functions` is empty or partial (a baseline without function counts, objects without symbols), if so.
        package var functionsNote: String?

        /// A row from its fields.
        package init(workload: String, metric: String, unit: String, baseline: Double, current: Double, change: Double,
                    verdict: GateDecision.Verdict, note: String, spread: ClosedRange<Double>? = nil, samples: Int? = nil) {
            (self.workload, self.metric, self.unit, self.baseline, self.current) = (workload, metric, unit, baseline, current)
            (self.change, self.verdict, self.note, self.spread, self.samples) = (change, verdict, note, spread, samples)
        }
    }

    /// A gate's outcome.
    package struct Outcome: Sendable {
        /// Per-workload rows.
        package var rows: [Row]
        /// Messages for the reader (toolchain mismatch, report-only time mode, load, workloads not in the baseline).
        package var notes: [String]
        /// An outcome from its rows and notes.
        package init(rows: [Row], notes: [String]) {
            (self.rows, self.notes) = (rows, notes)
        }

        /// The worst verdict.
        package var verdict: GateDecision.Verdict { rows.map(\.verdict).max() ?? .pass }
    }
}

extension PerformanceGate.Row {
    /// How many moved functions a warning or failing row lists.
    package static let listedFunctions = 10

    /// Lists the functions that moved most from `base` to `head` when this instruction row warns or fails.
    mutating func attach(base: FunctionProfile?, head: FunctionProfile) {
        guard verdict == .warn || verdict == .fail else { return }
        guard let base else {
            functionsNote = "the baseline holds no per-function counts (recorded before they were kept); re-record it "
                + "to see which functions moved"
            return
        }
        functions = FunctionProfile.changes(from: base, to: head, limit: Self.listedFunctions)
        let unnamed = Set(base.objectsWithoutSymbols + head.objectsWithoutSymbols).sorted()
        if !unnamed.isEmpty {
            functionsNote = "no symbols in " + unnamed.joined(separator: ", ")
                + " (functions shown by address; build it without stripping to see names)"
        }
    }
}
