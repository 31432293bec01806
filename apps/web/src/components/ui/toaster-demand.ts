// Whether the app's toaster is needed yet: set by the first toast (toast.ts), read by the
// providers, which then load and mount it. Kept apart from toast.ts so that reading it does not
// load the toast code.
type Listener = () => void;
let isNeeded = false;
const listeners = new Set<Listener>();

export function markToasterNeeded() {
  if (isNeeded) return;
  isNeeded = true;
  listeners.forEach((listener) => listener());
}

/** For the providers: whether any toast has been shown yet, and a way to hear of the first. */
export const toasterDemand = {
  get: () => isNeeded,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
