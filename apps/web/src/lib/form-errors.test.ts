import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { serverFieldErrors } from './form-errors.ts';

describe('serverFieldErrors', () => {
  it('keeps the messages for fields the form has, in the form’s order', () => {
    const error = new ApiError(422, 'VALIDATION', 'Invalid email address', {
      email: 'Invalid email address',
      name: 'Name is required',
      _: 'Something else',
    });
    expect(serverFieldErrors(error, ['name', 'email', 'phone'] as const)).toEqual([
      ['name', 'Name is required'],
      ['email', 'Invalid email address'],
    ]);
  });

  it('puts a message about an item of a list on the list’s field', () => {
    const error = new ApiError(422, 'VALIDATION', 'Too long', {
      'includes.2': 'An included item is too long',
    });
    expect(serverFieldErrors(error, ['name', 'includes'] as const)).toEqual([
      ['includes', 'An included item is too long'],
    ]);
  });

  it('takes the field messages of any refusal, and nothing from other errors', () => {
    const conflict = new ApiError(409, 'CONFLICT', 'Taken', { email: 'Taken' });
    expect(serverFieldErrors(conflict, ['email'] as const)).toEqual([['email', 'Taken']]);
    expect(serverFieldErrors(new ApiError(500, 'INTERNAL', 'Down'), ['email'] as const)).toEqual(
      [],
    );
    expect(serverFieldErrors(new Error('boom'), ['email'] as const)).toEqual([]);
  });
});
