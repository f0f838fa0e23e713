import ArgumentParser
import MotionCore

/// A first argument that names no subcommand, e.g. `motionbench evl`: exit code 2 with the nearest command's name
/// ("did you mean 'eval'?") when one is within a couple of edits, else the list of commands.
struct UnknownCommand: MotionBenchError {
    /// What the user wrote.
    let name: String
    /// The commands shown in help, in help's order.
    let commands: [String]

    /// `unknown command 'NAME'; did you mean 'NEAREST'?` or `unknown command 'NAME'; the commands are …`.
    var description: String {
        let quoted = "unknown command '\(SafeText.quoted(name))'"
        if let nearest = Self.nearest(to: name, among: commands) {
            return "\(quoted); did you mean '\(nearest)'? (motionbench --help lists the commands)"
        }
        return "\(quoted); the commands are \(commands.joined(separator: ", "))"
    }

    /// Throws `UnknownCommand` when the first of `arguments` (without the program name), or the second after `help`,
    /// is neither an option nor one of `command`'s subcommands (hidden ones included).
    static func check(_ arguments: [String], against command: ParsableCommand.Type) throws {
        let named = arguments.first == "help" ? arguments.dropFirst().first : arguments.first
        guard let name = named, !name.hasPrefix("-"), name != "help" else { return }
        let subcommands = command.configuration.subcommands
        guard !subcommands.contains(where: { $0._commandName == name }) else { return }
        let shown = subcommands.filter { $0.configuration.shouldDisplay }.map { $0._commandName }
        throw UnknownCommand(name: name, commands: shown)
    }

    /// The command nearest to `name` by edit distance, ignoring case (insertions, deletions, substitutions and swaps of
    /// neighbours each count 1), when it is at most 2 edits away and fewer than half the command's length; ties go to the first.
    static func nearest(to name: String, among commands: [String]) -> String? {
        let scored = commands.map { ($0, editDistance(name.lowercased(), $0.lowercased())) }
            .filter { $0.1 <= 2 && 2 * $0.1 < $0.0.count }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// The optimal-string-alignment distance between `a` and `b`, in characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        // d[i][j]: the distance between a's first i and b's first j characters.
        var d = (0...a.count).map { row in (0...b.count).map { row == 0 ? $0 : ($0 == 0 ? row : 0) } }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
