import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/msw/accounts.ts';
import { makeCompletion, seedCompletionRates } from '../../../test/msw/handlers/metrics.ts';
import { renderApp } from '../../../test/render-app.tsx';

const PATH = '/admin/metrics/completion-rate';

beforeAll(async () => {
  await import('./completion-rate-page.tsx');
});

/** The figure whose label starts with `label`, as its label, value and detail. */
function figure(label: string) {
  const term = screen.getAllByRole('term').find((term) => term.textContent?.startsWith(label));
  return term!.parentElement!;
}

describe('Completion Rate', () => {
  it('shows today, the week and the month so far with 1 decimal, and the latest completions', async () => {
    signInAs({ role: 'admin' });
    seedCompletionRates({
      today: { from: '2026-03-14', to: '2026-03-14', completed: 2, total: 3, rate: 66.7 },
      week: { from: '2026-03-08', to: '2026-03-14', completed: 0, total: 0, rate: null },
      month: { from: '2026-03-01', to: '2026-03-14', completed: 40, total: 40, rate: 100 },
      latest: [
        makeCompletion({
          customerName: 'Ada Lovelace',
          serviceName: 'Synthetic Oil Change',
          technician: 'Jordan Lee',
          date: '2026-03-14',
          time: '12:30',
          actualMinutes: 52.5,
          targetMinutes: 45,
        }),
        makeCompletion({
          customerName: 'Grace Hopper',
          serviceName: 'Tire Rotation',
          technician: null,
          date: '2026-03-13',
          time: '09:00',
          actualMinutes: null,
          targetMinutes: 30,
        }),
      ],
    });
    renderApp(PATH);

    const list = await screen.findByRole('list', { name: 'Latest completions' });
    expect(figure('Today')).toHaveTextContent('Today (Sat, Mar 14)66.7%2 completed of 3');
    // Days still to come are not counted, and the labels say so.
    expect(figure('This week')).toHaveTextContent(
      'This week so far (Sun, Mar 8 – today)—No appointments',
    );
    expect(figure('This month')).toHaveTextContent(
      'This month so far (Sun, Mar 1 – today)100.0%40 completed of 40',
    );

    const [ada, grace] = within(list).getAllByRole('listitem');
    expect(ada).toHaveTextContent('Ada Lovelace');
    expect(ada).toHaveTextContent('Synthetic Oil Change');
    expect(ada).toHaveTextContent('Jordan Lee · Mar 14, 2026 at 12:30 PM');
    expect(ada).toHaveTextContent('52.5 min vs 45 min target');
    expect(ada).toHaveTextContent('7.5 min over target');
    expect(grace).toHaveTextContent('Unassigned · Mar 13, 2026 at 9:00 AM');
    expect(grace).toHaveTextContent('Not timed vs 30 min target');
  });

  it('on the 1st, counts the month from today alone, and links to Analytics', async () => {
    signInAs({ role: 'manager' });
    const first = { from: '2026-03-01', to: '2026-03-01', completed: 1, total: 4, rate: 25 };
    seedCompletionRates({ today: first, week: first, month: first });
    renderApp(PATH);

    await screen.findByText('No completed appointments yet');
    expect(figure('This month')).toHaveTextContent(
      'This month so far (today)25.0%1 completed of 4',
    );
    expect(figure('This week')).toHaveTextContent('This week so far (today)25.0%');
    expect(screen.getByRole('link', { name: 'View analytics' })).toHaveAttribute(
      'href',
      '/admin/analytics',
    );
  });

  it("says 'No completed appointments yet' with none", async () => {
    signInAs({ role: 'super_admin' });
    renderApp(PATH);

    expect(await screen.findByText('No completed appointments yet')).toBeVisible();
    expect(figure('Today')).toHaveTextContent('—No appointments');
  });
});
