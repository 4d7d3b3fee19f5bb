import ChartLayout
import ChartRender
import Foundation

/// Writes a scene's SVG to `$CHARTC_PREVIEW/NAME.svg` when that variable is set, so layouts can be looked at
/// (`rsvg-convert`, `svg-text-check`) while developing. Does nothing in normal test runs.
func preview(_ scene: Scene, name: String) {
    guard let folder = ProcessInfo.processInfo.environment["CHARTC_PREVIEW"], !folder.isEmpty else { return }
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let svg = SVGWriter.write(scene)
    FileManager.default.createFile(atPath: folder + "/" + name + ".svg", contents: Data(svg.utf8))
}
