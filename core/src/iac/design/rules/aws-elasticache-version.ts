import { str, type TPropertyRule } from './rule';

/** Engine versions ElastiCache runs, per engine (the catalog offers the newest ones). */
export const ELASTICACHE_VERSIONS: Readonly<Record<string, readonly string[]>> = {
  valkey: ['8.0', '7.2'],
  redis: ['7.1', '7.0', '6.2'],
};

export const awsElastiCacheVersion: TPropertyRule = {
  id: 'aws-elasticache-version',
  services: ['aws.elasticache'],
  source:
    'Amazon ElastiCache User Guide, "Supported engines and versions" (Valkey 7.2 and 8.x; Redis OSS up to 7.1)',
  check: (props) => {
    const engine = str(props, 'engine');
    const version = str(props, 'version');
    const versions = ELASTICACHE_VERSIONS[engine];
    if (!versions || versions.includes(version)) return [];
    return [
      {
        key: engine === 'redis' ? 'engine' : 'version',
        message: `version ${version} does not exist for engine ${engine} (${versions.join(', ')}): set engine to valkey, which runs ${ELASTICACHE_VERSIONS['valkey']!.join(' and ')}`,
      },
    ];
  },
};
