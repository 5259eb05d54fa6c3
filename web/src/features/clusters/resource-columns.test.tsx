import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { K8S_KINDS } from '@stratum/core/contract/k8s/cluster';
import { formatAge } from './k8s-object';
import { columnsFor } from './resource-columns';
import { ResourceTable } from './resource-table';
import { CRASHING_POD, DEPLOYMENT, NOW, pod, SERVICE } from './test-fixtures';

function rowOf(name: string) {
  const table = screen.getByRole('table');
  const row = within(table).getByRole('button', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

describe('resource tables', () => {
  it('shows pods as kubectl get pods -A: name, namespace, ready, status, restarts, age, node', () => {
    render(
      <ResourceTable
        label="Pods"
        columns={columnsFor('pods', true)}
        objects={[pod('web-1'), CRASHING_POD]}
        now={NOW}
        onOpen={() => undefined}
      />,
    );
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Name', 'Namespace', 'Ready', 'Status', 'Restarts', 'Age', 'Node']);
    expect(rowOf('web-1')).toEqual(['web-1', 'shop', '2/2', 'Running', '3', '3h12m', 'node-a']);
    expect(rowOf('web-crash')).toEqual([
      'web-crash',
      'shop',
      '1/2',
      'CrashLoopBackOff',
      '7',
      '3h12m',
      'node-a',
    ]);
  });

  it('leaves the namespace out inside one namespace, and for cluster-scoped kinds', () => {
    expect(columnsFor('pods', false).map((c) => c.header)).not.toContain('Namespace');
    expect(columnsFor('nodes', true).map((c) => c.header)).not.toContain('Namespace');
  });

  it('shows deployments with ready, up-to-date and available, and services with type, IP and ports', () => {
    const { unmount } = render(
      <ResourceTable
        label="Deployments"
        columns={columnsFor('deployments', false)}
        objects={[DEPLOYMENT]}
        now={NOW}
        onOpen={() => undefined}
      />,
    );
    expect(rowOf('web')).toEqual(['web', '2/3', '3', '2', '5d3h']);
    unmount();
    render(
      <ResourceTable
        label="Services"
        columns={columnsFor('services', false)}
        objects={[SERVICE]}
        now={NOW}
        onOpen={() => undefined}
      />,
    );
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Type', 'Cluster IP', 'External IP', 'Ports', 'Age']);
    expect(rowOf('web')).toEqual([
      'web',
      'NodePort',
      '10.96.12.7',
      '<none>',
      '80:30080/TCP,443:30443/TCP',
      '45m',
    ]);
  });

  it('has columns for each of the 14 kinds, and copes with objects missing every field', () => {
    for (const kind of K8S_KINDS) {
      const columns = columnsFor(kind, true);
      expect(columns[0]?.header).toBe('Name');
      expect(columns.length).toBeGreaterThan(1);
      for (const column of columns) expect(typeof column.value({}, NOW)).toBe('string');
    }
  });

  it('opens the object when its name is pressed', async () => {
    const onOpen = vi.fn();
    render(
      <ResourceTable
        label="Pods"
        columns={columnsFor('pods', false)}
        objects={[pod('web-1')]}
        now={NOW}
        onOpen={onOpen}
      />,
    );
    await userEvent.click(within(screen.getByRole('table')).getByRole('button', { name: 'web-1' }));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ kind: 'Pod' }));
  });

  it('prints ages as kubectl does', () => {
    const at = (seconds: number) => formatAge(new Date(NOW - seconds * 1000).toISOString(), NOW);
    expect([
      at(59),
      at(150),
      at(600),
      at(3 * 3600),
      at(5 * 3600 + 60),
      at(30 * 3600),
      at(3 * 86400),
      at(40 * 86400),
      at(800 * 86400),
    ]).toEqual(['59s', '2m30s', '10m', '3h', '5h1m', '30h', '3d', '40d', '2y70d']);
  });
});
