import Foundation
import MotionCore
#if canImport(Glibc)
import Glibc
#endif

/// Reads a file a command was given (a scenario, frame times, a baseline, a curve or spring list): only a regular
/// file, and only up to `sizeLimit` bytes, so that a device, a FIFO or a huge file gets a message instead of a hang or
/// unbounded memory.
public enum InputFile {
    /// The largest input file read by default, in bytes (64 MiB: the largest real inputs are a few kilobytes).
    public static let sizeLimit = 64 << 20

    /// The largest samples file (`accuracy --measured`) read, in bytes (1 GiB: a capture of the most rows a capture
    /// plan allows, 5,000,000, is about 340 MB at the 68 bytes a row of a real capture).
    public static let samplesSizeLimit = 1 << 30

    /// The bytes of the regular file at `path`, at most `limit` bytes.
    /// - Throws: `InputFileError` saying why it cannot be read (missing, not a regular file, too large, unreadable).
    public static func read(_ path: String, limit: Int = sizeLimit) throws(InputFileError) -> Data {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw InputFileError(reason: errno == ENOENT ? "does not exist" : String(cString: strerror(errno)))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw InputFileError(reason: (info.st_mode & S_IFMT) == S_IFDIR ? "is a directory" : "is not a regular file")
        }
        guard info.st_size <= limit else {
            throw InputFileError(reason: "is larger than \(limit >> 20) MiB (\(info.st_size) bytes)")
        }
        guard let data = FileManager.default.contents(atPath: path), data.count <= limit else {
            throw InputFileError(reason: "cannot be read")
        }
        return data
    }
}

/// Why an input file cannot be read.
public struct InputFileError: MotionBenchError, CustomStringConvertible {
    /// The reason, e.g. "is not a regular file".
    public let reason: String
    /// The reason.
    public var description: String { reason }
}
