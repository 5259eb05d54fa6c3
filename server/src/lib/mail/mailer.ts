import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { DEFAULT_TEMPLATES, renderTemplate, type TemplateId } from './templates';

export interface Mailer {
  /** Renders a template and delivers it; resolves once the message is handed over. */
  sendTemplate(
    to: string,
    template: TemplateId,
    variables: Record<string, string | number>,
  ): Promise<void>;
  close(): void;
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

  return {
    async sendTemplate(to, templateId, variables) {
      const { subject, html, text } = renderTemplate(DEFAULT_TEMPLATES[templateId], variables);
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
    },
  };
}
