import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startTestServer, type TestServer } from './harness';
import { callerFor, signUpAs, type Account, type Caller } from './staff';

/** A relay that insists on credentials, like a real provider; keeps what it accepts. */
class AuthRelay {
  readonly received: { user: string; to: string[]; raw: string }[] = [];
  port = 0;
  private readonly server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (auth, _session, callback) => {
      if (auth.username === 'relay-user' && auth.password === 'relay-p4ss') {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        this.received.push({
          user: String(session.user),
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let server: TestServer;
let relay: AuthRelay;
let owner: Account;
let call: Caller;
beforeAll(async () => {
  server = await startTestServer();
  relay = new AuthRelay();
  await relay.start();
  owner = await signUpAs(server, 'owner');
  call = callerFor(server, owner);
  await server.db.deleteFrom('mailing_config').execute();
});
afterAll(async () => {
  // The test database is shared: never leave a mailing route for the next file.
  await server.db.deleteFrom('mailing_config').execute();
  await server.close();
  await relay.stop();
});

describe('mailing configuration', () => {
  const smtp = () => ({
    provider: 'smtp',
    isEnabled: false,
    senderEmail: 'noreply@stratum.example',
    fromName: 'Stratum Ops',
    replyTo: 'ops@stratum.example',
    smtpHost: '127.0.0.1',
    smtpPort: relay.port,
    smtpUser: 'relay-user',
    smtpPassword: 'relay-p4ss',
    smtpSecure: false,
  });

  it("answers 'Mailing service not configured', then 'SMTP configuration incomplete'", async () => {
    const none = await call('GET', '/api/admin/system/mailing');
    expect(json(none)).toMatchObject({ data: { config: null, transport: 'environment' } });
    const test = await call('POST', '/api/admin/system/mailing/test', {});
    expect(json(test)).toMatchObject({ message: 'Mailing service not configured' });

    await call('PUT', '/api/admin/system/mailing', { ...smtp(), smtpUser: '', smtpPassword: '' });
    const incomplete = await call('POST', '/api/admin/system/mailing/test', {});
    expect(incomplete.statusCode).toBe(400);
    expect(json(incomplete)).toMatchObject({
      code: 'system/smtp_incomplete',
      message: 'SMTP configuration incomplete',
    });
    const enableIncomplete = await call('PUT', '/api/admin/system/mailing', {
      ...smtp(),
      smtpUser: '',
      isEnabled: true,
    });
    expect(json(enableIncomplete)).toMatchObject({ message: 'SMTP configuration incomplete' });
  });

  it('stores the password encrypted, never sends it back, and sends a real test mail', async () => {
    const saved = await call('PUT', '/api/admin/system/mailing', smtp());
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain('relay-p4ss');
    expect(json(saved)).toMatchObject({
      data: { config: { hasPassword: true, effectiveProvider: 'smtp', smtpUser: 'relay-user' } },
    });
    const row = await server.db.selectFrom('mailing_config').selectAll().executeTakeFirstOrThrow();
    expect(row.secrets).toMatch(/^v1\./);
    expect(row.secrets).not.toContain('relay-p4ss');

    const test = await call('POST', '/api/admin/system/mailing/test', {
      to: 'ops-check@example.com',
    });
    expect(json(test)).toMatchObject({ data: { isDelivered: true, to: 'ops-check@example.com' } });
    const mail = relay.received.at(-1)!;
    expect(mail).toMatchObject({ user: 'relay-user', to: ['ops-check@example.com'] });
    expect(mail.raw).toMatch(/From: Stratum Ops <noreply@stratum\.example>/);
    expect(mail.raw).toMatch(/Reply-To: ops@stratum\.example/);

    // Leaving the password out keeps it; a wrong one is reported, not thrown.
    const { smtpPassword: _omitted, ...rest } = smtp();
    await call('PUT', '/api/admin/system/mailing', rest);
    expect(json(await call('POST', '/api/admin/system/mailing/test', {}))).toMatchObject({
      data: { isDelivered: true, to: owner.email },
    });
    await call('PUT', '/api/admin/system/mailing', { ...smtp(), smtpPassword: 'nope' });
    const refused = await call('POST', '/api/admin/system/mailing/test', {});
    expect(json(refused)).toMatchObject({ data: { isDelivered: false } });
    expect(json<{ data: { reason: string } }>(refused).data.reason).toMatch(
      /Invalid username or password/,
    );
  });

  it('maps sendgrid to smtp with its relay, and refuses a connection string that is not SMTP', async () => {
    const sendgrid = await call('PUT', '/api/admin/system/mailing', {
      provider: 'sendgrid',
      isEnabled: false,
      senderEmail: 'noreply@stratum.example',
      smtpPassword: 'SG.key',
    });
    expect(json(sendgrid)).toMatchObject({
      data: {
        config: {
          provider: 'sendgrid',
          effectiveProvider: 'smtp',
          smtpHost: 'smtp.sendgrid.net',
          smtpPort: 587,
          smtpUser: 'apikey',
        },
      },
    });
    const azureRest = await call('PUT', '/api/admin/system/mailing', {
      provider: 'azure',
      isEnabled: false,
      senderEmail: 'noreply@stratum.example',
      connectionString: 'endpoint=https://x.communication.azure.com/;accesskey=abc',
    });
    expect(azureRest.statusCode).toBe(400);
    expect(json(azureRest)).toMatchObject({ message: 'Invalid provider configuration' });
  });

  it('when enabled, every mail of the instance goes through it instead of SMTP_URL', async () => {
    const user = await signUpAs(server, 'user'); // its sign-up code goes to the harness mailbox
    const enabled = await call('PUT', '/api/admin/system/mailing', {
      ...smtp(),
      smtpPassword: undefined,
      connectionString: `smtp://relay-user:relay-p4ss@127.0.0.1:${relay.port}`,
      isEnabled: true,
    });
    expect(json(enabled)).toMatchObject({
      data: { transport: 'saved', config: { hasConnectionString: true } },
    });
    await callerFor(server, user)('POST', '/api/subscription/choose', { planId: 'pro' });
    await expect
      .poll(() => relay.received.some((m) => m.to.includes(user.email) && /Pro plan/.test(m.raw)))
      .toBe(true);

    const removed = await call('DELETE', '/api/admin/system/mailing');
    expect(json(removed)).toMatchObject({ data: { config: null, transport: 'environment' } });
    const actions = await server.db
      .selectFrom('audit_log')
      .select('action')
      .where('actor_id', '=', owner.userId)
      .where('action', 'like', 'system.%')
      .execute();
    expect(new Set(actions.map((a) => a.action))).toEqual(
      new Set(['system.mailing.save', 'system.mailing.test', 'system.mailing.delete']),
    );
  });
});
