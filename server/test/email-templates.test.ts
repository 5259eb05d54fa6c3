import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, signUp, startTestServer, uniqueEmail, type TestServer } from './harness';
import { callerFor, signUpAs, type Caller } from './staff';

let server: TestServer;
let admin: Caller;
let helper: Caller;
beforeAll(async () => {
  server = await startTestServer();
  const [adm, help] = await Promise.all([signUpAs(server, 'admin'), signUpAs(server, 'helper')]);
  admin = callerFor(server, adm);
  helper = callerFor(server, help);
});
afterAll(async () => {
  await server.db.deleteFrom('email_templates').execute();
  await server.close();
});

interface Template {
  id: string;
  subject: string;
  variables: string[];
  isCustomized: boolean;
  updatedBy: string | null;
}

describe('email templates', () => {
  it('lists the three §3 templates with their variables', async () => {
    const res = await helper('GET', '/api/admin/email-templates');
    const items = json<{ data: { items: Template[] } }>(res).data.items;
    expect(items.map((t) => t.id)).toEqual([
      'welcome',
      'activation_request',
      'subscription_activated',
    ]);
    expect(items.find((t) => t.id === 'subscription_activated')!.variables).toEqual([
      'firstName',
      'plan',
      'endDate',
      'credits',
      'appUrl',
    ]);
  });

  it('previews a draft with samples and given values, escaping values in HTML', async () => {
    const res = await helper('POST', '/api/admin/email-templates/activation_request/preview', {
      subject: 'Hi {{firstName}}: {{plan}}',
      htmlContent: '<p>{{firstName}} wants {{plan}}</p>',
      variables: { firstName: '<Ada & Co>' },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({
      data: {
        subject: 'Hi <Ada & Co>: Pro',
        html: '<p>&#60;Ada &#38; Co&#62; wants Pro</p>',
        variables: { firstName: '<Ada & Co>', plan: 'Pro' },
      },
    });
    expect(json<{ data: { text: string } }>(res).data.text).toContain('24-48 hours');
  });

  it('saves an edit that the mailer uses from the next mail on, and resets it', async () => {
    const saved = await admin('PUT', '/api/admin/email-templates/welcome', {
      subject: 'Hello {{firstName}}, your workspace is ready',
      htmlContent: '<p>Hi {{firstName}}</p><a href="{{appUrl}}">Go</a>',
      textContent: 'Hi {{firstName}}, open {{appUrl}}',
    });
    expect(saved.statusCode).toBe(200);
    expect(json(saved)).toMatchObject({ data: { template: { isCustomized: true } } });

    const account = await signUp(server, uniqueEmail('welcome'));
    const mail = await server.mailbox.waitFor(account.email, (m) =>
      /workspace is ready/.test(m.subject),
    );
    expect(mail.subject).toBe('Hello Test, your workspace is ready');
    expect(mail.text).toMatch(/Hi Test, open http:\/\/\S+\/dashboard/);

    const reset = await admin('POST', '/api/admin/email-templates/welcome/reset');
    expect(json(reset)).toMatchObject({
      data: { template: { isCustomized: false, subject: 'Welcome to Stratum, {{firstName}}' } },
    });
    const actions = await server.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', 'welcome')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['templates.update', 'templates.reset']),
    );
  });

  it("answers 'Template not found' and keeps helpers from editing", async () => {
    const missing = await admin('PUT', '/api/admin/email-templates/verification_code', {
      subject: 'x',
      htmlContent: 'x',
      textContent: 'x',
    });
    expect(missing.statusCode).toBe(404);
    expect(json(missing)).toMatchObject({ message: 'Template not found' });
    const edit = await helper('PUT', '/api/admin/email-templates/welcome', {
      subject: 'x',
      htmlContent: 'x',
      textContent: 'x',
    });
    expect(edit.statusCode).toBe(403);
    const twoLines = await admin('PUT', '/api/admin/email-templates/welcome', {
      subject: 'a\r\nBcc: someone@example.com',
      htmlContent: 'x',
      textContent: 'x',
    });
    expect(twoLines.statusCode).toBe(400);
  });
});
