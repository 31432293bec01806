// Toasts (never `alert()`). Pages import `toast` from here, not from sonner: the first toast
// mounts the app's toaster (see app/providers.tsx), so a page that never toasts — the home
// page — never downloads the toast code.
import { toast as sonnerToast } from 'sonner';
import { markToasterNeeded as markNeeded } from './toaster-demand.ts';

type Message = Parameters<typeof sonnerToast>[0];
type Options = Parameters<typeof sonnerToast>[1];

/** A plain toast; `toast.success`, `toast.error` and `toast.info` for the tones. */
export function toast(message: Message, options?: Options) {
  markNeeded();
  return sonnerToast(message, options);
}
toast.success = (message: Message, options?: Options) => {
  markNeeded();
  return sonnerToast.success(message, options);
};
toast.error = (message: Message, options?: Options) => {
  markNeeded();
  return sonnerToast.error(message, options);
};
toast.info = (message: Message, options?: Options) => {
  markNeeded();
  return sonnerToast.info(message, options);
};
