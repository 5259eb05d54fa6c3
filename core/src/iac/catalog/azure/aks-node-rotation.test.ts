import { describe, expect, it } from 'vitest';
import { mainTf, resourceBlock, smallDesign } from '../../testing/small-design';

/**
 * azurerm resizes an AKS cluster's default node pool (or moves it to another subnet) by cycling it
 * through a temporary system pool, and refuses the apply when that pool has no name: a design
 * that changed the node size planned fine and then failed on apply.
 */
describe('AKS default node pool rotation', () => {
  it('Terraform: names the temporary pool azurerm cycles the default pool through', () => {
    const design = smallDesign({
      cloud: 'azure',
      components: [{ id: 'k8s', service: 'azure.aks', name: 'k8s', group: 'sn-0' }],
    });
    const pool = /default_node_pool \{[^}]*\}/.exec(
      resourceBlock(mainTf(design), 'azurerm_kubernetes_cluster', 'k8s'),
    )![0];
    // A Linux pool name: lowercase letters and digits, at most 12 characters.
    expect(pool).toMatch(/\n\s+temporary_name_for_rotation\s+= "[a-z][a-z0-9]{0,11}"\n/);
  });
});
