import MotionCore
#if canImport(Glibc)
import Glibc
#endif

/// Standard input as trimmed, non-empty lines, read in fixed-size chunks so that memory stays constant however many
/// lines arrive, and a line longer than `maximumLength` bytes is refused as soon as it is seen (not after reading
/// all of it).
///
/// Before each read that may wait for more input, the caller's output is flushed, so a line written through a pipe or
/// typed at a terminal is answered at once; bulk input is still answered one chunk (up to 64 KiB) at a time.
package struct InputLines {
    /// The longest accepted line, in bytes: a number, a time or a progress value needs far fewer.
    package static let maximumLength = 4_096

    /// The command named in messages.
    package let command: String
    private var buffer: [UInt8] = []
    private var start = 0
    private var finished = false
    private var lineNumber = 0

    /// Lines of standard input for `command`.
    package init(command: String) { self.command = command }

    /// The next non-empty line, trimmed, or nil at the end of input. `whenWaiting` runs before each read of standard
    /// input (the lines read so far are all answered), then standard output is flushed.
    /// - Throws: `CommandInputError` for a line longer than `maximumLength`, quoting its first 80 characters.
    package mutating func next(whenWaiting: () -> Void = {}) throws -> String? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[start..<newline]
                try check(line)
                start = newline + 1
                lineNumber += 1
                let text = String(decoding: line, as: UTF8.self).trimmingWhitespace()
                if !text.isEmpty { return text }
                continue
            }
            try check(buffer[start...])
            if finished {
                guard start < buffer.count else { return nil }
                let text = String(decoding: buffer[start...], as: UTF8.self).trimmingWhitespace()
                start = buffer.count
                lineNumber += 1
                if !text.isEmpty { return text }
                return nil
            }
            // Drop what was consumed, then read another chunk.
            buffer.removeFirst(start)
            start = 0
            whenWaiting()
            fflush(nil)  // every output stream: standard output is fully buffered through a pipe
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = read(0, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { finished = true } else { buffer.append(contentsOf: chunk[0..<count]) }
        }
    }

    private func check(_ line: ArraySlice<UInt8>) throws {
        guard line.count > Self.maximumLength else { return }
        let text = String(decoding: line.prefix(SafeText.defaultLimit), as: UTF8.self)
        throw CommandInputError(message: "\(command): input line \(lineNumber + 1) is longer than \(Self.maximumLength) bytes: "
                       + "'\(SafeText.quoted(text))…'")
    }
}
