import { describe, expect, it } from 'vitest';
import { makeViewer } from '../test/msw/accounts.ts';
import { adminDashboardHref, homeRedirectFor, technicianHomePath } from './role-homes.ts';

describe('the footer Admin Dashboard link', () => {
  it.each([
    ['manager', '/admin'],
    ['admin', '/admin'],
    ['super_admin', '/admin'],
    ['customer', '/admin-portal'],
    ['technician', '/admin-portal'],
  ] as const)('goes where a signed-in %s belongs: %s', (role, href) => {
    expect(adminDashboardHref({ viewer: makeViewer(role), isLoading: false })).toBe(href);
  });

  it('goes to the admin portal when signed out', () => {
    expect(adminDashboardHref({ viewer: null, isLoading: false })).toBe('/admin-portal');
  });

  it('goes to the admin portal while nobody is known to be signed in yet', () => {
    expect(adminDashboardHref({ viewer: null, isLoading: true })).toBe('/admin-portal');
  });
});

describe('where a technician belongs', () => {
  it('is the dashboard once onboarded, onboarding before', () => {
    expect(technicianHomePath({ onboardingComplete: true })).toBe('/technician-dashboard');
    expect(technicianHomePath({ onboardingComplete: false })).toBe('/technician-onboarding');
  });

  it('sends only technicians away from the home page', () => {
    expect(homeRedirectFor(makeViewer('technician', { onboardingComplete: false }))).toBe(
      '/technician-onboarding',
    );
    expect(homeRedirectFor(makeViewer('technician'))).toBe('/technician-dashboard');
    for (const role of ['customer', 'manager', 'admin', 'super_admin'] as const) {
      expect(homeRedirectFor(makeViewer(role))).toBeNull();
    }
    expect(homeRedirectFor(null)).toBeNull();
  });
});
