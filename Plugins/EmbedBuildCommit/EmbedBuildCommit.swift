import Foundation
import PackagePlugin

/// Embeds the commit the package was built from into the target it is applied to (`BuildCommit.hash`), so a binary
/// copied elsewhere, or run outside any checkout, still says which source it was built from. The tool
/// (`BuildCommitEmbedder`) reads the commit from the checkout's files (`.git/HEAD`, the branch's ref, `packed-refs`; a
/// worktree's `.git` file is followed) each time it runs, without running git; those files are its inputs, so a new
/// commit or another branch reruns it. This plugin only finds the git directory: SwiftPM reuses its commands across
/// builds while the package is unchanged, so anything it read itself would go stale at the next commit.
/// `MOTIONBENCH_COMMIT` in the build's environment (a source archive has no `.git`) overrides the checkout. The tool
/// also records whether `Package.swift`, `Sources` or `Plugins` had changes not yet committed (`git status`, where git
/// is on the PATH): every source file of the package is an input, so an edit reruns it.
@main
struct EmbedBuildCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildCommit.swift")
        let directories = Self.gitDirectories(package: context.package.directoryURL)
        let override = ProcessInfo.processInfo.environment["MOTIONBENCH_COMMIT"]
            .flatMap { text in (text.count == 40 || text.count == 64) && text.allSatisfy(\.isHexDigit) ? text : nil }
        var inputs: [URL] = []
        if let (git, common) = directories {
            let head = git.appending(path: "HEAD")
            inputs = [head, common.appending(path: "packed-refs")]
            // The branch checked out now; another branch changes HEAD, which reruns the tool all the same.
            if let text = try? String(contentsOf: head, encoding: .utf8), text.hasPrefix("ref:") {
                inputs.append(common.appending(path: text.dropFirst("ref:".count).trimmingCharacters(in: .whitespacesAndNewlines)))
            }
            inputs = inputs.filter { FileManager.default.fileExists(atPath: $0.path()) }
            // Every file the package builds from, so that an edit reruns the tool's check for uncommitted changes.
            inputs.append(context.package.directoryURL.appending(path: "Package.swift"))
            for module in context.package.targets.compactMap({ $0 as? SourceModuleTarget }) {
                inputs += module.sourceFiles.map(\.url)
            }
        }
        return [
            .buildCommand(
                displayName: "Embedding the build's commit",
                executable: try context.tool(named: "BuildCommitEmbedder").url,
                arguments: [output.path(), directories?.git.path() ?? "-", directories?.common.path() ?? "-", override ?? "-",
                            directories == nil ? "-" : context.package.directoryURL.path()],
                inputFiles: inputs,
                outputFiles: [output]
            ),
        ]
    }

    /// The package checkout's git directory and the directory of its shared files (the same but for a worktree), or
    /// nil outside a checkout.
    static func gitDirectories(package: URL) -> (git: URL, common: URL)? {
        let dotGit = package.appending(path: ".git")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit.path(), isDirectory: &isDirectory) else { return nil }
        var git = dotGit
        if !isDirectory.boolValue {  // a worktree or submodule: .git is a file naming the directory
            guard let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir:") else { return nil }
            let path = text.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespacesAndNewlines)
            git = path.hasPrefix("/") ? URL(fileURLWithPath: path) : package.appending(path: path)
        }
        var common = git
        if let relative = try? String(contentsOf: git.appending(path: "commondir"), encoding: .utf8) {
            let path = relative.trimmingCharacters(in: .whitespacesAndNewlines)
            common = path.hasPrefix("/") ? URL(fileURLWithPath: path) : git.appending(path: path)
        }
        return (git, common)
    }
}
