import { describe, expect, it } from 'vitest';
import { mainTf, smallDesign } from '../../testing/small-design';

/** An apply does not undo what the autoscale setting did to a scale set. */
describe('azure: scale set with autoscale', () => {
  it('leaves the instance count to the autoscale setting', () => {
    const hcl = mainTf(
      smallDesign({
        cloud: 'azure',
        components: [{ id: 'web', service: 'azure.vm-scale-set', name: 'web', group: 'sn-0' }],
      }),
    );
    expect(hcl).toMatch(/resource "azurerm_monitor_autoscale_setting" "web"/);
    expect(hcl).toMatch(
      /resource "azurerm_linux_virtual_machine_scale_set" "web" \{[\s\S]*?lifecycle \{\n\s+ignore_changes = \[instances\]\n\s+\}\n\}/,
    );
  });
});
