import Foundation

/// Results of work run on several threads at once (`DispatchQueue.concurrentPerform`), one slot per index, each
/// either a value or the error it threw.
package final class ParallelResults<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<Value, any Error>?]

    /// `count` empty slots.
    package init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    /// Stores slot `index`'s outcome (from any thread).
    package func set(_ index: Int, _ result: Result<Value, any Error>) {
        lock.withLock { slots[index] = result }
    }

    /// Slot `index`'s value, or rethrows its error.
    /// - Throws: the slot's error, or `CancellationError` when the slot was never filled.
    package func get(_ index: Int) throws -> Value {
        guard let result = lock.withLock({ slots[index] }) else { throw CancellationError() }
        return try result.get()
    }
}
