import { describe, expect, it } from 'vitest';
import { mainTf, resourceBlock, smallDesign } from '../../testing/small-design';

/**
 * AKS gives a node pool a surge of 10% when none is set and azurerm reads it back, but the block
 * is not computed: without it every plan after the first apply proposed to remove it, and the
 * update changed nothing (hashicorp/terraform-provider-azurerm#24020).
 */
describe('AKS default node pool upgrade settings', () => {
  it('Terraform: writes the surge AKS keeps on the pool, so a plan after apply is empty', () => {
    const design = smallDesign({
      cloud: 'azure',
      components: [{ id: 'k8s', service: 'azure.aks', name: 'k8s', group: 'sn-0' }],
    });
    const cluster = resourceBlock(mainTf(design), 'azurerm_kubernetes_cluster', 'k8s');
    expect(cluster).toMatch(
      /default_node_pool \{[^}]*upgrade_settings \{\s*max_surge = "10%"\s*\}\s*\}/,
    );
  });
});
