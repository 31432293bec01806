// A user's role as a coloured pill (User Management table, admin dashboard welcome line).
import type { Role } from '@pitstop/shared/roles';
import { Badge } from './ui/badge.tsx';
import { ROLE_BADGE_VARIANTS, roleLabel } from '../lib/role-labels.ts';

export function RoleBadge({ role, className }: { role: Role; className?: string }) {
  return (
    <Badge variant={ROLE_BADGE_VARIANTS[role]} className={className}>
      {roleLabel(role)}
    </Badge>
  );
}
