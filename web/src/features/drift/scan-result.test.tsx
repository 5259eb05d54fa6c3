import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TDriftScan } from '@stratum/core/contract/drift/scans';
import { answerEveryCall, renderWithClient } from '../../test/render-with-client';
import { ScanResult } from './scan-result';

const CHANGE: TDriftScan['changes'][number] = {
  address: 'aws_s3_bucket.logs',
  id: 'e2e-logs',
  resourceType: 'aws_s3_bucket',
  status: 'changed',
  attributes: [{ path: ['tags', 'env'], before: 'prod', after: 'dev' }],
  reason: null,
  blastRadius: 2,
  recommendation: {
    action: 'revert',
    summary: 'Apply the configuration again to put the tag back.',
    code: 'terraform apply -target=aws_s3_bucket.logs',
  },
};

/** A scan as the server answers it for a plan: free gets counts and no changes. */
function scanFor(access: TDriftScan['access']): TDriftScan {
  return {
    id: '0b6d1f3e-6f0a-4a53-9d7e-0f5c8f7d2a11',
    createdAt: '2026-11-29T09:00:00.000Z',
    sourceId: null,
    actualKind: 'snapshot',
    trigger: 'manual',
    summary: { inSync: 3, changed: 1, missing: 0, unmanaged: 0, unknown: 0, notChecked: 2 },
    changes: access.detect
      ? [{ ...CHANGE, recommendation: access.recommend ? CHANGE.recommendation : null }]
      : [],
    checkedTypes: ['aws_s3_bucket'],
    notCheckedTypes: ['aws_instance'],
    noise: [{ rule: 'timeouts', count: 2 }],
    ignored: 0,
    warnings: [],
    planActions: [],
    sincePrevious: null,
    access,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('a drift scan, as each plan sees it', () => {
  it('free: the counts and an upgrade note, no resource named', () => {
    renderWithClient(
      <ScanResult scan={scanFor({ detect: false, recommend: false, autopr: false })} />,
    );
    const summary = screen.getByRole('list', { name: 'Drift summary' });
    expect(within(summary).getByRole('listitem', { name: 'Changed: 1' })).toBeInTheDocument();
    expect(within(summary).getByRole('listitem', { name: 'Not checked: 2' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the plans' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(screen.queryByText('aws_s3_bucket.logs')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pull-request patch/ })).not.toBeInTheDocument();
  });

  it('pro: the change with its before and after, no fix', () => {
    renderWithClient(
      <ScanResult scan={scanFor({ detect: true, recommend: false, autopr: false })} />,
    );
    const row = screen.getByRole('row', { name: /tags\.env/ });
    expect(row).toHaveTextContent('"prod"');
    expect(row).toHaveTextContent('"dev"');
    expect(screen.getByText('· 2 resources depend on it', { exact: false })).toBeInTheDocument();
    expect(screen.queryByText(/Recommendation/)).not.toBeInTheDocument();
    expect(screen.getByText(/comes with Ultra Pro/)).toBeInTheDocument();
  });

  it('ultra-pro: the fix with its code to copy; enterprise: the patch too', async () => {
    const { unmount } = renderWithClient(
      <ScanResult scan={scanFor({ detect: true, recommend: true, autopr: false })} />,
    );
    expect(screen.getByText(/Recommendation \(revert\)/)).toBeInTheDocument();
    expect(screen.getByText('terraform apply -target=aws_s3_bucket.logs')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pull-request patch/ })).not.toBeInTheDocument();
    unmount();

    const { calls, fetchMock } = answerEveryCall({ success: true, data: { id: 'r1' } });
    vi.stubGlobal('fetch', fetchMock);
    renderWithClient(
      <ScanResult scan={scanFor({ detect: true, recommend: true, autopr: true })} />,
    );
    expect(screen.getByRole('button', { name: /Pull-request patch/ })).toBeInTheDocument();
    // Ignoring an attribute asks the server for a rule on that type and path.
    await userEvent.click(
      screen.getByRole('button', { name: 'Ignore tags.env on every aws_s3_bucket' }),
    );
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/drift/ignore-rules',
      body: { resourceType: 'aws_s3_bucket', attributePath: 'tags.env', sourceId: null },
    });
  });

  it('says what the reader could not take, and lists a plan’s own changes apart from drift', async () => {
    renderWithClient(
      <ScanResult
        scan={{
          ...scanFor({ detect: true, recommend: false, autopr: false }),
          actualKind: 'plan',
          warnings: [
            "1 potential change(s) (what-if's low-confidence list) are not reported as drift.",
          ],
          planActions: [
            {
              address: 'aws_instance.web',
              previousAddress: 'aws_instance.app',
              type: 'aws_instance',
              action: 'replace',
              reason: 'replace_because_cannot_update',
              replacePaths: ['ami'],
            },
          ],
        }}
      />,
    );
    expect(screen.getByRole('list', { name: 'Reader warnings' })).toHaveTextContent(
      'not reported as drift',
    );
    await userEvent.click(screen.getByText(/The plan would also make 1 change of its own/));
    const planned = screen.getByRole('list', { name: 'Planned changes' });
    expect(planned).toHaveTextContent('aws_instance.web: replace (moved from aws_instance.app)');
    expect(planned).toHaveTextContent('replace because cannot update · forced by ami');
    // The drift list itself holds only the drifted resource.
    expect(
      within(screen.getByRole('list', { name: 'Changes' })).getAllByRole('listitem'),
    ).toHaveLength(1);
  });
});
