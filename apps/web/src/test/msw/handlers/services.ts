// Doubles of the service catalogue (/api/services): public reads, admin changes, with the rules of
// apps/server/src/features/services/service.ts (ids from names, no two names alike, orders 0..n-1).
import { centsToDollars, dollarsToCents } from '@pitstop/shared/money';
import {
  isSameServiceName,
  moveItem,
  parseDurationMinutes,
  SERVICE_NAME_TAKEN,
  serviceIdFromName,
} from '@pitstop/shared/services/catalog';
import { serviceFormSchema, serviceMoveSchema } from '@pitstop/shared/services/forms';
import type { ServiceIcon } from '@pitstop/shared/services/icons';
import {
  serviceListResponseSchema,
  serviceResponseSchema,
  type Service,
} from '@pitstop/shared/services/responses';
import { http } from 'msw';
import { requireAccess } from '../accounts.ts';
import { apiError, noContent, readBody, respond } from '../respond.ts';

export interface ServiceValues {
  icon: ServiceIcon;
  description: string;
  /** Dollars, at most two decimals. */
  price: number;
  duration: string;
  includes: string[];
  intervalMiles: number | null;
  intervalMonths: number | null;
  includesOilChange: boolean;
}

const state = { services: [] as Service[] };

export function resetServicesState(): void {
  state.services = [];
}

/** A service as the server derives it from what an admin saved (cents, minutes, payable). */
export function makeService(name: string, values: Partial<ServiceValues> = {}, order = 0): Service {
  const priceCents = dollarsToCents(values.price ?? 49.99);
  const duration = values.duration ?? '30 minutes';
  return {
    id: serviceIdFromName(name),
    name,
    icon: values.icon ?? 'Droplets',
    description: values.description ?? `${name} description`,
    price: centsToDollars(priceCents),
    priceCents,
    duration,
    durationMinutes: parseDurationMinutes(duration),
    includes: values.includes ?? [],
    order,
    payable: priceCents > 0,
    ...(values.intervalMiles !== undefined && { intervalMiles: values.intervalMiles }),
    ...(values.intervalMonths !== undefined && { intervalMonths: values.intervalMonths }),
    ...(values.includesOilChange !== undefined && { includesOilChange: values.includesOilChange }),
  };
}

const renumber = (list: readonly Service[]) =>
  list.map((service, order) => ({ ...service, order }));

/** The catalogue, in display order. */
export function seedServices(services: readonly Service[]): void {
  state.services = renumber(services);
}

export function storedServices(): readonly Service[] {
  return state.services;
}

function nameTaken(name: string, ownId?: string): boolean {
  const id = serviceIdFromName(name);
  return state.services.some(
    (service) =>
      service.id !== ownId && (service.id === id || isSameServiceName(service.name, name)),
  );
}

const nameTakenError = () => apiError('CONFLICT', SERVICE_NAME_TAKEN, { name: SERVICE_NAME_TAKEN });

export const servicesHandlers = [
  http.get('/api/services', () => respond(serviceListResponseSchema, { services: state.services })),

  http.post('/api/services', async ({ request }) => {
    const access = requireAccess('service:manage');
    if (!access.ok) return access.response;
    const body = await readBody(request, serviceFormSchema);
    if (!body.ok) return body.response;
    if (nameTaken(body.data.name)) return nameTakenError();
    const service = makeService(body.data.name, body.data, state.services.length);
    state.services = [...state.services, service];
    return respond(serviceResponseSchema, { service }, { status: 201 });
  }),

  http.put('/api/services/:id', async ({ request, params }) => {
    const access = requireAccess('service:manage');
    if (!access.ok) return access.response;
    const body = await readBody(request, serviceFormSchema);
    if (!body.ok) return body.response;
    const index = state.services.findIndex((service) => service.id === params.id);
    const current = state.services[index];
    if (!current) return apiError('NOT_FOUND', 'Service not found.');
    if (nameTaken(body.data.name, current.id)) return nameTakenError();
    // The id stays when the name changes: appointments refer to it. A field left out (an
    // interval, the oil flag) keeps its saved value.
    const service = {
      ...current,
      ...makeService(body.data.name, body.data, current.order),
      id: current.id,
    };
    state.services = state.services.with(index, service);
    return respond(serviceResponseSchema, { service });
  }),

  http.delete('/api/services/:id', ({ params }) => {
    const access = requireAccess('service:manage');
    if (!access.ok) return access.response;
    if (!state.services.some((service) => service.id === params.id)) {
      return apiError('NOT_FOUND', 'Service not found.');
    }
    state.services = renumber(state.services.filter((service) => service.id !== params.id));
    return noContent();
  }),

  http.post('/api/services/:id/move', async ({ request, params }) => {
    const access = requireAccess('service:manage');
    if (!access.ok) return access.response;
    const body = await readBody(request, serviceMoveSchema);
    if (!body.ok) return body.response;
    const from = state.services.findIndex((service) => service.id === params.id);
    if (from < 0) return apiError('NOT_FOUND', 'Service not found.');
    const to = body.data.order;
    if (to >= state.services.length) {
      return apiError('VALIDATION', 'Position out of range', { order: 'Position out of range' });
    }
    state.services = renumber(moveItem(state.services, from, to));
    return respond(serviceListResponseSchema, { services: state.services });
  }),
];
