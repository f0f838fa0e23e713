import MotionCore
import MotionEngine

/// The engines' table of one layer count: MotionCore's batch and the naive evaluator (timed in the run's passes), each
/// engine under test (measured in its child process), and, for an engine that supports only some of the scenario's
/// kinds, MotionCore's batch measured on those same layers, which its × batch is taken against.
enum EngineRows {
    static func rows(_ setup: FrameHarness.Setup, options: FrameHarness.Options, result: HarnessResult,
                     checks: FrameHarness.Checks, progress: (String) -> Void) -> [EngineRow] {
        let workload = setup.workload, all = EngineSelection(workload: workload, kinds: Set(EngineLayerKind.allCases))
        var batch = EngineMeasurement.row(setup.batch.descriptor, role: .batch, selection: all)
        fill(&batch, cost: result.nsPerLayerFrame.median, frames: result.frames,
             threads: ChunkWorkers.chunkCount(threads: options.threads, layers: workload.count),
             percentiles: (result.frameMs.p50.median, result.frameMs.p90.median, result.frameMs.p99.median,
                          result.frameMs.max.median), options: options, checks: checks.batch)
        batch.timesBatch = 1
        batch.noise = result.noise
        var naive = EngineMeasurement.row(setup.naive.descriptor, role: .naive, selection: all)
        naive.layers = setup.naiveCount
        fill(&naive, cost: result.naiveNsPerLayerFrame.median, frames: setup.comparisonFrames.count,
             threads: ChunkWorkers.chunkCount(threads: options.threads, layers: setup.naiveCount), percentiles: nil,
             options: options, checks: checks.naive)
        naive.timesBatch = EngineMeasurement.finite(result.naiveNsPerLayerFrame.median / result.nsPerLayerFrame.median)
        var stream = EngineRow(name: "stream bound", role: .stream)
        (stream.layers, stream.frames, stream.threads) = (workload.count, setup.comparisonFrames.count, batch.threads)
        stream.kinds = batch.kinds
        stream.nsPerLayerFrame = EngineMeasurement.finite(result.streamNsPerLayerFrame.median)
        stream.timesBatch = EngineRows.ratio(stream.nsPerLayerFrame, batch.nsPerLayerFrame)
        var rows = [batch, naive, stream], subsets: [[EngineLayerKind]: EngineRow] = [:]
        let candidates: [(label: String, measure: () -> EngineRow)] =
            options.engines.map { session in
                (session.label, { EngineProcess.measure(session, count: workload.count, options: options) })
            } + options.inProcessEngines.map { factory in
                (factory.label, { inProcess(factory, workload: workload, options: options) })
            }
        for candidate in candidates {
            progress("\(options.scenario.name): engine \(candidate.label) on \(workload.count) layers")
            var row = candidate.measure()
            if row.failure == nil, !row.unsupported.isEmpty {
                if subsets[row.kinds] == nil {
                    progress("\(options.scenario.name): motioncore-batch on \(row.kinds.map(\.name).joined(separator: ", "))")
                    let subset = subsetBatch(kinds: row.kinds, setup: setup, options: options)
                    subsets[row.kinds] = subset
                    rows.append(subset)
                }
                row.timesBatch = ratio(row.nsPerLayerFrame, subsets[row.kinds]?.nsPerLayerFrame)
            } else {
                row.timesBatch = ratio(row.nsPerLayerFrame, batch.nsPerLayerFrame)
            }
            rows.append(row)
        }
        return rows
    }

    /// A Swift engine created and measured in this process on the layers of the kinds it supports.
    static func inProcess(_ factory: EngineFactory, workload: Workload, options: FrameHarness.Options) -> EngineRow {
        let selection = EngineSelection(workload: workload, kinds: factory.supportedKinds)
        var row = EngineRow(name: factory.label, role: .inProcess)
        guard selection.count > 0 else {
            row.failure = "engine \(factory.label): supports none of the scenario's kinds"
            return row
        }
        do {
            let engine = try factory.make(selection.layers)
            let subject = EngineMeasurement.Subject(
                engine: engine, count: selection.count, workloadIndex: { selection.workloadIndex($0) },
                row: EngineMeasurement.row(engine.descriptor, role: .inProcess, selection: selection),
                frames: Array(1...options.clock.frames))
            return EngineMeasurement.measure(subject, workload: workload, options: options)
        } catch {
            row.failure = error.message
            return row
        }
    }

    /// A row's figures from the run's own passes.
    static func fill(_ row: inout EngineRow, cost: Double, frames: Int, threads: Int,
                     percentiles: (p50: Double, p90: Double, p99: Double, max: Double)?, options: FrameHarness.Options,
                     checks: FrameHarness.AccuracyBox) {
        (row.nsPerLayerFrame, row.frames, row.threads) = (EngineMeasurement.finite(cost), frames, threads)
        if let p = percentiles {
            row.frameMs = EngineRow.Percentiles(p50: p.p50, p90: p.p90, p99: p.p99, max: p.max)
            row.budgetFractionP99 = EngineMeasurement.finite(p.p99 / (1e3 * options.clock.nominalInterval))
        }
        checks.accuracy.fill(&row)
        row.failure = checks.failure
    }

    /// MotionCore's batch on the layers of `kinds` only (the same kernels), measured like an engine under test.
    static func subsetBatch(kinds: [EngineLayerKind], setup: FrameHarness.Setup, options: FrameHarness.Options) -> EngineRow {
        let selection = EngineSelection(workload: setup.workload, kinds: Set(kinds))
        let engine = BatchEngine(store: selection.store(), kernels: selection.kernels, clock: options.clock, kinds: Set(kinds))
        let subject = EngineMeasurement.Subject(
            engine: engine, count: selection.count, workloadIndex: { selection.workloadIndex($0) },
            row: EngineMeasurement.row(engine.descriptor, role: .batchSubset, selection: selection),
            frames: Array(1...options.clock.frames))
        var row = EngineMeasurement.measure(subject, workload: setup.workload, options: options)
        row.timesBatch = 1
        setup.workload.store.reset()
        return row
    }

    /// a ÷ b when both are present and the quotient is finite.
    static func ratio(_ a: Double?, _ b: Double?) -> Double? {
        guard let a, let b else { return nil }
        return EngineMeasurement.finite(a / b)
    }
}
