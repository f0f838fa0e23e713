import Foundation
import PackagePlugin

/// Embeds the built-in scenarios (`data/scenarios/*.json`, not the `v1/` folder) into the target it is applied to:
/// one generated Swift file holding each file's name and bytes, so the binary stays self-contained (the gate copies
/// binaries and runs them from elsewhere, where a resource bundle would be missing). Adding a built-in scenario is
/// adding one JSON file there.
@main
struct EmbedScenarios: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let directory = context.package.directoryURL.appending(path: "data/scenarios")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path())
            .filter { $0.hasSuffix(".json") }
            .sorted()
        let inputs = names.map { directory.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedScenarioFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(names.count) built-in scenarios from data/scenarios",
                executable: try context.tool(named: "ScenarioEmbedder").url,
                // The plugin runs on every build, so adding or removing a file changes these arguments and reruns
                // the command; editing a file changes an input.
                arguments: [output.path()] + inputs.map { $0.path() },
                inputFiles: inputs,
                outputFiles: [output]
            ),
        ]
    }
}
