import Foundation
import PackagePlugin

/// Embeds the commit the package was built from into the target it is applied to (`BuildCommit.hash`), so a binary
/// copied elsewhere, or run outside any checkout, still says which source it was built from. The commit is read from
/// the checkout's files (`.git/HEAD`, the branch's ref, `packed-refs`; a worktree's `.git` file is followed), without
/// running git; `MOTIONBENCH_COMMIT` in the build's environment (a source archive has no `.git`) overrides it. Changes
/// not yet committed are not seen.
@main
struct EmbedBuildCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildCommit.swift")
        let package = context.package.directoryURL
        let (commit, files) = Self.commit(package: package)
        let override = ProcessInfo.processInfo.environment["MOTIONBENCH_COMMIT"].flatMap(Self.validated)
        return [
            .buildCommand(
                displayName: "Embedding the build's commit (\((override ?? commit)?.prefix(12) ?? "unknown"))",
                executable: try context.tool(named: "BuildCommitEmbedder").url,
                // The plugin runs on every build, so a new commit changes this argument and reruns the command; the
                // checkout's files are inputs too, for a build system that caches the plugin's answer.
                arguments: [output.path(), override ?? commit ?? "-"],
                inputFiles: files,
                outputFiles: [output]
            ),
        ]
    }

    /// The checked-out commit of the package's checkout and the files it was read from, or nil.
    static func commit(package: URL) -> (String?, [URL]) {
        let dotGit = package.appending(path: ".git")
        var gitDirectory = dotGit
        if let text = read(dotGit), text.hasPrefix("gitdir:") {  // a worktree or submodule: .git is a file
            let path = text.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespacesAndNewlines)
            gitDirectory = path.hasPrefix("/") ? URL(fileURLWithPath: path) : package.appending(path: path)
        }
        var common = gitDirectory
        if let relative = read(gitDirectory.appending(path: "commondir")) {
            let path = relative.trimmingCharacters(in: .whitespacesAndNewlines)
            common = path.hasPrefix("/") ? URL(fileURLWithPath: path) : gitDirectory.appending(path: path)
        }
        let head = gitDirectory.appending(path: "HEAD")
        guard let headText = read(head)?.trimmingCharacters(in: .whitespacesAndNewlines) else { return (nil, []) }
        guard headText.hasPrefix("ref:") else { return (validated(headText), [head]) }
        let ref = headText.dropFirst("ref:".count).trimmingCharacters(in: .whitespaces)
        let loose = common.appending(path: ref), packed = common.appending(path: "packed-refs")
        let files = [head, loose, packed].filter { FileManager.default.fileExists(atPath: $0.path()) }
        if let text = read(loose), let commit = validated(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            return (commit, files)
        }
        let line = read(packed)?.split(separator: "\n").first { $0.hasSuffix(" " + ref) }
        return (line.flatMap { validated(String($0.prefix(40))) }, files)
    }

    /// `text` when it is a full commit hash (40 or 64 hex digits), else nil.
    static func validated(_ text: String) -> String? {
        (text.count == 40 || text.count == 64) && text.allSatisfy(\.isHexDigit) ? text.lowercased() : nil
    }

    static func read(_ url: URL) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path(), isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
        return try? String(contentsOf: url, encoding: .utf8)
    }
}
