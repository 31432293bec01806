import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { ViewerLookupError } from './api.ts';
import { AUTH_MESSAGES } from './auth-messages.ts';
import { makeViewer } from '../../test/msw/accounts.ts';
import { decideAdminPortal, decideTechnicianPortal } from './portal-decisions.ts';

const wrongPassword = new ApiError(401, 'UNAUTHENTICATED', 'Invalid email or password');

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
