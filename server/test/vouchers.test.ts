import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOUCHER_MSG } from '@stratum/core/vouchers';
import { json, startTestServer, type TestServer } from './harness';
import { callerFor, signUpAs, type Account, type Caller } from './staff';

let server: TestServer;
let admin: Account;
let staff: Caller;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpAs(server, 'admin');
  staff = callerFor(server, admin);
});
afterAll(async () => {
  await server.close();
});

const DAY = 86_400_000;

interface Voucher {
  id: string;
  code: string;
  type: string;
  timesUsed: number;
  usageLimit: number;
  isExpired: boolean;
  isExhausted: boolean;
}

async function createVoucher(fields: Record<string, unknown> = {}): Promise<Voucher> {
  const res = await staff('POST', '/api/admin/vouchers', {
    type: 'pro',
    credits: 100,
    duration: 30,
    usageLimit: 5,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: { voucher: Voucher } }>(res).data.voucher;
}

const redeem = (account: Account, code: string) =>
  callerFor(server, account)('POST', '/api/vouchers/redeem', { code });

describe('creating vouchers', () => {
  it('draws a 12-character code shown in groups of 4', async () => {
    const voucher = await createVoucher();
    expect(voucher.code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(voucher).toMatchObject({
      type: 'pro',
      timesUsed: 0,
      isExpired: false,
      isExhausted: false,
    });
    const audit = await server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', voucher.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'vouchers.create', actor_id: admin.userId });
  });

  it('takes a chosen code with or without dashes, once', async () => {
    const code = `T${Date.now().toString(36).toUpperCase()}`.padEnd(12, 'Q').slice(0, 12);
    const voucher = await createVoucher({ code: code.toLowerCase() });
    expect(voucher.code.replace(/-/g, '')).toBe(code);
    const again = await staff('POST', '/api/admin/vouchers', {
      code: `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`,
      type: 'pro',
      credits: 1,
      duration: 1,
      usageLimit: 1,
    });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ code: 'vouchers/code_taken' });
    const malformed = await staff('POST', '/api/admin/vouchers', {
      code: 'ABC',
      type: 'pro',
      credits: 1,
      duration: 1,
      usageLimit: 1,
    });
    expect(malformed.statusCode).toBe(400);
    expect(json(malformed)).toMatchObject({ message: VOUCHER_MSG.invalidFormat });
  });

  it('refuses a free-plan voucher, a zero duration and a zero usage limit', async () => {
    for (const bad of [{ type: 'free' }, { duration: 0 }, { usageLimit: 0 }, { credits: -1 }]) {
      const res = await staff('POST', '/api/admin/vouchers', {
        type: 'pro',
        credits: 1,
        duration: 1,
        usageLimit: 1,
        ...bad,
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('lists, filters by code and status, and pages', async () => {
    const voucher = await createVoucher({ usageLimit: 1 });
    const bySearch = await staff(
      'GET',
      `/api/admin/vouchers?search=${voucher.code.slice(2, 9).toLowerCase()}`,
    );
    expect(json<{ data: { items: Voucher[] } }>(bySearch).data.items.map((v) => v.id)).toEqual([
      voucher.id,
    ]);
    const usable = await staff('GET', '/api/admin/vouchers?status=usable&pageSize=100');
    expect(
      json<{ data: { items: Voucher[] } }>(usable).data.items.some((v) => v.id === voucher.id),
    ).toBe(true);
    await staff('POST', `/api/admin/vouchers/${voucher.id}/expire`);
    const expired = await staff('GET', '/api/admin/vouchers?status=expired&pageSize=100');
    expect(
      json<{ data: { items: Voucher[] } }>(expired).data.items.some((v) => v.id === voucher.id),
    ).toBe(true);
    const page = await staff('GET', '/api/admin/vouchers?pageSize=1&page=1');
    expect(json(page)).toMatchObject({ data: { page: 1, pageSize: 1 } });
    expect(json<{ data: { items: unknown[]; total: number } }>(page).data.items).toHaveLength(1);
  });
});

describe('redeeming (§4, §8)', () => {
  it('grants credits and the plan for the duration, with the exact success text', async () => {
    const voucher = await createVoucher({ type: 'ultra-pro', credits: 250, duration: 45 });
    const user = await signUpAs(server, 'user');
    const res = await redeem(user, voucher.code.replace(/-/g, ' ').toLowerCase());
    expect(res.statusCode).toBe(200);
    const body = json<{
      message: string;
      data: { totalCredits: number; planId: string; endDate: string };
    }>(res);
    expect(body.message).toBe(
      'Voucher redeemed successfully! You received 250 credits and ultra-pro subscription for 45 days.',
    );
    expect(body.data).toMatchObject({ totalCredits: 250, planId: 'ultra-pro' });
    const days = (Date.parse(body.data.endDate) - Date.now()) / DAY;
    expect(days).toBeGreaterThan(44.9);
    expect(days).toBeLessThan(45.1);
    const me = await callerFor(server, user)('GET', '/api/auth/verify');
    expect(json(me)).toMatchObject({ user: { subscriptionType: 'ultra-pro', credits: 250 } });

    const usages = await staff('GET', `/api/admin/vouchers/${voucher.id}/usages`);
    expect(json(usages)).toMatchObject({
      data: {
        voucher: { timesUsed: 1 },
        items: [
          {
            userId: user.userId,
            userEmail: user.email,
            subscriptionGranted: 'ultra-pro',
            creditsGranted: 250,
            durationGranted: 45,
          },
        ],
      },
    });
  });

  it('answers each refusal with its §8 text, in the §4 order', async () => {
    const [first, second] = await Promise.all([signUpAs(server, 'user'), signUpAs(server, 'user')]);
    const unknown = await redeem(first, 'ZZZZ-ZZZZ-ZZZ9');
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toMatchObject({
      code: 'vouchers/not_found',
      message: 'Voucher code not found',
    });
    const malformed = await redeem(first, 'not a code');
    expect(json(malformed)).toMatchObject({ message: 'Voucher code not found' });

    const single = await createVoucher({ usageLimit: 1 });
    expect((await redeem(first, single.code)).statusCode).toBe(200);
    const limit = await redeem(second, single.code);
    expect(limit.statusCode).toBe(409);
    expect(json(limit)).toMatchObject({
      code: 'vouchers/limit_reached',
      message: 'Voucher usage limit reached',
    });
    // Used by this user and used up: the limit comes first.
    expect(json(await redeem(first, single.code))).toMatchObject({
      message: 'Voucher usage limit reached',
    });

    const multi = await createVoucher({ usageLimit: 5 });
    expect((await redeem(first, multi.code)).statusCode).toBe(200);
    const again = await redeem(first, multi.code);
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({
      code: 'vouchers/already_used',
      message: 'You have already used this voucher',
    });

    const past = await createVoucher({
      expiresAt: new Date(Date.now() - 60_000).toISOString(),
      usageLimit: 1,
    });
    const expired = await redeem(second, past.code);
    expect(expired.statusCode).toBe(410);
    expect(json(expired)).toMatchObject({
      code: 'vouchers/expired',
      message: 'Voucher has expired',
    });

    await staff('POST', `/api/admin/vouchers/${multi.id}/expire`);
    expect(json(await redeem(second, multi.code))).toMatchObject({
      message: 'Voucher has expired',
    });
  });

  it('lets exactly one of many users win the race for the last use', async () => {
    const voucher = await createVoucher({ usageLimit: 1 });
    const users = await Promise.all(Array.from({ length: 6 }, () => signUpAs(server, 'user')));
    const results = await Promise.all(users.map((u) => redeem(u, voucher.code)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    for (const lost of results.filter((r) => r.statusCode === 409)) {
      expect(json(lost)).toMatchObject({ message: 'Voucher usage limit reached' });
    }
    const row = await server.db
      .selectFrom('vouchers')
      .selectAll()
      .where('id', '=', voucher.id)
      .executeTakeFirstOrThrow();
    expect(row.times_used).toBe(1);
    const usages = await server.db
      .selectFrom('voucher_usages')
      .select('user_id')
      .where('voucher_id', '=', voucher.id)
      .execute();
    expect(usages).toHaveLength(1);
    const winner = users[results.findIndex((r) => r.statusCode === 200)]!;
    expect(usages[0]!.user_id).toBe(winner.userId);
  });

  it('lets one user redeem once even when sending the code twice at once', async () => {
    const voucher = await createVoucher({ usageLimit: 10, credits: 7 });
    const user = await signUpAs(server, 'user');
    const results = await Promise.all([redeem(user, voucher.code), redeem(user, voucher.code)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const me = await callerFor(server, user)('GET', '/api/auth/verify');
    expect(json(me)).toMatchObject({ user: { credits: 7 } });
  });

  it('extends the same plan and never replaces a bigger one', async () => {
    const user = await signUpAs(server, 'user');
    const first = await createVoucher({ type: 'pro', duration: 30 });
    const second = await createVoucher({ type: 'pro', duration: 10, credits: 5 });
    const end1 = json<{ data: { endDate: string } }>(await redeem(user, first.code)).data.endDate;
    const end2 = json<{ data: { endDate: string } }>(await redeem(user, second.code)).data.endDate;
    expect((Date.parse(end2) - Date.parse(end1)) / DAY).toBeCloseTo(10, 5);

    const big = await signUpAs(server, 'user');
    await server.db
      .updateTable('users')
      .set({ subscription_type: 'enterprise' })
      .where('id', '=', big.userId)
      .execute();
    const res = await redeem(big, second.code);
    expect(json(res)).toMatchObject({ data: { planId: 'enterprise', totalCredits: 5 } });
  });
});

describe('saying what a voucher will do before redeeming it', () => {
  const preview = (account: Account, code: string) =>
    callerFor(server, account)('POST', '/api/vouchers/preview', { code });

  it('on Enterprise, a Pro voucher adds credits only, and the success text says so', async () => {
    const voucher = await createVoucher({ type: 'pro', credits: 500, duration: 30 });
    const big = await signUpAs(server, 'user');
    await server.db
      .updateTable('users')
      .set({ subscription_type: 'enterprise' })
      .where('id', '=', big.userId)
      .execute();
    const before = await preview(big, voucher.code);
    expect(before.statusCode).toBe(200);
    expect(json(before)).toMatchObject({
      data: {
        effect: 'keep',
        currentPlan: 'enterprise',
        credits: 500,
        message:
          'You are on Enterprise: this voucher adds 500 credits; your plan stays Enterprise.',
      },
    });
    // Previewing redeems nothing.
    const listed = await staff('GET', `/api/admin/vouchers/${voucher.id}/usages`);
    expect(json(listed)).toMatchObject({ data: { voucher: { timesUsed: 0 }, items: [] } });

    const res = await redeem(big, voucher.code);
    expect(json(res)).toMatchObject({
      message:
        'Voucher redeemed successfully! You received 500 credits. Your Enterprise plan stays as it is.',
      data: { effect: 'keep', planId: 'enterprise', totalCredits: 500 },
    });
  });

  it('on Free, says it grants the plan; on the same plan, that it extends it', async () => {
    const voucher = await createVoucher({ type: 'pro', credits: 10, duration: 30 });
    const user = await signUpAs(server, 'user');
    expect(json(await preview(user, voucher.code))).toMatchObject({
      data: {
        effect: 'grant',
        message: 'This voucher adds 10 credits and gives you the Pro plan for 30 days.',
      },
    });
    await redeem(user, voucher.code);
    const next = await createVoucher({ type: 'pro', credits: 0, duration: 7 });
    expect(json(await preview(user, next.code))).toMatchObject({
      data: {
        effect: 'extend',
        message: 'This voucher adds 0 credits and extends your Pro plan by 7 days.',
      },
    });
    expect(json(await redeem(user, next.code))).toMatchObject({
      message:
        'Voucher redeemed successfully! You received 0 credits and your pro subscription was extended by 7 days.',
    });
  });

  it('answers the §8 errors like a redemption', async () => {
    const user = await signUpAs(server, 'user');
    const unknown = await preview(user, 'ZZZZ-ZZZZ-ZZZ1');
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toMatchObject({ message: 'Voucher code not found' });
    const voucher = await createVoucher();
    await redeem(user, voucher.code);
    expect(json(await preview(user, voucher.code))).toMatchObject({
      message: 'You have already used this voucher',
    });
  });
});

describe('staff management', () => {
  it('deletes a voucher with its usages, keeping them in the audit trail', async () => {
    const voucher = await createVoucher();
    const user = await signUpAs(server, 'user');
    await redeem(user, voucher.code);
    const res = await staff('DELETE', `/api/admin/vouchers/${voucher.id}`);
    expect(res.statusCode).toBe(200);
    expect(json(await redeem(await signUpAs(server, 'user'), voucher.code))).toMatchObject({
      message: 'Voucher code not found',
    });
    const audit = await server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', voucher.id)
      .where('action', '=', 'vouchers.delete')
      .executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({ code: voucher.code, usages: [{ userEmail: user.email }] });
    expect((await staff('DELETE', `/api/admin/vouchers/${voucher.id}`)).statusCode).toBe(404);
  });
});
