// Test double for the API the users and admin screens call: /api/me and /api/users, kept in
// memory, with hooks to make a request fail. Installed as `fetch`; restore with vi.unstubAllGlobals.
import { ROLES, type Role } from '@pitstop/shared/roles';
import type { UserSummary } from '@pitstop/shared/users/forms';
import { vi } from 'vitest';
import type { Viewer } from '../../auth/api.ts';

export interface FakeRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

/** Answer a request yourself (return a Response) or let the fake handle it (return undefined). */
export type Override = (request: FakeRequest) => Response | undefined;

export function errorResponse(status: number, message: string, fields?: Record<string, string>) {
  return Response.json(
    { error: { code: 'TEST', message, ...(fields ? { fields } : {}) } },
    { status },
  );
}

export function makeUser(overrides: Partial<UserSummary> & Pick<UserSummary, 'name' | 'role'>) {
  const slug = overrides.name.toLowerCase().replace(/\W+/g, '.');
  return {
    id: `profile-${slug}`,
    userId: `user-${slug}`,
    email: `${slug}@example.com`,
    phone: '',
    address: '',
    createdAt: '2026-03-14T15:00:00.000Z',
    ...overrides,
  } satisfies UserSummary;
}

export function viewerFor(user: UserSummary): Viewer {
  return {
    userId: user.userId,
    email: user.email,
    role: user.role,
    name: user.name,
    profileId: user.id,
    onboardingComplete: true,
  };
}

export function installFakeUsersApi(options: { viewer: Viewer | null; users?: UserSummary[] }) {
  const users = [...(options.users ?? [])];
  const requests: FakeRequest[] = [];
  let override: Override | undefined;

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const request: FakeRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      search: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const overridden = override?.(request);
    if (overridden) return overridden;
    return handle(request);
  });

  function handle({ method, path, search, body }: FakeRequest): Response {
    if (path === '/api/me') return Response.json({ viewer: options.viewer });
    if (path === '/api/users' && method === 'GET') {
      const term = (search.get('search') ?? '').toLowerCase();
      const matching = users.filter((u) =>
        [u.name, u.email, u.phone].some((text) => text.toLowerCase().includes(term)),
      );
      const role = search.get('role');
      const counts: Record<string, number> = { all: matching.length };
      for (const r of ROLES) counts[r] = matching.filter((u) => u.role === r).length;
      return Response.json({ users: matching.filter((u) => !role || u.role === role), counts });
    }
    if (path === '/api/users' && method === 'POST') {
      const input = body as { name: string; email: string; role: Role; phone: string };
      const user = makeUser({ ...input, createdAt: new Date().toISOString() });
      users.unshift(user);
      return Response.json({ user }, { status: 201 });
    }
    const match = /^\/api\/users\/([^/]+)$/.exec(path);
    const index = users.findIndex((u) => u.id === decodeURIComponent(match?.[1] ?? ''));
    if (match && index >= 0 && method === 'PATCH') {
      const user = { ...users[index]!, ...(body as Partial<UserSummary>) };
      users[index] = user;
      return Response.json({ user });
    }
    if (match && index >= 0 && method === 'DELETE') {
      users.splice(index, 1);
      return new Response(null, { status: 204 });
    }
    return errorResponse(404, `Unmocked ${method} ${path}`);
  }

  vi.stubGlobal('fetch', fetchMock);
  return {
    users,
    requests,
    /** Requests other than the viewer lookup, as "METHOD /path?query". */
    calls: () =>
      requests
        .filter((r) => r.path !== '/api/me')
        .map((r) => `${r.method} ${r.path}${r.search.size ? `?${r.search}` : ''}`),
    setOverride(next: Override | undefined) {
      override = next;
    },
  };
}
