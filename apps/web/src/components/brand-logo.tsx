// The product mark and name; the name is the business name from its profile.
import { Droplet } from 'lucide-react';
import { clsx } from 'clsx';

export function BrandLogo({ name, inverted = false }: { name: string; inverted?: boolean }) {
  return (
    <span className="flex items-center gap-2.5">
      <span
        className={clsx(
          'grid size-9 place-items-center rounded-lg',
          inverted ? 'bg-accent-400' : 'bg-brand-950',
        )}
      >
        <Droplet
          className={clsx(
            'size-5',
            inverted ? 'fill-brand-950 text-brand-950' : 'fill-accent-400 text-accent-400',
          )}
          aria-hidden="true"
        />
      </span>
      <span className="truncate text-lg font-extrabold tracking-tight">{name}</span>
    </span>
  );
}
