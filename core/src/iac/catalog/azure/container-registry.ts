import { defineService } from '../service';
import { enumProp } from '../properties';
import { aref } from '../../ir/arm-ir';
import { ref } from '../../ir/terraform-ir';
import { armLocation, placed } from './shared';

/** Azure Container Registry. */
const ACR_API = '2025-04-01';
export const azureContainerRegistry = defineService({
  id: 'azure.container-registry',
  cloud: 'azure',
  kind: 'container-registry',
  name: 'Container Registry',
  category: 'containers',
  description: 'Azure Container Registry with the admin user disabled (pull with AcrPull roles).',
  icon: 'azure-container-registry',
  properties: [enumProp('sku', 'SKU', ['Basic', 'Standard', 'Premium'], 'Standard')],
  placement: 'none',
  naming: { rule: 'azure-acr', abbreviation: 'cr' },
  emits: {
    terraform: ['azurerm_container_registry'],
    arm: [{ type: 'Microsoft.ContainerRegistry/registries', apiVersion: ACR_API }],
  },
  terraform: (ctx) => {
    const acr = ctx.resource('azurerm_container_registry', ctx.node.local, {
      name: ctx.name(),
      ...placed(),
      sku: ctx.prop('sku'),
      admin_enabled: false,
      tags: ctx.tags(),
    });
    ctx.output(
      'login_server',
      `Login server of ${ctx.node.name}`,
      ref(acr.address, 'login_server'),
    );
  },
  arm: (ctx) => {
    const acr = ctx.resource({
      symbol: ctx.symbol(ctx.node),
      type: 'Microsoft.ContainerRegistry/registries',
      apiVersion: ACR_API,
      name: ctx.name(),
      body: {
        location: armLocation(),
        tags: ctx.tags(),
        sku: { name: ctx.prop('sku') },
        properties: { adminUserEnabled: false },
      },
    });
    ctx.output(
      'loginServer',
      `Login server of ${ctx.node.name}`,
      aref(acr, 'properties.loginServer'),
    );
  },
});
