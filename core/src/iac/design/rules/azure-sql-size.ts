import { num, str, type TPropertyRule } from './rule';

/**
 * Largest database (GB) per Azure SQL Database SKU, from Microsoft Learn "Resource limits for
 * single databases using the DTU purchasing model" and "... using the vCore purchasing model".
 */
export const AZURE_SQL_MAX_GB: Readonly<Record<string, number>> = {
  Basic: 2,
  S0: 250,
  S1: 250,
  S2: 250,
  GP_S_Gen5_1: 512,
  GP_S_Gen5_2: 1024,
  GP_Gen5_2: 1024,
  GP_Gen5_4: 1024,
};

export const azureSqlSize: TPropertyRule = {
  id: 'azure-sql-size',
  services: ['azure.sql-database'],
  source:
    'Microsoft Learn, Azure SQL Database resource limits for single databases (DTU and vCore purchasing models): maximum data size per service objective',
  check: (props) => {
    const sku = str(props, 'sku');
    const size = num(props, 'maxSizeGb');
    const max = AZURE_SQL_MAX_GB[sku];
    if (max === undefined || size <= max) return [];
    return [
      {
        key: 'maxSizeGb',
        message: `maxSizeGb ${size} is above the ${max} GB sku ${sku} allows: set maxSizeGb to at most ${max}, or choose a larger sku`,
      },
    ];
  },
};
