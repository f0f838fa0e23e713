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
            if FileManager.default.fileExists(atPath: url.path) {
                _ = try FileManager.default.replaceItemAt(url, withItemAt: temporary)
            } else {
                try FileManager.default.moveItem(at: temporary, to: url)
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw AtomicFileError(path: path, reason: error.localizedDescription)
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
