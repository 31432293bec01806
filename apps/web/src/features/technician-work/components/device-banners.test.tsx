// What the phone says about itself: how old the jobs on screen are with no signal (in the
// business's zone, the date too for another day), and the new version waiting for Reload.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { installTechnicianApp } from '../install/service-worker.ts';
import { NewVersionBanner, OfflineBanner } from './device-banners.tsx';

const NEW_YORK = 'America/New_York';

// A stand-in for workbox-window's Workbox: the test fires its events.
const workbox = vi.hoisted(() => ({
  listeners: new Map<string, (() => void)[]>(),
  register: vi.fn(async () => undefined),
  messageSkipWaiting: vi.fn(),
  fire(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  },
}));

vi.mock('workbox-window', () => ({
  Workbox: class {
    addEventListener(type: string, listener: () => void) {
      workbox.listeners.set(type, [...(workbox.listeners.get(type) ?? []), listener]);
    }
    register = workbox.register;
    messageSkipWaiting = workbox.messageSkipWaiting;
  },
}));

describe('OfflineBanner', () => {
  it('says the time the jobs were read, in the business’s zone, for today', () => {
    render(
      <OfflineBanner
        asOf={Date.parse('2026-03-14T13:42:00Z')}
        today="2026-03-14"
        timeZone={NEW_YORK}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Offline - showing jobs as of 9:42 AM');
  });

  it('takes today in the business’s zone, not the browser’s (UTC here)', () => {
    // 10:05 PM in New York on the 14th is already the 15th in UTC.
    render(
      <OfflineBanner
        asOf={Date.parse('2026-03-15T02:05:00Z')}
        today="2026-03-14"
        timeZone={NEW_YORK}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Offline - showing jobs as of 10:05 PM');
  });

  it('says the date too when the jobs were read on another day', () => {
    render(
      <OfflineBanner
        asOf={Date.parse('2026-03-13T13:42:00Z')}
        today="2026-03-14"
        timeZone={NEW_YORK}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Offline - showing jobs as of Mar 13, 2026, 9:42 AM',
    );
  });
});

describe('NewVersionBanner', () => {
  // The service worker is registered only in a built app, in a browser that has them.
  beforeAll(() => {
    vi.stubEnv('DEV', false);
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('is hidden until a new version waits, then Reload applies it', async () => {
    const { container } = render(<NewVersionBanner />);
    expect(container).toBeEmptyDOMElement();

    installTechnicianApp();
    await vi.waitFor(() => expect(workbox.register).toHaveBeenCalledOnce());
    expect(document.querySelector('link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/technician.webmanifest',
    );
    // Registered, but no new version yet.
    expect(container).toBeEmptyDOMElement();

    act(() => workbox.fire('waiting'));
    expect(screen.getByRole('status')).toHaveTextContent('A new version is ready');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }));
    expect(workbox.messageSkipWaiting).toHaveBeenCalledOnce();
    // The page reloads once the new version has taken over, not before.
    expect(workbox.listeners.get('controlling')).toHaveLength(1);
  });
});
