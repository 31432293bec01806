// Shown on /booking to a signed-out visitor who followed a maintenance reminder's link: signing
// in comes back to the same link, which then fills their vehicle and address.
import { Link } from 'react-router';

export function ReminderSignIn({ to }: { to: string }) {
  return (
    <p className="rounded-card border border-border bg-brand-50 px-4 py-3 text-sm text-brand-950">
      <Link to={to} className="font-semibold text-brand-700 underline underline-offset-2">
        Sign in
      </Link>{' '}
      to fill in your vehicle and address from your account.
    </p>
  );
}
