// Runs `action` once `ms` after `active` becomes true (the spec's "closes after 2 s", "clears
// after 5 s"); nothing if it turns false first or the component goes away. `action` is read when
// it runs, so the caller need not keep it stable.
import { useEffect, useEffectEvent } from 'react';

export function useAfterDelay(active: boolean, ms: number, action: () => void): void {
  const run = useEffectEvent(action);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  }, [active, ms]);
}
