#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Dispatch
import Foundation
import Synchronization

/// The threads that run a frame's chunks: chunk 0 on the calling thread, chunk k on worker thread k for the whole
/// pass, as an engine's own frame workers would. Between frames a worker spins on the frame counter for up to
/// `spinNanoseconds` (yielding its core now and then), then sleeps on a condition variable until the next frame.
///
/// Each chunk is claimed once per frame, by its own worker or, once the calling thread has run chunk 0, by the calling
/// thread: a worker that is late (preempted on a busy machine, or still waking) costs no more than running its chunk
/// on the calling thread, as with `concurrentPerform`. Without that a frame on a busy 2-vCPU VM waited for a
/// preempted worker's time slice (100,000 layers of `mixed`: 40 ns per layer-frame against 8 with Dispatch).
///
/// Why not `DispatchQueue.concurrentPerform`: on a 2-vCPU VM it took about 80 µs per frame to hand a chunk to the
/// other vCPU (10,000 layers of `mixed` took 12.4 ns per layer-frame on two threads against 8.0 on one, 2026-11-27),
/// and a chunk went to whichever thread was free, so its layers' columns were in the other core's cache every other
/// frame. A careful engine keeps its workers awake between frames and its layers on one core.
///
/// A pool lives inside `with(chunks:_:)`, which stops and joins its workers when the body returns or throws, so no
/// thread outlives the pass that made it.
final class ChunkWorkers: @unchecked Sendable {
    /// How long a worker spins for the next frame before it sleeps: 1 ms, longer than what runs between the batch's
    /// timed frames. Longer gaps (an engine's `checkFrame` over a million outputs, the checked pass's comparisons)
    /// let it sleep; the next frame then pays its wake-up (about 80 µs on the 2-vCPU VM) or, when chunk 0 is shorter
    /// than that, the calling thread runs its chunk.
    static let spinNanoseconds: UInt64 = 1_000_000

    /// The worker threads' names: this prefix and the chunk (at most 15 characters, Linux's limit).
    static let threadNamePrefix = "mb-chunk-"

    /// Chunks per frame, the calling thread's included.
    let chunks: Int

    /// The chunks a frame of `layers` layers is split into on `threads` threads: one per thread, but never more than
    /// there are layers, and at least one.
    static func chunkCount(threads: Int, layers: Int) -> Int { max(1, min(threads, layers)) }
    /// Frames started; a worker runs a frame when it sees this change.
    private let frameCounter = Atomic<Int>(0)
    /// Chunks of the current frame finished, by whichever thread ran them.
    private let finished = Atomic<Int>(0)
    /// Per chunk, the last frame it was claimed for: a thread runs chunk k of frame f when it raises the claim to f
    /// from an earlier frame.
    private let claims: [ChunkClaim]
    /// Set once, by `stop()`: workers exit at the next counter change.
    private let stopping = Atomic<Bool>(false)
    /// The current frame's chunk body, set before the counter changes and read after a worker sees it change.
    private var body: ((Int) -> Void)?
    /// The lock and condition a sleeping worker waits on (allocated: they must not move).
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let wake = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var threads: [pthread_t] = []

    /// Runs `body` with a pool for `chunks` chunks per frame, then stops and joins its workers.
    static func with<Result, Failure: Error>(chunks: Int, _ body: (ChunkWorkers) throws(Failure) -> Result)
        throws(Failure) -> Result
    {
        let pool = ChunkWorkers(chunks: chunks)
        defer { pool.stop() }
        return try body(pool)
    }

    /// A pool for `chunks` chunks per frame: `chunks` − 1 worker threads (none for one chunk), or as many as could
    /// start.
    private init(chunks: Int) {
        self.chunks = max(chunks, 1)
        claims = (0..<self.chunks).map { _ in ChunkClaim() }
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(wake, nil)
        for chunk in 1..<self.chunks {
            let context = Unmanaged.passRetained(WorkerContext(pool: self, chunk: chunk)).toOpaque()
            var thread = pthread_t()
            let status = pthread_create(&thread, nil, { raw in
                let context = Unmanaged<WorkerContext>.fromOpaque(raw!).takeRetainedValue()
                // Named, so that a profiler (and the tests) can tell these threads apart: "mb-chunk-K".
                Thread.current.name = String((ChunkWorkers.threadNamePrefix + "\(context.chunk)").prefix(15))
                context.pool.work(chunk: context.chunk)
                return nil
            }, context)
            if status != 0 {
                // The chunks of the threads that could not start are run by the calling thread (it claims every
                // chunk no worker has): slower, never wrong. A run checks `ThreadCapacity` first and refuses a
                // thread count that cannot start.
                Unmanaged<WorkerContext>.fromOpaque(context).release()
                break
            }
            threads.append(thread)
        }
    }

    /// Stops the workers and joins them (each holds the pool until it exits).
    private func stop() {
        stopping.store(true, ordering: .releasing)
        frameCounter.add(1, ordering: .releasing)
        pthread_mutex_lock(mutex)
        pthread_cond_broadcast(wake)
        pthread_mutex_unlock(mutex)
        for thread in threads { pthread_join(thread, nil) }
        threads = []
    }

    deinit {
        pthread_cond_destroy(wake)
        pthread_mutex_destroy(mutex)
        wake.deallocate()
        mutex.deallocate()
    }

    /// Runs `chunk(k)` for every k in 0..<`chunks` at once (k = 0 on the calling thread) and returns when all have.
    /// Escaping, not `withoutActuallyEscaping`: a worker that has run its chunk may release its reference to the
    /// closure only after the frame is seen to be finished, which that function's check would report as an escape.
    func run(_ chunk: @escaping (Int) -> Void) {
        guard chunks > 1 else {
            chunk(0)
            return
        }
        body = chunk
        finished.store(0, ordering: .relaxed)
        let frame = frameCounter.add(1, ordering: .releasing).newValue
        pthread_mutex_lock(mutex)
        pthread_cond_broadcast(wake)
        pthread_mutex_unlock(mutex)
        // Chunk 0, then any chunk whose worker has not claimed it yet.
        for k in 0..<chunks { runIfUnclaimed(k, frame: frame) }
        // Chunks claimed by their workers are about as long as chunk 0: spin, yielding the core if a worker was
        // preempted.
        var spins = 0
        while finished.load(ordering: .acquiring) < chunks {
            spins &+= 1
            if spins & 1023 == 0 { sched_yield() }
        }
        body = nil
    }

    /// Runs chunk `k` of frame `frame` if no other thread has claimed it for that frame.
    private func runIfUnclaimed(_ k: Int, frame: Int) {
        // max, not exchange: a late worker's stale frame number must not lower the claim, or the chunk would be
        // claimed (and run) twice in a later frame.
        guard claims[k].frame.max(frame, ordering: .acquiringAndReleasing).oldValue < frame else { return }
        body?(k)
        finished.add(1, ordering: .releasing)
    }

    /// Worker thread `chunk`'s loop: wait for a frame, run its chunk, report; exit when the pool is released.
    private func work(chunk: Int) {
        var seen = 0
        while true {
            var current = frameCounter.load(ordering: .acquiring)
            if current == seen {
                let start = DispatchTime.now().uptimeNanoseconds
                var spins = 0
                while current == seen {
                    spins &+= 1
                    if spins & 255 == 0 {
                        // On a busy machine another thread may be waiting for this core: the calling thread, between
                        // frames. Spinning must not keep it off.
                        sched_yield()
                        if DispatchTime.now().uptimeNanoseconds &- start > Self.spinNanoseconds {
                            pthread_mutex_lock(mutex)
                            while frameCounter.load(ordering: .acquiring) == seen { pthread_cond_wait(wake, mutex) }
                            pthread_mutex_unlock(mutex)
                        }
                    }
                    current = frameCounter.load(ordering: .acquiring)
                }
            }
            seen = current
            if stopping.load(ordering: .acquiring) { return }
            // A stale frame number (the frame ended while this thread was away) never wins: every chunk of an ended
            // frame was claimed for it.
            runIfUnclaimed(chunk, frame: current)
        }
    }

    /// One chunk's claim (a class, so that the atomics have their own storage).
    private final class ChunkClaim: Sendable {
        let frame = Atomic<Int>(0)
    }

    /// What a worker thread starts with.
    private final class WorkerContext {
        let pool: ChunkWorkers, chunk: Int
        init(pool: ChunkWorkers, chunk: Int) { (self.pool, self.chunk) = (pool, chunk) }
    }
}
