import { str, type TPropertyRule } from './rule';

/** Premium storage accounts keep their data in one region: the geo-redundant options are Standard only. */
export const PREMIUM_REPLICATION = ['LRS', 'ZRS'] as const;

export const azureStorageRedundancy: TPropertyRule = {
  id: 'azure-storage-redundancy',
  services: ['azure.storage-account', 'azure.file-share'],
  source:
    'Microsoft Learn, "Storage account overview" — supported redundancy options per account type (premium accounts: LRS, ZRS)',
  check: (props) => {
    const replication = str(props, 'replication');
    if (str(props, 'tier') !== 'Premium') return [];
    if ((PREMIUM_REPLICATION as readonly string[]).includes(replication)) return [];
    return [
      {
        key: 'replication',
        message: `replication ${replication} is not offered with tier Premium: choose ${PREMIUM_REPLICATION.join(' or ')}, or set tier to Standard`,
      },
    ];
  },
};
