import Foundation
import MotionCore
#if canImport(Glibc)
import Glibc
#endif

/// Reads a file a command was given (a scenario, frame times, a baseline, a curve or spring list): only a regular
/// file, and only up to `sizeLimit` bytes, so that a device, a FIFO or a huge file gets a message instead of a hang or
/// unbounded memory.
package enum InputFile {
    /// The largest input file read by default, in bytes (64 MiB: the largest real inputs are a few kilobytes).
    package static let sizeLimit = 64 << 20

    /// The largest samples file (`accuracy --measured`) read, in bytes (1 GiB: a capture of the most rows a capture
    /// plan allows, 5,000,000, is about 340 MB at the 68 bytes a row of a real capture).
    package static let samplesSizeLimit = 1 << 30

    /// The size in bytes of the regular file at `path`, after checking it exists, is a regular file and is at most
    /// `limit` bytes.
    /// - Throws: `InputFileError` saying which of those fails.
    @discardableResult
    static func checkRegularFile(_ path: String, limit: Int) throws(InputFileError) -> Int {
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
        return Int(info.st_size)
    }

    /// The bytes of the regular file at `path`, at most `limit` bytes.
    /// - Throws: `InputFileError` saying why it cannot be read (missing, not a regular file, too large, unreadable).
    package static func read(_ path: String, limit: Int = sizeLimit) throws(InputFileError) -> Data {
        try checkRegularFile(path, limit: limit)
        guard let data = FileManager.default.contents(atPath: path), data.count <= limit else {
            throw InputFileError(reason: "cannot be read")
        }
        return data
    }

    /// Calls `body` with the bytes of the regular file at `path` in pieces of at most `chunkSize` bytes, in order, holding
    /// one piece at a time; the file may be at most `limit` bytes (checked before the first piece and while reading).
    /// `body` is also told the file's size when it was opened.
    /// - Throws: `InputFileError` when the file cannot be opened or read (as `read`), or what `body` throws.
    package static func readChunks(_ path: String, limit: Int, chunkSize: Int = 4 << 20,
                                  _ body: (_ chunk: UnsafeBufferPointer<UInt8>, _ fileSize: Int) throws -> Void) throws {
        try checkRegularFile(path, limit: limit)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw InputFileError(reason: "cannot be read") }
        defer { close(descriptor) }
        // The file opened may not be the one checked (replaced in between): check what was opened.
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= limit else {
            throw InputFileError(reason: "cannot be read")
        }
        let size = Int(info.st_size)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: chunkSize)
        defer { buffer.deallocate() }
        var total = 0
        while true {
            var filled = 0
            while filled < chunkSize {
                // baseAddress! cannot fail: the loop runs only when chunkSize > 0, and the buffer holds chunkSize elements.
                let count = Glibc.read(descriptor, buffer.baseAddress! + filled, chunkSize - filled)
                if count < 0, errno == EINTR { continue }
                guard count >= 0 else { throw InputFileError(reason: "cannot be read (\(String(cString: strerror(errno))))") }
                if count == 0 { break }
                filled += count
            }
            guard filled > 0 else { return }
            total += filled
            guard total <= limit else {
                throw InputFileError(reason: "is larger than \(limit >> 20) MiB (it grew while being read)")
            }
            try body(UnsafeBufferPointer(rebasing: buffer[0..<filled]), size)
            if filled < chunkSize { return }
        }
    }
}

/// Why an input file cannot be read.
package struct InputFileError: MotionBenchError, CustomStringConvertible {
    /// The reason, e.g. "is not a regular file".
    package let reason: String
    /// The reason.
    package var description: String { reason }
}
