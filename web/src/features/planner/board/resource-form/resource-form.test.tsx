import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { TResourceTypeDetail } from '@stratum/core/contract/iac/resource-type';
import type { TComponent } from '@stratum/core/iac/design/schema-v2';
import { ZArchitectureConfig, type TArchitectureConfig } from '@stratum/core/planner/state';
import { renderWithClient, testQueryClient } from '../../../../test/render-with-client';
import { resourceTypeKeys } from '../../api/keys';
import { findGenericService } from './generic-service';
import { ResourceProperties } from './resource-properties';
import {
  ALB,
  BUCKET,
  BUCKET_POLICY,
  DB_INSTANCE,
  IDENTITY,
  LISTENER,
  REDIS,
  WEB_SITE,
} from './test-fixtures';
import { missingRequired } from './resource-values';

const generic = (id: string, type: string, service = 'aws.resource'): TComponent => ({
  id,
  service,
  name: id,
  properties: {},
  resource: { type, arguments: {} },
});

/** The panel over a board holding `components`; the first is shown. Returns the latest board. */
function renderPanel(components: TComponent[], schemas: TResourceTypeDetail[], groups = []) {
  const client = testQueryClient();
  for (const s of schemas)
    client.setQueryData(resourceTypeKeys.schema(s.provider, s.type), { success: true, data: s });
  const latest: { arch: TArchitectureConfig } = {
    arch: ZArchitectureConfig.parse({ components, groups }),
  };
  function Harness() {
    const [arch, setArch] = useState(latest.arch);
    const component = arch.components[0]!;
    return (
      <ResourceProperties
        architecture={arch}
        component={{ ...component, resource: component.resource! }}
        service={findGenericService(component.service)!}
        onChange={(next) => {
          latest.arch = next;
          setArch(next);
        }}
        onFocus={() => undefined}
      />
    );
  }
  renderWithClient(<Harness />, client);
  return { args: () => latest.arch.components[0]?.resource?.arguments };
}

describe('ResourceProperties', () => {
  it('lists the required arguments first and marked; the optional ones only on request, filtered', async () => {
    const user = userEvent.setup();
    renderPanel([generic('listener', 'aws_lb_listener')], [LISTENER]);
    const required = screen.getByRole('group', { name: 'Required arguments' });
    expect(within(required).getByRole('group', { name: 'load_balancer_arn' })).toHaveTextContent(
      'required',
    );
    expect(within(required).getByRole('region', { name: /default_action/ })).toBeInTheDocument();
    // Optional and computed-only arguments are out of sight at first; `arn` and `id` never show.
    expect(screen.queryByRole('textbox', { name: 'port' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show optional arguments (4)' }));
    expect(screen.getByRole('textbox', { name: 'port' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'certificate_arn' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'arn' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'id' })).toBeNull();
    await user.type(screen.getByRole('searchbox', { name: 'Filter optional arguments' }), 'cert');
    expect(screen.getByRole('textbox', { name: 'certificate_arn' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'port' })).toBeNull();
  });

  it('stores a number only when the text is one, and says what is wrong otherwise', async () => {
    const user = userEvent.setup();
    const panel = renderPanel([generic('listener', 'aws_lb_listener')], [LISTENER]);
    await user.click(screen.getByRole('button', { name: /Show optional arguments/ }));
    await user.type(screen.getByRole('textbox', { name: 'port' }), 'x44');
    expect(screen.getByText('Enter a number.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'port' })).toHaveAttribute('aria-invalid', 'true');
    expect(panel.args()).toEqual({});
    await user.clear(screen.getByRole('textbox', { name: 'port' }));
    await user.type(screen.getByRole('textbox', { name: 'port' }), '443');
    expect(screen.queryByText('Enter a number.')).toBeNull();
    expect(panel.args()).toEqual({ port: 443 });
  });

  it('adds and removes list block items within the schema’s min and max', async () => {
    const user = userEvent.setup();
    const panel = renderPanel([generic('listener', 'aws_lb_listener')], [LISTENER]);
    await user.click(screen.getByRole('button', { name: 'Add default_action' }));
    expect(panel.args()).toEqual({ default_action: [{}] });
    // min 1: the only action cannot be removed.
    expect(screen.getByRole('button', { name: 'Remove default_action 1' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'type' }), 'forward');
    await user.click(screen.getByRole('button', { name: 'Add default_action' }));
    expect(panel.args()).toEqual({ default_action: [{ type: 'forward' }, {}] });
    await user.click(screen.getByRole('button', { name: 'Remove default_action 2' }));
    expect(panel.args()).toEqual({ default_action: [{ type: 'forward' }] });
    // fixed_response allows one item (max 1).
    const action = screen.getByRole('group', { name: 'default_action 1' });
    await user.click(within(action).getByRole('button', { name: /fixed_response/ }));
    await user.click(within(action).getByRole('button', { name: 'Add fixed_response' }));
    expect(within(action).getByRole('button', { name: 'Add fixed_response' })).toBeDisabled();
    expect(panel.args()).toEqual({ default_action: [{ type: 'forward', fixed_response: [{}] }] });
  });

  it('never takes a sensitive or write-only value: it is set at deploy time', () => {
    renderPanel([generic('db', 'aws_db_instance')], [DB_INSTANCE]);
    expect(screen.getByRole('textbox', { name: 'instance_class' })).toBeInTheDocument();
    // Both are optional: shown after the toggle, without an input.
    return userEvent
      .setup()
      .click(screen.getByRole('button', { name: /Show optional arguments/ }))
      .then(() => {
        for (const name of ['password', 'password_wo']) {
          const field = screen.getByRole('group', { name });
          expect(field).toHaveTextContent('Set at deploy time as a sensitive variable.');
          expect(within(field).queryByRole('textbox')).toBeNull();
        }
      });
  });

  it('hides deprecated arguments until asked; a bool is a named switch', async () => {
    const user = userEvent.setup();
    const panel = renderPanel([generic('bucket', 'aws_s3_bucket')], [BUCKET]);
    await user.click(screen.getByRole('button', { name: /Show optional arguments/ }));
    expect(screen.getByRole('textbox', { name: 'bucket' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'acl' })).toBeNull();
    // A bool is a switch named after its argument; unset until switched.
    const forceDestroy = screen.getByRole('switch', { name: /force_destroy/ });
    expect(forceDestroy).toHaveAccessibleName('force_destroy: Not set (provider default)');
    await user.click(forceDestroy);
    expect(panel.args()).toEqual({ force_destroy: true });
    await user.click(screen.getByRole('checkbox', { name: 'Show 1 deprecated' }));
    expect(screen.getByRole('group', { name: 'acl' })).toHaveTextContent('deprecated');
  });

  it('stores a reference to another component and one of its attributes', async () => {
    const user = userEvent.setup();
    const lb = generic('web', 'aws_lb');
    const panel = renderPanel(
      [generic('listener', 'aws_lb_listener'), lb],
      [
        LISTENER,
        { ...LISTENER, type: 'aws_lb', block: { a: {} }, attributes: ['arn', 'dns_name', 'id'] },
      ],
    );
    await user.click(screen.getByRole('button', { name: 'Reference… for load_balancer_arn' }));
    await user.selectOptions(screen.getByLabelText('load_balancer_arn: component'), 'web (aws_lb)');
    expect(panel.args()).toEqual({});
    const attribute = screen.getByLabelText('load_balancer_arn: attribute');
    await waitFor(() =>
      expect(within(attribute).getByRole('option', { name: 'dns_name' })).toBeInTheDocument(),
    );
    await user.selectOptions(attribute, 'arn');
    expect(panel.args()).toEqual({ load_balancer_arn: { $ref: 'web', attribute: 'arn' } });
    // Text around the value, as an ARN pattern or a member string needs; a load balancer's ARN
    // is offered no example from another cloud or another argument.
    expect(screen.getByLabelText('load_balancer_arn: text before')).toHaveAttribute(
      'placeholder',
      'optional',
    );
    expect(screen.getByLabelText('load_balancer_arn: text after')).toHaveAttribute(
      'placeholder',
      'optional',
    );
    await user.type(screen.getByLabelText('load_balancer_arn: text after'), '/x');
    await user.type(screen.getByLabelText('load_balancer_arn: text before'), 'lb:');
    expect(panel.args()).toEqual({
      load_balancer_arn: { $ref: 'web', attribute: 'arn', prefix: 'lb:', suffix: '/x' },
    });
    await user.click(screen.getByRole('button', { name: 'Type a value for load_balancer_arn' }));
    expect(panel.args()).toEqual({});
  });

  it('takes a JSON document for a string argument (a policy), storing only an object or array', async () => {
    const user = userEvent.setup();
    const panel = renderPanel([generic('tls', 'aws_s3_bucket_policy')], [BUCKET_POLICY]);
    await user.click(screen.getByRole('button', { name: 'JSON document for policy' }));
    expect(screen.queryByRole('button', { name: 'Reference… for policy' })).toBeNull();
    const doc = screen.getByRole('textbox', { name: 'policy' });
    await user.type(doc, '"text"');
    expect(screen.getByText('A JSON document is an object { … } or an array [ … ].')).toBeVisible();
    expect(panel.args()).toEqual({});
    await user.clear(doc);
    await user.click(doc);
    await user.paste('{"Statement": [{"Resource": {"$ref": "files", "attribute": "arn"}}]}');
    expect(panel.args()).toEqual({
      policy: { Statement: [{ Resource: { $ref: 'files', attribute: 'arn' } }] },
    });
    expect(screen.getByText(/Written as jsonencode/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Type text for policy' }));
    expect(panel.args()).toEqual({});
    expect(screen.getByRole('button', { name: 'Reference… for policy' })).toBeInTheDocument();
    // Only where a provider takes a document: not on the bucket's name.
    expect(screen.queryByRole('button', { name: 'JSON document for bucket' })).toBeNull();
  });

  it('offers id, arn and name of a curated component', async () => {
    const user = userEvent.setup();
    renderPanel(
      [
        generic('listener', 'aws_lb_listener'),
        { ...generic('alb', 'x'), service: 'aws.alb', resource: undefined },
      ],
      [LISTENER],
    );
    await user.click(screen.getByRole('button', { name: 'Reference… for load_balancer_arn' }));
    await user.selectOptions(screen.getByLabelText('load_balancer_arn: component'), 'alb');
    const options = within(screen.getByLabelText('load_balancer_arn: attribute')).getAllByRole(
      'option',
    );
    expect(options.map((o) => o.textContent)).toEqual(['Choose…', 'id', 'arn', 'name']);
  });

  it('edits a type without an argument schema as a JSON object, storing only valid JSON', async () => {
    const user = userEvent.setup();
    const panel = renderPanel(
      [generic('site', 'Microsoft.Web/sites', 'azure.arm-resource')],
      [WEB_SITE],
    );
    const body = screen.getByLabelText('Body (JSON)');
    await user.clear(body);
    await user.type(body, '{{"kind": "app"');
    expect(screen.getByText(/Not valid JSON/)).toBeInTheDocument();
    expect(panel.args()).toEqual({});
    await user.type(body, '}');
    expect(screen.queryByText(/Not valid JSON/)).toBeNull();
    expect(panel.args()).toEqual({ kind: 'app' });
  });

  it('offers the values an ARM enum allows, inside nested single blocks', async () => {
    const user = userEvent.setup();
    const panel = renderPanel(
      [generic('cache', 'Microsoft.Cache/redis', 'azure.arm-resource')],
      [REDIS],
    );
    await user.click(screen.getByRole('button', { name: 'Add properties' }));
    await user.click(screen.getByRole('button', { name: 'Add sku' }));
    const name = screen.getByRole('combobox', { name: 'name' });
    expect(
      within(name)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'Basic', 'Standard', 'Premium']);
    await user.selectOptions(name, 'Premium');
    expect(panel.args()).toEqual({ properties: { sku: { name: 'Premium' } } });
  });

  it('says which required arguments the generator fills from the design, and does not count them missing', () => {
    renderPanel(
      [generic('identity', 'azurerm_user_assigned_identity', 'azure.resource')],
      [IDENTITY],
    );
    expect(screen.getByRole('group', { name: 'resource_group_name' })).toHaveAccessibleDescription(
      "Left empty, the generator uses the design's resource group.",
    );
    expect(screen.getByRole('group', { name: 'name' })).toHaveAccessibleDescription(
      'Left empty, the generator uses the naming convention.',
    );
    const filled = findGenericService('azure.resource')!.filled;
    expect(missingRequired(IDENTITY.block!, {}, '', filled)).toEqual([]);
    // Without the generator's defaults all three would be missing.
    expect(missingRequired(IDENTITY.block!, {})).toEqual([
      'location',
      'name',
      'resource_group_name',
    ]);
  });

  it('mixes typed values and references to board nodes in a list of strings', async () => {
    const user = userEvent.setup();
    const subnet = { ...generic('subnet-a', 'x'), service: 'aws.subnet', resource: undefined };
    const panel = renderPanel([generic('alb', 'aws_lb'), subnet], [ALB]);
    await user.click(screen.getByRole('button', { name: /Show optional arguments/ }));
    await user.type(screen.getByRole('textbox', { name: 'subnets' }), 'subnet-0abc');
    await user.click(screen.getByRole('button', { name: 'Add a reference to subnets' }));
    await user.selectOptions(screen.getByLabelText('subnets: component'), 'subnet-a');
    await user.selectOptions(screen.getByLabelText('subnets: attribute'), 'id');
    expect(panel.args()).toEqual({
      subnets: ['subnet-0abc', { $ref: 'subnet-a', attribute: 'id' }],
    });
    expect(screen.getByRole('list', { name: 'subnets: references' })).toHaveTextContent(
      'subnet-a.id',
    );
    await user.click(
      screen.getByRole('button', { name: 'Remove the reference subnet-a.id from subnets' }),
    );
    expect(panel.args()).toEqual({ subnets: ['subnet-0abc'] });
  });
});
