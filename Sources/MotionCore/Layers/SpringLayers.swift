/// Spring-driven layers, each with its own spring, begin time, start value, target, initial velocity and an optional
/// retarget, stepped every frame.
///
/// Per layer the state is the displacement x = position − target and its rate (value units per second). A frame whose
/// interval equals the one the layer's propagator A(h) was built for applies A(h) through `SpringPropagator.step` (4
/// multiplies, 2 adds, snap to rest); a new interval (a variable-refresh display, a dropped frame) rebuilds that
/// layer's A(h) from its closed form first. The frame in which a layer begins, and the frame in which its retarget
/// falls, use the closed form over the exact partial intervals (begin and retarget times lie anywhere between frames):
/// at a retarget the position and velocity are kept and the displacement shifts by old − new target.
public final class SpringLayers: LayerKernel, @unchecked Sendable {
    /// Number of layers.
    public let count: Int
    /// One output per layer: the position.
    public static let outputCount = 1
    /// One output per layer: the position. (`outputCount`)
    public let components = SpringLayers.outputCount
    private let columns: LayerColumns

    private enum Column: Int, CaseIterable {
        case begin, from, to, initialRate, retargetTime, retargetTo, decayRate, frequencySquared, discriminant
        case a11, a12, a21, a22, stepInterval, displacement, rate, target, position
        /// The physical parameters, kept for readers of the layer (a frame reads the solution's coefficients).
        case mass, stiffness, damping
    }

    /// `count` layers at rest until their parameters are set.
    public init(count: Int) {
        self.count = count
        columns = LayerColumns(columns: Column.allCases.count, count: count)
    }

    private func column(_ name: Column) -> UnsafeMutablePointer<Double> { columns[name.rawValue] }

    /// Sets layer `index`: it begins at `begin` seconds at `from` (value units) with `initialVelocity` (value units per
    /// second, along the motion; the spring's own initial velocity is not used) and springs toward `to` by `spring`'s
    /// mass, stiffness and damping; at `retargetTime` seconds (nil: never) the target becomes `retargetTo`.
    public func set(_ index: Int, spring: Spring, begin: Double, from: Double, to: Double, initialVelocity: Double,
                    retargetTime: Double?, retargetTo: Double) {
        precondition((0..<count).contains(index), "layer \(index) is outside 0..<\(count)")
        column(.mass)[index] = spring.mass
        column(.stiffness)[index] = spring.stiffness
        column(.damping)[index] = spring.damping
        set(index, solution: spring.solution, begin: begin, from: from, to: to, initialVelocity: initialVelocity,
            retargetTime: retargetTime, retargetTo: retargetTo)
    }

    private func set(_ index: Int, solution spring: SpringSolution, begin: Double, from: Double, to: Double,
                     initialVelocity: Double, retargetTime: Double?, retargetTo: Double) {
        column(.begin)[index] = begin
        column(.from)[index] = from
        column(.to)[index] = to
        column(.initialRate)[index] = initialVelocity
        column(.retargetTime)[index] = retargetTime ?? .infinity
        column(.retargetTo)[index] = retargetTo
        column(.decayRate)[index] = spring.decayRate
        column(.frequencySquared)[index] = spring.naturalFrequencySquared
        column(.discriminant)[index] = spring.frequencyDiscriminant
        column(.stepInterval)[index] = .nan
        resetLayer(index)
    }

    private func resetLayer(_ index: Int) {
        column(.displacement)[index] = column(.from)[index] - column(.to)[index]
        column(.rate)[index] = column(.initialRate)[index]
        column(.target)[index] = column(.to)[index]
        column(.position)[index] = column(.from)[index]
    }

    /// Layer `index`'s parameters: begin time (s), start value, first target, initial velocity (value units per
    /// second), and the retarget time (s, nil for none) and its target.
    public func parameters(_ index: Int) -> (begin: Double, from: Double, to: Double, initialVelocity: Double,
                                               retargetTime: Double?, retargetTo: Double) {
        let retarget = column(.retargetTime)[index]
        return (column(.begin)[index], column(.from)[index], column(.to)[index], column(.initialRate)[index],
                retarget.isFinite ? retarget : nil, column(.retargetTo)[index])
    }

    /// Layer `index`'s spring as set: mass, stiffness (mass units per second²) and damping (mass units per second).
    public func physicalParameters(_ index: Int) -> (mass: Double, stiffness: Double, damping: Double) {
        (column(.mass)[index], column(.stiffness)[index], column(.damping)[index])
    }

    /// Returns every layer to its start value and initial velocity.
    public func reset() {
        for index in 0..<count { resetLayer(index) }
    }

    /// Parameters and state: 21 columns.
    public var bytesPerLayer: Int { columns.columns * 8 }

    /// Reads begin, retarget time, A(h), its interval, and the state; writes the state and the position.
    public var streamColumns: LayerStreamColumns {
        LayerStreamColumns(
            reads: [Column.begin, .retargetTime, .a11, .a12, .a21, .a22, .stepInterval, .displacement, .rate, .target].map(column),
            writes: [Column.displacement, .rate, .position].map(column))
    }

    /// The position of `layer` (value units).
    public func output(_ component: Int, layer: Int) -> Double { column(.position)[layer] }

    /// Begun and not at rest at its final target.
    public func isActive(_ layer: Int, at time: Double) -> Bool {
        time > column(.begin)[layer]
            && (column(.displacement)[layer] != 0 || column(.rate)[layer] != 0 || column(.retargetTime)[layer] > time)
    }

    /// One frame for `range`: a branch-free pass steps every layer that is moving and has no event in this frame (and
    /// leaves the others as they are) while listing the layers with an event, which a second pass then handles
    /// exactly: the layer begins or is retargeted within the frame, or its A(h) was built for another interval.
    public func evaluate(_ frame: LayerFrame, layers range: Range<Int>) {
        let time = frame.time, previous = frame.previousTime, interval = frame.interval
        let begin = column(.begin), retargetTime = column(.retargetTime)
        let a11 = column(.a11), a12 = column(.a12), a21 = column(.a21), a22 = column(.a22)
        let stepInterval = column(.stepInterval)
        let x = column(.displacement), rate = column(.rate), target = column(.target), position = column(.position)
        let restRate = SpringPropagator.restThreshold / interval
        LayerBlock.forEach(in: range) { block, eventFlags in
            // The branch-free pass, two layers at a time: it only flags the layers with an event (a list built in the
            // same loop, at a position that depends on earlier layers, would be scalar), and its thirteen columns
            // are more than the compiler's alias checks cover, so the lanes are explicit.
            // `events` adds up the flags as they are stored (one addpd; a mask `.|` costs a mask conversion), so
            // that a block without an event (most blocks in most frames) skips the second pass's scan of its flags:
            // that scan changes nothing where no flag is set. `pairEnd` keeps the loop test to one compare.
            var i = block.lowerBound, events = SIMD2<Double>(repeating: 0)
            let pairEnd = block.upperBound &- 1
            while i < pairEnd {
                let b = lanes(begin, i), retarget = lanes(retargetTime, i)
                let started = b .< time
                let retargetNow = (retarget .> previous) .& (retarget .<= time)
                let event = started .& ((b .> previous) .| retargetNow .| (lanes(stepInterval, i) .!= interval))
                let flags = SIMD2<Double>(repeating: 0).replacing(with: 1, where: event)
                storeLanes(flags, eventFlags, i)
                events += flags
                let xi = lanes(x, i), ri = lanes(rate, i)
                let stepped = SpringPropagator.step(displacement: xi, rate: ri, a11: lanes(a11, i), a12: lanes(a12, i),
                                                    a21: lanes(a21, i), a22: lanes(a22, i), restRate: restRate)
                let moving = started .& .!event
                let nextX = xi.replacing(with: stepped.displacement, where: moving)
                storeLanes(nextX, x, i)
                storeLanes(ri.replacing(with: stepped.rate, where: moving), rate, i)
                storeLanes(lanes(target, i) + nextX, position, i)
                i &+= 2
            }
            if i < block.upperBound {
                let b = begin[i], retarget = retargetTime[i]
                let started = time > b
                let event = started && (previous < b || (retarget > previous && retarget <= time) || stepInterval[i] != interval)
                eventFlags[i] = event ? 1 : 0
                events[0] += eventFlags[i]
                if started && !event {
                    (x[i], rate[i]) = SpringPropagator.step(displacement: x[i], rate: rate[i], a11: a11[i], a12: a12[i],
                                                            a21: a21[i], a22: a22[i], restRate: restRate)
                }
                position[i] = target[i] + x[i]
            }
            // Rare: the layers with an event.
            guard events != .zero else { return }
            for i in block where eventFlags[i] != 0 {
                let b = begin[i], retarget = retargetTime[i]
                if previous < b || (retarget > previous && retarget <= time) {
                    exactSegments(i, time: time, previous: previous)
                    continue
                }
                rebuildPropagator(i, interval: interval)
                (x[i], rate[i]) = SpringPropagator.step(displacement: x[i], rate: rate[i], a11: a11[i], a12: a12[i],
                                                        a21: a21[i], a22: a22[i], restRate: restRate)
                position[i] = target[i] + x[i]
            }
        }
    }

    private func solution(_ i: Int) -> SpringSolution {
        SpringSolution(decayRate: column(.decayRate)[i], naturalFrequencySquared: column(.frequencySquared)[i],
                       frequencyDiscriminant: column(.discriminant)[i])
    }

    /// A(h) for layer `i` from its closed form.
    private func rebuildPropagator(_ i: Int, interval: Double) {
        let propagator = SpringPropagator(solution: solution(i), interval: interval)
        (column(.a11)[i], column(.a12)[i], column(.a21)[i], column(.a22)[i]) =
            (propagator.a11, propagator.a12, propagator.a21, propagator.a22)
        column(.stepInterval)[i] = interval
    }

    /// The closed form over the exact pieces of (previous, time]: from the begin time when the layer begins in this
    /// frame, and split at the retarget time when it falls in this frame.
    private func exactSegments(_ i: Int, time: Double, previous: Double) {
        let solution = solution(i)
        let begin = column(.begin)[i], retargetTime = column(.retargetTime)[i]
        var x = column(.displacement)[i], rate = column(.rate)[i], target = column(.target)[i]
        var clock = max(previous, begin)
        if retargetTime > clock, retargetTime <= time {
            (x, rate) = solution.state(at: retargetTime - clock, displacement: x, rate: rate)
            let newTarget = column(.retargetTo)[i]
            x += target - newTarget
            target = newTarget
            clock = retargetTime
        }
        (x, rate) = solution.state(at: time - clock, displacement: x, rate: rate)
        column(.displacement)[i] = x
        column(.rate)[i] = rate
        column(.target)[i] = target
        column(.position)[i] = target + x
    }
}
