import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activeClusterKey } from '../../lib/storage';
import { renderWithClient, signInForTest, testQueryClient } from '../../test/render-with-client';
import { CLUSTERS_KEY } from './api/keys';
import { ClustersPage } from './clusters-page';
import { CLUSTER, pod } from './test-fixtures';
import { K8S_TEXT } from './texts';

class FakeEventSource {
  static opened: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(url);
  }
  close() {}
}

function renderPage(clusters = [CLUSTER]) {
  const client = testQueryClient();
  client.setQueryData(CLUSTERS_KEY, clusters);
  return renderWithClient(<ClustersPage />, client);
}

describe('ClustersPage', () => {
  const userId = crypto.randomUUID();
  const requests: string[] = [];
  beforeEach(() => {
    signInForTest({ id: userId, email: 'ada@example.com' });
    window.localStorage.clear();
    window.location.hash = '';
    requests.length = 0;
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal('fetch', (input: string) => {
      requests.push(input);
      const body = input.startsWith('/api/k8/stream-tickets')
        ? { success: true, data: { ticket: 'tkt-1', expiresAt: '' } }
        : { success: true, items: [pod('web-1')], data: [pod('web-1')], metadata: {} };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("says 'No active cluster' on Resources and Apply until a cluster is chosen, and asks nothing", async () => {
    renderPage();
    expect(screen.getByText(K8S_TEXT.noActiveCluster)).toBeVisible();
    expect(screen.getByText('Choose a cluster in the bar above.')).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Apply' }));
    expect(screen.getByText(K8S_TEXT.noActiveCluster)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Dry run' })).toBeNull();
    expect(requests.filter((url) => url.includes('/resources/pods'))).toEqual([]);
  });

  it('opens on the Clusters tab when there is none, with the paste form', () => {
    renderPage([]);
    expect(screen.getByRole('tab', { name: 'Clusters (0)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByLabelText('Kubeconfig')).toBeVisible();
  });

  it('remembers the chosen cluster and namespace, lists its pods and watches them with a ticket', async () => {
    const { unmount } = renderPage();
    await userEvent.selectOptions(screen.getByLabelText('Cluster'), CLUSTER.name);
    // The table (768 px and up; the card list below it is the phone layout of the same rows).
    const table = await screen.findByRole('table', undefined, { timeout: 3000 });
    expect(within(table).getByRole('button', { name: 'web-1' })).toBeInTheDocument();
    // The context's namespace is the default choice.
    expect(screen.getByLabelText('Namespace')).toHaveValue('shop');
    expect(requests).toContain(`/api/k8/clusters/${CLUSTER.id}/resources/pods?namespace=shop`);
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    expect(FakeEventSource.opened[0]).toBe(
      `/api/k8/clusters/${CLUSTER.id}/watch/pods?namespace=shop&ticket=tkt-1`,
    );

    await userEvent.selectOptions(screen.getByLabelText('Namespace'), 'All namespaces');
    expect(JSON.parse(window.localStorage.getItem(activeClusterKey(userId)) ?? '{}')).toEqual({
      clusterId: CLUSTER.id,
      namespace: '',
    });
    unmount();

    renderPage();
    expect(screen.getByLabelText('Cluster')).toHaveValue(CLUSTER.id);
    expect(screen.queryByText(K8S_TEXT.noActiveCluster)).toBeNull();
    expect(within(screen.getByRole('tabpanel')).getByLabelText('Kind')).toHaveValue('pods');
  });
});
