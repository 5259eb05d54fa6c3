import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installLayoutShims } from '../../../../test/layout-shims';
import { renderWithClient } from '../../../../test/render-with-client';
import { findGenericService } from './generic-service';
import { ResourceProperties } from './resource-properties';
import { ResourceTypePicker } from './resource-type-picker';
import { WEB_SITE } from './test-fixtures';
import { ZArchitectureConfig } from '@stratum/core/planner/state';

const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

// cmdk measures its list (ResizeObserver), which jsdom does not have.
beforeEach(installLayoutShims);
afterEach(() => vi.unstubAllGlobals());

describe('ResourceTypePicker', () => {
  it('gives a picked ARM type its newest API version', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', (input: string) =>
      input.startsWith('/api/iac/resource-types?')
        ? json({
            success: true,
            data: [
              { provider: 'arm', type: 'Microsoft.Web/sites', providerVersion: 'bicep-types-az' },
            ],
          })
        : input === '/api/iac/resource-types/arm/Microsoft.Web%2Fsites'
          ? json({ success: true, data: WEB_SITE })
          : Promise.reject(new TypeError(`unexpected ${input}`)),
    );
    const onPick = vi.fn();
    renderWithClient(
      <ResourceTypePicker
        service={findGenericService('azure.arm-resource')!}
        onPick={onPick}
        onCancel={() => undefined}
      />,
    );
    await user.click(await screen.findByRole('option', { name: /Microsoft\.Web\/sites/ }));
    await waitFor(() =>
      expect(onPick).toHaveBeenCalledWith({
        type: 'Microsoft.Web/sites',
        apiVersion: '2025-03-01',
      }),
    );
  });

  it('says when the search fails', async () => {
    vi.stubGlobal('fetch', () =>
      json({ success: false, code: 'internal/error', message: 'The schema store is down' }, 500),
    );
    renderWithClient(
      <ResourceTypePicker
        service={findGenericService('aws.resource')!}
        onPick={() => undefined}
        onCancel={() => undefined}
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The schema store is down');
  });
});

describe('ResourceProperties loading', () => {
  it('shows the loading state, then the error with a retry that loads the form', async () => {
    const user = userEvent.setup();
    let isDown = true;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async () => {
      await gate;
      return isDown
        ? json({ success: false, code: 'internal/error', message: 'Not reachable' }, 503)
        : json({ success: true, data: WEB_SITE });
    });
    const component = {
      id: 'site',
      service: 'azure.arm-resource',
      name: 'site',
      properties: {},
      resource: { type: 'Microsoft.Web/sites', apiVersion: '2025-03-01', arguments: {} },
    };
    renderWithClient(
      <ResourceProperties
        architecture={ZArchitectureConfig.parse({ components: [component] })}
        component={component}
        service={findGenericService('azure.arm-resource')!}
        onChange={() => undefined}
        onFocus={() => undefined}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Loading the arguments of Microsoft.Web/sites…',
    );
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent('Not reachable');
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Body (JSON)')).toBeInTheDocument();
  });
});
