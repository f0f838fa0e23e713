/// What an error reports, and so the exit status MotionBench's command line ends with: input or usage it cannot
/// use (status 2), or a check that ran and failed (status 1).
public enum FailureKind: Int32, Sendable, CaseIterable {
    /// A check ran and failed, e.g. a verification mismatch: exit status 1.
    case failedCheck = 1
    /// The input, a file, the setup or the way the tool was called cannot be used: exit status 2.
    case badInput = 2
}

/// An error MotionBench reports to a person: its `description` names the input and what was expected, and its `kind`
/// decides the exit status (`exitCode`).
///
/// Every error type in the package conforms where it is declared, so the command line has one catch and no list of
/// error types to keep in step. The default kind is `badInput`; a type that reports a failed check says so.
public protocol MotionBenchError: Error, CustomStringConvertible {
    /// Bad input (exit status 2) or a failed check (exit status 1).
    var kind: FailureKind { get }
}

extension MotionBenchError {
    /// Bad input: a library error describes something the caller gave that cannot be used.
    public var kind: FailureKind { .badInput }

    /// The process exit status for this error: 2 for bad input, 1 for a failed check.
    public var exitCode: Int32 { kind.rawValue }
}
