import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLiveClient } from '../../lib/live/fake-socket';
import { LiveContext } from '../../lib/live/live-provider';
import { PLANNER_PROJECT_KEY } from '../../lib/storage';
import { renderWithClient, signInForTest } from '../../test/render-with-client';
import { OnboardingTour } from './onboarding-tour';

const PROJECT = '7f1c5d2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f';
const ME = '0b6a2a1e-1c2d-4e3f-8a9b-0c1d2e3f4a5b';
const PEER = '1c7b3b2f-2d3e-4f40-9b0c-1d2e3f4a5b6c';

/** Answers GET /api/onboarding/… with `records` and every POST with what it was sent. */
function server(records: Record<string, { step: number; dismissed: boolean }>) {
  const posts: unknown[] = [];
  vi.stubGlobal('fetch', (input: string | URL, init?: RequestInit) => {
    const isPost = init?.method === 'POST';
    const body: unknown = isPost ? JSON.parse(init.body as string) : undefined;
    if (isPost) posts.push({ url: input.toString(), body });
    return Promise.resolve(
      Response.json({ success: true, data: isPost ? body : records }, { status: 200 }),
    );
  });
  return posts;
}

function renderTour() {
  const live = fakeLiveClient();
  return {
    socket: live.socket,
    ...renderWithClient(
      <LiveContext.Provider value={live.client}>
        <OnboardingTour />
      </LiveContext.Provider>,
    ),
  };
}

const title = () => screen.getByRole('heading', { level: 2 }).textContent;

beforeEach(() => {
  localStorage.clear();
  signInForTest({ id: ME, email: 'me@example.com' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the onboarding tour without a project', () => {
  it('walks the four steps with Previous disabled at the start and Finish at the end', async () => {
    const posts = server({});
    renderTour();
    expect(title()).toBe('Cloud Cost Estimator');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(title()).toBe('AI Converter');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(title()).toBe('Project Dashboard');
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    expect(localStorage.getItem('onboardingDismissed')).toBe('true');
    expect(posts).toEqual([]);
  });

  it('stays hidden once dismissed locally', async () => {
    server({});
    const first = renderTour();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    first.unmount();
    renderTour();
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
  });
});

describe('the onboarding tour of a project', () => {
  beforeEach(() => {
    localStorage.setItem(
      PLANNER_PROJECT_KEY,
      JSON.stringify({ id: PROJECT, name: 'Shop', revision: 1 }),
    );
  });

  it('starts where the record is and saves each Next, Finish dismissing', async () => {
    const posts = server({ [ME]: { step: 2, dismissed: false } });
    renderTour();
    await waitFor(() => expect(title()).toBe('Quick Assistant'));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    expect(posts).toEqual([
      { url: `/api/onboarding/${PROJECT}`, body: { userId: ME, step: 3, dismissed: false } },
      { url: `/api/onboarding/${PROJECT}`, body: { userId: ME, step: 3, dismissed: true } },
    ]);
    expect(localStorage.getItem('currentProjectId')).toBe(PROJECT);
    expect(localStorage.getItem('userId')).toBe(ME);
  });

  it('is hidden by a dismissed record and shown without one, whatever the local flag says', async () => {
    localStorage.setItem('onboardingDismissed', 'true');
    server({ [PEER]: { step: 1, dismissed: true } });
    const shown = renderTour();
    await waitFor(() => expect(title()).toBe('Cloud Cost Estimator'));
    shown.unmount();
    server({ [ME]: { step: 1, dismissed: true } });
    renderTour();
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
  });

  it("registers the project and follows another member's step and dismissal live", async () => {
    server({});
    const { socket } = renderTour();
    await waitFor(() => expect(title()).toBe('Cloud Cost Estimator'));
    await waitFor(() => expect(socket()).toBeDefined());
    act(() => socket()!.accept());
    await waitFor(() =>
      expect(socket()!.sent).toContainEqual({ type: 'register', projectId: PROJECT }),
    );
    const update = { type: 'onboarding-update', projectId: PROJECT, userId: PEER };
    act(() => socket()!.frame({ ...update, step: 3, dismissed: false }));
    expect(title()).toBe('Project Dashboard');
    expect(screen.getByRole('button', { name: 'Finish' })).toBeInTheDocument();
    act(() => socket()!.frame({ ...update, step: 3, dismissed: true }));
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
  });
});
