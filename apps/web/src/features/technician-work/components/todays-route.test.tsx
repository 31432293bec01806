// Today's route: the stops in order with the drives between them (from home first, when the home
// ZIP is known), the day's driving, one maps link through every stop, and nothing on an empty day.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeRouteStop } from '../../../test/msw/handlers/technician-work.ts';
import { driveDuration, TodaysRoute } from './todays-route.tsx';

const morning = makeRouteStop({
  time: '09:00',
  customerName: 'Grace Hopper',
  orderNumber: 'PS-10042',
  address: '1 Harbor Rd, Atlanta, 30303',
  driveMinutesBefore: 15,
});
const afternoon = makeRouteStop({
  time: '13:30',
  customerName: 'Alan Kay',
  orderNumber: 'PS-10043',
  address: '9 Roswell Rd, Marietta, 30062',
  driveMinutesBefore: 25,
});

const route = (stops = [morning, afternoon], totalDriveMinutes = 100) => ({
  stops,
  totalDriveMinutes,
  homeZip: '30303',
});

describe('TodaysRoute', () => {
  it('renders nothing on a day without stops, or for a dashboard kept from before routes', () => {
    const { container, rerender } = render(<TodaysRoute route={route([], 0)} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<TodaysRoute route={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('lists the stops in order with the drive before each and the day’s driving', () => {
    render(<TodaysRoute route={route()} />);
    const section = screen.getByRole('region', { name: "Today's Route" });
    expect(within(section).getByText('About 1 h 40 min of driving today')).toBeInTheDocument();

    const stops = within(section).getAllByRole('listitem');
    expect(stops).toHaveLength(2);
    expect(stops[0]).toHaveTextContent('From home: about 15 min');
    expect(stops[0]).toHaveTextContent('9:00 AM');
    expect(stops[0]).toHaveTextContent('Grace Hopper (PS-10042)');
    expect(stops[0]).toHaveTextContent('1 Harbor Rd, Atlanta, 30303');
    expect(stops[1]).toHaveTextContent('Drive about 25 min');
    expect(stops[1]).toHaveTextContent('1:30 PM');
    expect(stops[1]).toHaveTextContent('Alan Kay');
    expect(stops[1]).toHaveTextContent('9 Roswell Rd, Marietta, 30062');
    expect(stops[1]).not.toHaveTextContent('From home');
  });

  it('leaves out the drive from home when the home ZIP is unknown', () => {
    const first = { ...morning, driveMinutesBefore: null };
    render(<TodaysRoute route={{ ...route([first, afternoon], 25), homeZip: null }} />);
    const stops = screen.getAllByRole('listitem');
    expect(stops[0]).not.toHaveTextContent(/about/i);
    expect(stops[1]).toHaveTextContent('Drive about 25 min');
    expect(screen.getByText('About 25 min of driving today')).toBeInTheDocument();
  });

  it('opens every stop in order in Maps, in a new tab', () => {
    render(<TodaysRoute route={route()} />);
    const link = screen.getByRole('link', {
      name: /^Open route in Maps\s*\(opens in a new tab\)$/,
    });
    expect(link).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1' +
        '&destination=9%20Roswell%20Rd%2C%20Marietta%2C%2030062' +
        '&waypoints=1%20Harbor%20Rd%2C%20Atlanta%2C%2030303&travelmode=driving',
    );
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('says how far the link goes when the day has more stops than Maps takes', () => {
    const stops = Array.from({ length: 11 }, (_, index) =>
      makeRouteStop({ address: `${index + 1} Main St, Atlanta, 30303` }),
    );
    render(<TodaysRoute route={route(stops, 120)} />);
    const href = screen.getByRole('link', { name: /Open route in Maps/ }).getAttribute('href');
    expect(href).toContain('destination=10%20Main%20St');
    expect(screen.getByText(/The link goes as far as stop 10/)).toBeInTheDocument();
  });
});

describe('driveDuration', () => {
  it.each([
    [10, '10 min'],
    [60, '1 h'],
    [100, '1 h 40 min'],
    [125, '2 h 5 min'],
  ])('%i minutes read %s', (minutes, words) => {
    expect(driveDuration(minutes)).toBe(words);
  });
});
