import Foundation

/// Writes files the way MotionBench promises: to a temporary file beside the target, then renamed into place, so a
/// reader never sees a truncated file.
public enum AtomicFile {
    /// Writes `text` to `path` atomically.
    /// - Throws: a description naming the path when the directory is missing or not writable.
    public static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try Data(text.utf8).write(to: temporary)
        } catch {
            throw AtomicFileError(path: path, reason: error.localizedDescription)
        }
        // rename(2) replaces the target in one step on the same file system (Foundation's replaceItemAt does not
        // on Linux: it fails when the target exists).
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw AtomicFileError(path: path, reason: reason)
        }
    }
}

/// A file that could not be written.
public struct AtomicFileError: Error, CustomStringConvertible {
    /// The target path.
    public let path: String
    /// Why.
    public let reason: String
    /// `cannot write PATH: REASON`.
    public var description: String { "cannot write \(path): \(reason)" }
}
