// The shared reads kept in memory are bounded (lib/read-cache.ts): the public slots route asks for
// any date, each a read of its own, so the least recently used is dropped past
// MAX_SHARED_ENTRIES; a read
// forgotten by one table's announcement is forgotten under every table it came from.
import { describe, expect, it } from 'vitest';
import type { Listener } from '../src/db/listener.ts';
import { ReadCache } from '../src/lib/read-cache.ts';

const live: Listener = {
  isLive: true,
  hearsCommitsAtOnce: true,
  caughtUp: async () => {},
  close: async () => {},
};

function counting() {
  const loads = new Map<string, number>();
  const load = (key: string) => async () => {
    loads.set(key, (loads.get(key) ?? 0) + 1);
    return key;
  };
  return { loads, load };
}

describe('shared reads kept in memory', () => {
  it('keeps at most a thousand, dropping the oldest', async () => {
    const cache = new ReadCache(false);
    cache.listenWith(live);
    const { loads, load } = counting();
    for (let day = 0; day <= 1_000; day++) {
      await cache.read(`day-${day}`, ['bookings'], load(`day-${day}`));
    }
    await cache.read('day-1000', ['bookings'], load('day-1000'));
    expect(loads.get('day-1000')).toBe(1);
    await cache.read('day-0', ['bookings'], load('day-0'));
    expect(loads.get('day-0')).toBe(2);
  });

  it('keeps a read in use while a caller walks a thousand dates', async () => {
    const cache = new ReadCache(false);
    cache.listenWith(live);
    const { loads, load } = counting();
    await cache.read('business-profile', ['business_profile'], load('business-profile'));
    for (let day = 0; day < 1_500; day++) {
      await cache.read(`day-${day}`, ['bookings'], load(`day-${day}`));
      await cache.read('business-profile', ['business_profile'], load('business-profile'));
    }
    expect(loads.get('business-profile')).toBe(1);
  });

  it('forgets a read under every table it came from', async () => {
    const cache = new ReadCache(false);
    cache.listenWith(live);
    const { loads, load } = counting();
    const tables = ['bookings', 'technician_working_days', 'user_profiles'] as const;
    await cache.read('day', tables, load('day'));
    cache.forget('bookings');
    await cache.read('day', tables, load('day'));
    expect(loads.get('day')).toBe(2);
    // Kept again, and forgotten again by a profile's change.
    cache.forget('user_profiles:some-user');
    await cache.read('day', tables, load('day'));
    expect(loads.get('day')).toBe(3);
    await cache.read('day', tables, load('day'));
    expect(loads.get('day')).toBe(3);
  });
});
