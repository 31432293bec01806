// The technician status rules: derived on load in the spec's order, Start / End Duty, today's date
// toggled in the working-days calendar, and a job moved during the day.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCalendarDays } from '../calendar-dates.ts';
import {
  canResendInvitation,
  deriveTechnicianStatus,
  isOnDuty,
  monthRange,
  needsInvitation,
  statusAfterDuty,
  statusAfterJobChange,
  statusAfterWorkingDayToggle,
  TECHNICIAN_MESSAGES,
  TECHNICIAN_STATUSES,
  workingDayProblem,
} from './rules.ts';

const status = fc.constantFrom(...TECHNICIAN_STATUSES);

describe('the status derived on load', () => {
  it('keeps off-duty, whatever the day and the jobs (rule 1)', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), (worksToday, hasJobInProgressToday) => {
        expect(
          deriveTechnicianStatus({ stored: 'off-duty', worksToday, hasJobInProgressToday }),
        ).toBe('off-duty');
      }),
    );
  });

  it('keeps the stored status of a technician not working today (rule 2)', () => {
    for (const stored of ['available', 'on-job'] as const) {
      for (const hasJobInProgressToday of [true, false]) {
        expect(deriveTechnicianStatus({ stored, worksToday: false, hasJobInProgressToday })).toBe(
          stored,
        );
      }
    }
  });

  it('makes a technician working today with a job in progress on-job (rule 3)', () => {
    for (const stored of ['available', 'on-job'] as const) {
      expect(
        deriveTechnicianStatus({ stored, worksToday: true, hasJobInProgressToday: true }),
      ).toBe('on-job');
    }
  });

  it('makes everyone else available (rule 4)', () => {
    for (const stored of ['available', 'on-job'] as const) {
      expect(
        deriveTechnicianStatus({ stored, worksToday: true, hasJobInProgressToday: false }),
      ).toBe('available');
    }
  });
});

describe('Start Duty / End Duty', () => {
  it('End Duty is off-duty, Start Duty is available from off-duty', () => {
    expect(statusAfterDuty('available', false)).toBe('off-duty');
    expect(statusAfterDuty('on-job', false)).toBe('off-duty');
    expect(statusAfterDuty('off-duty', true)).toBe('available');
  });

  it('changes nothing when pressed again, and keeps a technician on a job on-job', () => {
    fc.assert(
      fc.property(status, fc.boolean(), (stored, onDuty) => {
        const once = statusAfterDuty(stored, onDuty);
        expect(statusAfterDuty(once, onDuty)).toBe(once);
        expect(isOnDuty(once)).toBe(onDuty);
      }),
    );
    expect(statusAfterDuty('on-job', true)).toBe('on-job');
  });
});

describe('toggling a day in the working-days calendar', () => {
  const today = '2026-11-24';

  it('today off makes off-duty; today on while off-duty makes available', () => {
    expect(statusAfterWorkingDayToggle('available', { date: today, today, working: false })).toBe(
      'off-duty',
    );
    expect(statusAfterWorkingDayToggle('on-job', { date: today, today, working: false })).toBe(
      'off-duty',
    );
    expect(statusAfterWorkingDayToggle('off-duty', { date: today, today, working: true })).toBe(
      'available',
    );
    expect(statusAfterWorkingDayToggle('on-job', { date: today, today, working: true })).toBe(
      'on-job',
    );
  });

  it('any other day changes nothing', () => {
    fc.assert(
      fc.property(status, fc.integer({ min: 1, max: 365 }), fc.boolean(), (stored, n, working) => {
        const date = addCalendarDays(today, n);
        expect(statusAfterWorkingDayToggle(stored, { date, today, working })).toBe(stored);
      }),
    );
  });

  it('refuses past days and days over a year ahead', () => {
    expect(workingDayProblem('2026-11-23', today)).toBe(TECHNICIAN_MESSAGES.pastDay);
    expect(workingDayProblem(today, today)).toBeNull();
    expect(workingDayProblem(addCalendarDays(today, 365), today)).toBeNull();
    expect(workingDayProblem(addCalendarDays(today, 366), today)).toBe(
      TECHNICIAN_MESSAGES.dayTooFar,
    );
  });
});

describe('a job moved during the day', () => {
  it('in progress makes on-job, none makes available, off-duty stays', () => {
    expect(statusAfterJobChange('available', true)).toBe('on-job');
    expect(statusAfterJobChange('on-job', false)).toBe('available');
    expect(statusAfterJobChange('off-duty', true)).toBe('off-duty');
    expect(statusAfterJobChange('off-duty', false)).toBe('off-duty');
  });
});

describe('calendar dates', () => {
  it('finds a month’s first and last day', () => {
    expect(monthRange('2028-02')).toEqual({ first: '2028-02-01', last: '2028-02-29' });
    expect(monthRange('2026-12')).toEqual({ first: '2026-12-01', last: '2026-12-31' });
  });
});

describe('the resend button', () => {
  it('shows while phone or address is missing', () => {
    expect(needsInvitation({ phone: '', street: '1 Main St' })).toBe(true);
    expect(needsInvitation({ phone: '(555) 123-4567', street: ' ' })).toBe(true);
    expect(needsInvitation({ phone: '(555) 123-4567', street: '1 Main St' })).toBe(false);
  });

  it('is refused once onboarding is complete: the link would set the password', () => {
    expect(canResendInvitation({ onboardingComplete: false })).toBe(true);
    expect(canResendInvitation({ onboardingComplete: true })).toBe(false);
  });
});
