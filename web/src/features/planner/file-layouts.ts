import type { TFormat } from '@stratum/core/iac/emit/emitter';

/** Step 4: the layouts each format comes in, as the emitters lay the files out. */
export const FILE_LAYOUTS: Record<TFormat, readonly { id: string; title: string; text: string }[]> =
  {
    terraform: [
      {
        id: 'single',
        title: 'Single file',
        text: 'Everything in main.tf: the smallest thing to read.',
      },
      {
        id: 'standard',
        title: 'Standard',
        text: 'main, variables, outputs, providers and versions, with .tfvars per environment.',
      },
      {
        id: 'modules',
        title: 'Modules',
        text: 'One module per kind of service, called from the root configuration.',
      },
      {
        id: 'env-folders',
        title: 'Environment folders',
        text: 'A root per environment (envs/dev, envs/prod…) sharing one stack module.',
      },
    ],
    bicep: [
      {
        id: 'single',
        title: 'Single file',
        text: 'One main.bicep with a .bicepparam file per environment.',
      },
      {
        id: 'modules',
        title: 'Modules',
        text: 'main.bicep calling one module per kind of service.',
      },
    ],
    arm: [
      {
        id: 'single',
        title: 'Template',
        text: 'azuredeploy.json with a parameters file per environment.',
      },
    ],
  };
