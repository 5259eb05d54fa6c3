import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { AppError } from '../src/lib/errors';
import { SubscriptionService } from '../src/features/subscription/service';
import { json, startTestServer, type TestServer } from './harness';
import { callerFor, signUpAs, type Account, type Caller } from './staff';

let server: TestServer;
let admin: Account;
let moderator: Account;
let helper: Account;
beforeAll(async () => {
  server = await startTestServer();
  [admin, moderator, helper] = await Promise.all([
    signUpAs(server, 'admin'),
    signUpAs(server, 'moderator'),
    signUpAs(server, 'helper'),
  ]);
});
afterAll(async () => {
  await server.close();
});

const DAY = 86_400_000;

interface View {
  subscription: { planId: string; status: string; startDate: string; endDate: string };
  currentPlan: { id: string; maxGenerations: number };
  usage: { generationsUsed: number; generationsRemaining: number | null; projectsLimit: number };
  credits: number;
  pendingRequest: { id: string; status: string } | null;
}

async function subscriptionOf(call: Caller): Promise<View> {
  const res = await call('GET', '/api/subscription');
  expect(res.statusCode).toBe(200);
  return json<{ data: View }>(res).data;
}

async function inbox(account: Account) {
  return server.db
    .selectFrom('messages')
    .selectAll()
    .where('recipient_id', '=', account.userId)
    .orderBy('created_at', 'desc')
    .execute();
}

describe('plans', () => {
  it('lists the four plans with §9 numbers to anyone', async () => {
    const res = await callerFor(server)('GET', '/api/subscription/plans');
    expect(res.statusCode).toBe(200);
    const plans = json<{
      data: { plans: { id: string; price: number; maxGenerations: number; maxProjects: number }[] };
    }>(res).data.plans;
    expect(plans.map((p) => [p.id, p.price, p.maxGenerations, p.maxProjects])).toEqual([
      ['free', 0, 5, 2],
      ['pro', 29, 100, 25],
      ['ultra-pro', 79, 500, 100],
      ['enterprise', 199, -1, -1],
    ]);
  });
});

describe('the subscription journey', () => {
  it('starts on free, active, ending one year ahead, with this month usage', async () => {
    const user = await signUpAs(server, 'user');
    const view = await subscriptionOf(callerFor(server, user));
    expect(view.subscription).toMatchObject({ planId: 'free', status: 'active' });
    const years =
      (Date.parse(view.subscription.endDate) - Date.parse(view.subscription.startDate)) / DAY;
    expect(years).toBeGreaterThanOrEqual(365);
    expect(years).toBeLessThanOrEqual(366);
    expect(view.usage).toMatchObject({
      generationsUsed: 0,
      generationsRemaining: 5,
      projectsLimit: 2,
    });
    expect(view.pendingRequest).toBeNull();
  });

  it('requests a paid plan, mails the user, tells staff, and waits as pending', async () => {
    const user = await signUpAs(server, 'user');
    const call = callerFor(server, user);
    const staffBefore = (await inbox(helper)).length;
    const res = await call('POST', '/api/subscription/choose', {
      planId: 'pro',
      message: 'For our <b>platform</b> team',
      requestedCredits: 200,
    });
    expect(res.statusCode).toBe(200);
    const body = json<{ message: string; data: View }>(res);
    expect(body.message).toContain('reviewed within 24-48 hours');
    expect(body.data.subscription).toMatchObject({ planId: 'pro', status: 'pending' });
    expect(body.data.currentPlan.id).toBe('free');
    expect(body.data.pendingRequest).toMatchObject({ status: 'pending' });

    const mail = await server.mailbox.waitFor(user.email, (m) => /Pro plan/.test(m.subject));
    expect(mail.text).toContain('Requests are reviewed within 24-48 hours');
    expect((await inbox(helper)).length).toBe(staffBefore + 1);

    const again = await call('POST', '/api/subscription/choose', { planId: 'enterprise' });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ code: 'subscription/request_pending' });
  });

  it('lets staff find the request, and only processors approve it: plan, credits, mail, message', async () => {
    const user = await signUpAs(server, 'user');
    await callerFor(server, user)('POST', '/api/subscription/choose', {
      planId: 'ultra-pro',
      requestedCredits: 75,
    });
    const list = await callerFor(server, helper)(
      'GET',
      `/api/subscription/requests?status=pending&search=${encodeURIComponent(user.email)}`,
    );
    expect(list.statusCode).toBe(200);
    const listed = json<{
      data: {
        items: { id: string; userEmail: string; requestedCredits: number }[];
        total: number;
        pendingCount: number;
      };
    }>(list).data;
    expect(listed.total).toBe(1);
    expect(listed.pendingCount).toBeGreaterThanOrEqual(1);
    const [request] = listed.items;
    expect(request).toMatchObject({ userEmail: user.email, requestedCredits: 75 });

    const asHelper = await callerFor(server, helper)(
      'POST',
      `/api/subscription/process-request/${request!.id}`,
      { action: 'approve' },
    );
    expect(asHelper.statusCode).toBe(403);
    expect(json(asHelper)).toMatchObject({ code: 'auth/forbidden' });

    const approved = await callerFor(server, moderator)(
      'POST',
      `/api/subscription/process-request/${request!.id}`,
      {
        action: 'approve',
        notes: 'Welcome aboard',
        planType: 'ultra-pro',
        credits: 50,
        duration: 30,
      },
    );
    expect(approved.statusCode).toBe(200);
    expect(json(approved)).toMatchObject({
      success: true,
      data: {
        request: {
          status: 'approved',
          processedBy: moderator.email,
          processingNotes: 'Welcome aboard',
          granted: { planType: 'ultra-pro', credits: 50, duration: 30 },
        },
      },
    });

    const view = await subscriptionOf(callerFor(server, user));
    expect(view.subscription).toMatchObject({ planId: 'ultra-pro', status: 'active' });
    expect(view.currentPlan.id).toBe('ultra-pro');
    expect(view.credits).toBe(50);
    const days = (Date.parse(view.subscription.endDate) - Date.now()) / DAY;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);

    const mail = await server.mailbox.waitFor(user.email, (m) => /is active/.test(m.subject));
    expect(mail.subject).toBe('Your Ultra Pro plan is active');
    expect(mail.text).toContain('50 credits were added');
    const [message] = await inbox(user);
    expect(message).toMatchObject({ kind: 'system', subject: 'Your Ultra Pro plan is active' });
    expect(message!.body).toContain('Welcome aboard');

    const row = await server.db
      .selectFrom('activation_requests')
      .selectAll()
      .where('id', '=', request!.id)
      .executeTakeFirstOrThrow();
    expect(row.processed_at).toBeInstanceOf(Date);
    expect(row.processed_by).toBe(moderator.userId);
    const audit = await server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', request!.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'requests.approve', actor_email: moderator.email });
    expect(audit.before).toMatchObject({ status: 'pending' });
    expect(audit.after).toMatchObject({ status: 'approved' });

    const twice = await callerFor(server, admin)(
      'POST',
      `/api/subscription/process-request/${request!.id}`,
      { action: 'reject', rejectionReason: 'late' },
    );
    expect(twice.statusCode).toBe(409);
    expect(json(twice)).toMatchObject({ code: 'subscription/request_processed' });
  });

  it('approves with what was requested when the staff leave fields out', async () => {
    const user = await signUpAs(server, 'user');
    await callerFor(server, user)('POST', '/api/subscription/choose', {
      planId: 'pro',
      requestedCredits: 20,
    });
    const pending = await server.db
      .selectFrom('activation_requests')
      .select('id')
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    const res = await callerFor(server, admin)(
      'POST',
      `/api/subscription/process-request/${pending.id}`,
      { action: 'approve' },
    );
    expect(json(res)).toMatchObject({
      data: { request: { granted: { planType: 'pro', credits: 20, duration: 365 } } },
    });
  });

  it('rejects: the plan stays, the record is active again, the user is told why', async () => {
    const user = await signUpAs(server, 'user');
    const call = callerFor(server, user);
    await call('POST', '/api/subscription/choose', { planId: 'enterprise' });
    const { pendingRequest } = await subscriptionOf(call);
    const res = await callerFor(server, admin)(
      'POST',
      `/api/subscription/process-request/${pendingRequest!.id}`,
      { action: 'reject', rejectionReason: 'Please contact sales first' },
    );
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({
      success: true,
      data: { request: { status: 'rejected', processingNotes: 'Please contact sales first' } },
    });
    const view = await subscriptionOf(call);
    expect(view.subscription).toMatchObject({ planId: 'free', status: 'active' });
    expect(view.pendingRequest).toBeNull();
    const [message] = await inbox(user);
    expect(message!.subject).toBe('Your request for the Enterprise plan was not approved');
    expect(message!.body).toContain('Please contact sales first');
  });

  it('answers 404 for an unknown request and 400 for a body that is not §7', async () => {
    const call = callerFor(server, admin);
    const unknown = await call('POST', `/api/subscription/process-request/${crypto.randomUUID()}`, {
      action: 'approve',
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await call('POST', `/api/subscription/process-request/${crypto.randomUUID()}`, {
      action: 'maybe',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('cancels: cancelled, free limits, pending request withdrawn; choosing free is active at once', async () => {
    const user = await signUpAs(server, 'user');
    const call = callerFor(server, user);
    await server.db
      .updateTable('users')
      .set({ subscription_type: 'pro' })
      .where('id', '=', user.userId)
      .execute();
    await call('POST', '/api/subscription/choose', { planId: 'enterprise' });
    const cancelled = await call('POST', '/api/subscription/cancel');
    expect(cancelled.statusCode).toBe(200);
    const view = json<{ data: View }>(cancelled).data;
    expect(view.subscription).toMatchObject({ planId: 'pro', status: 'cancelled' });
    expect(view.currentPlan.id).toBe('free');
    expect(view.pendingRequest).toBeNull();
    const me = await call('GET', '/api/auth/verify');
    expect(json(me)).toMatchObject({ user: { subscriptionType: 'free' } });
    const withdrawn = await server.db
      .selectFrom('activation_requests')
      .selectAll()
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(withdrawn).toMatchObject({
      status: 'rejected',
      processing_notes: 'Withdrawn by the user',
    });

    const free = await call('POST', '/api/subscription/choose', { planId: 'free' });
    expect(json<{ data: View }>(free).data.subscription).toMatchObject({
      planId: 'free',
      status: 'active',
    });
  });

  it('ends a paid plan whose end date passed', async () => {
    const user = await signUpAs(server, 'user');
    const call = callerFor(server, user);
    await subscriptionOf(call);
    await server.db
      .updateTable('users')
      .set({ subscription_type: 'pro' })
      .where('id', '=', user.userId)
      .execute();
    await server.db
      .updateTable('subscriptions')
      .set({ plan_id: 'pro', end_date: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.userId)
      .execute();
    const view = await subscriptionOf(call);
    expect(view.subscription).toMatchObject({ planId: 'free', status: 'active' });
    expect(view.currentPlan.id).toBe('free');
  });

  it('requires sign-in for the user routes and a staff role for the queue', async () => {
    expect((await callerFor(server)('GET', '/api/subscription')).statusCode).toBe(401);
    const user = await signUpAs(server, 'user');
    const res = await callerFor(server, user)('GET', '/api/subscription/requests');
    expect(res.statusCode).toBe(403);
  });
});

describe('the monthly quota (GenerationQuota)', () => {
  let clock = new Date();
  const quota = () =>
    new SubscriptionService({
      db: server.db,
      shared: undefined as never,
      mailer: undefined as never,
      inbox: undefined as never,
      users: { userChanged: () => Promise.resolve() },
      publicUrl: 'http://localhost',
      log: pino({ level: 'silent' }),
      now: () => clock,
    });

  async function userOn(plan: 'free' | 'pro' | 'ultra-pro' | 'enterprise') {
    const user = await signUpAs(server, 'user');
    await server.db
      .updateTable('users')
      .set({ subscription_type: plan })
      .where('id', '=', user.userId)
      .execute();
    return user;
  }

  it.each([
    ['free', 5],
    ['pro', 100],
    ['ultra-pro', 500],
  ] as const)('%s allows exactly %i generations a month', async (plan, limit) => {
    clock = new Date();
    const user = await userOn(plan);
    const service = quota();
    if (limit > 5) {
      await server.db
        .insertInto('subscription_usage')
        .values({
          user_id: user.userId,
          month: new Date(Date.UTC(clock.getUTCFullYear(), clock.getUTCMonth(), 1))
            .toISOString()
            .slice(0, 10),
          generations_used: limit - 2,
        })
        .execute();
    }
    const start = limit > 5 ? limit - 2 : 0;
    for (let used = start + 1; used <= limit; used += 1) {
      expect(await service.recordGeneration(user.userId)).toMatchObject({
        plan,
        used,
        limit,
        remaining: limit - used,
      });
    }
    await expect(service.recordGeneration(user.userId)).rejects.toMatchObject({
      code: 'subscription/quota_exceeded',
    });
    const view = await subscriptionOf(callerFor(server, user));
    expect(view.usage).toMatchObject({ generationsUsed: limit, generationsRemaining: 0 });
  });

  it('never overshoots under concurrent generations', async () => {
    clock = new Date();
    const user = await userOn('free');
    const service = quota();
    const results = await Promise.allSettled(
      Array.from({ length: 9 }, () => service.recordGeneration(user.userId)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const rejected = results.filter((r) => r.status === 'rejected');
    expect(
      rejected.every((r) => (r.reason as AppError).code === 'subscription/quota_exceeded'),
    ).toBe(true);
  });

  it('counts enterprise without limit, and starts again next month', async () => {
    clock = new Date(Date.UTC(2031, 0, 31, 23, 0));
    const user = await userOn('enterprise');
    expect(await quota().recordGeneration(user.userId)).toMatchObject({
      limit: -1,
      remaining: null,
    });
    const free = await userOn('free');
    for (let i = 0; i < 5; i += 1) await quota().recordGeneration(free.userId);
    await expect(quota().recordGeneration(free.userId)).rejects.toBeInstanceOf(AppError);
    clock = new Date(Date.UTC(2031, 1, 1, 0, 1));
    expect(await quota().recordGeneration(free.userId)).toMatchObject({ used: 1 });
  });

  it('counts projects against the plan limit', async () => {
    clock = new Date();
    const user = await userOn('free');
    const service = quota();
    await service.recordProjectCreated(user.userId);
    await service.recordProjectCreated(user.userId);
    await expect(service.recordProjectCreated(user.userId)).rejects.toMatchObject({
      code: 'subscription/project_limit',
    });
    await service.recordProjectDeleted(user.userId);
    expect(await service.recordProjectCreated(user.userId)).toMatchObject({
      used: 2,
      remaining: 0,
    });
  });
});

describe('withdrawing a pending request', () => {
  it('takes the request back and leaves the plan in force exactly as it was', async () => {
    const user = await signUpAs(server, 'user');
    const call = callerFor(server, user);
    const before = await subscriptionOf(call);
    await call('POST', '/api/subscription/choose', { planId: 'pro' });
    const pending = await subscriptionOf(call);
    expect(pending.subscription).toMatchObject({ planId: 'pro', status: 'pending' });
    // The plan in force keeps its own dates while the request waits.
    expect(
      json<{ data: { currentPeriod: unknown } }>(await call('GET', '/api/subscription')).data
        .currentPeriod,
    ).toEqual({
      status: 'active',
      startDate: before.subscription.startDate,
      endDate: before.subscription.endDate,
    });

    const res = await call('POST', '/api/subscription/withdraw-request');
    expect(res.statusCode).toBe(200);
    const body = json<{ message: string; data: View }>(res);
    expect(body.message).toBe('Your request was withdrawn. Your plan stays as it is.');
    expect(body.data.pendingRequest).toBeNull();
    expect(body.data.currentPlan.id).toBe('free');
    expect(body.data.subscription).toEqual(before.subscription);
    const row = await server.db
      .selectFrom('activation_requests')
      .selectAll()
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'rejected', processing_notes: 'Withdrawn by the user' });

    const again = await call('POST', '/api/subscription/withdraw-request');
    expect(again.statusCode).toBe(404);
    expect(json(again)).toMatchObject({ message: 'You have no pending activation request' });
    // A new request may follow.
    expect((await call('POST', '/api/subscription/choose', { planId: 'pro' })).statusCode).toBe(
      200,
    );
  });

  it('keeps a paid plan when its upgrade request is withdrawn', async () => {
    const user = await signUpAs(server, 'user');
    const call = callerFor(server, user);
    await subscriptionOf(call);
    await server.db
      .updateTable('users')
      .set({ subscription_type: 'pro' })
      .where('id', '=', user.userId)
      .execute();
    await server.db
      .updateTable('subscriptions')
      .set({ plan_id: 'pro' })
      .where('user_id', '=', user.userId)
      .execute();
    await call('POST', '/api/subscription/choose', { planId: 'enterprise' });
    const res = await call('POST', '/api/subscription/withdraw-request');
    const view = json<{ data: View }>(res).data;
    expect(view.currentPlan.id).toBe('pro');
    expect(view.subscription).toMatchObject({ planId: 'pro', status: 'active' });
  });

  it('needs sign-in', async () => {
    const res = await callerFor(server)('POST', '/api/subscription/withdraw-request');
    expect(res.statusCode).toBe(401);
  });
});

describe('staff quotas (decision 0010)', () => {
  it('lets the owner on the Free plan create more than 2 projects', async () => {
    const owner = await signUpAs(server, 'owner');
    const call = callerFor(server, owner);
    for (const name of ['One', 'Two', 'Three', 'Four']) {
      const res = await call('POST', '/api/projects', { name });
      expect(res.statusCode).toBe(200);
    }
    const list = json<{ data: { usage: unknown } }>(await call('GET', '/api/projects'));
    expect(list.data.usage).toEqual({ count: 4, limit: -1, remaining: null });
    const view = await subscriptionOf(call);
    expect(view.currentPlan.id).toBe('free');
    expect(view.usage).toMatchObject({ projectsLimit: -1, generationsRemaining: null });
    expect(
      json<{ data: { limitsFrom: string } }>(await call('GET', '/api/subscription')).data
        .limitsFrom,
    ).toBe('staff');
  });

  it.each(['admin', 'moderator', 'helper'] as const)(
    'counts a %s on Free past 5 generations; a user stays limited',
    async (role) => {
      const service = new SubscriptionService({
        db: server.db,
        shared: undefined as never,
        mailer: undefined as never,
        inbox: undefined as never,
        users: { userChanged: () => Promise.resolve() },
        publicUrl: 'http://localhost',
        log: pino({ level: 'silent' }),
      });
      const staff = await signUpAs(server, role);
      for (let i = 1; i <= 7; i += 1) {
        expect(await service.recordGeneration(staff.userId)).toMatchObject({
          plan: 'free',
          used: i,
          limit: -1,
          remaining: null,
        });
      }
      const user = await signUpAs(server, 'user');
      expect(await subscriptionOf(callerFor(server, user))).toMatchObject({
        usage: { projectsLimit: 2, generationsRemaining: 5 },
      });
    },
  );
});
