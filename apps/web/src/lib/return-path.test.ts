import { describe, expect, it } from 'vitest';
import { loginPathReturningTo, returnPathOf, safeReturnPath } from './return-path.ts';

describe('safeReturnPath', () => {
  it.each([
    ['/booking', '/booking'],
    ['/booking?service=basic-oil-change', '/booking?service=basic-oil-change'],
    ['/checkout-success?session_id=cs_1#top', '/checkout-success?session_id=cs_1#top'],
    ['/', '/'],
  ])('keeps the same-origin path %s', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each([
    '//evil.com',
    '//evil.com/booking',
    '/..//evil.com',
    '/.//evil.com',
    '/%2e%2e//evil.com',
    '/a/..//evil.com',
    '/\\evil.com',
    '/\\/evil.com',
    '/booking\\..\\\\evil.com',
    'https://evil.com',
    'http://evil.com/booking',
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'evil.com',
    'booking',
    '/\t/evil.com',
    '/\n/evil.com',
    ' /booking',
    '',
    '/login',
    '/login?next=/booking',
    `/${'a'.repeat(2001)}`,
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 42, { pathname: '/booking' }, ['/booking']]) {
      expect(safeReturnPath(value)).toBeNull();
    }
  });
});

describe('returnPathOf', () => {
  it('prefers state.from, then ?next=', () => {
    expect(returnPathOf({ state: { from: '/booking' }, search: '?next=/services' })).toBe(
      '/booking',
    );
    expect(returnPathOf({ state: null, search: '?next=%2Fservices' })).toBe('/services');
    expect(returnPathOf({ state: { from: '//evil.com' }, search: '?next=/services' })).toBe(
      '/services',
    );
    expect(returnPathOf({ state: { from: 'https://evil.com' }, search: '' })).toBeNull();
  });

  it('reads back what loginPathReturningTo wrote', () => {
    const path = '/checkout-success?session_id=cs_test_1&x=a b';
    const login = new URL(loginPathReturningTo(path), 'https://pitstop.test');
    expect(login.pathname).toBe('/login');
    expect(returnPathOf({ state: null, search: login.search })).toBe(
      '/checkout-success?session_id=cs_test_1&x=a%20b',
    );
  });
});
