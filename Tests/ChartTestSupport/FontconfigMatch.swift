import Foundation

/// What fontconfig's `fc-match` chooses on this machine, so a test of chartc's own lookup of generic families
/// (SPEC §19.12) expects whatever the installed fonts and configuration give, not a name written in the test.
public enum FontconfigMatch {
    /// Whether `fc-match` is installed.
    public static var available: Bool { ToolProcess.find("fc-match") != nil }

    /// The family `fc-match PATTERN` chooses (`serif`, `monospace:bold`), its first name; nil without fc-match.
    public static func family(_ pattern: String) -> String? {
        query(pattern, "%{family[0]}")
    }

    /// The file `fc-match PATTERN` chooses; nil without fc-match.
    public static func file(_ pattern: String) -> String? {
        query(pattern, "%{file}")
    }

    /// The PostScript name of the face `fc-match PATTERN` chooses (`DejaVuSerif-Bold`), as `pdffonts` lists it.
    public static func postScriptName(_ pattern: String) -> String? {
        query(pattern, "%{postscriptname}")
    }

    private static func query(_ pattern: String, _ format: String) -> String? {
        guard let tool = ToolProcess.find("fc-match"), let result = try? ToolProcess.run(tool, ["-f", format, pattern]),
            result.status == 0, !result.output.isEmpty
        else { return nil }
        return result.output
    }
}
