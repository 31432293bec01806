// Five stars as one radio group: each star a native radio labelled "1 star" … "5 stars", so arrow
// keys move the choice and Tab leaves the group as with any radio buttons; the stars up to the
// choice are filled.
import { RATING_STARS, starsLabel } from '@pitstop/shared/ratings/words';
import { Star } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../../../lib/cn.ts';

export interface StarRatingProps {
  value: number | undefined;
  onChange: (stars: number) => void;
  /** The group's label (a heading or legend's id). */
  labelledBy: string;
  describedBy?: string | undefined;
  isInvalid?: boolean;
  disabled?: boolean;
  name?: string;
}

export function StarRating({
  value,
  onChange,
  labelledBy,
  describedBy,
  isInvalid,
  disabled,
  name,
}: StarRatingProps) {
  const groupName = useId();
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={isInvalid || undefined}
      className="flex gap-1"
    >
      {RATING_STARS.map((stars) => {
        const id = `${groupName}-${stars}`;
        const isFilled = value !== undefined && stars <= value;
        return (
          <div key={stars}>
            <input
              type="radio"
              id={id}
              name={name ?? groupName}
              value={stars}
              checked={value === stars}
              disabled={disabled}
              onChange={() => onChange(stars)}
              className="peer sr-only"
            />
            <label
              htmlFor={id}
              title={starsLabel(stars)}
              className={cn(
                'grid size-12 cursor-pointer place-items-center rounded-lg transition-colors',
                'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
                'hover:bg-accent-100 peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
              )}
            >
              <Star
                aria-hidden="true"
                className={cn(
                  'size-9',
                  isFilled ? 'fill-accent-400 text-accent-500' : 'text-slate-500',
                )}
              />
              <span className="sr-only">{starsLabel(stars)}</span>
            </label>
          </div>
        );
      })}
    </div>
  );
}
