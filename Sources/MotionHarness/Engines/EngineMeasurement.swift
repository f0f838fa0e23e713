import MotionCore
import MotionEngine

/// Measures one engine on one layer count through `PassDriver`: warm-up passes, a checked pass, then timed passes over
/// its frames (the figures are medians over those passes); after every frame of the checked and timed passes, outside the timing,
/// every output checked to be finite, and in the checked pass a sample of layers at every frame compared with the
/// exact scalar path (`EngineAccuracy`, at most `Options.checkBudget` layer comparisons). A failure becomes the row's `failure`, so the other engines' rows still
/// print.
enum EngineMeasurement {
    /// An engine with the layers it evaluates.
    struct Subject {
        let engine: any AnimationEngine
        /// Engine layers, and the workload index of each.
        let count: Int, workloadIndex: (Int) -> Int
        /// The row to fill (name, role, kinds, unsupported).
        var row: EngineRow
        /// Frame indices timed, increasing.
        let frames: [Int]
    }

    /// The row of a fresh engine's figures on `selection`, before it is measured.
    static func row(_ descriptor: EngineDescriptor, role: EngineRole, selection: EngineSelection) -> EngineRow {
        var row = EngineRow(name: descriptor.name, role: role)
        (row.version, row.precision, row.layers) = (descriptor.version, descriptor.precision, selection.count)
        row.kinds = selection.groups.map { selection.workload.kind(ofGroup: $0) }.uniqued()
        row.unsupported = selection.unsupported.map { EngineRow.KindCount(kind: $0.kind, layers: $0.layers) }
        return row
    }

    /// Measures `subject` with the run's options; `heartbeat` (in a child process) records each call.
    static func measure(_ subject: Subject, workload: Workload, options: FrameHarness.Options,
                        heartbeat: EngineHeartbeat? = nil) -> EngineRow {
        var row = subject.row
        let chunks = subject.engine.descriptor.concurrentChunks
            ? ChunkWorkers.chunkCount(threads: options.threads, layers: subject.count) : 1
        (row.threads, row.frames) = (chunks, subject.frames.count)
        var accuracy = EngineAccuracy(workload: workload, count: subject.count, workloadIndex: subject.workloadIndex,
                                      frames: subject.frames, budget: options.checkBudget)
        let frameCount = options.clock.frames
        let passes: PassDriver.Outcome
        do throws(EngineError) {
            // The checked pass checks every output finite and compares a sample with the exact path after every frame;
            // the timed passes still check every output finite; the warm-up passes check nothing.
            passes = try PassDriver.run(warmupPasses: options.warmupPasses, repeats: options.repeats, pass: {
                pass throws(EngineError) -> FrameRecord in
                try EngineTiming.pass(subject.engine, clock: options.clock, frames: subject.frames,
                                      chunks: chunks, heartbeat: heartbeat) { (index, frame) throws(EngineError) in
                    if case .warmUp = pass { return }
                    try accuracy.inspect(subject.engine, frame: frame, index: index, of: frameCount, compare: pass == .checked)
                }
            }, afterTimed: { _, _ throws(EngineError) in })
        } catch {
            row.failure = error.message
            return row
        }
        row.nsPerLayerFrame = finite(passes.nsPerLayerFrame(layers: subject.count).median)
        row.noise = passes.noise(threads: chunks)
        row.frameMs = passes.first.percentiles
        row.budgetFractionP99 = row.frameMs.flatMap { finite($0.p99 / (1e3 * options.clock.nominalInterval)) }
        accuracy.fill(&row)
        return row
    }

    /// `value` when finite, else nil.
    static func finite(_ value: Double) -> Double? { value.isFinite ? value : nil }
}

extension Array where Element: Hashable {
    /// The elements in order, each once.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
