// The dashboard's own top bar (no public top bar on the technician's screens): the business mark,
// My Profile, and Sign Out, which ends the session and goes back to the Technician Portal. Sign
// Out is quiet: the day's work, not leaving it, is what the page is for.
import { PATHS } from '@pitstop/shared/web-routes';
import { CircleAlert, LogOut, UserRound } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { useSignOut } from '../../../lib/viewer.ts';

const SIGNED_OUT = 'You have been signed out.';
const SIGN_OUT_FAILED = 'Could not sign out. Please try again.';

export function DashboardHeader({ businessName }: { businessName: string }) {
  const signOut = useSignOut();
  const navigate = useNavigate();

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
          <Button variant="secondary" onClick={onSignOut} disabled={signOut.isPending}>
            {signOut.isPending ? <Spinner className="size-4" /> : <LogOut aria-hidden="true" />}
            Sign Out
          </Button>
        </div>
      </div>
    </header>
  );
}
