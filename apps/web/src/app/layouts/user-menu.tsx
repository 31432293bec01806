// The signed-in corner of the top bar: the user's e-mail and role, 'My Profile', 'Admin Dashboard'
// (manager, admin, super_admin) and 'Sign Out', which returns to /. `UserMenu` is the desktop
// dropdown; `MobileUserMenu` the same entries inside the mobile menu.
import { isStaffRole } from '@pitstop/shared/permissions';
import { ChevronDown, CircleAlert, LayoutDashboard, LogOut, UserRound } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../components/ui/toast.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { PATHS } from '@pitstop/shared/web-routes';
import { ROLE_LABELS } from '../../lib/role-labels.ts';
import { useSignOut, type Viewer } from '../../lib/viewer.ts';

const SIGNED_OUT = 'You have been signed out.';
const SIGN_OUT_FAILED = 'Could not sign out. Please try again.';

/**
 * Signs out, then goes home; a failure is reported and nothing else changes. Plain toasts: the
 * rich colours of the app's toaster fall below AA contrast.
 */
function useSignOutToHome() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return {
    isPending: signOut.isPending,
    signOut: () =>
      signOut.mutate(undefined, {
        onSuccess: () => {
          toast(SIGNED_OUT);
          void navigate(PATHS.home);
        },
        onError: () =>
          toast(SIGN_OUT_FAILED, {
            icon: <CircleAlert className="size-4 text-destructive" aria-hidden="true" />,
          }),
      }),
  };
}

/** The profile photo when there is one, else the e-mail's initial. Decorative: the e-mail is beside it. */
function Avatar({ viewer }: { viewer: Viewer }) {
  if (viewer.photoUrl) {
    return (
      <img
        src={viewer.photoUrl}
        alt=""
        width={32}
        height={32}
        decoding="async"
        className="size-8 shrink-0 rounded-full bg-muted object-cover"
      />
    );
  }
  return (
    <span
      className="grid size-8 shrink-0 place-items-center rounded-full bg-brand-950 text-sm font-bold text-accent-400 uppercase"
      aria-hidden="true"
    >
      {viewer.email.charAt(0)}
    </span>
  );
}

function Identity({ viewer }: { viewer: Viewer }) {
  return (
    <span className="flex min-w-0 flex-col">
      <span className="text-sm font-semibold break-all text-foreground">{viewer.email}</span>
      <span className="text-xs font-medium text-muted-foreground">{ROLE_LABELS[viewer.role]}</span>
    </span>
  );
}

export function UserMenu({ viewer }: { viewer: Viewer }) {
  const { signOut, isPending } = useSignOutToHome();
  return (
    // Not modal: a modal menu hides the rest of the page with aria-hidden while its links stay
    // focusable, which screen readers trip over (axe: aria-hidden-focus).
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="menu" className="max-w-64">
          <Avatar viewer={viewer} />
          <span className="sr-only">Account menu for </span>
          <span className="truncate">{viewer.email}</span>
          <ChevronDown className="text-muted-foreground" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel className="flex items-center gap-3 font-normal">
          <Avatar viewer={viewer} />
          <Identity viewer={viewer} />
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={PATHS.profile}>
            <UserRound aria-hidden="true" />
            My Profile
          </Link>
        </DropdownMenuItem>
        {isStaffRole(viewer.role) && (
          <DropdownMenuItem asChild>
            <Link to={PATHS.adminDashboard}>
              <LayoutDashboard aria-hidden="true" />
              Admin Dashboard
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={isPending} onSelect={signOut}>
          {isPending ? <Spinner /> : <LogOut aria-hidden="true" />}
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

const mobileLinkClasses =
  'flex items-center gap-3 rounded-lg px-3 py-3 text-base font-semibold text-foreground hover:bg-muted [&_svg]:size-5 [&_svg]:text-muted-foreground';

export function MobileUserMenu({ viewer }: { viewer: Viewer }) {
  const { signOut, isPending } = useSignOutToHome();
  return (
    <div className="flex flex-col gap-2 border-t border-border pt-4">
      <div className="flex items-center gap-3 px-3 pb-2">
        <Avatar viewer={viewer} />
        <Identity viewer={viewer} />
      </div>
      <ul className="flex flex-col">
        <li>
          <Link to={PATHS.profile} className={mobileLinkClasses}>
            <UserRound aria-hidden="true" />
            My Profile
          </Link>
        </li>
        {isStaffRole(viewer.role) && (
          <li>
            <Link to={PATHS.adminDashboard} className={mobileLinkClasses}>
              <LayoutDashboard aria-hidden="true" />
              Admin Dashboard
            </Link>
          </li>
        )}
      </ul>
      <Button variant="outline" size="lg" onClick={signOut} disabled={isPending}>
        {isPending ? <Spinner /> : <LogOut aria-hidden="true" />}
        Sign Out
      </Button>
    </div>
  );
}
