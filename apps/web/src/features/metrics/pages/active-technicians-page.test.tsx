import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/msw/accounts.ts';
import { seedActiveTechnicians } from '../../../test/msw/handlers/metrics.ts';
import { renderApp } from '../../../test/render-app.tsx';

const PATH = '/admin/metrics/active-technicians';

beforeAll(async () => {
  await import('./active-technicians-page.tsx');
});

describe('Active Technicians', () => {
  it('shows every technician on duty with their status, areas, phone, jobs and current job', async () => {
    signInAs({ role: 'manager' });
    seedActiveTechnicians([
      {
        id: 'technician-1',
        name: 'Jordan Lee',
        status: 'on-job',
        serviceAreas: ['Downtown', 'Business District'],
        phone: '(555) 201-3344',
        jobsToday: 4,
        completedToday: 1,
        currentJob: {
          appointmentId: 'appointment-1',
          serviceName: 'Synthetic Oil Change',
          customerName: 'Ada Lovelace',
        },
      },
      {
        id: 'technician-2',
        name: 'Sam Park',
        status: 'available',
        serviceAreas: [],
        phone: '(555) 777-1212',
        jobsToday: 0,
        completedToday: 0,
        currentJob: null,
      },
    ]);
    renderApp(PATH);

    expect(await screen.findByText('2 technicians on duty')).toBeVisible();
    const jordan = (await screen.findByRole('heading', { name: 'Jordan Lee', level: 2 })).closest(
      'article',
    )!;
    expect(jordan).toHaveTextContent('Status: On Job');
    expect(jordan).toHaveTextContent('Service areas: Downtown, Business District');
    expect(within(jordan).getByRole('link', { name: '(555) 201-3344' })).toHaveAttribute(
      'href',
      'tel:5552013344',
    );
    expect(within(jordan).getByText('Jobs today').nextSibling).toHaveTextContent('4');
    expect(within(jordan).getByText('Completed today').nextSibling).toHaveTextContent('1');
    expect(jordan).toHaveTextContent('Current job: Synthetic Oil Change for Ada Lovelace');

    const sam = screen.getByRole('heading', { name: 'Sam Park', level: 2 }).closest('article')!;
    expect(sam).toHaveTextContent('Status: Available');
    expect(sam).toHaveTextContent('No service area set');
    expect(sam).toHaveTextContent('No job in progress');
  });

  it("says 'No technicians on duty' with none", async () => {
    signInAs({ role: 'admin' });
    renderApp(PATH);

    expect(await screen.findByText('No technicians on duty')).toBeVisible();
  });
});
