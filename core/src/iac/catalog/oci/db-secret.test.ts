import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A workload that connects to a database whose admin password is kept in a vault gets the
 * secret's OCID as a setting, and its dynamic group may read that secret: without them it has the
 * host, port and user but cannot log in. One code path for every compute kind and for both
 * engines (PostgreSQL, where Vault generates the password, and HeatWave MySQL, which takes it as a
 * value that Vault then holds).
 */
const design = smallDesign({
  cloud: 'oci',
  components: [
    { id: 'vault', service: 'oci.vault', name: 'vault' },
    { id: 'warehouse', service: 'oci.mysql-heatwave', name: 'warehouse', group: 'sn-1' },
    { id: 'orders', service: 'oci.postgresql', name: 'orders', group: 'sn-1' },
    { id: 'loader', service: 'oci.container-instance', name: 'loader', group: 'sn-0' },
    { id: 'etl', service: 'oci.function', name: 'etl', group: 'sn-0' },
    { id: 'app', service: 'oci.compute-instance', name: 'app', group: 'sn-0' },
    {
      id: 'loader-identity',
      service: 'oci.dynamic-group',
      name: 'loader',
      properties: { members: 'container-instances' },
    },
  ],
  connections: [
    { from: 'warehouse', to: 'vault', type: 'data' },
    { from: 'orders', to: 'vault', type: 'data' },
    { from: 'loader', to: 'warehouse', type: 'data' },
    { from: 'etl', to: 'warehouse', type: 'data' },
    { from: 'app', to: 'orders', type: 'data' },
    { from: 'loader-identity', to: 'warehouse', type: 'data' },
  ],
});

describe('oci: a workload connected to a database whose admin password is in Vault', () => {
  const hcl = mainTf(design);

  it('gets the secret OCID, whatever the compute kind and the engine', () => {
    const mysqlSecret = /WAREHOUSE_SECRET_ID\s+= oci_vault_secret\.warehouse_admin\.id/;
    expect(resourceBlock(hcl, 'oci_container_instances_container_instance', 'loader')).toMatch(
      mysqlSecret,
    );
    expect(resourceBlock(hcl, 'oci_functions_function', 'etl')).toMatch(mysqlSecret);
    expect(resourceBlock(hcl, 'oci_core_instance', 'app')).toMatch(
      /ORDERS_SECRET_ID\s+= oci_vault_secret\.orders_admin\.id/,
    );
  });

  it('keeps the MySQL password the DB system takes in that vault', () => {
    const secret = resourceBlock(hcl, 'oci_vault_secret', 'warehouse_admin');
    expect(secret).toContain('vault_id       = oci_kms_vault.vault.id');
    expect(secret).toMatch(/content_type = "BASE64"/);
    expect(secret).toMatch(/content\s+= base64encode\(var\.warehouse_admin_password\)/);
    expect(resourceBlock(hcl, 'oci_mysql_mysql_db_system', 'warehouse')).toMatch(
      /admin_password\s+= var\.warehouse_admin_password/,
    );
  });

  it("lets the workload's dynamic group read that secret only", () => {
    expect(resourceBlock(hcl, 'oci_identity_policy', 'loader_identity')).toContain(
      "to read secret-bundles in compartment id ${var.compartment_ocid} where target.secret.id = '${oci_vault_secret.warehouse_admin.id}'",
    );
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
