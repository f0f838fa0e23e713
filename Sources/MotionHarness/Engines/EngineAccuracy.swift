import MotionCore
import MotionEngine

/// An engine's outputs held against the exact scalar path, in the untimed inspection after each timed frame (so that
/// a stateful engine is judged in the state it was timed in): after every frame every output of every layer must be
/// finite, and the layers its `EngineCheckPlan` names for that frame are compared with `LayerGroup.expectedOutputs`,
/// each output's error taken as a fraction of its travel and counted against its visible threshold, per kind. An output
/// beyond its threshold is also compared with the exact values at the frame time's neighbouring doubles, and the
/// smallest error counts (a frame time within one ulp of a boundary that is not a double may show either side). The
/// worst output is the one farthest beyond its threshold (error ÷ limit), with what reproduces it.
struct EngineAccuracy {
    let workload: Workload
    /// Engine layers, and the workload index of each.
    let count: Int, workloadIndex: (Int) -> Int
    /// Which layers are compared after which frame.
    let plan: EngineCheckPlan
    private var perKind: [EngineLayerKind: RowErrors] = [:]
    private var kindOrder: [EngineLayerKind] = []
    private(set) var worst: (ratio: Double, output: EngineRow.WorstOutput)?
    /// Frames after which every output was found finite.
    private(set) var checkedFrames = 0
    /// Frames after which outputs were compared, and layer comparisons in all.
    private(set) var comparedFrames = 0, layerComparisons = 0
    /// One bit per engine layer: compared at least once.
    private var seen: [UInt64]
    /// Different layers compared at least once.
    private(set) var comparedLayers = 0

    private struct RowErrors {
        var outputs = 0, beyond = 0, maxError = 0.0, thresholds: [VisibleThreshold] = []
    }

    /// Checks for an engine of `count` layers, layer `i` being workload layer `workloadIndex(i)`, over the pass of
    /// `frames` (indices, increasing) with at most `budget` layer comparisons.
    init(workload: Workload, count: Int, workloadIndex: @escaping (Int) -> Int, frames: [Int], budget: Int) {
        (self.workload, self.count, self.workloadIndex) = (workload, count, workloadIndex)
        plan = EngineCheckPlan(layers: count, frames: frames, budget: budget)
        seen = [UInt64](repeating: 0, count: (count + 63) / 64)
    }

    /// The untimed inspection after frame `index` of `clock.frames` at `frame`: throws naming the first output that is
    /// not finite (frame, layer and output); then, when `compare`, compares the layers the plan names for the frame.
    mutating func inspect(_ engine: any AnimationEngine, frame: LayerFrame, index: Int, of frames: Int,
                          compare: Bool) throws(EngineError) {
        let workload = self.workload, workloadIndex = self.workloadIndex
        if let bad = engine.firstNonFiniteOutput(layers: count, outputCount: { layer in
            workload.group(of: workloadIndex(layer)).group.kernel.components
        }) {
            let global = workloadIndex(bad.layer)
            throw EngineError("engine \(engine.descriptor.name): output \(bad.output) of its layer \(bad.layer) (workload "
                              + "layer \(global), \(workload.kind(of: global).name)) is \(bad.value) at frame \(index) of "
                              + "\(frames) (t = \(frame.time) s)")
        }
        checkedFrames += 1
        guard compare, let position = plan.position(of: index) else { return }
        let sample = plan.count(atPosition: position)
        guard sample > 0 else { return }
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 64) { scratch in
            for j in 0..<sample {
                let layer = plan.layer(j, atPosition: position), global = workloadIndex(layer)
                let (group, local) = workload.group(of: global)
                let values = UnsafeMutableBufferPointer(rebasing: scratch[0..<group.kernel.components])
                engine.outputs(layer: layer, into: values)
                self.compare(values, layer: global, engineLayer: layer, group: group, local: local, frame: frame,
                             index: index)
                if seen[layer / 64] & (1 << UInt64(layer % 64)) == 0 {
                    seen[layer / 64] |= 1 << UInt64(layer % 64)
                    comparedLayers += 1
                }
            }
        }
        comparedFrames += 1
        layerComparisons += sample
    }

    private mutating func compare(_ actual: UnsafeMutableBufferPointer<Double>, layer: Int, engineLayer: Int,
                                  group: any LayerGroup, local: Int, frame: LayerFrame, index: Int) {
        let kind = workload.kind(of: layer), time = frame.time
        let expected = group.expectedOutputs(layer: local, time: time), scales = group.errorScales(layer: local)
        var neighbours: (below: [Double], above: [Double])?
        if perKind[kind] == nil { kindOrder.append(kind) }
        var errors = perKind[kind] ?? RowErrors()
        for output in expected.indices {
            let scale = scales[output]
            var exact = expected[output], error = abs(actual[output] - exact) / scale.travel
            if scale.threshold.isExceeded(by: error) {
                // Beyond the threshold at t: the exact values at t's neighbouring doubles may be the ones meant.
                let sides = neighbours ?? (group.expectedOutputs(layer: local, time: time.nextDown),
                                           group.expectedOutputs(layer: local, time: time.nextUp))
                neighbours = sides
                for candidate in [sides.below[output], sides.above[output]] {
                    let other = abs(actual[output] - candidate) / scale.travel
                    if other < error { (exact, error) = (candidate, other) }
                }
            }
            errors.outputs += 1
            errors.maxError = max(errors.maxError, error)
            if scale.threshold.isExceeded(by: error) { errors.beyond += 1 }
            if !errors.thresholds.contains(scale.threshold) { errors.thresholds.append(scale.threshold) }
            let ratio = error / scale.threshold.limit
            if ratio > (worst?.ratio ?? -1) {
                worst = (ratio, EngineRow.WorstOutput(
                    layer: layer, engineLayer: engineLayer, frame: index, time: time, kind: kind, output: output,
                    expected: exact, actual: actual[output], error: error, threshold: scale.threshold,
                    parameters: group.engineParameters(layer: local).summary))
            }
        }
        perKind[kind] = errors
    }

    /// The per-kind figures, in the order kinds were first met.
    var kinds: [EngineRow.KindErrors] {
        kindOrder.compactMap { kind in
            perKind[kind].map { e in
                EngineRow.KindErrors(kind: kind, outputs: e.outputs, maxError: e.maxError, beyondVisible: e.beyond,
                                     visibleShare: Double(e.beyond) / Double(max(e.outputs, 1)), thresholds: e.thresholds)
            }
        }
    }

    /// The row's figures from these checks: errors per kind, the worst output and what was checked.
    func fill(_ row: inout EngineRow) {
        row.errors = kinds
        row.worst = worst?.output
        (row.checkedFrames, row.comparedFrames, row.comparedLayers) = (checkedFrames, comparedFrames, comparedLayers)
        row.comparedLayerFrames = layerComparisons
        row.comparedOutputs = row.errors.reduce(0) { $0 + $1.outputs }
    }
}

extension Workload {
    /// The scenario kind of workload layer `index`.
    func kind(of index: Int) -> EngineLayerKind { kind(ofGroup: starts.segment(containing: index)) }
}
