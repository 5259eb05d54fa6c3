import type { TFormat } from '@stratum/core/iac/emit/emitter';

/** Step 4: the layouts each format comes in, as the emitters lay the files out. */
export const FILE_LAYOUTS: Record<TFormat, readonly { id: string; title: string; text: string }[]> =
  {
    terraform: [
      {
        id: 'single',
        title: 'Single file',
        text: "Everything in main.tf; env/ holds each environment's values and state settings.",
      },
      {
        id: 'standard',
        title: 'Standard',
        text: 'main, variables, outputs, providers, versions and backend, with env/<env>.tfvars and .backend.hcl.',
      },
      {
        id: 'modules',
        title: 'Modules',
        text: 'One module per kind of service, called from one root; env/ per environment.',
      },
      {
        id: 'env-folders',
        title: 'Environment folders',
        text: 'A root per environment (envs/dev, envs/prod…) with its own backend, sharing one stack module.',
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
        text: 'main.bicep calling one module per kind of service; kinds that refer to each other share one.',
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
