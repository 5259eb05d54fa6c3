import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, type APIRequestContext, type Download, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { ensureAccount, type Account } from './accounts';
import { E2E_OWNER_EMAIL } from './env';

const run = promisify(execFile);
const ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** The planner's step buttons, by their accessible label (§2: ends ' (completed)' etc.). */
export const stepButton = (page: Page, n: number) =>
  page.getByRole('navigation', { name: 'Planner steps' }).getByRole('button', {
    name: new RegExp(`^Step ${n}: `),
  });

export async function next(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}

/** Unzips a downloaded .zip into a fresh folder; answers the folder and the paths inside. */
export async function unzipDownload(download: Download): Promise<{ dir: string; files: string[] }> {
  const zipPath = await download.path();
  const entries = unzipSync(new Uint8Array(await readFile(zipPath)));
  const dir = await mkdtemp(path.join(tmpdir(), 'stratum-zip-'));
  const files: string[] = [];
  for (const [name, bytes] of Object.entries(entries)) {
    if (name.endsWith('/')) continue;
    const target = path.join(dir, name);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, bytes);
    files.push(name);
  }
  return { dir, files: files.sort() };
}

/**
 * The engine's offline validator on generated files (`stratum check`: every resource type
 * exists, required arguments set, no unknown argument, references resolve; ARM templates too).
 */
export async function expectValidCode(dir: string): Promise<void> {
  const { stdout } = await run(
    process.execPath,
    [path.join(ROOT, 'cli/bin/stratum.mjs'), 'check', dir],
    {
      cwd: ROOT,
    },
  ).catch((error: { stdout?: string; stderr?: string }) => {
    throw new Error(`stratum check ${dir} failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  });
  expect(stdout).toContain('no problems');
}

async function userId(request: APIRequestContext, token: string): Promise<string> {
  const response = await request.get('/api/auth/verify', {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { user: { id: string } };
  return body.user.id;
}

/** Staff raise (or lower) a user's plan through the admin API, as the instance's owner. */
export async function setPlan(
  request: APIRequestContext,
  account: Account,
  planId: 'free' | 'pro' | 'ultra-pro' | 'enterprise',
): Promise<void> {
  const owner = await ensureAccount(request, E2E_OWNER_EMAIL);
  const id = await userId(request, account.token);
  const response = await request.put(`/api/admin/users/${id}/plan`, {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { planId },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** A project made through the API, ready at a step, with the override on (no board needed). */
export async function createProject(
  request: APIRequestContext,
  account: Account,
  name: string,
  state: Record<string, unknown>,
): Promise<string> {
  const response = await request.post('/api/projects', {
    headers: { authorization: `Bearer ${account.token}` },
    data: { name, state: { v: 2, ...state } },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { data: { project: { id: string } } };
  return body.data.project.id;
}
