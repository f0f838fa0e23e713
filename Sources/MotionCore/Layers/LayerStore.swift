/// Animated layers in struct-of-arrays form, evaluated a frame at a time.
///
/// Per layer the store keeps a begin frame (4 bytes) and two outputs (16 bytes); spring layers use their outputs as
/// state (progress and velocity). Layers are grouped into runs that share one `LayerProgram`, so the inner loops are
/// homogeneous, branch-free and allocation-free: a timeline run gathers two values per layer, a spring run applies
/// the 2×2 propagator. Disjoint layer ranges may be evaluated concurrently (the harness chunks them across threads;
/// MotionCore itself stays free of Dispatch).
///
/// Frames must be evaluated in order from 1, every layer once per frame (spring state advances once per frame);
/// frame 0 is the initial state.
public final class LayerStore: @unchecked Sendable {
    /// The programs layers run, shared by index.
    public let programs: [LayerProgram]
    /// Contiguous runs of layers per program, in layer order.
    public let runs: [LayerRun]
    /// Number of layers.
    public let count: Int
    /// Frame at which each layer starts.
    public let beginFrames: UnsafeMutableBufferPointer<Int32>
    /// First output per layer (progress for springs).
    public let firstOutputs: UnsafeMutableBufferPointer<Double>
    /// Second output per layer (velocity for springs).
    public let secondOutputs: UnsafeMutableBufferPointer<Double>
    /// Initial second outputs, kept to reset spring state.
    private let initialSecondOutputs: [Double]

    /// Bytes of per-layer state: begin frame and two outputs.
    public static let bytesPerLayer = MemoryLayout<Int32>.size + 2 * MemoryLayout<Double>.size

    /// Builds a store from layers given as (program, begin frame, initial second output) in any order; layers are
    /// regrouped by program. Spring layers start at progress 0 with the given velocity.
    public init(programs: [LayerProgram], layers: [(program: Int, beginFrame: Int32, initialVelocity: Double)]) {
        self.programs = programs
        count = layers.count
        let order = layers.indices.sorted { (layers[$0].program, $0) < (layers[$1].program, $1) }
        beginFrames = .allocate(capacity: count)
        firstOutputs = .allocate(capacity: count)
        secondOutputs = .allocate(capacity: count)
        var runs: [LayerRun] = []
        var initial: [Double] = []
        initial.reserveCapacity(count)
        for (position, index) in order.enumerated() {
            let layer = layers[index]
            beginFrames[position] = layer.beginFrame
            initial.append(layer.initialVelocity)
            if let last = runs.last, last.program == layer.program {
                runs[runs.count - 1] = LayerRun(program: last.program, start: last.start, count: last.count + 1)
            } else {
                runs.append(LayerRun(program: layer.program, start: position, count: 1))
            }
        }
        self.runs = runs
        initialSecondOutputs = initial
        reset()
    }

    deinit {
        beginFrames.deallocate()
        firstOutputs.deallocate()
        secondOutputs.deallocate()
    }

    /// Returns every layer to frame 0.
    public func reset() {
        for run in runs {
            for index in run.start..<(run.start + run.count) {
                switch programs[run.program] {
                case .timeline(let timeline):
                    firstOutputs[index] = timeline.first[0]
                    secondOutputs[index] = timeline.second[0]
                case .spring:
                    firstOutputs[index] = 0
                    secondOutputs[index] = initialSecondOutputs[index]
                }
            }
        }
    }

    /// Evaluates `frame` for the layers in `range` (runs clipped to it). Disjoint ranges may run concurrently.
    public func evaluate(frame: Int, layers range: Range<Int>) {
        for run in runs {
            let lower = max(run.start, range.lowerBound), upper = min(run.start + run.count, range.upperBound)
            guard lower < upper else { continue }
            switch programs[run.program] {
            case .timeline(let timeline):
                gather(timeline, frame: frame, layers: lower..<upper)
            case .spring(let propagator):
                step(propagator, frame: frame, layers: lower..<upper)
            }
        }
    }

    /// out[i] = timeline[clamp(frame − begin[i] + 1, 0, last)].
    private func gather(_ timeline: FrameTimeline, frame: Int, layers range: Range<Int>) {
        let begin = beginFrames.baseAddress!, first = firstOutputs.baseAddress!, second = secondOutputs.baseAddress!
        let last = Int32(timeline.first.count - 1), current = Int32(truncatingIfNeeded: frame)
        timeline.first.withUnsafeBufferPointer { a in
            timeline.second.withUnsafeBufferPointer { b in
                let (a, b) = (a.baseAddress!, b.baseAddress!)
                for i in range {
                    let index = Int(min(max(current - begin[i] + 1, 0), last))
                    first[i] = a[index]
                    second[i] = b[index]
                }
            }
        }
    }

    /// One exact propagator step for every layer that has begun (frame > begin), on progress p and velocity u:
    /// x = 1 − p, ẋ = −u, (x, ẋ) ← A·(x, ẋ); branch-free so that it vectorises.
    private func step(_ propagator: SpringPropagator, frame: Int, layers range: Range<Int>) {
        let begin = beginFrames.baseAddress!, progress = firstOutputs.baseAddress!, velocity = secondOutputs.baseAddress!
        let (a11, a12, a21, a22) = (propagator.a11, propagator.a12, propagator.a21, propagator.a22)
        let current = Int32(truncatingIfNeeded: frame)
        for i in range {
            let x = 1 - progress[i], rate = -velocity[i]
            let newX = a11 * x + a12 * rate, newRate = a21 * x + a22 * rate
            let moving = current > begin[i]
            progress[i] = moving ? 1 - newX : progress[i]
            velocity[i] = moving ? -newRate : velocity[i]
        }
    }
}
