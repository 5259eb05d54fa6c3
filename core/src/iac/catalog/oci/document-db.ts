import { defineService } from '../service';
import { enumProp, numProp } from '../properties';
import { block, call, ref, tfVar } from '../../ir/terraform-ir';
import { endpointNsgIds, tcp } from './client-rules';
import { compartment, subnetId } from './shared';
import { autonomousAdminPassword } from './admin-secret';

/** SQL*Net over TLS and the MongoDB API of Autonomous Database. */
const SQLNET_TLS_PORT = 1522;
const MONGODB_PORT = 27017;

/**
 * Autonomous JSON Database with the Oracle Database API for MongoDB. MongoDB drivers cannot
 * present a wallet, so the API needs TLS without mutual authentication; Oracle allows that only
 * behind an access control list or a private endpoint ("Configure Access for MongoDB"): this
 * database has a private endpoint only, so it is never reachable from the internet.
 */
export const ociAutonomousJson = defineService({
  id: 'oci.autonomous-json',
  cloud: 'oci',
  kind: 'document-db',
  name: 'Autonomous JSON Database',
  category: 'databases',
  description:
    'Serverless Autonomous JSON Database with the MongoDB API behind a private endpoint: TLS on 1522 and 27017 from the components connected to it only, compute and storage auto scaling, 30 days of backups.',
  icon: 'oci-ajd',
  properties: [
    // ECPU model: at least 2 ECPUs; Autonomous JSON Database stores up to 20 TB of data.
    numProp('ecpus', 'ECPUs', 2, 2, 512),
    numProp('storageTb', 'Storage (TB)', 1, 1, 20),
    enumProp('version', 'Database version', ['23ai', '19c'], '23ai'),
    enumProp(
      'license',
      'License',
      ['LICENSE_INCLUDED', 'BRING_YOUR_OWN_LICENSE'],
      'LICENSE_INCLUDED',
    ),
  ],
  placement: 'subnet',
  port: MONGODB_PORT,
  naming: { rule: 'oci-adb', abbreviation: 'ajd' },
  emits: {
    terraform: [
      'oci_database_autonomous_database',
      'oci_vault_secret',
      'oci_core_network_security_group',
      'oci_core_network_security_group_security_rule',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const nsgs = endpointNsgIds(ctx, [tcp(SQLNET_TLS_PORT), tcp(MONGODB_PORT)], false);
    const password = `${local}_admin_password`;
    const db = ctx.resource('oci_database_autonomous_database', local, {
      compartment_id: compartment(),
      db_name: ctx.name(),
      display_name: ctx.name('', 'oci-display'),
      db_workload: 'AJD',
      db_version: ctx.prop('version'),
      compute_model: 'ECPU',
      compute_count: ctx.prop('ecpus'),
      data_storage_size_in_tbs: ctx.prop('storageTb'),
      is_auto_scaling_enabled: true,
      is_auto_scaling_for_storage_enabled: true,
      license_model: ctx.prop('license'),
      // TLS stays on; mutual TLS is off because MongoDB clients have no wallet (see above).
      is_mtls_connection_required: false,
      backup_retention_period_in_days: 30,
      subnet_id: subnetId(ctx, ctx.subnets()[0]!),
      nsg_ids: nsgs,
      db_tools_details: [block({ name: 'MONGODB_API', is_enabled: true })],
      ...autonomousAdminPassword(ctx, {
        name: password,
        type: 'string',
        description: `ADMIN password of ${ctx.node.name} (12-30 characters with an upper-case letter, a lower-case letter and a digit; no double quote, not containing "admin").`,
        sensitive: true,
        // Autonomous Database password rules ("Manage Users: Create Users on Autonomous Database").
        validation: {
          condition: call('alltrue', [
            call('can', call('regex', '^[^"]{12,30}$', tfVar(password))),
            call('can', call('regex', '[A-Z]', tfVar(password))),
            call('can', call('regex', '[a-z]', tfVar(password))),
            call('can', call('regex', '[0-9]', tfVar(password))),
          ]),
          errorMessage:
            'The ADMIN password needs 12 to 30 characters with an upper-case letter, a lower-case letter and a digit, and no double quote.',
        },
      }),
      freeform_tags: ctx.tags(),
    });
    ctx.output('id', `OCID of ${ctx.node.name}`, ref(db.address, 'id'));
    ctx.output(
      'mongodb_url',
      `MongoDB API connection string of ${ctx.node.name} (user and password to fill in)`,
      ref(db.address, 'connection_urls[0].mongo_db_url'),
    );
  },
});
