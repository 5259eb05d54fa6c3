import { str, type TPropertyRule } from './rule';

/** Burstable vCore tiers (M10, M20) run one node: no high-availability replica. */
export const MONGO_BURSTABLE: readonly string[] = ['M10', 'M20'];

export const azureMongoTier: TPropertyRule = {
  id: 'azure-mongo-tier',
  services: ['azure.cosmos-mongo-vcore'],
  source:
    'Microsoft Learn, "Compute and storage configurations for Azure Cosmos DB for MongoDB vCore" (burstable tiers M10/M20 do not support high availability)',
  check: (props) => {
    const tier = str(props, 'tier');
    if (props['highAvailability'] !== true || !MONGO_BURSTABLE.includes(tier)) return [];
    return [
      {
        key: 'highAvailability',
        message: `high availability is not offered with burstable tier ${tier}: turn highAvailability off, or choose tier M30 or above`,
      },
    ];
  },
};
