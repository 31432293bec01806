import { describe, expect, it } from 'vitest';
import {
  datesOf,
  DEFAULT_SEARCH,
  pageCount,
  paramsFromSearch,
  searchFromParams,
  searchPath,
  type AppointmentSearch,
} from './appointment-search.ts';

describe('the appointments search in the address', () => {
  it('reads back what it writes, defaults left out of the address', () => {
    const search: AppointmentSearch = {
      q: 'oil change',
      status: 'in-progress',
      view: 'past',
      flag: 'balance-due',
      sort: 'customer',
      month: 2,
      year: 2025,
      page: 3,
    };
    expect(searchFromParams(paramsFromSearch(search))).toEqual(search);
    expect(paramsFromSearch(DEFAULT_SEARCH).toString()).toBe('');
  });

  it('reads a value the API would refuse as its default, not as an error', () => {
    const params = new URLSearchParams(
      'status=lost&view=future&flag=vip&sort=random&month=13&year=1999&page=0&q=%20%20tire%20',
    );
    expect(searchFromParams(params)).toEqual({ ...DEFAULT_SEARCH, q: 'tire' });
    expect(searchFromParams(new URLSearchParams('month=1.5&page=-2'))).toEqual(DEFAULT_SEARCH);
  });

  it('asks the API in one fixed order, with the page size', () => {
    expect(searchPath(DEFAULT_SEARCH)).toBe(
      '/api/appointments/search?view=all&sort=date-desc&page=1&pageSize=10',
    );
    expect(searchPath({ ...DEFAULT_SEARCH, q: 'a&b', month: 3, year: 2026 })).toBe(
      '/api/appointments/search?q=a%26b&view=all&month=3&year=2026&sort=date-desc&page=1&pageSize=10',
    );
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(1000, 10)).toBe(100);
  });

  it("lists a page's dates once each, in order", () => {
    expect(
      datesOf([{ date: '2026-03-15' }, { date: '2026-03-14' }, { date: '2026-03-15' }]),
    ).toEqual(['2026-03-14', '2026-03-15']);
  });
});
