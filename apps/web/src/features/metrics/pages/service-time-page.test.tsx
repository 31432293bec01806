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
      targetMinutes: 45,
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
  });

  it("says 'No completed services yet' with none", async () => {
    signInAs({ role: 'admin' });
    renderApp(PATH);

    expect(await screen.findByText('No completed services yet')).toBeVisible();
    expect(screen.getByText(/Last 30 days:/)).toBeVisible();
  });
});
