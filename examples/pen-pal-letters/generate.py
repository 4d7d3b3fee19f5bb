#!/usr/bin/env python3
"""Writes letters.csv: a made-up year of pen-pal letters, one row per event (a letter written, a letter sent).

Deterministic: the same seed always gives the same file. Run from this folder:

    python3 generate.py > letters.csv
"""
import datetime
import random

SEED = 1842
FRIENDS = ["Ada", "Bruno", "Chiara", "Dmitri", "Eun-ji", "Farah", "Gustav", "Hana"]
# How likely a letter is started on each weekday, Monday first: mostly at the weekend.
WRITING_WEIGHTS = [2, 1, 3, 2, 2, 6, 9]


def main():
    rng = random.Random(SEED)
    start = datetime.date(2024, 1, 1)
    days = [start + datetime.timedelta(days=offset) for offset in range(366)]
    events = []
    for number in range(1, 121):
        written = rng.choices(days, weights=[WRITING_WEIGHTS[day.weekday()] for day in days])[0]
        # Posted after a day or three, and never on a Sunday (no collection).
        sent = written + datetime.timedelta(days=rng.choice([1, 1, 2, 2, 3]))
        if sent.weekday() == 6:
            sent += datetime.timedelta(days=1)
        friend = rng.choice(FRIENDS)
        events.append((written, "Written", number, friend))
        if sent.year == 2024:
            events.append((sent, "Sent", number, friend))
    events.sort()
    print("date,status,letter,correspondent")
    for date, status, number, friend in events:
        print(f"{date.isoformat()},{status},{number},{friend}")


if __name__ == "__main__":
    main()
