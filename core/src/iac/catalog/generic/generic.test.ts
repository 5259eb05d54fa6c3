import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOutput, pinnedSchemaSource, useSchemaData } from '@stratum/cli/testing/fixtures';
import { generate, prepareDesign } from '../../generate';
import { retargetDesign } from '../../retarget';
import { provideResourceSchemas } from './schema-source';

/** The generic resource component: arguments, blocks, references, secrets, name and tags. */
beforeAll(() => useSchemaData());
afterAll(() => provideResourceSchemas(undefined));

const base = { v: 2, naming: { org: 'acme', project: 'shop' }, tags: { owner: 'Team A' } };

function terraform(design: unknown): string {
  const r = generate(design, { format: 'terraform', layout: 'single' });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.files.map((f) => f.content).join('\n');
}

const gcpDesign = {
  ...base,
  name: 'gcp',
  provider: 'gcp',
  region: 'europe-west1',
  components: [
    { id: 'events', service: 'gcp.pubsub-topic', name: 'events' },
    {
      id: 'orders',
      service: 'gcp.resource',
      name: 'orders',
      resource: {
        type: 'google_pubsub_subscription',
        arguments: {
          topic: { $ref: 'events', attribute: 'id' },
          labels: { tier: 'gold' },
          push_config: {
            push_endpoint: 'https://example.com/push',
            attributes: { format: 'v1' },
            oidc_token: { service_account_email: 'push@acme.iam.gserviceaccount.com' },
          },
        },
      },
    },
  ],
};

describe('Terraform builder', () => {
  it('writes nested blocks as blocks, object attributes as values, references as addresses', async () => {
    const code = terraform(gcpDesign);
    expect(code).toContain('resource "google_pubsub_subscription" "orders" {');
    expect(code).toContain('topic = google_pubsub_topic.events.id');
    expect(code).toMatch(/\n {2}push_config \{\n {4}push_endpoint = "https:\/\/example.com\/push"/);
    expect(code).toMatch(/ {4}attributes = \{\n {6}format = "v1"/);
    expect(code).toMatch(/ {4}oidc_token \{\n/);
    const r = generate(gcpDesign, { format: 'terraform' });
    expect(r.ok && (await checkOutput(r.files, pinnedSchemaSource()))).toEqual([]);
  });

  it('writes a JSON document given for a string argument as jsonencode, references inside it', async () => {
    const design = {
      ...base,
      name: 'aws',
      provider: 'aws',
      region: 'eu-west-1',
      components: [
        {
          id: 'files',
          service: 'aws.resource',
          name: 'files',
          resource: { type: 'aws_s3_bucket' },
        },
        {
          id: 'files-tls',
          service: 'aws.resource',
          name: 'files-tls',
          resource: {
            type: 'aws_s3_bucket_policy',
            arguments: {
              bucket: { $ref: 'files', attribute: 'id' },
              policy: {
                Version: '2012-10-17',
                Statement: [
                  {
                    Effect: 'Deny',
                    Principal: '*',
                    Action: 's3:*',
                    Resource: [
                      { $ref: 'files', attribute: 'arn' },
                      { $ref: 'files', attribute: 'arn', suffix: '/*' },
                    ],
                    Condition: { Bool: { 'aws:SecureTransport': 'false' } },
                  },
                ],
              },
            },
          },
        },
      ],
    };
    const code = terraform(design);
    expect(code).toContain('  policy = jsonencode({\n    Version = "2012-10-17"');
    // A reference inside a text: the objects of the bucket.
    expect(code).toContain('Resource  = [aws_s3_bucket.files.arn, "${aws_s3_bucket.files.arn}/*"]');
    const r = generate(design, { format: 'terraform' });
    expect(r.ok && (await checkOutput(r.files, pinnedSchemaSource()))).toEqual([]);
  });

  it('names the resource by the convention and merges the design labels under its own', () => {
    const code = terraform(gcpDesign);
    expect(code).toMatch(/\n {2}name\s+= "acme-shop-\$\{var.environment\}-res-orders"/);
    expect(code).toMatch(
      /labels = \{\n\s+owner\s+= "team_a"\n\s+environment = var.environment\n\s+tier\s+= "gold"/,
    );
  });

  it('takes the abbreviation a convention gives the resource type', () => {
    const design = {
      ...gcpDesign,
      naming: { ...base.naming, abbreviations: { google_pubsub_subscription: 'sub' } },
    };
    expect(terraform(design)).toMatch(
      /\n {2}name\s+= "acme-shop-\$\{var.environment\}-sub-orders"/,
    );
  });

  it('keeps a name the user set', () => {
    const design = structuredClone(gcpDesign);
    (design.components[1]!.resource!.arguments as Record<string, unknown>)['name'] =
      'legacy-orders';
    expect(terraform(design)).toMatch(/\n {2}name\s+= "legacy-orders"/);
  });

  it('turns sensitive arguments into sensitive variables, never literals', async () => {
    const design = {
      ...base,
      name: 'aws',
      provider: 'aws',
      region: 'eu-west-1',
      components: [
        {
          id: 'legacy-db',
          service: 'aws.resource',
          name: 'legacy',
          resource: {
            type: 'aws_db_instance',
            arguments: {
              instance_class: 'db.t4g.micro',
              engine: 'postgres',
              password: 'hunter2',
              allocated_storage: 20,
            },
          },
        },
      ],
    };
    const r = generate(design, { format: 'terraform', layout: 'single' });
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const code = r.files.map((f) => f.content).join('\n');
    expect(code).not.toContain('hunter2');
    expect(code).toMatch(/\n {2}password\s+= var.legacy_db_password\n/);
    expect(code).toMatch(
      /variable "legacy_db_password" \{\n {2}type\s+= string\n[^}]*sensitive\s+= true/,
    );
    // AWS tags carry the Name tag; aws_db_instance has no `name` argument, so none is added.
    expect(code).toMatch(/tags = \{\n\s+Name = "acme-shop-\$\{var.environment\}-res-legacy"/);
    expect(code).not.toMatch(/\n {2}name\s+=/);
    expect(await checkOutput(r.files, pinnedSchemaSource())).toEqual([]);
  });

  it('fills the resource group and location of azurerm types and the compartment of OCI types', () => {
    const azure = terraform({
      ...base,
      name: 'az',
      provider: 'azure',
      region: 'westeurope',
      components: [
        {
          id: 'ns',
          service: 'azure.resource',
          name: 'events',
          resource: { type: 'azurerm_eventhub_namespace', arguments: { sku: 'Standard' } },
        },
      ],
    });
    expect(azure).toMatch(/resource_group_name\s+= azurerm_resource_group.main.name/);
    expect(azure).toMatch(/location\s+= azurerm_resource_group.main.location/);
    const oci = terraform({
      ...base,
      name: 'oci',
      provider: 'oci',
      region: 'eu-frankfurt-1',
      components: [
        {
          id: 'vault',
          service: 'oci.resource',
          name: 'keys',
          resource: { type: 'oci_kms_vault', arguments: { vault_type: 'DEFAULT' } },
        },
      ],
    });
    expect(oci).toMatch(/compartment_id\s+= var.compartment_ocid/);
    expect(oci).toMatch(/display_name\s+= "acme-shop-\$\{var.environment\}-res-keys"/);
    expect(oci).toMatch(/freeform_tags = \{/);
  });

  it('leaves out a deprecated placement argument (azurerm_eventhub: namespace_id, not resource_group_name)', async () => {
    const design = {
      ...base,
      name: 'az',
      provider: 'azure',
      region: 'westeurope',
      components: [
        {
          id: 'ns',
          service: 'azure.resource',
          name: 'events',
          resource: { type: 'azurerm_eventhub_namespace', arguments: { sku: 'Standard' } },
        },
        {
          id: 'clicks',
          service: 'azure.resource',
          name: 'clicks',
          resource: {
            type: 'azurerm_eventhub',
            arguments: { namespace_id: { $ref: 'ns', attribute: 'id' }, partition_count: 2 },
          },
        },
      ],
    };
    const code = terraform(design);
    const hub = code.slice(code.indexOf('resource "azurerm_eventhub" "clicks"'));
    expect(hub.slice(0, hub.indexOf('\n}\n'))).not.toContain('resource_group_name');
    expect(hub).toMatch(/namespace_id\s+= azurerm_eventhub_namespace.ns.id/);
    const r = generate(design, { format: 'terraform' });
    expect(r.ok && (await checkOutput(r.files, pinnedSchemaSource()))).toEqual([]);
  });

  it('without schema data (the browser) writes objects as blocks and tag maps as values', () => {
    provideResourceSchemas(undefined);
    try {
      const code = terraform(gcpDesign);
      expect(code).toMatch(/\n {2}push_config \{/);
      expect(code).toMatch(/ {2}labels = \{\n\s+tier = "gold"/);
    } finally {
      useSchemaData();
    }
  });
});

const armDesign = {
  ...base,
  name: 'arm',
  provider: 'azure',
  region: 'westeurope',
  components: [
    {
      id: 'hub',
      service: 'azure.arm-resource',
      name: 'hub',
      resource: {
        type: 'Microsoft.Network/virtualNetworks',
        apiVersion: '2024-05-01',
        arguments: { properties: { addressSpace: { addressPrefixes: ['10.0.0.0/16'] } } },
      },
    },
    {
      id: 'bastion-ip',
      service: 'azure.arm-resource',
      name: 'bastion',
      resource: {
        type: 'Microsoft.Network/publicIPAddresses',
        apiVersion: '2024-05-01',
        arguments: {
          sku: { name: 'Standard' },
          properties: {
            publicIPAllocationMethod: 'Static',
            ddosSettings: { ddosProtectionPlan: { id: { $ref: 'hub', attribute: 'id' } } },
          },
        },
      },
    },
  ],
};

describe('ARM builder', () => {
  it('writes type, API version, name, location, properties and tags; references by symbol', async () => {
    const r = generate(armDesign, { format: 'bicep', layout: 'single' });
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const main = r.files.find((f) => f.path === 'main.bicep')!.content;
    expect(main).toContain("resource hub 'Microsoft.Network/virtualNetworks@2024-05-01' = {");
    expect(main).toContain('location: location');
    expect(main).toContain('id: hub.id');
    expect(main).toMatch(/tags: \{[^}]*environment: environment/);
    expect(await checkOutput(r.files)).toEqual([]);
    const arm = generate(armDesign, { format: 'arm' });
    if (!arm.ok) throw new Error(JSON.stringify(arm.issues));
    const template = arm.files.find((f) => f.path === 'azuredeploy.json')!.content;
    expect(template).toContain("[resourceId('Microsoft.Network/virtualNetworks'");
    expect(await checkOutput(arm.files)).toEqual([]);
  });

  it('writes a reference inside a text as a template in Bicep and ARM', () => {
    const tagged = structuredClone(armDesign);
    const ip = tagged.components[1]!.resource.arguments as Record<string, unknown>;
    ip['tags'] = { network: { $ref: 'hub', attribute: 'name', prefix: 'vnet/', suffix: '/edge' } };
    const bicep = generate(tagged, { format: 'bicep', layout: 'single' });
    if (!bicep.ok) throw new Error(JSON.stringify(bicep.issues));
    expect(bicep.files.find((f) => f.path === 'main.bicep')!.content).toContain(
      "network: 'vnet/${hub.name}/edge'",
    );
    const arm = generate(tagged, { format: 'arm' });
    if (!arm.ok) throw new Error(JSON.stringify(arm.issues));
    expect(arm.files.find((f) => f.path === 'azuredeploy.json')!.content).toMatch(
      /"network": "\[format\('vnet\/\{0\}\/edge', |"network": "\[concat\('vnet\/', /,
    );
  });

  it('makes a write-only secret a secure parameter and keeps other write-only values', () => {
    const design = {
      ...armDesign,
      components: [
        {
          id: 'pg',
          service: 'azure.arm-resource',
          name: 'pg',
          resource: {
            type: 'Microsoft.DBforPostgreSQL/flexibleServers',
            apiVersion: '2024-08-01',
            arguments: {
              sku: { name: 'Standard_B1ms', tier: 'Burstable' },
              properties: {
                administratorLogin: 'pgadmin',
                administratorLoginPassword: 'hunter2',
                createMode: 'Default',
              },
            },
          },
        },
      ],
    };
    const r = generate(design, { format: 'bicep', layout: 'single' });
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const main = r.files.find((f) => f.path === 'main.bicep')!.content;
    expect(main).not.toContain('hunter2');
    expect(main).toMatch(/@secure\(\)\n.*\nparam pgPropertiesAdministratorLoginPassword string\n/);
    expect(main).toContain('administratorLoginPassword: pgPropertiesAdministratorLoginPassword');
    expect(main).toContain("createMode: 'Default'");
  });

  it('answers a clear error for the wrong format, naming the component', () => {
    const tf = generate(armDesign, { format: 'terraform' });
    expect(tf.ok ? [] : tf.issues.map((i) => i.message)).toEqual([
      expect.stringContaining(
        'hub (Microsoft.Network/virtualNetworks) is an ARM resource for Bicep/ARM only',
      ),
    ]);
    const azurerm = {
      ...base,
      name: 'az',
      provider: 'azure',
      region: 'westeurope',
      components: [
        {
          id: 'ns',
          service: 'azure.resource',
          name: 'events',
          resource: { type: 'azurerm_eventhub_namespace', arguments: { sku: 'Standard' } },
        },
      ],
    };
    const bicep = generate(azurerm, { format: 'bicep' });
    expect(bicep.ok ? [] : bicep.issues.map((i) => i.message)).toEqual([
      'events (azurerm_eventhub_namespace) is a Terraform-only resource; use an ARM resource for Bicep/ARM',
    ]);
  });
});

describe('validation and re-targeting', () => {
  const issues = (design: unknown) => {
    const p = prepareDesign(design);
    return p.ok ? [] : p.issues.map((i) => `${i.path}: ${i.message}`);
  };
  const withResource = (resource: unknown, service = 'gcp.resource') => ({
    ...gcpDesign,
    components: [gcpDesign.components[0], { id: 'x', service, name: 'x', resource }],
  });

  it("refuses another provider's type, self and dangling references, a missing type", () => {
    expect(issues(withResource({ type: 'aws_sqs_queue', arguments: {} }))).toEqual([
      'components[1].resource.type: "aws_sqs_queue" is not a resource type of this provider (types start with google_)',
    ]);
    expect(
      issues(
        withResource({
          type: 'google_pubsub_topic',
          arguments: { a: { $ref: 'x', attribute: 'id' }, b: [{ $ref: 'gone', attribute: 'id' }] },
        }),
      ),
    ).toEqual([
      'components[1].resource.arguments.a: x cannot reference itself',
      'components[1].resource.arguments.b[0]: references "gone", which is not in this design',
    ]);
    expect(
      issues({ ...gcpDesign, components: [{ id: 'x', service: 'gcp.resource', name: 'x' }] }),
    ).toEqual(['components[0].resource: x: choose the resource type of this generic component']);
    expect(
      issues(
        withResource({ type: 'google_pubsub_topic', apiVersion: '2024-01-01', arguments: {} }),
      ),
    ).toEqual(['components[1].resource.apiVersion: an API version is for ARM resources only']);
  });

  it('re-targeting lists generic components as not mappable', () => {
    const parsed = prepareDesign(gcpDesign);
    if (!parsed.ok) throw new Error('invalid');
    const r = retargetDesign(parsed.design, 'aws');
    expect(r.unmapped.map((u) => [u.id, u.kind, u.reason])).toEqual([
      [
        'orders',
        'resource',
        'a gcp resource type has no equivalent in aws; add the aws resource by hand',
      ],
    ]);
  });
});
