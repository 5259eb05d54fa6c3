import { createHmac, generateKeyPairSync, sign } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createAccount, useStoredSession } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { captureWidths } from '../support/screens';

test.beforeEach(async ({ page, context, request }) => {
  const { token } = await createAccount(request);
  await useStoredSession(page, token);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
});

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** Chooses a file through the real picker that the button opens. */
async function openFile(page: Page, button: Locator, name: string, content: string | Buffer) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (
    await chooser
  ).setFiles({
    name,
    mimeType: name.endsWith('.png') ? 'image/png' : 'text/plain',
    buffer: typeof content === 'string' ? Buffer.from(content) : content,
  });
}

/** Drops a file on an element as a file manager would. */
async function dropFile(target: Locator, name: string, content: string) {
  const transfer = await target.page().evaluateHandle(
    ([fileName, text]) => {
      const data = new DataTransfer();
      data.items.add(new File([text], fileName, { type: 'text/plain' }));
      return data;
    },
    [name, content] as const,
  );
  for (const type of ['dragenter', 'dragover', 'drop']) {
    await target.dispatchEvent(type, { dataTransfer: transfer });
  }
}

/** Full-page screenshots from the top, so the sticky header sits where it belongs. */
async function capture(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureWidths(page, name);
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

test('file difference checker: paste, open and drop files, both views, options, patch', async ({
  page,
}) => {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Tools' }).click();
  await page.getByRole('menuitem', { name: 'File difference checker' }).click();
  await expect(page).toHaveURL(/\/tools\/diff$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'File difference checker' }),
  ).toBeVisible();
  await expect(
    page.getByText('Nothing you paste or open here is sent to the server'),
  ).toBeVisible();

  const original = [
    'resource "aws_s3_bucket" "logs" {',
    '  bucket = "app-logs"',
    '  tags = { Team = "platform" }',
    '}',
    '',
  ].join('\n');
  const changed = [
    'resource "aws_s3_bucket" "audit_logs" {',
    '  bucket = "app-logs"',
    '  tags = { Team = "Platform" }',
    '}',
    'output "arn" {}',
    '',
  ].join('\n');
  await page.getByLabel('Original', { exact: true }).fill(original);
  await openFile(page, page.getByRole('button', { name: 'Open changed file' }), 'main.tf', changed);
  await expect(page.getByLabel('Changed', { exact: true })).toHaveValue(changed);
  await expect(page.getByLabel('Changed file name')).toHaveValue('main.tf');
  await page.getByLabel('Original file name').fill('main.tf');

  const result = page.getByRole('region', { name: 'Differences' });
  await expect(result.getByText('+1 added line')).toBeVisible();
  await expect(result.getByText('−0 removed lines')).toBeVisible();
  await expect(result.getByText('~2 changed lines')).toBeVisible();
  // Side by side, with the changed words marked inside the changed lines.
  await page.getByRole('radio', { name: 'Side by side' }).check();
  const table = result.getByRole('table', { name: 'Differences, side by side' });
  await expect(table.locator('del', { hasText: 'logs' })).toBeVisible();
  await expect(table.locator('ins', { hasText: 'audit_logs' })).toBeVisible();
  await expect(table.locator('ins', { hasText: 'Platform' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/tools/diff');
  await capture(page, 'tools-diff');

  // The keyboard reaches the view switch; arrows move between the options as radios do.
  await page.getByRole('radio', { name: 'Side by side' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Unified' })).toBeChecked();
  const unified = result.getByRole('table', { name: 'Differences, unified view' });
  await expect(unified.getByRole('row')).toHaveCount(5 + 3);

  const expectedPatch = [
    '--- a/main.tf',
    '+++ b/main.tf',
    '@@ -1,4 +1,5 @@',
    '-resource "aws_s3_bucket" "logs" {',
    '+resource "aws_s3_bucket" "audit_logs" {',
    '   bucket = "app-logs"',
    '-  tags = { Team = "platform" }',
    '+  tags = { Team = "Platform" }',
    ' }',
    '+output "arn" {}',
    '',
  ].join('\n');
  await page.getByRole('button', { name: 'Copy unified patch' }).click();
  await expect(page.getByRole('button', { name: 'Copy unified patch' })).toContainText('Copied');
  expect(await clipboard(page)).toBe(expectedPatch);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download .patch' }).click();
  expect((await download).suggestedFilename()).toBe('main.tf.patch');
  expect(await readFile(await (await download).path(), 'utf8')).toBe(expectedPatch);

  await page.getByLabel('Ignore case').check();
  await expect(result.getByText('~1 changed line', { exact: true })).toBeVisible();

  // A file dropped on the original replaces it; identical texts say so.
  await dropFile(page.getByLabel('Original', { exact: true }), 'copy.tf', changed);
  await expect(page.getByLabel('Original file name')).toHaveValue('copy.tf');
  await expect(result.getByText('No differences (ignoring case).')).toBeVisible();

  // 10,000 lines each: compared in a worker; unchanged runs fold and unfold.
  const big = Array.from({ length: 10_000 }, (_, i) => `line ${i + 1}: value = ${i * 7}`);
  const edited = big.map((line, i) => (i === 4999 ? `${line} # edited` : line));
  await openFile(
    page,
    page.getByRole('button', { name: 'Open original file' }),
    'a.txt',
    big.join('\n'),
  );
  await openFile(
    page,
    page.getByRole('button', { name: 'Open changed file' }),
    'b.txt',
    edited.join('\n'),
  );
  await expect(result.getByText('~1 changed line', { exact: true })).toBeVisible();
  await expect(page.getByText('10,000 lines')).toHaveCount(2);
  const usedWorker = await page.evaluate(() =>
    performance.getEntriesByType('resource').some((entry) => entry.name.includes('diff-worker')),
  );
  expect(usedWorker, 'the big comparison ran in the Web Worker').toBe(true);
  const fold = result.getByRole('button', { name: 'Show 4,996 unchanged lines (1–4996)' });
  await expect(fold).toBeVisible();
  await fold.click();
  await expect(unified.getByRole('cell', { name: 'line 1: value = 0', exact: true })).toBeVisible();
});

test('JWT token extractor: decode, explain claims and expiry, check signatures', async ({
  page,
}) => {
  await page.goto('/tools');
  await page.getByRole('link', { name: /JWT token extractor/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'JWT token extractor' })).toBeVisible();
  await expect(page.getByText('Tokens, secrets and keys never leave this page')).toBeVisible();

  const now = Math.floor(Date.now() / 1000);
  const input = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({
    iss: 'https://login.example.com',
    sub: 'user-42',
    aud: ['api'],
    name: 'Zoë 👩‍💻',
    iat: now - 600,
    exp: now + 3600,
  })}`;
  const mac = createHmac('sha256', 'team-secret').update(input).digest('base64url');
  const tokenField = page.getByLabel('Encoded token');
  await tokenField.fill(`Bearer ${input}.${mac}`);

  await expect(page.getByText(/^Valid for (59 minutes|1 hour)/)).toBeVisible();
  await expect(page.getByText('HMAC using SHA-256', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Decoded payload')).toContainText('"name": "Zoë 👩‍💻"');
  const claims = page.locator('section', { has: page.getByRole('heading', { name: 'Claims' }) });
  await expect(claims.getByText('Expiration time')).toBeVisible();
  await expect(claims.getByText(/^expires in (59 minutes|1 hour)/)).toBeVisible();
  await expect(claims.getByText(/^10 minutes( \d+ seconds?)? ago$/)).toBeVisible();
  await expect(claims.getByText('https://login.example.com')).toBeVisible();

  const signature = page.locator('section', {
    has: page.getByRole('heading', { name: 'Signature' }),
  });
  await expect(signature.getByText('Signature not checked: enter the secret')).toBeVisible();
  await signature.getByLabel('Secret', { exact: true }).fill('wrong-secret');
  await expect(signature.getByText(/^Invalid signature/)).toBeVisible();
  await signature.getByLabel('Secret', { exact: true }).fill('team-secret');
  await expect(signature.getByText('Signature verified (HS256)')).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/tools/jwt');
  await capture(page, 'tools-jwt');

  await page.getByRole('button', { name: 'Copy payload JSON' }).click();
  expect(JSON.parse(await clipboard(page))).toMatchObject({ sub: 'user-42', exp: now + 3600 });

  // Expired, and signed with RS256: checked with the PEM public key.
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const rsInput = `${b64url({ alg: 'RS256', kid: 'k1' })}.${b64url({ sub: 'svc', exp: now - 300 })}`;
  const rsSignature = sign('sha256', Buffer.from(rsInput), privateKey).toString('base64url');
  await tokenField.fill(`${rsInput}.${rsSignature}`);
  await expect(page.getByText(/^Expired 5 minutes( \d+ seconds?)? ago$/)).toBeVisible();
  await expect(claims.getByText(/^expired 5 minutes( \d+ seconds?)? ago$/)).toBeVisible();
  await signature
    .getByLabel('Public key')
    .fill(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  await expect(signature.getByText('Signature verified (RS256)')).toBeVisible();
  await tokenField.fill(`${rsInput.replace(/.$/, 'x')}.${rsSignature}`);
  await expect(tokenField).toHaveAttribute('aria-invalid', 'true');

  // Malformed tokens say what is wrong.
  await tokenField.fill('abc.def');
  await expect(page.getByText(/this has 2 \(is the signature cut off\?\)/)).toBeVisible();
  await tokenField.fill(
    `${b64url({ alg: 'none' })}.${Buffer.from('{"sub":').toString('base64url')}.`,
  );
  await expect(page.getByText(/^Payload is not JSON/)).toBeVisible();
  await capture(page, 'tools-jwt-error');
});

test('Base64: UTF-8 text both ways, alphabets, errors, files and data URLs', async ({ page }) => {
  await page.goto('/tools/base64');
  await expect(page.getByRole('heading', { level: 1, name: 'Base64 encode/decode' })).toBeVisible();
  const text = page.getByRole('textbox', { name: 'Text', exact: true });
  const base64 = page.getByRole('textbox', { name: 'Base64', exact: true });

  await text.fill('héllo wörld 👋 日本');
  await expect(base64).toHaveValue(Buffer.from('héllo wörld 👋 日本').toString('base64'));
  await page.getByRole('radio', { name: 'URL-safe (- _)' }).check();
  await page.getByLabel('Padding (=)').uncheck();
  await expect(base64).toHaveValue(Buffer.from('héllo wörld 👋 日本').toString('base64url'));
  await page.getByRole('button', { name: 'Copy Base64' }).click();
  expect(await clipboard(page)).toBe(Buffer.from('héllo wörld 👋 日本').toString('base64url'));

  await base64.fill(Buffer.from('Привет, мир').toString('base64'));
  await expect(text).toHaveValue('Привет, мир');
  await base64.fill('aGVsbG8%gd29ybGQ=');
  await expect(base64).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText("'%' at position 8 is not Base64")).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/tools/base64');
  await capture(page, 'tools-base64');

  // Files: a PNG to Base64 and a data URL, and Base64 back to a file of the same bytes.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  await page.getByRole('tab', { name: 'Files' }).click();
  await openFile(page, page.getByRole('button', { name: 'Open a file' }), 'dot.png', png);
  await expect(page.getByRole('textbox', { name: 'Base64 of the file', exact: true })).toHaveValue(
    png.toString('base64url'),
  );
  await expect(page.getByRole('textbox', { name: 'Data URL', exact: true })).toHaveValue(
    `data:image/png;base64,${png.toString('base64')}`,
  );
  // Previews are data: URLs, which the page's Content-Security-Policy allows for images.
  await expect(page.getByRole('img', { name: 'Preview of dot.png' })).toHaveJSProperty(
    'naturalWidth',
    1,
  );

  await page
    .getByRole('textbox', { name: 'Base64 or data URL', exact: true })
    .fill(png.toString('base64'));
  await expect(page.getByText('70 bytes · PNG image (image/png)')).toBeVisible();
  await expect(page.getByLabel('File name')).toHaveValue('decoded.png');
  await expect(page.getByRole('img', { name: 'Preview of the decoded image' })).toHaveJSProperty(
    'naturalWidth',
    1,
  );
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download file' }).click();
  expect((await download).suggestedFilename()).toBe('decoded.png');
  expect(await readFile(await (await download).path())).toEqual(png);
  await expectNoSeriousA11yViolations(page, '/tools/base64 files');
  await capture(page, 'tools-base64-files');
});
