// Role tabs with counts above the user table: All, then one per role. On a phone the row scrolls
// sideways and fades out at an end with more tabs behind it.
import * as TabsPrimitive from '@radix-ui/react-tabs';
import { ROLES } from '@pitstop/shared/roles';
import type { ReactNode } from 'react';
import type { RoleFilter, UserCounts } from '../api.ts';
import { roleLabel } from '../../../lib/role-labels.ts';
import { useOverflowEdges } from '../use-overflow-edges.ts';

const ROLE_FILTERS: readonly RoleFilter[] = ['all', ...ROLES];

export function roleFilterLabel(filter: RoleFilter): string {
  return filter === 'all' ? 'All' : roleLabel(filter);
}

export interface RoleTabsProps {
  value: RoleFilter;
  onValueChange: (value: RoleFilter) => void;
  /** Unknown while the first list loads. */
  counts: UserCounts | undefined;
  /** The panel of the selected tab. */
  children: ReactNode;
}

export function RoleTabs({ value, onValueChange, counts, children }: RoleTabsProps) {
  const { ref, edges, style } = useOverflowEdges<HTMLDivElement>();
  return (
    <TabsPrimitive.Root value={value} onValueChange={(next) => onValueChange(next as RoleFilter)}>
      <TabsPrimitive.List
        ref={ref}
        aria-label="Filter users by role"
        data-overflow-start={edges.start || undefined}
        data-overflow-end={edges.end || undefined}
        style={style}
        // Phones scroll the row sideways rather than stacking three rows of tabs; a tab reached
        // by keyboard stops clear of the faded ends.
        className="-mx-4 flex scroll-px-10 gap-2 overflow-x-auto border-b border-border px-4 pb-3 [scrollbar-width:thin] sm:mx-0 sm:flex-wrap sm:px-0"
      >
        {ROLE_FILTERS.map((filter) => (
          <TabsPrimitive.Trigger
            key={filter}
            value={filter}
            className="group inline-flex h-9 shrink-0 cursor-pointer items-center gap-2 rounded-full border border-border bg-background px-3.5 text-sm font-semibold text-muted-foreground transition-colors hover:border-input hover:text-foreground data-[state=active]:border-primary data-[state=active]:bg-primary data-[state=active]:text-primary-foreground"
          >
            {roleFilterLabel(filter)}
            {/* The space keeps the accessible name "Customer 2", not "Customer2". */}
            {counts && ' '}
            {counts && (
              <span className="rounded-full bg-muted px-2 py-px text-xs font-semibold text-foreground tabular-nums group-data-[state=active]:bg-white/20 group-data-[state=active]:text-primary-foreground">
                {counts[filter]}
              </span>
            )}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {/* One panel, for the selected tab: every tab shows the same table, filtered. */}
      <TabsPrimitive.Content value={value} className="rounded-lg pt-4">
        {children}
      </TabsPrimitive.Content>
    </TabsPrimitive.Root>
  );
}
