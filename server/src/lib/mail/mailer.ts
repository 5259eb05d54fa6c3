import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Logger } from 'pino';
import { DEFAULT_TEMPLATES, renderTemplate, type MailTemplate, type TemplateId } from './templates';

/** Staff edits of a template, looked up before each mail; undefined means the default. */
export type TemplateResolver = (
  id: TemplateId,
) => Promise<Pick<MailTemplate, 'subject' | 'htmlContent' | 'textContent'> | undefined>;

/** An SMTP route that replaces SMTP_URL at runtime (the saved mailing configuration). */
export interface SmtpRoute {
  smtp: SMTPTransport.Options | string;
  from: string | { name: string; address: string };
  replyTo?: string;
}

/** Where mail goes now. */
export type MailTransportKind = 'saved' | 'environment' | 'outbox';

export interface Mailer {
  /** Renders a template and delivers it; resolves once the message is handed over. */
  sendTemplate(
    to: string,
    template: TemplateId,
    variables: Record<string, string | number>,
  ): Promise<void>;
  close(): void;
  /** Reads edited templates from elsewhere (the database); a failing lookup uses the default. */
  useTemplates(resolver: TemplateResolver): void;
  /** Sends through this route instead of SMTP_URL or the outbox; undefined goes back. */
  useRoute(route: SmtpRoute | undefined): void;
  transportKind(): MailTransportKind;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: Logger;
}

/** SMTP when SMTP_URL is set; otherwise each message becomes an RFC 822 file in the outbox. */
export function createMailer({ smtpUrl, from, outboxDir, log }: MailerOptions): Mailer {
  const transport = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  let resolver: TemplateResolver | undefined;
  let route: (Omit<SmtpRoute, 'smtp'> & { transport: Transporter }) | undefined;

  const templateOf = async (id: TemplateId) => {
    const edited = await resolver?.(id).catch((error: unknown) => {
      log.warn({ err: error, template: id }, 'edited template unavailable; using the default');
      return undefined;
    });
    return edited ?? DEFAULT_TEMPLATES[id];
  };

  return {
    async sendTemplate(to, templateId, variables) {
      const { subject, html, text } = renderTemplate(await templateOf(templateId), variables);
      if (route) {
        const { transport: saved, from: savedFrom, replyTo } = route;
        const sent = (await saved.sendMail({
          from: savedFrom,
          ...(replyTo && { replyTo }),
          to,
          subject,
          html,
          text,
        })) as { messageId?: string };
        log.info({ to, template: templateId, messageId: sent.messageId }, 'mail sent');
        return;
      }
      const info = (await transport.sendMail({ from, to, subject, html, text })) as {
        message?: Buffer;
        messageId?: string;
      };
      if (smtpUrl) {
        log.info({ to, template: templateId, messageId: info.messageId }, 'mail sent');
        return;
      }
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`,
      );
      await writeFile(file, info.message ?? Buffer.alloc(0));
      log.info({ to, template: templateId, file }, `mail written to ${file}`);
    },
    close() {
      transport.close();
      route?.transport.close();
    },
    useTemplates(next) {
      resolver = next;
    },
    useRoute(next) {
      route?.transport.close();
      route = next && {
        transport: nodemailer.createTransport(next.smtp),
        from: next.from,
        ...(next.replyTo && { replyTo: next.replyTo }),
      };
    },
    transportKind() {
      if (route) return 'saved';
      return smtpUrl ? 'environment' : 'outbox';
    },
  };
}
