import { describe, expect, it } from 'vitest';
import { liveEvents, publishToUsers } from './live-events';
import { createMemoryState } from './shared-state';

const PROJECT = '7f1c5d2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f';
const ALICE = '0b6a2a1e-1c2d-4e3f-8a9b-0c1d2e3f4a5b';
const BOB = '1c7b3b2f-2d3e-4f40-9b0c-1d2e3f4a5b6c';

describe('live events', () => {
  it('delivers an event to the listeners of the named users only', async () => {
    const shared = createMemoryState();
    const got: string[] = [];
    liveEvents(shared).subscribe(ALICE, (e) => got.push(`alice:${e.type}`));
    liveEvents(shared).subscribe(BOB, (e) => got.push(`bob:${e.type}`));
    await publishToUsers(shared, [ALICE], { type: 'message-new' });
    expect(got).toEqual(['alice:message-new']);
    await shared.close();
  });

  it('stops delivering after unsubscribe and ignores malformed envelopes', async () => {
    const shared = createMemoryState();
    const got: unknown[] = [];
    const stop = liveEvents(shared).subscribe(ALICE, (e) => got.push(e));
    await shared.publish('live-events', 'not json');
    await shared.publish('live-events', JSON.stringify({ userIds: [ALICE], event: { type: 'x' } }));
    const update = {
      type: 'onboarding-update',
      projectId: PROJECT,
      userId: BOB,
      step: 2,
      dismissed: false,
    } as const;
    await liveEvents(shared).publishToUsers([ALICE, ALICE], update);
    expect(got).toEqual([update]);
    stop();
    await liveEvents(shared).publishToUsers([ALICE], update);
    expect(got).toHaveLength(1);
    expect(liveEvents(shared).listenedUsers).toBe(0);
    await shared.close();
  });

  it('keeps delivering to other listeners when one throws', async () => {
    const shared = createMemoryState();
    let delivered = 0;
    liveEvents(shared).subscribe(ALICE, () => {
      throw new Error('socket gone');
    });
    liveEvents(shared).subscribe(ALICE, () => (delivered += 1));
    await publishToUsers(shared, [ALICE], {
      type: 'project-changed',
      projectId: PROJECT,
      change: 'design',
    });
    expect(delivered).toBe(1);
    await shared.close();
  });
});
