import { describe, expect, it } from 'vitest';
import {
  againstTarget,
  dayRange,
  minutesText,
  monthLabel,
  rateText,
  shortDay,
  sinceDay,
  weekLabel,
} from './metric-words.ts';

describe('how the metric pages word their figures', () => {
  it('gives rates 1 decimal, and a dash when there was nothing', () => {
    expect(rateText(66.7)).toBe('66.7%');
    expect(rateText(100)).toBe('100.0%');
    expect(rateText(0)).toBe('0.0%');
    expect(rateText(null)).toBe('—');
  });

  it('says how far a time is from its target, in words', () => {
    expect(minutesText(45)).toBe('45 min');
    expect(minutesText(52.5)).toBe('52.5 min');
    expect(againstTarget(52.5, 45)).toEqual({ tone: 'over', words: '7.5 min over target' });
    expect(againstTarget(44.96, 45)).toEqual({ tone: 'on', words: 'On target' });
    expect(againstTarget(27, 30)).toEqual({ tone: 'under', words: '3 min under target' });
  });

  it('labels weeks, months and ranges of calendar days, whatever the zone', () => {
    expect(weekLabel('2026-11-22')).toBe('Week of Nov 22');
    expect(monthLabel('2026-11')).toBe('Nov 2026');
    expect(shortDay('2026-03-08')).toBe('Sun, Mar 8');
    expect(dayRange('2026-02-13', '2026-03-14')).toBe('Feb 13 – Mar 14, 2026');
    expect(dayRange('2025-12-20', '2026-01-03')).toBe('Dec 20, 2025 – Jan 3, 2026');
    expect(dayRange('2026-03-14', '2026-03-14')).toBe('Mar 14, 2026');
  });

  it('words a period still running up to today', () => {
    expect(sinceDay('2026-03-08', '2026-03-14')).toBe('Sun, Mar 8 – today');
    expect(sinceDay('2026-03-14', '2026-03-14')).toBe('today');
  });
});
