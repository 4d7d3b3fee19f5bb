/// Specs written out in the tests.
enum TestSpecs {
    /// SPEC.md §10, verbatim: the chart every stage is measured against.
    static let polarization = #"""
    {
      "title": "Political ideology in Congress, 1948-2025",
      "subtitle": "On average, Democrats and Republicans are farther apart ideologically today than at any time in the past 80 years.",
      "data": { "url": "https://voteview.com/static/data/out/members/HSall_members.csv" },
      "calculate": {
        "year": "congress * 2 + 1787",
        "party": "party_code == 100 ? 'Democrats' : 'Republicans'"
      },
      "filter": ["congress >= 80", "chamber != 'President'", "party_code in (100, 200)"],
      "groupBy": ["year", "party"],
      "aggregate": { "median": "median(nominate_dim1)" },
      "total": { "party": "Congress" },
      "mark": { "type": "line", "interpolate": "catmull-rom" },
      "encoding": {
        "x": { "field": "median", "title": "← More liberal · More conservative →", "scale": { "domain": [-0.6, 0.6] } },
        "y": { "field": "year", "type": "temporal", "title": null, "scale": { "domain": [1945, 2030] }, "axis": { "position": "left", "tickCount": 10 } },
        "color": { "field": "party", "scale": { "domain": ["Democrats", "Republicans", "Congress"], "range": ["#1f5fbf", "#d62728", "#8c8c8c"] } }
      },
      "legend": { "position": "top", "hidden": ["Congress"] },
      "notes": [
        "Using the median DW-NOMINATE score from each major party in Congress, we can track how the parties have shifted over time.",
        "The congressional median (gray line) swings back and forth as the balance of power in the House and Senate changes."
      ],
      "sources": [ { "title": "Parties at a Glance", "site": "Voteview", "url": "https://voteview.com/parties/all" } ]
    }
    """#
}
