/// The browsers `motionbench capture` can drive. Adding one is a file in `Browsers/` and one entry here; the command,
/// its help and the tests iterate this list.
package enum CaptureBrowsers {
    /// Every browser, in help order.
    package static let all: [CaptureBrowser] = [.chromium, .firefox, .webkit]

    /// The browser called `name`, or nil.
    package static func named(_ name: String) -> CaptureBrowser? { all.first { $0.name == name } }
}
