import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A Redshift cluster refuses connections without TLS: the default parameter group's
 * require_ssl is false, so a client could send the admin password and the data in the clear.
 */
describe('aws: Redshift connections over TLS only', () => {
  const design = smallDesign({
    cloud: 'aws',
    components: [
      { id: 'fn', service: 'aws.lambda', name: 'fn', group: 'sn-0' },
      { id: 'dw', service: 'aws.redshift', name: 'clicks', group: 'sn-0' },
    ],
    connections: [{ from: 'fn', to: 'dw', type: 'data' }],
  });
  const hcl = mainTf(design);

  it('takes a parameter group of its family with require_ssl', () => {
    const group = resourceBlock(hcl, 'aws_redshift_parameter_group', 'dw');
    expect(group).toMatch(/name\s+= "acme-shop-\$\{var\.environment\}-dw-clicks-params"/);
    expect(group).toMatch(/family\s+= "redshift-2\.0"/);
    expect(group).toMatch(/name\s+= "require_ssl"\n\s+value = "true"/);
    expect(resourceBlock(hcl, 'aws_redshift_cluster', 'dw')).toMatch(
      /cluster_parameter_group_name\s+= aws_redshift_parameter_group\.dw\.name/,
    );
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
  });
});
