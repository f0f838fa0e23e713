/// Why a finished run fails after its report is written (`HarnessExitRule`), with the message that says so.
public enum RunVerdict: Sendable, Equatable {
    /// An engine crashed, hung, returned NaN, failed or wrote the wrong size: its row's failure message.
    case engineFailed(String)
    /// A `--verify` check failed: the batch against the scalar path, or an engine under test beyond its visible
    /// threshold; the message names the layer count and the figures that failed.
    case verificationFailed(String)

    /// The message (without a command's prefix).
    public var message: String {
        switch self {
        case .engineFailed(let message), .verificationFailed(let message): message
        }
    }

    /// The process exit status the verdict calls for: 2 for an engine failure (bad setup), 1 for a failed check.
    public var exitCode: Int32 {
        switch self {
        case .engineFailed: 2
        case .verificationFailed: 1
        }
    }
}
