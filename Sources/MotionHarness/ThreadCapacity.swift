import MotionCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Whether this process can run `--threads N` threads at once, checked before a run by starting them: `N` − 1 probe
/// threads (the calling thread is the N-th) that wait together and then end. A thread that cannot start (`ulimit -v`
/// leaves no room for its stack, `ulimit -u` or the kernel's thread limit is reached) makes a `ThreadCapacityError`
/// that names the option, how many started and the limits, instead of a crash in the frame workers.
package enum ThreadCapacity {
    /// Starts `threads` − 1 threads at once and ends them; nil when all started, else the error for `option`.
    package static func check(threads: Int, option: String) -> ThreadCapacityError? {
        guard threads > 1 else { return nil }
        var pipe: [Int32] = [-1, -1]
        guard Glibc.pipe(&pipe) == 0 else { return nil }
        defer { close(pipe[0]) }
        var started: [pthread_t] = []
        var failure: Int32 = 0
        let readEnd = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        readEnd.initialize(to: pipe[0])
        defer { readEnd.deallocate() }
        for _ in 1..<threads {
            var thread = pthread_t()
            // Each waits until the write end is closed (read returns 0), so that all are alive at once.
            let status = pthread_create(&thread, nil, { raw in
                var byte: UInt8 = 0
                while read(raw!.assumingMemoryBound(to: Int32.self).pointee, &byte, 1) < 0 && errno == EINTR {}
                return nil
            }, readEnd)
            if status != 0 {
                failure = status
                break
            }
            started.append(thread)
        }
        close(pipe[1])
        for thread in started { pthread_join(thread, nil) }
        guard failure != 0 else { return nil }
        return ThreadCapacityError(option: option, requested: threads, started: started.count + 1, errorNumber: failure)
    }

    /// "address space (ulimit -v) 7812 MiB, 8 MiB stacks (ulimit -s), processes and threads per user (ulimit -u) 4096".
    static func limitsText() -> String {
        func limit(_ resource: Int32) -> rlim_t? {
            var value = rlimit()
            guard getrlimit(__rlimit_resource_t(UInt32(resource)), &value) == 0, value.rlim_cur != rlim_t.max else {
                return nil
            }
            return value.rlim_cur
        }
        func mebibytes(_ value: rlim_t?) -> String { value.map { "\($0 >> 20) MiB" } ?? "unlimited" }
        return "address space (ulimit -v) \(mebibytes(limit(Int32(RLIMIT_AS.rawValue)))), "
            + "\(mebibytes(limit(Int32(RLIMIT_STACK.rawValue)))) per thread's stack (ulimit -s), "
            + "processes and threads per user (ulimit -u) \(limit(Int32(__RLIMIT_NPROC.rawValue)).map(String.init) ?? "unlimited")"
    }
}

/// Fewer threads could start than an option asked for (exit status 2).
package struct ThreadCapacityError: MotionBenchError {
    /// The option, such as `run: --threads`.
    package let option: String
    /// Threads asked for, and how many ran at once (the calling thread included).
    package let requested: Int, started: Int
    /// `pthread_create`'s error.
    package let errorNumber: Int32

    /// The error for `option` asking for `requested` threads of which `started` ran, `pthread_create` failing with
    /// `errorNumber`.
    package init(option: String, requested: Int, started: Int, errorNumber: Int32) {
        (self.option, self.requested, self.started, self.errorNumber) = (option, requested, started, errorNumber)
    }

    /// The message: the option, the count that started, the reason and the limits, and what to use instead.
    package var description: String {
        "\(option) \(requested): only \(started) threads could run at once here (pthread_create: "
            + String(cString: strerror(errorNumber)) + "; " + ThreadCapacity.limitsText() + "). Use \(option.split(separator: " ").last ?? "--threads") "
            + "\(max(1, started - 1)) or fewer, or raise the limit"
    }
}
