import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../lib/api.ts';
import { createErrorMessage, deleteErrorMessage, listErrorMessage } from './user-messages.ts';

const signedOut = new ApiError(401, 'UNAUTHENTICATED', 'Sign in first');
const crashed = new ApiError(500, 'INTERNAL', 'Internal Server Error');
const offline = new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE);

describe('user list errors', () => {
  it('tells a signed-out viewer to sign in, and anyone else that loading failed', () => {
    expect(listErrorMessage(signedOut)).toBe('You must be signed in to view users');
    expect(listErrorMessage(crashed)).toBe('Failed to load users');
    expect(listErrorMessage(new ApiError(403, 'FORBIDDEN', 'No'))).toBe('Failed to load users');
    expect(listErrorMessage(offline)).toBe('Failed to load users');
  });
});

describe('create user errors', () => {
  it("shows the server's own words for a refusal it explains", () => {
    const taken = new ApiError(409, 'CONFLICT', 'A user with this email already exists.');
    expect(createErrorMessage(taken)).toBe('A user with this email already exists.');
  });

  it('asks a signed-out viewer to sign in', () => {
    expect(createErrorMessage(signedOut)).toBe('You must be signed in to create users');
  });

  it('says the creation failed when the server could not say why', () => {
    expect(createErrorMessage(crashed)).toBe('Failed to create user');
    expect(createErrorMessage(new ApiError(400, 'UNKNOWN', 'Request failed (400).'))).toBe(
      'Failed to create user',
    );
  });

  it('calls anything else unexpected', () => {
    expect(createErrorMessage(offline)).toBe('An unexpected error occurred. Please try again.');
    expect(createErrorMessage(new TypeError('x is undefined'))).toBe(
      'An unexpected error occurred. Please try again.',
    );
  });
});

describe('edit and delete errors', () => {
  it('asks a signed-out viewer to sign in, explains self-deletion, and otherwise fails', () => {
    expect(deleteErrorMessage(signedOut)).toBe('You must be signed in to delete users');
    expect(
      deleteErrorMessage(new ApiError(403, 'FORBIDDEN', 'You cannot delete your own account.')),
    ).toBe('You cannot delete your own account.');
    expect(deleteErrorMessage(new ApiError(404, 'NOT_FOUND', 'User not found.'))).toBe(
      'Failed to delete user: User not found.',
    );
    expect(deleteErrorMessage(offline)).toBe('Failed to delete user');
  });
});
