# Driver (written for vmsample's corpus) of python-dateutil: parsing, relativedelta, rrule, easter, tz.
from datetime import date, datetime, timedelta

from dateutil import easter, parser, rrule, tz
from dateutil.relativedelta import FR, MO, relativedelta

default = datetime(2003, 9, 25)
for text in ["Thu Sep 25 10:36:28 BRST 2003", "2003-09-25T10:49:41.5-03:00", "25 Sep 2003 10:49",
             "September 25th, 2003 at 3pm", "10/09/2003", "20030925T104941", "Sep 03", "3rd of May 2001"]:
    print(text, "->", parser.parse(text, default=default, tzinfos={"BRST": -10800}))
print(parser.parse("10/09/2003", dayfirst=True), parser.parse("10-09-03", yearfirst=True),
      parser.parse("Today is 25 of September of 2003, exactly at 10:49:41", fuzzy=True))
print(parser.isoparse("2018-06-29T14:35:22.123456+02:00"), parser.isoparse("2018-W26-5"))

start = datetime(2020, 1, 31, 12, 0)
print(start + relativedelta(months=+1), start + relativedelta(months=+1, weekday=FR(+2)),
      start - relativedelta(years=1, days=-3), date(2021, 3, 1) + relativedelta(weekday=MO(-1)))
rd = relativedelta(datetime(2024, 2, 29, 8), datetime(2019, 7, 4, 17, 30))
print(rd, rd.normalized(), relativedelta(hours=50).normalized(), relativedelta(days=+1.5).normalized())

rule = rrule.rrule(rrule.WEEKLY, count=6, byweekday=(rrule.TU, rrule.TH), dtstart=datetime(2024, 1, 1))
print(list(rule), rule.after(datetime(2024, 1, 10)), rule.before(datetime(2024, 1, 10)))
print(list(rrule.rrule(rrule.MONTHLY, bymonthday=-1, count=4, dtstart=datetime(2023, 11, 5))))
rs = rrule.rrulestr("DTSTART:20240101T090000\nRRULE:FREQ=DAILY;INTERVAL=3;COUNT=5;BYHOUR=9,18")
print(list(rs))
rset = rrule.rruleset()
rset.rrule(rrule.rrule(rrule.DAILY, count=7, dtstart=datetime(2024, 5, 1)))
rset.exdate(datetime(2024, 5, 3))
print(list(rset), [easter.easter(y) for y in (2000, 2024, 2025)], easter.easter(2024, easter.EASTER_ORTHODOX))

utc, plus5 = tz.tzutc(), tz.tzoffset("X", 5 * 3600)
moment = datetime(2024, 6, 1, 12, tzinfo=utc)
print(moment.astimezone(plus5), moment.astimezone(plus5).utcoffset(), tz.tzoffset(None, -3600), utc)
nyc = tz.tzstr("EST5EDT,M3.2.0,M11.1.0")
print(datetime(2024, 7, 1, 12, tzinfo=nyc).utcoffset(), datetime(2024, 1, 1, 12, tzinfo=nyc).tzname(),
      tz.datetime_ambiguous(datetime(2024, 11, 3, 1, 30), nyc), datetime(2024, 3, 10, 1, 59, tzinfo=nyc) + timedelta(0))
