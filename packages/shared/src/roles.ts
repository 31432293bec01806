// The five roles; packages/shared/src/permissions.ts says what each may do.
export const ROLES = ['customer', 'technician', 'manager', 'admin', 'super_admin'] as const;
export type Role = (typeof ROLES)[number];

export const DEFAULT_ROLE: Role = 'customer';

export function isRole(value: unknown): value is Role {
  return (ROLES as readonly unknown[]).includes(value);
}
