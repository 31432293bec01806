// Test double for the API the services and business screens call (/api/me, /api/services,
// /api/business), kept in memory. Installed as `fetch`; restore with vi.unstubAllGlobals.
import type { BusinessProfile } from '@pitstop/shared/business/profile';
import type { Role } from '@pitstop/shared/roles';
import { moveItem, serviceIdFromName, type Service } from '@pitstop/shared/services/catalog';
import { vi } from 'vitest';
import { testBusiness } from '../../../test/test-business.ts';
import type { Viewer } from '../../auth/api.ts';

export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
}

/** Answer a request yourself (a Response, or a promise of one) or return undefined. */
export type Override = (request: FakeRequest) => Response | Promise<Response> | undefined;

export function errorResponse(status: number, message: string, fields?: Record<string, string>) {
  return Response.json(
    { error: { code: 'TEST', message, ...(fields ? { fields } : {}) } },
    { status },
  );
}

export function makeService(name: string, overrides: Partial<Service> = {}): Service {
  const priceCents = Math.round((overrides.price ?? 49.99) * 100);
  return {
    id: serviceIdFromName(name),
    name,
    icon: 'Droplets',
    description: `${name} description`,
    duration: '30 minutes',
    durationMinutes: 30,
    includes: [],
    order: 0,
    ...overrides,
    price: priceCents / 100,
    priceCents,
    payable: overrides.payable ?? priceCents > 0,
  };
}

export function viewerWithRole(role: Role): Viewer {
  return {
    userId: `user-${role}`,
    email: `${role}@example.com`,
    role,
    name: `Test ${role}`,
    profileId: `profile-${role}`,
    onboardingComplete: true,
  };
}

export function installFakeCatalogApi(options: {
  viewer: Viewer | null;
  services?: Service[];
  business?: BusinessProfile;
}) {
  let services = (options.services ?? []).map((service, order) => ({ ...service, order }));
  let business = options.business ?? testBusiness;
  const requests: FakeRequest[] = [];
  let override: Override | undefined;

  const renumber = (list: Service[]) => list.map((service, order) => ({ ...service, order }));

  function handle({ method, path, body }: FakeRequest): Response {
    if (path === '/api/me') return Response.json({ viewer: options.viewer });
    if (path === '/api/business') {
      if (method === 'PUT') business = body as BusinessProfile;
      return Response.json(business);
    }
    if (path === '/api/services' && method === 'GET') return Response.json({ services });
    if (path === '/api/services' && method === 'POST') {
      const form = body as Service;
      const service = makeService(form.name, { ...form, price: Number(form.price) });
      services = renumber([...services, service]);
      return Response.json({ service: services.at(-1) }, { status: 201 });
    }
    const match = /^\/api\/services\/([^/]+)(\/move)?$/.exec(path);
    const index = match ? services.findIndex((s) => s.id === decodeURIComponent(match[1]!)) : -1;
    if (!match || index < 0) return errorResponse(404, 'Service not found.');
    if (match[2] && method === 'POST') {
      services = renumber(moveItem(services, index, (body as { order: number }).order));
      return Response.json({ services });
    }
    if (method === 'PUT') {
      const form = body as Service;
      const current = services[index]!;
      services[index] = makeService(form.name, {
        ...form,
        id: current.id,
        order: current.order,
        price: Number(form.price),
      });
      return Response.json({ service: services[index] });
    }
    if (method === 'DELETE') {
      services = renumber(services.filter((_, position) => position !== index));
      return new Response(null, { status: 204 });
    }
    return errorResponse(405, 'Method not allowed');
  }

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const request: FakeRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    return (await override?.(request)) ?? handle(request);
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    requests,
    /** Requests other than reads. */
    writes: () => requests.filter((request) => request.method !== 'GET'),
    services: () => services,
    setServices: (next: Service[]) => {
      services = renumber(next);
    },
    business: () => business,
    override: (next: Override | undefined) => {
      override = next;
    },
  };
}
