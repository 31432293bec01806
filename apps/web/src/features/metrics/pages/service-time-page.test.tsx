import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/msw/accounts.ts';
import { makeCompletion, seedServiceTimes } from '../../../test/msw/handlers/metrics.ts';
import { renderApp } from '../../../test/render-app.tsx';

const PATH = '/admin/metrics/service-time';

beforeAll(async () => {
  await import('./service-time-page.tsx');
});

describe('Average Service Time', () => {
  it("shows the period, each service's average against its target in words, and recent services", async () => {
    signInAs({ role: 'manager' });
    seedServiceTimes({
      from: '2026-02-13',
      to: '2026-03-14',
      byService: [
        {
          serviceName: 'Synthetic Oil Change',
          completed: 4,
          averageMinutes: 52.5,
          targetMinutes: 45,
        },
        { serviceName: 'Tire Rotation', completed: 1, averageMinutes: 27, targetMinutes: 30 },
        { serviceName: 'Battery Check', completed: 2, averageMinutes: 20, targetMinutes: 20 },
      ],
      recent: [
        makeCompletion({
          customerName: 'Ada Lovelace',
          serviceName: 'Tire Rotation',
          time: '12:30',
          actualMinutes: 27,
          targetMinutes: 30,
        }),
      ],
    });
    renderApp(PATH);

    const bars = await screen.findByRole('list', { name: 'Average service time by service' });
    expect(screen.getByText(/Last 30 days:/).parentElement).toHaveTextContent(
      'Last 30 days: Feb 13 – Mar 14, 2026',
    );
    // The rule, in words near the figures: the same as the dashboard's card.
    expect(
      screen.getByText(/A job's target is the minutes its service was booked for/),
    ).toHaveTextContent(
      "A job's target is the minutes its service was booked for, here and on the dashboard; a time under 1 minute or over 3 times the booked minutes is implausible and counts in no average.",
    );
    expect(screen.queryByText(/left out/)).not.toBeInTheDocument();
    const [oil, tires, battery] = within(bars).getAllByRole('listitem');
    expect(oil).toHaveTextContent('Synthetic Oil Change');
    expect(oil).toHaveTextContent('4 completed services');
    expect(oil).toHaveTextContent('52.5 min average vs 45 min target');
    expect(oil).toHaveTextContent('7.5 min over target');
    expect(tires).toHaveTextContent('1 completed service');
    expect(tires).toHaveTextContent('3 min under target');
    expect(battery).toHaveTextContent('On target');

    const recent = screen.getByRole('list', { name: 'Recent services' });
    expect(recent).toHaveTextContent('Ada Lovelace');
    expect(recent).toHaveTextContent('Mar 14, 2026 at 12:30 PM');
    expect(recent).toHaveTextContent('27 min vs 30 min target');
    expect(recent).not.toHaveTextContent('Implausible time');
  });

  it('says how many implausible times were left out, and flags them in the recent list', async () => {
    signInAs({ role: 'admin' });
    seedServiceTimes({
      byService: [
        { serviceName: 'Tire Rotation', completed: 1, averageMinutes: 40, targetMinutes: 45 },
      ],
      implausibleLeftOut: 2,
      recent: [
        makeCompletion({ customerName: 'Ada Lovelace', actualMinutes: 0.2, targetMinutes: 45 }),
        makeCompletion({ customerName: 'Grace Hopper', actualMinutes: 180, targetMinutes: 45 }),
        makeCompletion({ customerName: 'Alan Turing', actualMinutes: 40, targetMinutes: 45 }),
      ],
    });
    renderApp(PATH);

    expect(await screen.findByText('2 implausible times left out.')).toBeVisible();
    const recent = screen.getByRole('list', { name: 'Recent services' });
    const [seconds, hours, real] = within(recent).getAllByRole('listitem');
    // Still listed with their figures, marked instead of measured against the target.
    expect(seconds).toHaveTextContent('0.2 min vs 45 min target');
    expect(seconds).toHaveTextContent('Implausible time');
    expect(seconds).not.toHaveTextContent('under target');
    expect(hours).toHaveTextContent('180 min vs 45 min target');
    expect(hours).toHaveTextContent('Implausible time');
    expect(real).toHaveTextContent('5 min under target');
    expect(real).not.toHaveTextContent('Implausible time');
  });

  it("says 'No completed services yet' with none", async () => {
    signInAs({ role: 'admin' });
    renderApp(PATH);

    expect(await screen.findByText('No completed services yet')).toBeVisible();
    expect(screen.getByText(/Last 30 days:/)).toBeVisible();
  });
});
