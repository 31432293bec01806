// Sign Out for the row under a technician screen's card (onboarding): the account screens' frame
// itself is components/auth-shell.tsx.
import { LogOut } from 'lucide-react';
import { toast } from '../../../components/ui/toast.ts';
import { useSignOut } from '../../../lib/viewer.ts';

/**
 * Sign Out for the row under the card; the page's guard then takes the visitor home.
 * `onSignedOut` forgets what this tab kept for the account (onboarding's draft).
 */
export function ShellSignOut({ onSignedOut }: { onSignedOut?: () => void }) {
  const signOut = useSignOut();
  return (
    <button
      type="button"
      disabled={signOut.isPending}
      onClick={() =>
        signOut.mutate(undefined, {
          onSuccess: () => {
            onSignedOut?.();
            toast('You have been signed out.');
          },
          onError: () => toast.error('Could not sign out. Please try again.'),
        })
      }
      className="inline-flex cursor-pointer items-center gap-1.5 rounded-sm underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-60 [&_svg]:size-4"
    >
      <LogOut aria-hidden="true" />
      Sign Out
    </button>
  );
}
