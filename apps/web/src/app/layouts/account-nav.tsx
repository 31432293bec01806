// The account corner of the top bar. Signed out it offers Sign In and Sign Up; signed in, the user
// menu; while the session is being read, a quiet placeholder, so a signed-in visitor never sees
// Sign In flash by.
import { PATHS } from '@pitstop/shared/web-routes';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { clsx } from 'clsx';
import { useViewer } from '../../lib/viewer.ts';

// The menu kit (dropdown, positioning, toasts) loads only for a signed-in visitor.
const UserMenu = lazy(async () => ({ default: (await import('./user-menu.tsx')).UserMenu }));
const MobileUserMenu = lazy(async () => ({
  default: (await import('./user-menu.tsx')).MobileUserMenu,
}));

export interface AccountNavProps {
  /** `bar`: compact, in the desktop top bar. `menu`: full-width, in the mobile menu. */
  variant: 'bar' | 'menu';
}

export function AccountNav({ variant }: AccountNavProps) {
  const { viewer, isLoading } = useViewer();
  const isMenu = variant === 'menu';

  const placeholder = (
    <div
      className={clsx('animate-pulse rounded-lg bg-muted', isMenu ? 'h-28' : 'h-10 w-40')}
      aria-hidden="true"
    />
  );
  if (isLoading) return placeholder;
  if (viewer) {
    return (
      <Suspense fallback={placeholder}>
        {isMenu ? <MobileUserMenu viewer={viewer} /> : <UserMenu viewer={viewer} />}
      </Suspense>
    );
  }

  return (
    <div className={isMenu ? 'flex flex-col items-stretch gap-3' : 'flex items-center gap-2'}>
      <Button asChild variant={isMenu ? 'outline' : 'ghost'} size={isMenu ? 'lg' : 'default'}>
        <Link to={PATHS.login}>Sign In</Link>
      </Button>
      <Button asChild variant={isMenu ? 'default' : 'outline'} size={isMenu ? 'lg' : 'default'}>
        <Link to={PATHS.signup}>Sign Up</Link>
      </Button>
    </div>
  );
}
