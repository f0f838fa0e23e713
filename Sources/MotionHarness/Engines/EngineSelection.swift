import MotionCore
import MotionEngine

/// The layers of a workload whose kinds an engine supports, numbered for that engine in workload order: each layer's
/// parameters and output offset (the selected layers' outputs laid end to end), its workload index, and the layers
/// left out by kind.
struct EngineSelection: Sendable {
    let workload: Workload
    /// Workload group indices selected, in order.
    let groups: [Int]
    /// Per selected group: its first engine layer index, plus the total at the end.
    let starts: [Int]
    /// Per selected group: its first output offset, plus the total at the end.
    let outputStarts: [Int]
    /// Layers left out per kind (kinds the engine does not support), in scenario order.
    let unsupported: [(kind: EngineLayerKind, layers: Int)]

    /// The layers of `workload` of kinds in `kinds`.
    init(workload: Workload, kinds: Set<EngineLayerKind>) {
        self.workload = workload
        var groups: [Int] = [], starts = [0], outputStarts = [0], left: [(EngineLayerKind, Int)] = []
        for (index, group) in workload.groups.enumerated() {
            let kind = workload.kind(ofGroup: index)
            if kinds.contains(kind) {
                groups.append(index)
                starts.append(starts[starts.count - 1] + group.kernel.count)
                outputStarts.append(outputStarts[outputStarts.count - 1] + group.kernel.count * group.kernel.components)
            } else if let position = left.firstIndex(where: { $0.0 == kind }) {
                left[position].1 += group.kernel.count
            } else {
                left.append((kind, group.kernel.count))
            }
        }
        (self.groups, self.starts, self.outputStarts) = (groups, starts, outputStarts)
        unsupported = left.map { (kind: $0.0, layers: $0.1) }
    }

    /// Number of layers selected.
    var count: Int { starts[starts.count - 1] }

    /// Whether every layer of the workload is selected.
    var isComplete: Bool { unsupported.isEmpty }

    /// The selected group holding engine layer `layer` (its position in `groups`) and the index within it.
    func locate(_ layer: Int) -> (position: Int, local: Int) {
        let position = starts.segment(containing: layer)
        return (position, layer - starts[position])
    }

    /// The workload index of engine layer `layer`.
    func workloadIndex(_ layer: Int) -> Int {
        let (position, local) = locate(layer)
        return workload.starts[groups[position]] + local
    }

    /// The selected layers as an engine receives them, read one at a time from the kernels.
    var layers: EngineLayers {
        let selection = self
        return EngineLayers(count: count, outputCount: outputStarts[outputStarts.count - 1]) { layer in
            let (position, local) = selection.locate(layer)
            let group = selection.workload.groups[selection.groups[position]]
            return EngineLayer(outputOffset: selection.outputStarts[position] + local * group.kernel.components,
                               parameters: group.engineParameters(layer: local))
        }
    }

    /// The selected groups' kernels, in order.
    var kernels: [any LayerKernel] { groups.map { workload.groups[$0].kernel } }

    /// The selected groups' kernels in one store (the workload's own store when every layer is selected).
    func store() -> LayerStore {
        isComplete ? workload.store : LayerStore(kernels: kernels)
    }
}

extension Workload {
    /// The kind (`basic`, `spring`, …) of group `index`.
    func kind(ofGroup index: Int) -> EngineLayerKind { scenario.entries[entryOfGroup[index]].kind }
}
