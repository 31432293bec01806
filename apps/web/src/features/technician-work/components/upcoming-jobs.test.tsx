// The next days' jobs: grouped by date and visit, in time order, with the map and phone links,
// and nothing at all when there are none.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeJob } from '../../../test/msw/handlers/technician-work.ts';
import { makeVisitVehicle } from '../../../test/visit-vehicle.ts';
import { UpcomingJobs } from './upcoming-jobs.tsx';

describe('UpcomingJobs', () => {
  it('renders nothing without jobs', () => {
    const { container } = render(<UpcomingJobs jobs={[]} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('groups the jobs by date, then by visit, in time order', () => {
    const laterDay = makeJob({ date: '2026-03-17', time: '08:00', customerName: 'Alan Kay' });
    const afternoon = makeJob({ date: '2026-03-16', time: '14:00', customerName: 'Edsger D' });
    const morning = makeJob({
      date: '2026-03-16',
      time: '09:00',
      durationMinutes: 45,
      customerName: 'Grace Hopper',
    });
    const sameVisit = makeJob({
      date: '2026-03-16',
      time: '09:45',
      durationMinutes: 45,
      bookingId: morning.bookingId,
      serviceName: 'Tire Rotation',
    });
    render(<UpcomingJobs jobs={[laterDay, afternoon, sameVisit, morning]} />);

    const section = screen.getByRole('region', { name: 'Next Days' });
    expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent('Next Days');
    const days = within(section).getAllByRole('heading', { level: 3 });
    expect(days.map((day) => day.textContent)).toEqual(['Monday, March 16', 'Tuesday, March 17']);

    const monday = screen.getByRole('region', { name: 'Monday, March 16' });
    const cards = within(monday).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveAccessibleName(
      /^9:00 AM - 10:30 AM,\s*Basic Oil Change, Tire Rotation$/,
    );
    expect(cards[0]).toHaveTextContent('Grace Hopper');
    expect(cards[1]).toHaveAccessibleName(/^2:00 PM - 2:45 PM,\s*Basic Oil Change$/);
    expect(cards[1]).toHaveTextContent('Edsger D');

    const tuesday = screen.getByRole('region', { name: 'Tuesday, March 17' });
    expect(within(tuesday).getByRole('article')).toHaveTextContent('Alan Kay');
  });

  it('links the address to the map and the phone to a call, with the car and the notes', () => {
    const job = makeJob({
      date: '2026-03-16',
      location: '1 Harbor Rd, Springfield, 12345',
      phone: '(555) 222-3333',
      description: 'Gate code 4321',
      vehicle: makeVisitVehicle(),
    });
    render(<UpcomingJobs jobs={[job]} />);
    const card = screen.getByRole('article');

    const map = within(card).getByRole('link', { name: /1 Harbor Rd, Springfield, 12345/ });
    expect(map).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=1%20Harbor%20Rd%2C%20Springfield%2C%2012345',
    );
    expect(map).toHaveAttribute('target', '_blank');
    expect(map).toHaveAccessibleName(/opens in Maps in a new tab/);

    const call = within(card).getByRole('link', { name: /\(555\) 222-3333, call Grace Hopper/ });
    expect(call.getAttribute('href')).toMatch(/^tel:/);

    expect(card).toHaveTextContent('2019 Toyota 4Runner · Blue · ABC 123');
    expect(card).toHaveTextContent('Gate code 4321');
  });

  it('says so when the customer gave no phone', () => {
    render(<UpcomingJobs jobs={[makeJob({ date: '2026-03-16', phone: '' })]} />);
    const card = screen.getByRole('article');
    expect(within(card).queryByRole('link', { name: /call/ })).not.toBeInTheDocument();
    expect(card).toHaveTextContent('Not given');
  });
});
