import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { E2E_DATA_DIR } from './env';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Reads the .eml files the server wrote to `$DATA_DIR/outbox`, newest last. */
export async function readOutbox(): Promise<OutboxMail[]> {
  const dir = path.join(E2E_DATA_DIR, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[]))
    .filter((f) => f.endsWith('.eml'))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = await readFile(path.join(dir, file), 'utf8');
      const textPart =
        /Content-Type: text\/plain[^\n]*\n(?:[^\n]+\n)*?\n([\s\S]*?)\n--/i.exec(raw)?.[1] ?? raw;
      return {
        file,
        to: /^To: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
        subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
        text: decodeQuotedPrintable(textPart),
      };
    }),
  );
}

/** Waits for a mail to `to` whose subject matches, and answers it. */
export async function waitForMail(
  to: string,
  subject: RegExp,
  timeoutMs = 10_000,
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await readOutbox())
      .reverse()
      .find((m) => m.to.includes(to) && subject.test(m.subject));
    if (mail) return mail;
    if (Date.now() > deadline)
      throw new Error(`No mail to ${to} matching ${subject} in the outbox`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function waitForCode(to: string): Promise<string> {
  const mail = await waitForMail(to, /verification code/i);
  const code = /code is (\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No code in ${mail.file}`);
  return code;
}
