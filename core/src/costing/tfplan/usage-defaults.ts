import type { TUsageSpec } from '../usage';

/**
 * Usage a plan cannot say that a design never needs: sizes an image decides, known only after
 * apply. Every other usage key (storageGb, requests, durationMs, operations…) is the design
 * estimator's (`USAGE_SPECS`), with the same label, unit and default, so a plan and the board
 * price the same usage the same way.
 */
export const PLAN_USAGE_SPECS = {
  rootVolumeGb: {
    label: 'Root volume size (set by the image; known after apply)',
    unit: 'GB',
    default: 8,
    basis: 'the usual size of Linux AMIs’ root volume',
  },
  osDiskGb: {
    label: 'OS disk size (set by the image)',
    unit: 'GB',
    default: 30,
    basis: 'the usual size of Azure Marketplace Linux images’ OS disk',
  },
  bootDiskGb: {
    label: 'Boot disk size (set by the image)',
    unit: 'GB',
    default: 10,
    basis: 'the size of Google’s public Linux images',
  },
  diskGb: {
    label: 'Disk size (set by its image or snapshot)',
    unit: 'GB',
    default: 10,
    basis: 'the size of Google’s public Linux images',
  },
} as const satisfies Record<string, TUsageSpec>;

export type TPlanUsageKey = keyof typeof PLAN_USAGE_SPECS;
