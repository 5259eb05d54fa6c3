import { num, type TPropertyRule } from './rule';

/**
 * Storage sizes (GiB) a PostgreSQL flexible server offers: the premium SSD disk sizes, from
 * Microsoft Learn "Storage options in Azure Database for PostgreSQL flexible server"; the
 * azurerm provider validates `storage_mb` against the same list (32768 … 16777216 MiB).
 */
export const AZURE_POSTGRES_STORAGE_GB: readonly number[] = [
  32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384,
];

export const azurePostgresStorage: TPropertyRule = {
  id: 'azure-postgres-storage',
  services: ['azure.postgresql-flexible'],
  source:
    'Microsoft Learn, "Storage options in Azure Database for PostgreSQL flexible server" (premium SSD sizes); azurerm_postgresql_flexible_server storage_mb possible values',
  check: (props) => {
    const size = num(props, 'storageGb');
    if (AZURE_POSTGRES_STORAGE_GB.includes(size)) return [];
    const next = AZURE_POSTGRES_STORAGE_GB.find((s) => s > size);
    return [
      {
        key: 'storageGb',
        message: `storageGb ${size} is not a size PostgreSQL flexible server offers (${AZURE_POSTGRES_STORAGE_GB.join(', ')} GiB)${next ? `: set it to ${next}` : ''}`,
      },
    ];
  },
};
