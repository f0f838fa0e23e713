import MotionCore

/// A scenario instantiated for a layer count and a frame clock: every layer's own parameters, drawn once, held by
/// MotionCore's batch kernels in one `LayerStore`, plus what the harness needs around them (the scalar path, the naive
/// layers, the shared-timeline comparison's eligibility), read back through the kernels' typed getters.
public final class Workload: @unchecked Sendable {
    /// The scenario it came from.
    public let scenario: Scenario
    /// The frame clock it runs on.
    public let clock: FrameClock
    /// The batch store (layers numbered through the kernels in order).
    public let store: LayerStore
    /// The store's kernels in order, each with the harness's paths beside it.
    let groups: [any LayerGroup]
    /// First layer index of each group, plus the total.
    let starts: [Int]
    /// Per group: the scenario entry it came from.
    let entryOfGroup: [Int]

    /// Number of layers.
    public var count: Int { store.count }

    /// Builds `count` layers of `scenario` for `clock`.
    public init(scenario: Scenario, count: Int, clock: FrameClock) {
        self.scenario = scenario
        self.clock = clock
        var generator = SplitMix64(seed: scenario.seed)
        var groups: [any LayerGroup] = [], entryOfGroup: [Int] = []
        let counts = Self.apportion(count, weights: scenario.entries.map(\.weight))
        for (index, (entry, entryCount)) in zip(scenario.entries, counts).enumerated() where entryCount > 0 {
            let begins = (0..<entryCount).map { _ in entry.begin.sample(interval: clock.nominalInterval, &generator) }
            let built = entry.recipe.kernels(begins: begins, generator: &generator)
            groups += built
            entryOfGroup += built.map { _ in index }
        }
        var starts = [0]
        for group in groups { starts.append(starts[starts.count - 1] + group.kernel.count) }
        self.groups = groups
        self.starts = starts
        self.entryOfGroup = entryOfGroup
        store = LayerStore(kernels: groups.map(\.kernel))
    }

    /// The group holding layer `index` and the index within it.
    func group(of index: Int) -> (group: any LayerGroup, local: Int) {
        let position = starts.segment(containing: index)
        return (groups[position], index - starts[position])
    }

    /// What the scalar path (MotionCore's animation API, evaluated independently of the batch kernels) shows for
    /// layer `index` at `time` seconds.
    public func expectedOutputs(layer index: Int, time: Double) -> [Double] {
        let (group, local) = group(of: index)
        return group.expectedOutputs(layer: local, time: time)
    }

    /// The size of layer `index`'s values, for the relative part of the verify tolerance.
    public func outputScale(layer index: Int) -> Double {
        let (group, local) = group(of: index)
        return group.outputScale(layer: local)
    }

    /// Why the shared-timeline comparison cannot run on this workload, or nil when it can: it needs a fixed frame rate,
    /// begin times on whole frames, and entries whose layers share every parameter.
    public var sharedTimelineObstacle: String? {
        if !clock.isFixedRate { return "frame intervals vary" }
        for entry in scenario.entries {
            if !entry.begin.isOnFrames { return "\(entry.kind.name): begin times are off the frame grid" }
            if let variation = entry.variation { return "\(entry.kind.name): \(variation)" }
        }
        return nil
    }

    /// Splits `total` into whole shares proportional to `weights` (largest remainders).
    static func apportion(_ total: Int, weights: [Double]) -> [Int] {
        let sum = weights.reduce(0, +)
        let exact = weights.map { Double(total) * ($0 / sum) }
        var shares = exact.map { Int($0.rounded(.down)) }
        let order = exact.indices.sorted { exact[$0] - Double(shares[$0]) > exact[$1] - Double(shares[$1]) }
        for index in order.prefix(max(total - shares.reduce(0, +), 0)) { shares[index] += 1 }
        return shares
    }
}

extension Array where Element == Int {
    /// For segment starts in increasing order (`self[0]` = 0), the index of the segment holding `value`: the last
    /// start not above it (binary search).
    func segment(containing value: Int) -> Int {
        var lo = 0, hi = count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if self[mid] <= value { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}
