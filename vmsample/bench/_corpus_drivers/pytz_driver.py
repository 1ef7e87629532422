# Driver (written for vmsample's corpus) of pytz: the Olson time-zone database, localizing and converting.
from datetime import datetime, timedelta

import pytz

utc = pytz.utc
for name in ["Europe/Amsterdam", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "America/St_Johns", "Pacific/Chatham"]:
    zone = pytz.timezone(name)
    summer, winter = zone.localize(datetime(2024, 7, 1, 12)), zone.localize(datetime(2024, 1, 1, 12))
    print(name, summer, summer.tzname(), winter, winter.tzname(), summer.astimezone(utc), zone.zone)
eastern = pytz.timezone("US/Eastern")
loc = eastern.localize(datetime(2002, 10, 27, 1, 30), is_dst=False)
print(loc, eastern.normalize(loc + timedelta(hours=1)), eastern.normalize(loc - timedelta(hours=5)))
for dt, dst in [(datetime(2024, 11, 3, 1, 30), None), (datetime(2024, 3, 10, 2, 30), None)]:
    try:
        eastern.localize(dt, is_dst=dst)
    except (pytz.AmbiguousTimeError, pytz.NonExistentTimeError) as e:
        print(type(e).__name__, e)
amsterdam = pytz.timezone("Europe/Amsterdam")
print(datetime(1920, 6, 1, tzinfo=utc).astimezone(amsterdam), amsterdam.utcoffset(datetime(1937, 7, 1)), amsterdam.dst(datetime(2024, 7, 1)))
print(pytz.FixedOffset(-330), pytz.FixedOffset(120).utcoffset(None), utc.localize(datetime(2000, 1, 1)).isoformat())
print(len(pytz.all_timezones) > 400, "Europe/Paris" in pytz.common_timezones_set, pytz.country_timezones("nz"), pytz.country_names["nl"])
try:
    pytz.timezone("Mars/Olympus")
except pytz.UnknownTimeZoneError as e:
    print("unknown:", e)
print(pytz.timezone("Asia/Tokyo").fromutc(datetime(2024, 1, 1, 0, tzinfo=pytz.timezone("Asia/Tokyo"))), pytz.timezone("UTC") is utc)
