// The public top bar: name, Home, Services, Book Now, the account corner and a mobile menu.
import { PATHS } from '@pitstop/shared/web-routes';
import { Menu, X } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { FALLBACK_BUSINESS_NAME, useBusinessProfile } from '../../lib/business-profile.ts';
import { clsx } from 'clsx';
import { AccountNav } from './account-nav.tsx';

const NAV_LINKS = [
  { to: PATHS.home, label: 'Home', end: true },
  { to: PATHS.services, label: 'Services', end: false },
] as const;

export function TopBar() {
  const { data: business } = useBusinessProfile();
  const name = business?.name ?? FALLBACK_BUSINESS_NAME;
  const { pathname } = useLocation();
  // The menu remembers the path it was opened on, so any navigation closes it.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const isMenuOpen = menuOpenedAt === pathname;
  const menuButton = useRef<HTMLButtonElement>(null);

  function closeMenuOnEscape(event: KeyboardEvent) {
    if (event.key === 'Escape' && isMenuOpen) {
      setMenuOpenedAt(null);
      menuButton.current?.focus();
    }
  }

  return (
    <header
      className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-backdrop-filter:bg-background/85"
      onKeyDown={closeMenuOnEscape}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link to={PATHS.home} className="min-w-0 rounded-lg text-brand-950">
          <BrandLogo name={name} />
        </Link>

        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 md:flex">
          {NAV_LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                clsx(
                  'rounded-md px-3 py-2 text-sm font-semibold transition-colors hover:bg-muted',
                  isActive ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
                )
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-2">
          <div className="hidden md:block">
            <AccountNav variant="bar" />
          </div>
          <Button asChild variant="accent">
            <Link to={PATHS.booking}>Book Now</Link>
          </Button>
          <Button
            ref={menuButton}
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label="Menu"
            aria-expanded={isMenuOpen}
            aria-controls={isMenuOpen ? 'mobile-menu' : undefined}
            onClick={() => setMenuOpenedAt(isMenuOpen ? null : pathname)}
          >
            {isMenuOpen ? <X className="size-5!" /> : <Menu className="size-5!" />}
          </Button>
        </div>
      </div>

      {isMenuOpen && (
        <div id="mobile-menu" className="border-t border-border bg-background md:hidden">
          <nav
            aria-label="Main menu"
            className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-4"
            // A link to the current page does not change the path, so close on any link click too.
            onClick={(event) => {
              if ((event.target as HTMLElement).closest('a')) setMenuOpenedAt(null);
            }}
          >
            <ul className="flex flex-col">
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.end}
                    className={({ isActive }) =>
                      clsx(
                        'block rounded-lg px-3 py-3 text-base font-semibold hover:bg-muted',
                        isActive ? 'bg-secondary text-secondary-foreground' : 'text-foreground',
                      )
                    }
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <AccountNav variant="menu" />
          </nav>
        </div>
      )}
    </header>
  );
}
