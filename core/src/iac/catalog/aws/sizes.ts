/** Real instance sizes offered in the catalog (a curated subset of each family). */
export const EC2_TYPES = [
  't3.micro',
  't3.small',
  't3.medium',
  't3.large',
  't3.xlarge',
  't4g.micro',
  't4g.small',
  't4g.medium',
  't4g.large',
  'm7i.large',
  'm7i.xlarge',
  'm7i.2xlarge',
  'm7g.large',
  'm7g.xlarge',
  'c7i.large',
  'c7i.xlarge',
  'c7g.large',
  'r7i.large',
  'r7i.xlarge',
  'r7g.large',
] as const;

export const RDS_CLASSES = [
  'db.t4g.micro',
  'db.t4g.small',
  'db.t4g.medium',
  'db.t4g.large',
  'db.m7g.large',
  'db.m7g.xlarge',
  'db.r7g.large',
  'db.r7g.xlarge',
] as const;

/** SQL Server on RDS runs on x86 classes only. */
export const RDS_SQLSERVER_CLASSES = [
  'db.t3.small',
  'db.t3.medium',
  'db.t3.xlarge',
  'db.m6i.large',
  'db.m6i.xlarge',
  'db.r6i.large',
  'db.r6i.xlarge',
] as const;

export const CACHE_NODE_TYPES = [
  'cache.t4g.micro',
  'cache.t4g.small',
  'cache.t4g.medium',
  'cache.m7g.large',
  'cache.m7g.xlarge',
  'cache.r7g.large',
  'cache.r7g.xlarge',
] as const;

export const AWS_REGIONS = [
  'us-east-1',
  'us-east-2',
  'us-west-1',
  'us-west-2',
  'ca-central-1',
  'sa-east-1',
  'eu-west-1',
  'eu-west-2',
  'eu-west-3',
  'eu-central-1',
  'eu-central-2',
  'eu-north-1',
  'eu-south-1',
  'ap-south-1',
  'ap-northeast-1',
  'ap-northeast-2',
  'ap-northeast-3',
  'ap-southeast-1',
  'ap-southeast-2',
  'me-central-1',
  'af-south-1',
] as const;
