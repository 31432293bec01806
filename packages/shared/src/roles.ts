// The five roles of spec section 6.
import { z } from 'zod';

export const ROLES = ['customer', 'technician', 'manager', 'admin', 'super_admin'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const DEFAULT_ROLE: Role = 'customer';
