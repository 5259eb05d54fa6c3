import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_PLANNER_STATE, type TPlannerState } from '@stratum/core/planner/state';
import { plannerStore } from './planner-store';
import { flushSave, openProject, saveBeforeServerWork, saveStatus } from './project-sync';

/**
 * A server that keeps one revision and refuses a save over an older one (409), as
 * PUT /api/projects/:id/state does; each save answers when the test lets it.
 */
const server = vi.hoisted(() => ({
  revision: 1,
  sent: [] as number[],
  pending: [] as (() => void)[],
}));

vi.mock('./api/save-project-state', () => ({
  saveState: (_id: string, revision: number) => {
    server.sent.push(revision);
    return new Promise((resolve, reject) => {
      server.pending.push(() => {
        if (revision !== server.revision)
          reject(
            Object.assign(new Error('conflict'), {
              code: 'planner/revision_conflict',
              currentRevision: server.revision,
            }),
          );
        else resolve({ id: 'p1', revision: ++server.revision });
      });
    });
  },
}));

vi.mock('../../lib/api-client', () => ({
  isApiError: (error: unknown, code: string) =>
    (error as { code?: string } | undefined)?.code === code,
}));

/** Lets every save the server holds answer, until none is left. */
async function answerAll() {
  for (let i = 0; i < 20; i++) {
    await new Promise((r) => setTimeout(r, 0));
    const next = server.pending.shift();
    if (next) next();
  }
}

const edit = (change: Partial<TPlannerState>) =>
  plannerStore.update((plan) => ({ ...plan, ...change }));

afterEach(() => {
  server.revision = 1;
  server.sent = [];
  server.pending = [];
});

describe('saving a project', () => {
  it('sends each save over the revision the one before returned, also when a Generate click and the autosave wait together', async () => {
    openProject({
      id: 'p1',
      name: 'Jobs',
      revision: 1,
      role: 'owner',
      state: EMPTY_PLANNER_STATE,
    } as never);
    edit({ currentStep: 3 });
    // The autosave runs; while it is at the server the plan changes again, and Generate asks
    // for everything to be saved first.
    const autosave = flushSave();
    edit({ currentStep: 6 });
    const generate = saveBeforeServerWork();
    await answerAll();
    await Promise.all([autosave, generate]);
    expect(server.sent).toEqual([1, 2]);
    expect(saveStatus.get()).toEqual({ kind: 'saved' });
  });
});
