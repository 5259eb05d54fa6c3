import { defineService } from '../service';
import { enumProp, numProp, strProp } from '../properties';
import { call, ref, tfVar, tpl } from '../../ir/terraform-ir';
import { compartment, subnetId, vcnId } from './shared';
import { tcp, vcnListEntries } from './client-rules';

/**
 * OCI Search with OpenSearch. The cluster runs with fine-grained security ENFORCING: a master
 * user whose password reaches OCI only as a PBKDF2 hash. Terraform has no PBKDF2 function, so
 * the hash is a sensitive variable the operator makes with Oracle's tool
 * (`java -jar oci-crypto-common-1.0.0-SNAPSHOT.jar pbkdf2_stretch_1000 <password>`, "Editing a
 * Search with OpenSearch Cluster" › Generating a Password Hash); the plain password never
 * enters the plan or the state.
 */
const OPENSEARCH_VERSIONS = ['2.19.1', '2.11.0'] as const;

/** The REST API of the cluster (HTTPS), and OpenSearch Dashboards. */
const OPENSEARCH_PORT = 9200;
const DASHBOARDS_PORT = 5601;

export const ociOpenSearch = defineService({
  id: 'oci.opensearch',
  cloud: 'oci',
  kind: 'search',
  name: 'Search with OpenSearch',
  category: 'databases',
  description:
    'Managed OpenSearch cluster in a private subnet with security mode ENFORCING (a master user from a PBKDF2 hash), three leader nodes, data nodes with block storage and an OpenSearch Dashboards node.',
  icon: 'oci-opensearch',
  properties: [
    enumProp('version', 'OpenSearch version', OPENSEARCH_VERSIONS, '2.19.1'),
    // Data nodes: at least 20 GB of memory and 50 GB of storage each ("Search with
    // OpenSearch" › Concepts; flexible shapes take 1-64 GB per OCPU).
    numProp('dataNodes', 'Data nodes', 3, 1, 100),
    numProp('dataOcpus', 'OCPUs per data node', 2, 1, 64),
    numProp('dataMemoryGb', 'Memory per data node (GB)', 32, 20, 1024),
    numProp('dataStorageGb', 'Storage per data node (GB)', 200, 50, 40960),
    // Three leader nodes keep a quorum when one fails; one is for development only.
    enumProp('leaderNodes', 'Leader nodes', ['3', '1'], '3'),
    strProp('masterUser', 'Master user', 'osadmin'),
  ],
  placement: 'subnet',
  port: OPENSEARCH_PORT,
  naming: { rule: 'oci-display', abbreviation: 'os' },
  emits: {
    terraform: [
      'oci_opensearch_opensearch_cluster',
      'oci_identity_policy',
      'oci_core_security_list',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    // The cluster takes no NSG in oracle/oci 7.4: a security list of its own, which its subnet
    // lists beside the base one, opens the API and Dashboards to the VCN.
    ctx.resource('oci_core_security_list', local, {
      compartment_id: compartment(),
      vcn_id: vcnId(ctx),
      display_name: ctx.name('clients', 'oci-display'),
      freeform_tags: ctx.tags(),
      ingress_security_rules: vcnListEntries(ctx, [tcp(OPENSEARCH_PORT), tcp(DASHBOARDS_PORT)]),
    });
    // The service creates the cluster's VNICs in the design's subnet: it needs these grants in
    // the network's compartment ("Search with OpenSearch IAM Policies").
    const policy = ctx.resource('oci_identity_policy', `${local}_network`, {
      compartment_id: compartment(),
      name: ctx.name('network', 'oci-iam'),
      description: `Lets Search with OpenSearch attach cluster ${ctx.node.name} to the VCN`,
      statements: ['manage vnics', 'manage vcns', 'use subnets', 'use network-security-groups'].map(
        (grant) => tpl(`Allow service opensearch to ${grant} in compartment id `, compartment()),
      ),
      freeform_tags: ctx.tags(),
    });
    const hash = `${local}_master_password_hash`;
    const cluster = ctx.resource(
      'oci_opensearch_opensearch_cluster',
      local,
      {
        compartment_id: compartment(),
        display_name: ctx.name(),
        software_version: ctx.prop('version'),
        vcn_id: vcnId(ctx),
        vcn_compartment_id: compartment(),
        subnet_id: subnetId(ctx, ctx.subnets()[0]!),
        subnet_compartment_id: compartment(),
        master_node_count: ctx.prop('leaderNodes', (v) => Number(v)),
        master_node_host_type: 'FLEX',
        master_node_host_ocpu_count: 1,
        master_node_host_memory_gb: 20,
        data_node_count: ctx.prop('dataNodes'),
        data_node_host_type: 'FLEX',
        data_node_host_ocpu_count: ctx.prop('dataOcpus'),
        data_node_host_memory_gb: ctx.prop('dataMemoryGb'),
        data_node_storage_gb: ctx.prop('dataStorageGb'),
        opendashboard_node_count: 1,
        opendashboard_node_host_ocpu_count: 1,
        opendashboard_node_host_memory_gb: 8,
        security_mode: 'ENFORCING',
        security_master_user_name: ctx.prop('masterUser'),
        security_master_user_password_hash: ctx.variable({
          name: hash,
          type: 'string',
          description: `PBKDF2 hash of the master user's password of ${ctx.node.name}: java -jar oci-crypto-common-1.0.0-SNAPSHOT.jar pbkdf2_stretch_1000 <password>.`,
          sensitive: true,
          validation: {
            condition: call('startswith', tfVar(hash), 'pbkdf2_stretch_1000$'),
            errorMessage:
              'The master password hash is the output of oci-crypto-common pbkdf2_stretch_1000 (it starts with pbkdf2_stretch_1000$), not the password itself.',
          },
        }),
        freeform_tags: ctx.tags(),
      },
      [policy.address],
    );
    ctx.output(
      'opensearch_fqdn',
      `Private API endpoint of ${ctx.node.name} (port ${OPENSEARCH_PORT})`,
      ref(cluster.address, 'opensearch_fqdn'),
    );
    ctx.output(
      'dashboards_fqdn',
      `Private OpenSearch Dashboards endpoint of ${ctx.node.name}`,
      ref(cluster.address, 'opendashboard_fqdn'),
    );
  },
});
