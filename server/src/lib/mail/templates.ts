/** Mail templates (§3 Email template): subject, HTML and text, with `{{variable}}` slots. */
export interface MailTemplate {
  id: TemplateId;
  name: string;
  subject: string;
  htmlContent: string;
  textContent: string;
  variables: string[];
}

export type TemplateId =
  | 'verification_code'
  | 'password_reset'
  | 'welcome'
  | 'activation_request'
  | 'subscription_activated'
  | 'monitor_alert'
  | 'project_invitation';

const layout = (body: string) =>
  `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px">${body}<p style="color:#64748b;font-size:12px;margin-top:32px">Stratum — develop, plan, operate</p></body></html>`;

export const DEFAULT_TEMPLATES: Record<TemplateId, MailTemplate> = {
  verification_code: {
    id: 'verification_code',
    name: 'Verification code',
    subject: 'Your Stratum verification code: {{code}}',
    htmlContent: layout(
      '<p>Hello {{firstName}},</p><p>Your verification code is</p><p style="font-size:28px;letter-spacing:6px;font-weight:700">{{code}}</p><p>It is valid for {{minutes}} minutes. If you did not sign up for Stratum, ignore this message.</p>',
    ),
    textContent:
      'Hello {{firstName}},\n\nYour verification code is {{code}}\n\nIt is valid for {{minutes}} minutes. If you did not sign up for Stratum, ignore this message.\n',
    variables: ['firstName', 'code', 'minutes'],
  },
  password_reset: {
    id: 'password_reset',
    name: 'Password reset',
    subject: 'Reset your Stratum password',
    htmlContent: layout(
      '<p>Hello {{firstName}},</p><p>Someone asked to reset the password of your Stratum account. To choose a new one, open:</p><p><a href="{{resetUrl}}">{{resetUrl}}</a></p><p>Your reset token is <code>{{token}}</code>. It is valid for {{minutes}} minutes and works once. If it was not you, ignore this message: your password stays as it is.</p>',
    ),
    textContent:
      'Hello {{firstName}},\n\nSomeone asked to reset the password of your Stratum account. To choose a new one, open:\n\n{{resetUrl}}\n\nYour reset token is {{token}}. It is valid for {{minutes}} minutes and works once. If it was not you, ignore this message: your password stays as it is.\n',
    variables: ['firstName', 'resetUrl', 'token', 'minutes'],
  },
  welcome: {
    id: 'welcome',
    name: 'Welcome',
    subject: 'Welcome to Stratum, {{firstName}}',
    htmlContent: layout(
      '<p>Hello {{firstName}},</p><p>Your email address is verified and your Stratum account is ready. Start in the planner: pick a cloud, choose services, design the architecture and generate infrastructure as code.</p><p><a href="{{appUrl}}">Open Stratum</a></p>',
    ),
    textContent:
      'Hello {{firstName}},\n\nYour email address is verified and your Stratum account is ready. Start in the planner: pick a cloud, choose services, design the architecture and generate infrastructure as code.\n\n{{appUrl}}\n',
    variables: ['firstName', 'appUrl'],
  },
  activation_request: {
    id: 'activation_request',
    name: 'Activation request received',
    subject: 'We received your request for the {{plan}} plan',
    htmlContent: layout(
      '<p>Hello {{firstName}},</p><p>We received your request to activate the <strong>{{plan}}</strong> plan. Requests are reviewed within 24-48 hours; you will get a message when it is decided.</p>',
    ),
    textContent:
      'Hello {{firstName}},\n\nWe received your request to activate the {{plan}} plan. Requests are reviewed within 24-48 hours; you will get a message when it is decided.\n',
    variables: ['firstName', 'plan'],
  },
  subscription_activated: {
    id: 'subscription_activated',
    name: 'Subscription activated',
    subject: 'Your {{plan}} plan is active',
    htmlContent: layout(
      '<p>Hello {{firstName}},</p><p>Your <strong>{{plan}}</strong> plan is active until {{endDate}}. {{credits}} credits were added to your account.</p><p><a href="{{appUrl}}">Open Stratum</a></p>',
    ),
    textContent:
      'Hello {{firstName}},\n\nYour {{plan}} plan is active until {{endDate}}. {{credits}} credits were added to your account.\n\n{{appUrl}}\n',
    variables: ['firstName', 'plan', 'endDate', 'credits', 'appUrl'],
  },
  // Monitoring (issue 16 §2): a check went down or came back; the same text as the message.
  monitor_alert: {
    id: 'monitor_alert',
    name: 'Monitoring alert',
    subject: '{{subject}}',
    htmlContent: layout(
      '<p>Hello {{firstName}},</p><p style="white-space:pre-line">{{body}}</p><p><a href="{{appUrl}}">Open Monitoring</a></p>',
    ),
    textContent: 'Hello {{firstName}},\n\n{{body}}\n\n{{appUrl}}\n',
    variables: ['firstName', 'subject', 'body', 'appUrl'],
  },
  // Shared projects (docs/shared-projects.md); not staff-editable, like the sign-up code.
  project_invitation: {
    id: 'project_invitation',
    name: 'Project shared with you',
    subject: '{{inviterName}} shared the project {{projectName}} with you',
    htmlContent: layout(
      '<p>Hello {{greetingName}},</p><p>{{inviterName}} ({{inviterEmail}}) shared the Stratum project <strong>{{projectName}}</strong> with you as {{role}}.</p><p>{{nextStep}}</p><p><a href="{{appUrl}}">{{appUrl}}</a></p>',
    ),
    textContent:
      'Hello {{greetingName}},\n\n{{inviterName}} ({{inviterEmail}}) shared the Stratum project {{projectName}} with you as {{role}}.\n\n{{nextStep}}\n\n{{appUrl}}\n',
    variables: [
      'greetingName',
      'inviterName',
      'inviterEmail',
      'projectName',
      'role',
      'nextStep',
      'appUrl',
    ],
  },
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Fills `{{name}}` slots; values are HTML-escaped in the HTML part. Unknown slots stay empty. */
export function renderTemplate(
  template: Pick<MailTemplate, 'subject' | 'htmlContent' | 'textContent'>,
  variables: Record<string, string | number>,
): { subject: string; html: string; text: string } {
  const fill = (source: string, escape: (v: string) => string) =>
    source.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
      escape(String(variables[name] ?? '')),
    );
  return {
    subject: fill(template.subject, (v) => v.replace(/[\r\n]+/g, ' ')),
    html: fill(template.htmlContent, escapeHtml),
    text: fill(template.textContent, (v) => v),
  };
}
