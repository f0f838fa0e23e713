import Foundation

/// Refuses to pour a large output (an HTML page, a capture's CSV, about 1 MB) onto a terminal: without `--output`,
/// when standard output is a terminal, the command needs `--stdout` to print it anyway. A pipe or a file is never
/// refused.
func refuseLargeOutputOnTerminal(command: String, what: String, output: String?, stdout: Bool,
                                 isTerminal: Bool = isatty(STDOUT_FILENO) == 1) throws {
    if output != nil, stdout {
        throw BadInput(message: "\(command): give --output FILE or --stdout, not both")
    }
    guard output == nil, !stdout, isTerminal else { return }
    throw BadInput(message: "\(command): \(what) would be printed on the terminal; give --output FILE to write it to a "
                   + "file, or --stdout to print it anyway (a pipe or a redirection needs neither)")
}
