/// The file names of the CSV downloads of a graphic of several views (SPEC §20): one per view, named after the
/// page and the view's heading (its title, else "View N"), so that every view's rows can be had, each under a name
/// that says which view it is.
enum ViewDownloads {
    /// `page-heading.csv` for each heading, in order: letters and digits lower-cased, any other run of characters one
    /// `-`; a heading with no letter or digit is `view-N`; a name already given gets `-2`, `-3`… so none repeats.
    static func fileNames(page: String, headings: [String]) -> [String] {
        var taken = Set<String>()
        return headings.enumerated().map { index, heading in
            var slug = self.slug(heading)
            if slug.isEmpty { slug = "view-" + String(index + 1) }
            var name = page + "-" + slug
            var suffix = 2
            while taken.contains(name) {
                name = page + "-" + slug + "-" + String(suffix)
                suffix += 1
            }
            taken.insert(name)
            return name + ".csv"
        }
    }

    /// A heading as a file-name part: letters and digits (lower-cased) kept, other runs made one `-`, none at the
    /// ends.
    static func slug(_ heading: String) -> String {
        var out = ""
        var pendingDash = false
        for character in heading {
            if character.isLetter || character.isNumber {
                if pendingDash && !out.isEmpty { out += "-" }
                pendingDash = false
                out += character.lowercased()
            } else {
                pendingDash = true
            }
        }
        return out
    }
}
