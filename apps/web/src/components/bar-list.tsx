// Horizontal bars for a handful of labelled figures, drawn with plain elements (no chart library
// on a phone's download). Each bar's length is its figure's share of the largest. Screen readers
// get a plain list of label and figure; the bars themselves are hidden from them.
import type { ReactNode } from 'react';

export interface Bar {
  key: string;
  label: string;
  value: number;
  /** The figure as shown beside the label, e.g. '$1,234.56' or '12'. */
  valueText: ReactNode;
  /** A second, quieter figure after it, e.g. '5 orders'. */
  detail?: string;
}

export function BarList({ label, bars }: { label: string; bars: Bar[] }) {
  const largest = Math.max(0, ...bars.map((bar) => bar.value));
  return (
    <ul aria-label={label} className="flex flex-col gap-4">
      {bars.map((bar) => {
        const share = largest > 0 ? (Math.max(bar.value, 0) / largest) * 100 : 0;
        return (
          <li key={bar.key} className="flex flex-col gap-1.5">
            <div className="flex items-baseline justify-between gap-3 text-sm">
              <span className="min-w-0 font-medium break-words">{bar.label}</span>
              <span className="shrink-0 text-right tabular-nums">
                <span className="font-semibold">{bar.valueText}</span>
                {bar.detail && <span className="text-muted-foreground"> · {bar.detail}</span>}
              </span>
            </div>
            <div className="h-2.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
              {/* A figure above nothing still shows a sliver, so it never reads as none. */}
              <div
                className="h-full rounded-full bg-primary"
                style={{ width: bar.value > 0 ? `max(${share}%, 0.25rem)` : '0' }}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
