// /profile?visit=<bookingId> lands on that visit's card: scrolled into view and focused once the
// list has loaded and is on the page, once per arrival, and nothing for a visit not in the list.
import { useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs } from '../../test/msw/accounts.ts';
import { makeVisit, seedMyAppointments } from '../../test/msw/handlers/appointments.ts';
import { renderApp } from '../../test/render-app.tsx';
import { myAppointmentsQueryOptions } from './api.ts';
import { useVisitAnchor } from './use-visit-anchor.ts';

/** A stand-in for My Profile: the visits' cards as My Appointments gives them, and the hook. */
function VisitsPage() {
  const [isListShown, setIsListShown] = useState(false);
  const appointments = useQuery(myAppointmentsQueryOptions());
  useVisitAnchor(isListShown);
  const toggle = (
    <button type="button" onClick={() => setIsListShown((isShown) => !isShown)}>
      Toggle list
    </button>
  );
  if (!isListShown || !appointments.data) return toggle;
  return (
    <>
      {toggle}
      <ul>
        {appointments.data.upcoming.map((visit) => (
          <li key={visit.calendarId}>
            <article id={`visit-${visit.bookingId}`} tabIndex={-1} aria-label={visit.date}>
              {visit.date}
            </article>
          </li>
        ))}
      </ul>
    </>
  );
}

const routes = (): RouteObject[] => [
  {
    element: <Outlet />,
    HydrateFallback: () => null,
    children: [{ path: '/profile', Component: VisitsPage }],
  },
];

const scrollIntoView = vi.fn();

async function toggleList() {
  fireEvent.click(await screen.findByRole('button', { name: 'Toggle list' }));
}

beforeEach(() => {
  scrollIntoView.mockClear();
  Element.prototype.scrollIntoView = scrollIntoView;
  const customer = signInAs({ role: 'customer' });
  seedMyAppointments(customer, {
    upcoming: [
      makeVisit({
        bookingId: 'b1',
        date: '2026-12-01',
        time: '09:00',
        services: [{ serviceName: 'Oil' }],
      }),
      makeVisit({
        bookingId: 'b2',
        date: '2026-12-08',
        time: '10:00',
        services: [{ serviceName: 'Tyres' }],
      }),
    ],
  });
});

afterEach(() => {
  // jsdom has none of its own; the next test file should not find this one's spy.
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

describe('useVisitAnchor', () => {
  it('scrolls the named visit into view and focuses it once the list is on the page', async () => {
    const { queryClient } = renderApp('/profile?visit=b2', routes);
    await waitFor(() =>
      expect(queryClient.getQueryState(myAppointmentsQueryOptions().queryKey)?.status).toBe(
        'success',
      ),
    );
    // Loaded, but the list is not shown yet (the profile around it still loading): nothing yet.
    expect(scrollIntoView).not.toHaveBeenCalled();

    await toggleList();

    const card = await screen.findByRole('article', { name: '2026-12-08' });
    await waitFor(() => expect(card).toHaveFocus());
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(card);
    expect(scrollIntoView).toHaveBeenCalledWith(expect.objectContaining({ block: 'center' }));
  });

  it('does it once per arrival: the list read again leaves the page where the customer is', async () => {
    const { queryClient } = renderApp('/profile?visit=b1', routes);
    await toggleList();
    const card = await screen.findByRole('article', { name: '2026-12-01' });
    await waitFor(() => expect(card).toHaveFocus());
    card.blur();

    await act(() =>
      queryClient.invalidateQueries({ queryKey: myAppointmentsQueryOptions().queryKey }),
    );
    await toggleList();
    await toggleList();

    await screen.findByRole('article', { name: '2026-12-01' });
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(document.body).toHaveFocus();
  });

  it('leaves the page alone without ?visit= or for a visit not in the list', async () => {
    for (const path of ['/profile', '/profile?visit=someone-elses']) {
      const { unmount } = renderApp(path, routes);
      await toggleList();
      await screen.findByRole('article', { name: '2026-12-01' });
      expect(scrollIntoView).not.toHaveBeenCalled();
      expect(document.body).toHaveFocus();
      unmount();
    }
  });
});
