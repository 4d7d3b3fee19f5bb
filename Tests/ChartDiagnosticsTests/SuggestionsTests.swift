import Testing
@testable import ChartDiagnostics

/// "Did you mean": close enough to be a typo, never a guess, and the same answer every run.
@Suite struct SuggestionsTests {
    let keys = ["title", "subtitle", "data", "mark", "encoding", "legend", "notes", "sources", "byline", "width"]

    @Test func typosFindTheirKey() {
        #expect(Suggestions.closest(to: "titel", in: keys) == "title") // a transposition is one edit
        #expect(Suggestions.closest(to: "Encodeing", in: keys) == "encoding") // case does not count
        #expect(Suggestions.closest(to: "lgend", in: keys) == "legend")
        #expect(Suggestions.closest(to: "source", in: keys) == "sources")
    }

    @Test func farWordsFindNothing() {
        #expect(Suggestions.closest(to: "colour", in: keys) == nil)
        #expect(Suggestions.closest(to: "zzz", in: keys) == nil)
        #expect(Suggestions.closest(to: "title", in: [String]()) == nil)
        // Short words allow one edit only: "dat" → "data", but "dt" is two away.
        #expect(Suggestions.closest(to: "dat", in: keys) == "data")
        #expect(Suggestions.closest(to: "dt", in: keys) == nil)
    }

    @Test func tiesGoToTheEarlierCandidate() {
        #expect(Suggestions.closest(to: "bat", in: ["bar", "cat"]) == "bar")
        #expect(Suggestions.closest(to: "bat", in: ["cat", "bar"]) == "cat")
    }

    @Test func editDistanceCountsInsertionsDeletionsSubstitutionsAndSwaps() {
        func distance(_ a: String, _ b: String) -> Int { Suggestions.editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars)) }
        #expect(distance("", "abc") == 3)
        #expect(distance("abc", "") == 3)
        #expect(distance("abc", "abc") == 0)
        #expect(distance("kitten", "sitting") == 3)
        #expect(distance("ab", "ba") == 1)
        #expect(distance("ca", "abc") == 3) // optimal string alignment, not full Damerau
        #expect(distance("zürich", "zurich") == 1) // scalars, not bytes
    }

    @Test func didYouMeanIsReadyToAppend() {
        #expect(Suggestions.didYouMean("titel", in: keys) == " Did you mean 'title'?")
        #expect(Suggestions.didYouMean("colour", in: keys) == "")
    }
}
