// The account corner of the top bar. Signed out it offers Sign In and Sign Up.
// The auth feature replaces the signed-in branch with its user menu (SPEC "Public layout").
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';

export interface AccountNavProps {
  /** `bar`: compact, in the desktop top bar. `menu`: full-width, in the mobile menu. */
  variant: 'bar' | 'menu';
}

export function AccountNav({ variant }: AccountNavProps) {
  const isMenu = variant === 'menu';
  return (
    <div className={cn('flex items-center gap-2', isMenu && 'flex-col items-stretch gap-3')}>
      <Button asChild variant={isMenu ? 'outline' : 'ghost'} size={isMenu ? 'lg' : 'default'}>
        <Link to="/login">Sign In</Link>
      </Button>
      <Button asChild variant={isMenu ? 'default' : 'outline'} size={isMenu ? 'lg' : 'default'}>
        <Link to="/signup">Sign Up</Link>
      </Button>
    </div>
  );
}
