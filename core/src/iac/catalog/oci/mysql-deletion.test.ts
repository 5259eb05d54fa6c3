import { describe, expect, it } from 'vitest';
import { mainTf, resourceBlock, smallDesign } from '../../testing/small-design';

/**
 * A MySQL DB system OCI may delete takes no final backup and its automatic backups go with it:
 * one `terraform destroy`, or a change that replaces it, lost the data for good.
 */
const db = (properties: Record<string, unknown> = {}) =>
  resourceBlock(
    mainTf(
      smallDesign({
        cloud: 'oci',
        components: [
          { id: 'db', service: 'oci.mysql-heatwave', name: 'db', group: 'sn-0', properties },
        ],
      }),
    ),
    'oci_mysql_mysql_db_system',
    'db',
  );

describe('oci: deleting a MySQL DB system', () => {
  it('is refused, and would keep its backups and take a final one', () => {
    expect(db()).toMatch(
      /deletion_policy \{\s+automatic_backup_retention = "RETAIN"\s+final_backup\s+= "REQUIRE_FINAL_BACKUP"\s+is_delete_protected\s+= true\s+\}/,
    );
  });

  it('is allowed when deletion protection is off, the backups still kept', () => {
    const hcl = db({ deletionProtection: false });
    expect(hcl).toMatch(/is_delete_protected\s+= false/);
    expect(hcl).toMatch(/automatic_backup_retention = "RETAIN"/);
    expect(hcl).toMatch(/final_backup\s+= "REQUIRE_FINAL_BACKUP"/);
  });
});
