import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs, TEST_NOW } from '../../../test/msw/accounts.ts';
import { seedAnalytics } from '../../../test/msw/handlers/metrics.ts';
import { apiCalls } from '../../../test/msw/server.ts';
import { renderApp } from '../../../test/render-app.tsx';

beforeAll(async () => {
  await import('./analytics-page.tsx');
});

beforeEach(() => {
  // Today is the doubles' 2026-03-14 in New York (only the date: timers stay real).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TEST_NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

const FIGURES = {
  kpis: { revenueCents: 25_996, paidOrders: 2, completedServices: 3, averageOrderCents: 12_998 },
  popularServices: [
    { serviceName: 'Synthetic Oil Change', count: 5 },
    { serviceName: 'Tire Rotation', count: 1 },
  ],
  serviceAreas: [
    { area: 'Downtown', count: 2 },
    { area: 'Other', count: 1 },
  ],
  serviceAreasBy: 'area' as const,
  revenueByWeek: [
    { start: '2026-02-08', revenueCents: 0, orders: 0 },
    { start: '2026-03-08', revenueCents: 25_996, orders: 2 },
  ],
  revenueByMonth: [{ month: '2026-03', revenueCents: 25_996, orders: 2 }],
};

const NOTHING = {
  kpis: { revenueCents: 0, paidOrders: 0, completedServices: 0, averageOrderCents: null },
  popularServices: [],
  serviceAreas: [],
  serviceAreasBy: 'city' as const,
  revenueByWeek: [],
  revenueByMonth: [],
};

/** A KPI card's figure. */
function kpi(label: string) {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling;
}

const analyticsCalls = () => apiCalls().filter((call) => call.startsWith('GET /api/analytics'));

describe('Analytics', () => {
  it('opens on the last 30 days ending today and shows their figures', async () => {
    signInAs({ role: 'manager' });
    seedAnalytics(FIGURES);
    renderApp('/admin/analytics');

    expect(await screen.findByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
    expect(await screen.findByText('$129.98')).toBeVisible();
    expect(screen.getByLabelText('From')).toHaveValue('2026-02-13');
    expect(screen.getByLabelText('To')).toHaveValue('2026-03-14');
    expect(screen.getByText(/^Showing/).parentElement).toHaveTextContent(
      'Showing Feb 13 – Mar 14, 2026 (30 days)',
    );
    expect(analyticsCalls()).toEqual(['GET /api/analytics?from=2026-02-13&to=2026-03-14']);

    expect(kpi('Revenue')).toHaveTextContent('$259.96');
    expect(kpi('Paid orders')).toHaveTextContent('2');
    expect(kpi('Services completed')).toHaveTextContent('3');
    expect(kpi('Average order')).toHaveTextContent('$129.98');

    const services = within(screen.getByRole('list', { name: 'Appointments by service' }));
    expect(services.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Synthetic Oil Change5 appointments',
      'Tire Rotation1 appointment',
    ]);
    expect(screen.getByText('Paid visits by area.')).toBeVisible();
    const areas = within(screen.getByRole('list', { name: 'Paid visits by area' }));
    expect(areas.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Downtown2 visits',
      'Other1 visit',
    ]);
    const weeks = within(screen.getByRole('list', { name: 'Revenue by week' }));
    expect(weeks.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Week of Feb 8$0.00 · 0 orders',
      'Week of Mar 8$259.96 · 2 orders',
    ]);
    expect(screen.getByRole('list', { name: 'Revenue by month' })).toHaveTextContent(
      'Mar 2026$259.96 · 2 orders',
    );
  });

  it('shows visits by city while no area lists ZIP codes, and says so', async () => {
    signInAs({ role: 'admin' });
    seedAnalytics({
      ...FIGURES,
      serviceAreas: [{ area: 'Springfield', count: 2 }],
      serviceAreasBy: 'city',
    });
    renderApp('/admin/analytics');

    expect(await screen.findByText('$129.98')).toBeVisible();
    expect(screen.getByText('Paid visits by city: no area lists ZIP codes yet.')).toBeVisible();
    expect(screen.getByRole('list', { name: 'Paid visits by city' })).toHaveTextContent(
      'Springfield2 visits',
    );
    expect(screen.queryByRole('list', { name: 'Paid visits by area' })).toBeNull();
  });

  it('asks again for a new range, kept in the address', async () => {
    signInAs({ role: 'admin' });
    seedAnalytics((range) =>
      range.from === '2026-01-01'
        ? { ...NOTHING, kpis: { ...NOTHING.kpis, revenueCents: 4_999, paidOrders: 1 } }
        : FIGURES,
    );
    const user = userEvent.setup();
    const { router } = renderApp('/admin/analytics');
    expect(await screen.findByText('$129.98')).toBeVisible();

    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-01-01');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-01-31');
    await user.click(screen.getByRole('button', { name: 'Show figures' }));

    expect(await screen.findByText('$49.99')).toBeVisible();
    expect(router.state.location.search).toBe('?from=2026-01-01&to=2026-01-31');
    expect(analyticsCalls()).toEqual([
      'GET /api/analytics?from=2026-02-13&to=2026-03-14',
      'GET /api/analytics?from=2026-01-01&to=2026-01-31',
    ]);
    expect(screen.getByText(/^Showing/).parentElement).toHaveTextContent(
      'Showing Jan 1 – Jan 31, 2026 (31 days)',
    );
  });

  it('refuses an end before the start at the field, without asking the server', async () => {
    signInAs({ role: 'admin' });
    seedAnalytics(FIGURES);
    const user = userEvent.setup();
    const { router } = renderApp('/admin/analytics');
    expect(await screen.findByText('$129.98')).toBeVisible();

    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-02-01');
    await user.click(screen.getByRole('button', { name: 'Show figures' }));

    expect(
      await screen.findByText('The end date must be on or after the start date'),
    ).toBeVisible();
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription(
      'The end date must be on or after the start date',
    );
    expect(router.state.location.search).toBe('');
    expect(analyticsCalls()).toHaveLength(1);
  });

  it('opens on the range in the address, and shows what is wrong with a bad one', async () => {
    signInAs({ role: 'admin' });
    seedAnalytics(FIGURES);
    const first = renderApp('/admin/analytics?from=2026-03-01&to=2026-03-14');
    expect(await screen.findByText('$129.98')).toBeVisible();
    expect(analyticsCalls()).toEqual(['GET /api/analytics?from=2026-03-01&to=2026-03-14']);
    first.unmount();

    renderApp('/admin/analytics?from=2026-03-14&to=2026-03-01');
    expect(
      await screen.findByText('The end date must be on or after the start date'),
    ).toBeVisible();
    expect(screen.getByText('Fix the dates above to see the figures.')).toBeVisible();
    await waitFor(() => expect(analyticsCalls()).toHaveLength(1));
  });

  it("says so when there's nothing in the range", async () => {
    signInAs({ role: 'super_admin' });
    renderApp('/admin/analytics');

    expect(await screen.findAllByText('No paid orders in this period')).toHaveLength(2);
    expect(screen.getByText('No appointments in this period')).toBeVisible();
    expect(screen.getByText('No paid visits in this period')).toBeVisible();
    expect(kpi('Revenue')).toHaveTextContent('$0.00');
    expect(kpi('Average order')).toHaveTextContent('—');
  });
});
