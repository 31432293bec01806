import { describe, expect, it } from 'vitest';
import { zonedMoment } from '../booking/capacity.ts';
import { businessClockTime } from '../business/moment-words.ts';
import { VISIT_TEXTS, firstNameOf, reminderWallClock, shortVisitDate } from './visit-texts.ts';

const NEW_YORK = 'America/New_York';
const business = { name: 'Pitstop', phone: '(555) 010-4477' };

describe('reminderWallClock', () => {
  it('is the same time the day before for 24 hours, and hours back on the clock otherwise', () => {
    expect(reminderWallClock('2026-12-02', '10:00', 24)).toEqual({
      date: '2026-12-01',
      time: '10:00',
    });
    expect(reminderWallClock('2026-12-02', '10:30', 2)).toEqual({
      date: '2026-12-02',
      time: '08:30',
    });
    expect(reminderWallClock('2026-12-02', '01:00', 3)).toEqual({
      date: '2026-12-01',
      time: '22:00',
    });
    expect(reminderWallClock('2026-12-08', '09:15', 168)).toEqual({
      date: '2026-12-01',
      time: '09:15',
    });
  });

  it('keeps the clock time across daylight-saving changes (23 or 25 real hours)', () => {
    // Clocks go forward on Sunday, March 14, 2027 and back on Sunday, November 7, 2027.
    const spring = reminderWallClock('2027-03-15', '09:00', 24);
    const springAt = zonedMoment(spring.date, spring.time, NEW_YORK);
    const springVisit = zonedMoment('2027-03-15', '09:00', NEW_YORK);
    expect(springAt.toISOString()).toBe('2027-03-14T13:00:00.000Z');
    expect((springVisit.getTime() - springAt.getTime()) / 3_600_000).toBe(24);

    const fallVisit = zonedMoment('2027-11-07', '09:00', NEW_YORK);
    const fall = reminderWallClock('2027-11-07', '09:00', 24);
    const fallAt = zonedMoment(fall.date, fall.time, NEW_YORK);
    expect(fallAt.toISOString()).toBe('2027-11-06T13:00:00.000Z');
    expect((fallVisit.getTime() - fallAt.getTime()) / 3_600_000).toBe(25);
  });
});

describe('the texts', () => {
  it('fit one segment, name the business and use plain characters only', () => {
    const texts = [
      VISIT_TEXTS.reminder(business, '2026-12-02', '10:00'),
      VISIT_TEXTS.onMyWay(business, 'Alexandria Rivera-Montgomery', '10:40 AM'),
      VISIT_TEXTS.runningLate(business, 'Alexandria Rivera-Montgomery', '11:05 AM'),
    ];
    for (const text of texts) {
      expect(text.length).toBeLessThanOrEqual(160);
      expect(text).toContain('Pitstop');
      // GSM-7's basic set: no curly quotes, dashes or other characters that make a text UCS-2.
      expect(text).toMatch(/^[A-Za-z0-9 .,:!?'()+\-/@&]*$/);
    }
    expect(texts[0]).toBe(
      'Pitstop reminder: your visit is Wed, Dec 2 at 10:00 AM. Questions? (555) 010-4477. Reply STOP to opt out.',
    );
    expect(texts[1]).toBe(
      'Alexandria from Pitstop is on the way, arriving about 10:40 AM. Questions? (555) 010-4477',
    );
  });

  it('write typographic quotes and dashes of a name plainly, keeping a text in GSM-7', () => {
    const text = VISIT_TEXTS.onMyWay(
      { name: 'Joe\u2019s \u201CFast\u201D Lube \u2013 Mobile', phone: '(555) 010-4477' },
      'Ren\u00A0O\u2019Neil',
      '10:40 AM',
    );
    expect(text).toBe(
      'Ren from Joe\'s "Fast" Lube - Mobile is on the way, arriving about 10:40 AM. Questions? (555) 010-4477',
    );
  });

  it('word dates and times as the business reads them', () => {
    expect(shortVisitDate('2027-01-04')).toBe('Mon, Jan 4');
    expect(businessClockTime(new Date('2026-12-01T15:40:00Z'), NEW_YORK)).toBe('10:40 AM');
    expect(businessClockTime(new Date('2026-07-01T14:40:00Z'), NEW_YORK)).toBe('10:40 AM');
    expect(firstNameOf('  Alex   Rivera ')).toBe('Alex');
  });
});
