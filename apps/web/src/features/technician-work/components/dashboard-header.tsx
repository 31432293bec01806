// The dashboard's own top bar (no public top bar on the technician's screens): the business mark,
// My Profile, and Sign Out, which ends the session and goes back to the Technician Portal. Sign
// Out is quiet: the day's work, not leaving it, is what the page is for. Signing out forgets what
// the phone kept, so with changes still waiting to sync it asks first.
import { PATHS } from '@pitstop/shared/web-routes';
import { CircleAlert, LogOut, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { useSignOut } from '../../../lib/viewer.ts';
import { SYNC_WORDS, useDiscardChanges } from '../offline/technician-changes.ts';
import { useIsOnline } from './device-banners.tsx';

const SIGNED_OUT = 'You have been signed out.';
const SIGN_OUT_FAILED = 'Could not sign out. Please try again.';

export function DashboardHeader({
  businessName,
  waitingCount = 0,
}: {
  businessName: string;
  /** The technician's changes not yet synced, which Sign Out would delete from the phone. */
  waitingCount?: number;
}) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [isConfirming, setIsConfirming] = useState(false);
  const isOnline = useIsOnline();
  const discardChanges = useDiscardChanges();

  const onSignOut = () =>
    signOut.mutate(undefined, {
      onSuccess: () => {
        toast(SIGNED_OUT);
        void navigate(PATHS.techPortal, { replace: true });
      },
      onError: () =>
        toast(SIGN_OUT_FAILED, {
          icon: <CircleAlert className="size-4 text-destructive" aria-hidden="true" />,
        }),
    });

  return (
    <header className="bg-brand-950 text-white">
      <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link
          to={PATHS.home}
          className="min-w-0 rounded-lg text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          <BrandLogo name={businessName} inverted />
          <span className="sr-only"> home page</span>
        </Link>
        <div className="flex shrink-0 items-center gap-1 sm:gap-2">
          <Link
            to={PATHS.profile}
            className="inline-flex h-10 min-w-10 items-center justify-center gap-2 rounded-lg px-2.5 text-sm font-semibold text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white sm:px-3 [&_svg]:size-5 sm:[&_svg]:size-4"
          >
            <UserRound aria-hidden="true" />
            {/* Named by its icon on a phone, so the business's name keeps its room. */}
            <span className="sr-only sm:not-sr-only">My Profile</span>
          </Link>
          <Button
            variant="secondary"
            onClick={() => {
              // Ending the session needs the server; the phone's day stays until it does.
              if (!isOnline) toast(SYNC_WORDS.signOutOffline);
              else if (waitingCount > 0) setIsConfirming(true);
              else onSignOut();
            }}
            disabled={signOut.isPending}
          >
            {signOut.isPending ? <Spinner className="size-4" /> : <LogOut aria-hidden="true" />}
            Sign Out
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title="Sign out with changes not synced?"
        description={`${SYNC_WORDS.waitingCount(waitingCount)}. Signing out deletes ${waitingCount === 1 ? 'it' : 'them'} from this phone. Sign out once you are back online and they have synced.`}
        confirmLabel="Sign Out Anyway"
        cancelLabel="Keep Working"
        destructive
        onConfirm={() => void discardChanges().then(onSignOut)}
      />
    </header>
  );
}
