import ChartFormat
/// Made-up member names in Voteview's `SURNAME, Given Middle` form, drawn from common American name lists, so the
/// synthetic file reads like the real one without naming anyone who served.
enum Names {
    static let surnames = [
        "SMITH", "JOHNSON", "WILLIAMS", "BROWN", "JONES", "MILLER", "DAVIS", "WILSON", "ANDERSON", "TAYLOR",
        "THOMAS", "MOORE", "MARTIN", "JACKSON", "THOMPSON", "WHITE", "HARRIS", "CLARK", "LEWIS", "ROBINSON",
        "WALKER", "YOUNG", "ALLEN", "KING", "WRIGHT", "SCOTT", "HILL", "GREEN", "ADAMS", "BAKER",
        "NELSON", "CARTER", "MITCHELL", "ROBERTS", "TURNER", "PHILLIPS", "CAMPBELL", "PARKER", "EVANS", "EDWARDS",
        "COLLINS", "STEWART", "MORRIS", "ROGERS", "REED", "COOK", "MORGAN", "BELL", "MURPHY", "BAILEY",
        "COOPER", "RICHARDSON", "COX", "HOWARD", "WARD", "PETERSON", "GRAY", "JAMES", "WATSON", "BROOKS",
        "KELLY", "SANDERS", "PRICE", "BENNETT", "WOOD", "BARNES", "ROSS", "HENDERSON", "COLEMAN", "JENKINS",
        "PERRY", "POWELL", "LONG", "PATTERSON", "HUGHES", "WASHINGTON", "BUTLER", "SIMMONS", "FOSTER", "BRYANT",
        "ALEXANDER", "RUSSELL", "GRIFFIN", "HAYES", "MYERS", "FORD", "HAMILTON", "GRAHAM", "SULLIVAN", "WALLACE",
        "WOODS", "COLE", "WEST", "JORDAN", "OWENS", "REYNOLDS", "FISHER", "ELLIS", "HARRISON", "GIBSON",
        "MCDONALD", "CRUZ", "MARSHALL", "ORTIZ", "GOMEZ", "MURRAY", "FREEMAN", "WELLS", "WEBB", "SIMPSON",
        "STEVENS", "TUCKER", "PORTER", "HUNTER", "HICKS", "CRAWFORD", "HENRY", "BOYD", "MASON", "KENNEDY",
        "WARREN", "DIXON", "BURNS", "GORDON", "SHAW", "HOLMES", "RICE", "HUNT", "BLACK", "DANIELS",
        "PALMER", "MILLS", "GRANT", "KNIGHT", "FERGUSON", "STONE", "HAWKINS", "DUNN", "PERKINS", "HUDSON",
        "SPENCER", "STEPHENS", "PIERCE", "HANSEN", "WAGNER", "LARSON", "OLSON", "SCHMIDT", "GARCIA", "MARTINEZ"
    ]

    /// Roughly from old-fashioned to recent, so each era draws names that fit it.
    static let menGiven = [
        "John", "William", "James", "George", "Charles", "Thomas", "Joseph", "Robert", "Henry", "Samuel",
        "Edward", "David", "Richard", "Benjamin", "Daniel", "Frank", "Walter", "Harry", "Paul", "Peter",
        "Albert", "Arthur", "Francis", "Frederick", "Andrew", "Lewis", "Nathaniel", "Isaac", "Jacob", "Josiah",
        "Elijah", "Ezra", "Jonathan", "Philip", "Stephen", "Hugh", "Martin", "Ralph", "Howard", "Clarence",
        "Herbert", "Harold", "Eugene", "Raymond", "Kenneth", "Donald", "Ronald", "Gerald", "Michael", "Mark",
        "Steven", "Gary", "Timothy", "Kevin", "Brian", "Scott", "Jeffrey", "Gregory", "Eric", "Matthew",
        "Christopher", "Jason", "Ryan", "Adam", "Patrick", "Sean", "Carlos", "Luis", "Anthony", "Lawrence"
    ]

    /// Roughly from old-fashioned to recent.
    static let womenGiven = [
        "Mary", "Margaret", "Elizabeth", "Ruth", "Helen", "Dorothy", "Frances", "Edith", "Florence", "Martha",
        "Grace", "Lucille", "Virginia", "Shirley", "Joan", "Elaine", "Patricia", "Barbara", "Nancy", "Susan",
        "Linda", "Carol", "Karen", "Sharon", "Deborah", "Diane", "Cynthia", "Lisa", "Kathleen", "Julie",
        "Jennifer", "Michelle", "Amy", "Rebecca", "Laura", "Stephanie", "Nicole", "Rachel", "Ana", "Maria"
    ]

    /// The share of new members who are women, by year (none before 1917, about a third by the 2020s).
    static func womenShare(year: Int) -> Double {
        year < 1917 ? 0 : History.interpolate(year, [(1917, 0.01), (1970, 0.03), (1992, 0.12), (2010, 0.2), (2025, 0.32)])
    }

    /// The names in fashion in `year`: a window that slides along the list from `from` to 2025.
    static func window(_ names: [String], year: Int, from start: Int) -> [String] {
        let progress = min(1, max(0, Double(year - start) / Double(2025 - start)))
        let width = names.count / 2
        let first = NumberConversion.clamped(progress * Double(names.count - width))
        return Array(names[first..<(first + width)])
    }

    /// `("SMITH, John Adam", "SMITH")`.
    static func make(year: Int, random: inout SplitMix64) -> (full: String, surname: String) {
        let surname = random.element(of: surnames)
        let woman = random.chance(womenShare(year: year))
        let given = woman ? window(womenGiven, year: year, from: 1917) : window(menGiven, year: year, from: 1789)
        var name = surname + ", " + random.element(of: given)
        let middle = random.uniform()
        if middle < 0.5 {
            name += " " + random.element(of: given)
        } else if middle < 0.75 {
            let initial = random.element(of: surnames).first ?? "A"
            name += " \(initial)."
        }
        if random.chance(0.03) { name += ", Jr." }
        return (name, surname)
    }
}
