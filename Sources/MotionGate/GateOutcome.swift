extension PerformanceGate {
    /// One workload's comparison.
    public struct Row: Sendable {
        /// Workload name.
        public var workload: String
        /// What was compared (instructions, CPU time, paired ratio).
        public var metric: String
        /// The unit of `baseline` and `current`: "instructions", "s" or "ratio" (this/base).
        public var unit: String
        /// Baseline (or base binary) value.
        public var baseline: Double
        /// Current value.
        public var current: Double
        /// Relative change (current/baseline − 1).
        public var change: Double
        /// Verdict.
        public var verdict: GateDecision.Verdict
        /// Why.
        public var note: String
        /// The spread of `current` where it was measured repeatedly (paired timing: the confidence interval on the
        /// median ratio; a baseline's time: min…max), in `unit`.
        public var spread: ClosedRange<Double>?
        /// How many measurements `current` summarises (paired rounds, processes), or nil for a single count.
        public var samples: Int?
        /// For an instruction row that warns or fails: the functions whose self counts moved most (empty otherwise).
        public var functions: [FunctionProfile.Change] = []
        /// Why `functions` is empty or partial (a baseline without function counts, objects without symbols), if so.
        public var functionsNote: String?

        /// A row from its fields.
        public init(workload: String, metric: String, unit: String, baseline: Double, current: Double, change: Double,
                    verdict: GateDecision.Verdict, note: String, spread: ClosedRange<Double>? = nil, samples: Int? = nil) {
            (self.workload, self.metric, self.unit, self.baseline, self.current) = (workload, metric, unit, baseline, current)
            (self.change, self.verdict, self.note, self.spread, self.samples) = (change, verdict, note, spread, samples)
        }
    }

    /// A gate's outcome.
    public struct Outcome: Sendable {
        /// Per-workload rows.
        public var rows: [Row]
        /// Messages for the reader (toolchain mismatch, report-only time mode, load, workloads not in the baseline).
        public var notes: [String]
        /// An outcome from its rows and notes.
        public init(rows: [Row], notes: [String]) {
            (self.rows, self.notes) = (rows, notes)
        }

        /// The worst verdict.
        public var verdict: GateDecision.Verdict { rows.map(\.verdict).max() ?? .pass }
    }
}

extension PerformanceGate.Row {
    /// How many moved functions a warning or failing row lists.
    public static let listedFunctions = 10

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
