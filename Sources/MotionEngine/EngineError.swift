import MotionCore

/// A failure of an engine under test, naming the engine and the call: it could not be loaded or created, a frame
/// reported an error or wrote the wrong number of values, or it crashed, hung or returned a non-finite output.
public struct EngineError: MotionBenchError, Sendable {
    /// The message, starting with the engine's name.
    public let message: String

    /// An error with `message`.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
