import MotionCore
import MotionEngine

/// An engine's outputs held against the exact scalar path at the checked frames: every output of every layer must be
/// finite, and up to `sampleLayers` layers spread evenly are compared, each output's error taken as a fraction of its
/// travel and counted against its visible threshold, per kind. The worst output is the one farthest beyond its
/// threshold (error ÷ limit), with what reproduces it.
struct EngineAccuracy {
    let workload: Workload
    /// Engine layers, and the workload index of each.
    let count: Int, workloadIndex: (Int) -> Int
    let sampleLayers: Int
    private var perKind: [String: RowErrors] = [:]
    private var kindOrder: [String] = []
    private(set) var worst: (ratio: Double, output: EngineRow.WorstOutput)?

    private struct RowErrors {
        var outputs = 0, beyond = 0, maxError = 0.0, thresholds: [String] = []
    }

    /// Checks for an engine of `count` layers, layer `i` being workload layer `workloadIndex(i)`.
    init(workload: Workload, count: Int, workloadIndex: @escaping (Int) -> Int, sampleLayers: Int) {
        (self.workload, self.count, self.workloadIndex, self.sampleLayers) = (workload, count, workloadIndex, sampleLayers)
    }

    /// Checks `engine`'s outputs after frame `frame` (number `index`): throws naming the first non-finite output.
    mutating func check(_ engine: any AnimationEngine, frame: LayerFrame, index: Int) throws(EngineError) {
        let name = engine.descriptor.name
        try withUnsafeTemporaryAllocation(of: Double.self, capacity: 64) { (scratch) throws(EngineError) in
            let step = max(1, count / max(sampleLayers, 1))
            for layer in 0..<count {
                let global = workloadIndex(layer)
                let (group, local) = workload.group(of: global)
                let width = group.kernel.components
                let values = UnsafeMutableBufferPointer(rebasing: scratch[0..<width])
                engine.outputs(layer: layer, into: values)
                if let bad = values.firstIndex(where: { !$0.isFinite }) {
                    throw EngineError("engine \(name): output \(bad) of its layer \(layer) (workload layer \(global), "
                                      + "\(workload.kindName(of: global))) is \(values[bad]) at frame \(index) (t = \(frame.time) s)")
                }
                if layer % step == 0 {
                    compare(values, layer: global, engineLayer: layer, group: group, local: local, frame: frame, index: index)
                }
            }
        }
    }

    private mutating func compare(_ actual: UnsafeMutableBufferPointer<Double>, layer: Int, engineLayer: Int,
                                  group: any LayerGroup, local: Int, frame: LayerFrame, index: Int) {
        let kind = workload.kindName(of: layer)
        let expected = group.expectedOutputs(layer: local, time: frame.time), scales = group.errorScales(layer: local)
        if perKind[kind] == nil { kindOrder.append(kind) }
        var errors = perKind[kind] ?? RowErrors()
        for output in expected.indices {
            let scale = scales[output], error = abs(actual[output] - expected[output]) / scale.travel
            errors.outputs += 1
            errors.maxError = max(errors.maxError, error)
            if scale.threshold.isExceeded(by: error) { errors.beyond += 1 }
            if !errors.thresholds.contains(scale.threshold.name) { errors.thresholds.append(scale.threshold.name) }
            let ratio = error / scale.threshold.limit
            if ratio > (worst?.ratio ?? -1) {
                worst = (ratio, EngineRow.WorstOutput(
                    layer: layer, engineLayer: engineLayer, frame: index, time: frame.time, kind: kind, output: output, expected: expected[output],
                    actual: actual[output], error: error, threshold: scale.threshold.name,
                    parameters: group.engineParameters(layer: local).summary))
            }
        }
        perKind[kind] = errors
    }

    /// The per-kind figures, in the order kinds were first met.
    var kinds: [EngineRow.KindErrors] {
        kindOrder.map { kind in
            let e = perKind[kind]!
            return EngineRow.KindErrors(kind: kind, outputs: e.outputs, maxError: e.maxError, beyondVisible: e.beyond,
                                        visibleShare: Double(e.beyond) / Double(max(e.outputs, 1)), thresholds: e.thresholds)
        }
    }
}

extension Workload {
    /// The scenario kind of workload layer `index`.
    func kindName(of index: Int) -> String { kindName(ofGroup: starts.segment(containing: index)) }
}
