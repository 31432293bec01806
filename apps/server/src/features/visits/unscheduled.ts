import { formatOrderNumber } from '@pitstop/shared/booking/order-number';
import type { UnscheduledOrder } from '@pitstop/shared/booking/responses';
import type { Executor } from '../../db/client.ts';
import { listPaidPayNowBookings } from './booking-rows.ts';
import type { MyUnscheduledOrder } from '@pitstop/shared/appointments/responses';

/**
 * Pay-now orders that are paid and not yet scheduled, for the staff to contact the customer
 * (scheduling one makes it a visit with appointments).
 */

export async function listUnscheduledOrders(db: Executor): Promise<UnscheduledOrder[]> {
  const rows = await listPaidPayNowBookings(db, 200);
  return rows.map((row) => ({
    bookingId: row.id,
    orderNumber: formatOrderNumber(row.orderNumber),
    customerName: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    phone: row.phone,
    services: row.services.map((service) => service.name),
    amountCents: row.totalCents,
    paidAt: (row.paidAt ?? row.updatedAt).toISOString(),
  }));
}
/** The customer's own paid pay-now orders still waiting to be scheduled. */

export async function listMyUnscheduledOrders(
  db: Executor,
  userId: string,
): Promise<MyUnscheduledOrder[]> {
  const rows = await listPaidPayNowBookings(db, 200, userId);
  return rows.map((row) => ({
    bookingId: row.id,
    orderNumber: formatOrderNumber(row.orderNumber),
    services: row.services.map((service) => service.name),
    amountCents: row.totalCents,
    paidAt: (row.paidAt ?? row.updatedAt).toISOString(),
  }));
}
