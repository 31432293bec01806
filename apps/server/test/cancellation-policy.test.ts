// The business's policy for customers rescheduling and cancelling their own visits, kept on the
// business profile: defaults, saving, refusals, who may change it, and its place in the API map.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { DEFAULT_CANCELLATION_POLICY } from '@pitstop/shared/business/cancellation-policy';
import { auditLog, businessProfile } from '../src/db/schema.ts';
import { createTestContext, createUser } from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';

let ctx: TestContext;
let admin: TestUser;
let superAdmin: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, 'admin');
  superAdmin = await createUser(ctx, 'super_admin');
});
afterAll(async () => {
  await ctx?.close();
});

async function call(method: 'GET' | 'PUT', url: string, user?: TestUser, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    headers: user ? { cookie: user.cookie } : {},
    ...(payload ? { payload } : {}),
  });
}

async function profile() {
  return (await call('GET', '/api/business')).json();
}

async function auditRows() {
  return ctx.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entity, 'business_profile'))
    .orderBy(desc(auditLog.id));
}

const percentage = {
  rescheduleOnline: false,
  rescheduleCutoffHours: 48,
  cancelOnline: true,
  cancelCutoffHours: 72,
  lateCancellation: 'percentage',
  lateFeeCents: 1_500,
  lateFeePercent: 35,
};

describe('cancellation policy on the business profile', () => {
  it('starts with both allowed until 24 hours before and no refund after', async () => {
    expect((await profile()).cancellationPolicy).toEqual(DEFAULT_CANCELLATION_POLICY);
    expect(DEFAULT_CANCELLATION_POLICY).toEqual({
      rescheduleOnline: true,
      rescheduleCutoffHours: 24,
      cancelOnline: true,
      cancelCutoffHours: 24,
      lateCancellation: 'no-refund',
      lateFeeCents: 0,
      lateFeePercent: 0,
    });
  });

  it('is saved with the profile, read back, and audited as other profile changes', async () => {
    const before = await profile();
    const next = { ...before, cancellationPolicy: percentage };
    const response = await call('PUT', '/api/business', admin, next);
    expect(response.statusCode).toBe(200);
    expect(response.json().cancellationPolicy).toEqual(percentage);
    expect(await profile()).toEqual(next);
    const [row] = await ctx.database.db.select().from(businessProfile);
    expect(row).toMatchObject({ lateCancellation: 'percentage', lateFeePercent: 35 });
    const [audit] = await auditRows();
    expect(audit).toMatchObject({
      action: 'business.update',
      actorUserId: admin.userId,
      details: { before, after: next },
    });

    const fixed = { ...percentage, lateCancellation: 'fixed-fee', lateFeeCents: 2_000 };
    const bySuperAdmin = await call('PUT', '/api/business', superAdmin, {
      ...next,
      cancellationPolicy: fixed,
    });
    expect(bySuperAdmin.statusCode).toBe(200);
    expect((await profile()).cancellationPolicy).toEqual(fixed);
  });

  it('keeps the saved policy when a save leaves it out', async () => {
    const current = await profile();
    const { cancellationPolicy, ...withoutPolicy } = current;
    const response = await call('PUT', '/api/business', admin, { ...withoutPolicy, capacity: 4 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...current, capacity: 4, cancellationPolicy });
  });

  it('refuses a value out of bounds with the field’s message, changing nothing', async () => {
    const current = await profile();
    const auditBefore = (await auditRows()).length;
    const cutoff = 'Cut-off must be a whole number of hours from 0 to 720';
    const cases: [object, string, string][] = [
      [{ cancelCutoffHours: 721 }, 'cancelCutoffHours', cutoff],
      [{ rescheduleCutoffHours: -1 }, 'rescheduleCutoffHours', cutoff],
      [{ cancelCutoffHours: 1.5 }, 'cancelCutoffHours', cutoff],
      [{ lateFeeCents: 1_000_001 }, 'lateFeeCents', 'Fee must be from $0.00 to $10,000.00'],
      [{ lateFeeCents: 10.5 }, 'lateFeeCents', 'Fee must be from $0.00 to $10,000.00'],
      [
        { lateFeePercent: 101 },
        'lateFeePercent',
        'Percentage must be a whole number from 0 to 100',
      ],
      [
        { lateCancellation: 'everything' },
        'lateCancellation',
        'Choose what a late cancellation costs',
      ],
      [{ cancelOnline: 'yes' }, 'cancelOnline', 'Choose yes or no'],
    ];
    for (const [change, field, message] of cases) {
      const response = await call('PUT', '/api/business', admin, {
        ...current,
        cancellationPolicy: { ...current.cancellationPolicy, ...change },
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(422);
      expect(response.json().error.fields, JSON.stringify(change)).toEqual({
        [`cancellationPolicy.${field}`]: message,
      });
    }
    expect(await profile()).toEqual(current);
    expect((await auditRows()).length).toBe(auditBefore);
  });

  it('is refused to customers, technicians and managers, and to a visitor signed out', async () => {
    const current = await profile();
    const change = { ...current, cancellationPolicy: { ...percentage, cancelOnline: false } };
    expect((await call('PUT', '/api/business', undefined, change)).statusCode).toBe(401);
    for (const role of ['customer', 'technician', 'manager'] as const) {
      const user = await createUser(ctx, role);
      const response = await call('PUT', '/api/business', user, change);
      expect(response.statusCode, role).toBe(403);
    }
    expect(await profile()).toEqual(current);
  });

  it('is described in the API map for the read and the save', async () => {
    const map = (await call('GET', '/api/docs/json')).json();
    const read = map.paths['/api/business'].get.responses['200'].content['application/json'].schema;
    expect(read.required).toContain('cancellationPolicy');
    expect(Object.keys(read.properties.cancellationPolicy.properties)).toEqual(
      Object.keys(DEFAULT_CANCELLATION_POLICY),
    );
    const save = map.paths['/api/business'].put.requestBody.content['application/json'].schema;
    expect(save.properties.cancellationPolicy.properties.cancelCutoffHours).toMatchObject({
      type: 'integer',
      minimum: 0,
      maximum: 720,
    });
  });
});
