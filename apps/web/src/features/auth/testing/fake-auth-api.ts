// Test double for the API the auth screens and the public layout call: the business profile,
// /api/me, better-auth's sign-in / sign-up / sign-out / password reset, setup and user cleanup.
// Installed as `fetch`; restore with vi.unstubAllGlobals. Sessions live in `state.viewer`.
import type { Role } from '@pitstop/shared/roles';
import { vi } from 'vitest';
import { testBusiness } from '../../../test/render-app.tsx';
import type { Viewer } from '../api.ts';

export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface FakeAccount {
  password: string;
  viewer: Viewer;
}

/** Answer a request yourself (return a Response) or let the fake handle it (return undefined). */
export type Override = (request: FakeRequest) => Response | Promise<Response> | undefined;

export const VALID_RESET_TOKEN = 'valid-token';

export function errorResponse(status: number, message: string, fields?: Record<string, string>) {
  return Response.json(
    { error: { code: 'TEST', message, ...(fields ? { fields } : {}) } },
    { status },
  );
}

export function makeViewer(role: Role, overrides: Partial<Viewer> = {}): Viewer {
  return {
    userId: `user-${role}`,
    email: `${role.replace('_', '-')}@example.com`,
    role,
    name: `Test ${role}`,
    profileId: `profile-${role}`,
    onboardingComplete: true,
    ...overrides,
  };
}

export function accountFor(viewer: Viewer, password = 'secret12'): FakeAccount {
  return { password, viewer };
}

export function installFakeAuthApi(
  options: { viewer?: Viewer | null; accounts?: FakeAccount[]; setupAvailable?: boolean } = {},
) {
  const state = {
    viewer: options.viewer ?? null,
    setupAvailable: options.setupAvailable ?? true,
  };
  const accounts = options.accounts ?? [];
  const requests: FakeRequest[] = [];
  let override: Override | undefined;

  function handle({ method, path, body }: FakeRequest): Response {
    if (path === '/api/business') return Response.json(testBusiness);
    if (path === '/api/me') return Response.json({ viewer: state.viewer });
    if (path === '/api/auth/sign-in/email') {
      const { email, password } = body as { email: string; password: string };
      const account = accounts.find((a) => a.viewer.email === email && a.password === password);
      if (!account) return errorResponse(401, 'Invalid email or password');
      state.viewer = account.viewer;
      return Response.json({ redirect: false, token: 'token' });
    }
    if (path === '/api/auth/sign-up/email') return Response.json({ token: null });
    if (path === '/api/auth/sign-out') {
      state.viewer = null;
      return Response.json({ success: true });
    }
    if (path === '/api/auth/request-password-reset') return Response.json({ status: true });
    if (path === '/api/auth/reset-password') {
      const { token } = body as { token: string };
      return token === VALID_RESET_TOKEN
        ? Response.json({ status: true })
        : errorResponse(400, 'Invalid token');
    }
    if (path === '/api/setup' && method === 'GET') {
      return Response.json({ available: state.setupAvailable });
    }
    if (path === '/api/setup' && method === 'POST') {
      state.setupAvailable = false;
      return Response.json({ ok: true }, { status: 201 });
    }
    if (path === '/api/user-cleanup' && method === 'POST') {
      state.viewer = null;
      state.setupAvailable = true;
      return Response.json({ deleted: 3 });
    }
    return errorResponse(404, `Unmocked ${method} ${path}`);
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
    state,
    requests,
    /** Requests other than the reads every page makes, as "METHOD /path". */
    calls: () =>
      requests
        .filter((r) => !['/api/business', '/api/me'].includes(r.path))
        .map((r) => `${r.method} ${r.path}`),
    bodyOf: (path: string) => requests.find((r) => r.path === path)?.body,
    override: (fn: Override | undefined) => {
      override = fn;
    },
  };
}
