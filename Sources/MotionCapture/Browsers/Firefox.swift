import Foundation
import MotionSupport

extension CaptureBrowser {
    /// Firefox (Gecko): headless with a fresh profile whose `user.js` lets the page `dump()` its rows to standard
    /// output and close its window, which ends Firefox.
    package static let firefox = CaptureBrowser(
        name: "firefox",
        summary: "Firefox's Gecko, headless with a temporary profile, the rows from the page's dump()",
        install: "apt-get install firefox-esr",
        executableRole: "the firefox or firefox-esr executable",
        findExecutable: { onPath(["firefox-esr", "firefox"]) },
        readVersion: versionFromFlag(of: "firefox"),
        prepare: { executable, page, folder in
            let profile = folder + "/firefox-profile"
            do {
                try FileManager.default.createDirectory(atPath: profile, withIntermediateDirectories: true)
                try firefoxPreferences.write(toFile: profile + "/user.js", atomically: true, encoding: .utf8)
            } catch {
                throw CaptureError("capture firefox: cannot write a temporary profile in \(folder): \(error.localizedDescription)")
            }
            return Launch(program: executable, arguments: ["--headless", "--no-remote", "--profile", profile, "file://" + page])
        },
        transcript: { output in output.standardOutput }
    )

    /// The temporary profile's preferences: `dump()` to standard output, a page may close its window, and nothing
    /// that starts a first-run page, an update, telemetry or other network traffic (remote settings, whose failures
    /// Firefox prints on standard output, get an empty server).
    static let firefoxPreferences = """
        user_pref("browser.dom.window.dump.enabled", true);
        user_pref("dom.allow_scripts_to_close_windows", true);
        user_pref("browser.shell.checkDefaultBrowser", false);
        user_pref("browser.startup.homepage_override.mstone", "ignore");
        user_pref("browser.aboutwelcome.enabled", false);
        user_pref("startup.homepage_welcome_url", "");
        user_pref("browser.startup.page", 0);
        user_pref("app.update.auto", false);
        user_pref("app.update.enabled", false);
        user_pref("datareporting.policy.dataSubmissionEnabled", false);
        user_pref("datareporting.healthreport.uploadEnabled", false);
        user_pref("toolkit.telemetry.enabled", false);
        user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
        user_pref("extensions.update.enabled", false);
        user_pref("browser.search.update", false);
        user_pref("network.captive-portal-service.enabled", false);
        user_pref("network.connectivity-service.enabled", false);
        user_pref("browser.safebrowsing.update.enabled", false);
        user_pref("browser.newtabpage.enabled", false);
        user_pref("services.settings.loglevel", "fatal");
        user_pref("services.settings.server", "data:,#remote-settings-dummy/v1");
        user_pref("devtools.console.stdout.chrome", false);

        """
}
