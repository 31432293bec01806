import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { ViewerLookupError } from './api.ts';
import { AUTH_MESSAGES } from './auth-messages.ts';
import {
  adminDashboardHref,
  decideAdminPortal,
  decideTechnicianPortal,
  homeRedirectFor,
  technicianHomePath,
} from './role-redirects.ts';
import { makeViewer } from './testing/fake-auth-api.ts';

const wrongPassword = new ApiError(401, 'UNAUTHENTICATED', 'Invalid email or password');

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

describe('the admin portal', () => {
  it.each(['manager', 'admin', 'super_admin'] as const)('lets a %s in to /admin', (role) => {
    expect(decideAdminPortal({ viewer: makeViewer(role) })).toEqual({
      kind: 'enter',
      to: '/admin',
    });
  });

  it.each(['customer', 'technician'] as const)('signs a %s out again', (role) => {
    expect(decideAdminPortal({ viewer: makeViewer(role) })).toEqual({
      kind: 'refuse',
      message: 'Access denied. This account does not have administrative privileges.',
      signOut: true,
    });
  });

  it('answers a wrong password, an unreadable role and anything else in the spec’s words', () => {
    expect(decideAdminPortal({ error: wrongPassword })).toEqual({
      kind: 'refuse',
      message: 'Invalid credentials. Please check your email and password.',
      signOut: false,
    });
    expect(decideAdminPortal({ error: new ViewerLookupError(new Error('500')) })).toEqual({
      kind: 'refuse',
      message: 'Unable to verify admin privileges. Please contact support.',
      signOut: true,
    });
    for (const error of [
      new ApiError(429, 'RATE_LIMITED', 'Too many requests'),
      new ApiError(0, 'NETWORK', 'offline'),
      new TypeError('bug'),
    ]) {
      expect(decideAdminPortal({ error })).toEqual({
        kind: 'refuse',
        message: 'An error occurred. Please try again.',
        signOut: false,
      });
    }
    expect(decideAdminPortal({ viewer: null })).toMatchObject({
      message: AUTH_MESSAGES.authenticationFailed,
    });
  });
});

describe('the technician portal', () => {
  it('sends a technician to the dashboard or to onboarding', () => {
    expect(decideTechnicianPortal({ viewer: makeViewer('technician') })).toEqual({
      kind: 'enter',
      to: '/technician-dashboard',
    });
    expect(
      decideTechnicianPortal({ viewer: makeViewer('technician', { onboardingComplete: false }) }),
    ).toEqual({ kind: 'enter', to: '/technician-onboarding' });
  });

  it.each(['customer', 'manager', 'admin', 'super_admin'] as const)(
    'signs a %s out again',
    (role) => {
      expect(decideTechnicianPortal({ viewer: makeViewer(role) })).toEqual({
        kind: 'refuse',
        message: AUTH_MESSAGES.notTechnician,
        signOut: true,
      });
    },
  );

  it('answers a wrong password and anything else in the spec’s words', () => {
    expect(decideTechnicianPortal({ error: wrongPassword })).toMatchObject({
      message: 'Invalid credentials. Please check your email and password.',
      signOut: false,
    });
    expect(decideTechnicianPortal({ error: new ViewerLookupError(null) })).toEqual({
      kind: 'refuse',
      message: 'An error occurred. Please try again.',
      signOut: true,
    });
    expect(decideTechnicianPortal({ error: new ApiError(500, 'INTERNAL', 'boom') })).toMatchObject({
      message: 'An error occurred. Please try again.',
    });
  });
});
