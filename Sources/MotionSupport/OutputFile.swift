import Foundation
import MotionCore
#if canImport(Glibc)
import Glibc
#endif

/// A file a command writes its result to, checked before the work starts and written so that nothing is clobbered.
///
/// - A regular file, or a path that does not exist yet, is replaced atomically: the text goes to a temporary file in
///   the target's directory (mode taken from the file it replaces), which is renamed over the target. A reader sees
///   the old file or the new one, never a truncated one.
/// - A symbolic link is followed: its final target is what gets replaced, and the link stays a link.
/// - A character device (a terminal, `/dev/stdout`) or a FIFO is written in place; nothing is renamed over it. A FIFO
///   with no reader is an error rather than a wait.
/// - Directories, block devices and sockets are refused.
///
/// The temporary file is removed when writing fails and when the process gets SIGINT or SIGTERM while it exists.
package struct OutputFile: Sendable {
    /// How the destination is written.
    package enum Method: Sendable, Equatable {
        /// A temporary file renamed over the (resolved) path.
        case atomicReplace
        /// Opened and written in place (a character device or a FIFO).
        case inPlace
    }

    /// The path as the user gave it.
    package let path: String
    /// The path after following symbolic links: what is actually written.
    package let resolvedPath: String
    /// How it is written.
    package let method: Method

    /// Checks that `path` can be written, before any work is done.
    /// - Throws: `OutputFileError` naming the path and the reason: a missing or unwritable directory, a directory, a
    ///   block device or a socket, a symbolic-link loop.
    package init(checking path: String) throws {
        guard !path.isEmpty else { throw OutputFileError(path: path, reason: "the path is empty") }
        self.path = path
        resolvedPath = try Self.resolveLinks(path)
        var info = stat()
        if lstat(resolvedPath, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                method = .atomicReplace
            case S_IFCHR, S_IFIFO:
                method = .inPlace
            case S_IFDIR:
                throw OutputFileError(path: path, reason: "it is a directory; give a file name")
            case S_IFBLK:
                throw OutputFileError(path: path, reason: "it is a block device; write to a regular file instead")
            default:
                throw OutputFileError(path: path, reason: "it is not a regular file, a character device or a FIFO")
            }
        } else if errno == ENOENT {
            method = .atomicReplace
        } else {
            throw OutputFileError(path: path, reason: Self.lastError())
        }
        if method == .atomicReplace {
            try Self.checkDirectory(of: resolvedPath, for: path)
        } else if method == .inPlace, (info.st_mode & S_IFMT) == S_IFCHR, access(resolvedPath, W_OK) != 0 {
            throw OutputFileError(path: path, reason: Self.lastError())
        }
    }

    /// Writes `text` to the destination (see the type's description for how).
    /// - Throws: `OutputFileError` naming the path; the destination is then unchanged when it is a regular file.
    package func write(_ text: String) throws {
        let bytes = Array(text.utf8)
        switch method {
        case .inPlace: try writeInPlace(bytes)
        case .atomicReplace: try replace(with: bytes)
        }
    }

    private func writeInPlace(_ bytes: [UInt8]) throws {
        // O_NONBLOCK makes opening a FIFO without a reader fail with ENXIO instead of waiting for one.
        let descriptor = open(resolvedPath, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = errno == ENXIO ? "the FIFO has no reader" : Self.lastError()
            throw OutputFileError(path: path, reason: reason)
        }
        defer { close(descriptor) }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        try Self.writeAll(bytes, to: descriptor, path: path)
    }

    private func replace(with bytes: [UInt8]) throws {
        let temporary = Self.temporaryPath(for: resolvedPath)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw OutputFileError(path: path, reason: Self.lastError()) }
        TemporaryFileCleanup.register(temporary)
        var failure: OutputFileError?
        var existing = stat()
        if stat(resolvedPath, &existing) == 0 { _ = fchmod(descriptor, existing.st_mode & 0o7777) }
        do {
            try Self.writeAll(bytes, to: descriptor, path: path)
            if fsync(descriptor) != 0 { failure = OutputFileError(path: path, reason: Self.lastError()) }
        } catch let error as OutputFileError {
            failure = error
        }
        if close(descriptor) != 0, failure == nil { failure = OutputFileError(path: path, reason: Self.lastError()) }
        if failure == nil, rename(temporary, resolvedPath) != 0 {
            failure = OutputFileError(path: path, reason: Self.lastError())
        }
        if failure != nil { unlink(temporary) }
        TemporaryFileCleanup.unregister()
        if let failure { throw failure }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws {
        var offset = 0
        while offset < bytes.count {
            // baseAddress! cannot fail: the loop runs only while bytes is non-empty, and a non-empty array has storage.
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw OutputFileError(path: path, reason: lastError())
            }
            offset += written
        }
    }

    /// `path` with every symbolic link along its final component followed (at most 40, as the kernel allows).
    private static func resolveLinks(_ path: String) throws -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, Int(PATH_MAX))
            guard length > 0 else { throw OutputFileError(path: path, reason: lastError()) }
            let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : directory(of: current) + "/" + target
        }
        throw OutputFileError(path: path, reason: "too many levels of symbolic links")
    }

    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Fails unless a temporary file can be created (and removed) in the directory that will hold `target`.
    private static func checkDirectory(of target: String, for path: String) throws {
        let directory = directory(of: target)
        var info = stat()
        guard stat(directory, &info) == 0 else {
            throw OutputFileError(path: path, reason: "its directory \(directory) does not exist")
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw OutputFileError(path: path, reason: "\(directory) is not a directory")
        }
        let probe = temporaryPath(for: target)
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw OutputFileError(path: path, reason: "cannot create a file in \(directory): \(lastError())")
        }
        close(descriptor)
        unlink(probe)
    }

    private static func temporaryPath(for target: String) -> String {
        let name = target.split(separator: "/").last.map(String.init) ?? "output"
        return directory(of: target) + "/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}

/// Removes the one temporary output file that exists at a time when SIGINT or SIGTERM arrives, then lets the signal
/// end the process as it would have.
enum TemporaryFileCleanup {
    /// The registered path as a C string (read by the signal handler, which may not allocate).
    nonisolated(unsafe) private static var pending: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var installed = false

    static func register(_ path: String) {
        if !installed {
            installed = true
            for signalNumber in [SIGINT, SIGTERM] {
                signal(signalNumber) { number in
                    if let pending = TemporaryFileCleanup.pending { unlink(pending) }
                    signal(number, SIG_DFL)
                    raise(number)
                }
            }
        }
        pending = strdup(path)
    }

    static func unregister() {
        let old = pending
        pending = nil
        free(old)
    }
}

/// A destination that cannot be written: the command exits 2.
package struct OutputFileError: MotionBenchError, CustomStringConvertible {
    /// The path as given.
    package let path: String
    /// Why.
    package let reason: String
    /// `cannot write PATH: REASON`.
    package var description: String { "cannot write '\(path)': \(reason)" }
}
