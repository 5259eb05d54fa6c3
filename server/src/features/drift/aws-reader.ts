import {
  DescribeInstancesCommand,
  DescribeSecurityGroupsCommand,
  DescribeVolumesCommand,
  EC2Client,
  type IpPermission,
  type Tag,
} from '@aws-sdk/client-ec2';
import { DescribeDBInstancesCommand, RDSClient } from '@aws-sdk/client-rds';
import {
  GetBucketLocationCommand,
  GetBucketTaggingCommand,
  ListBucketsCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import type { TActualResource } from '@stratum/core/drift/model';
import type { EgressPolicy } from '../../lib/egress';
import { checkedNodeAgents } from './checked-agents';

/** The types the live reader reads, in Terraform's names. */
export const AWS_LIVE_TYPES = [
  'aws_instance',
  'aws_ebs_volume',
  'aws_security_group',
  'aws_s3_bucket',
  'aws_db_instance',
] as const;
export type TAwsLiveType = (typeof AWS_LIVE_TYPES)[number];

export interface AwsCredentials {
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  endpoint?: string | null;
}

/** Per-bucket calls (tags, region) stop after this many buckets; the rest are listed bare. */
const MAX_BUCKET_DETAILS = 200;
const MAX_PAGES = 200;
const REQUEST_TIMEOUT_MS = 20_000;

const tagsOf = (tags: readonly Tag[] | undefined): Record<string, string> =>
  Object.fromEntries((tags ?? []).map((t) => [t.Key ?? '', t.Value ?? '']));

/** Every SDK client of one read: its connections go through the egress policy. */
export function awsClients(credentials: AwsCredentials, egress: EgressPolicy) {
  const agents = checkedNodeAgents(egress);
  const config = {
    region: credentials.region,
    credentials: {
      accessKeyId: credentials.accessKeyId,
      secretAccessKey: credentials.secretAccessKey,
      ...(credentials.sessionToken && { sessionToken: credentials.sessionToken }),
    },
    ...(credentials.endpoint && { endpoint: credentials.endpoint }),
    maxAttempts: 2,
    requestHandler: new NodeHttpHandler({
      httpAgent: agents.http,
      httpsAgent: agents.https,
      connectionTimeout: 10_000,
      requestTimeout: REQUEST_TIMEOUT_MS,
    }),
  };
  return {
    ec2: new EC2Client(config),
    rds: new RDSClient(config),
    s3: new S3Client({ ...config, forcePathStyle: Boolean(credentials.endpoint) }),
    destroy() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
type Clients = ReturnType<typeof awsClients>;

/** One cheap call that needs valid credentials: a new connection is checked with it. */
export async function verifyAws(clients: Clients): Promise<void> {
  await clients.ec2.send(new DescribeSecurityGroupsCommand({ MaxResults: 5 }));
}

/**
 * The resources of `types` as the AWS APIs describe them, mapped to the attribute shapes the
 * Terraform AWS provider keeps in state, so detection compares like with like.
 */
export async function readAws(
  clients: Clients,
  types: readonly TAwsLiveType[],
): Promise<TActualResource[]> {
  const out: TActualResource[] = [];
  for (const type of types) out.push(...(await READERS[type](clients)));
  return out;
}

const READERS: Record<TAwsLiveType, (c: Clients) => Promise<TActualResource[]>> = {
  aws_instance: readInstances,
  aws_ebs_volume: readVolumes,
  aws_security_group: readSecurityGroups,
  aws_s3_bucket: readBuckets,
  aws_db_instance: readDbInstances,
};

async function readInstances(c: Clients): Promise<TActualResource[]> {
  const out: TActualResource[] = [];
  let token: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await c.ec2.send(
      new DescribeInstancesCommand({ MaxResults: 1000, NextToken: token }),
    );
    for (const reservation of answer.Reservations ?? []) {
      for (const i of reservation.Instances ?? []) {
        if (!i.InstanceId || i.State?.Name === 'terminated') continue;
        out.push({
          type: 'aws_instance',
          id: i.InstanceId,
          attributes: {
            id: i.InstanceId,
            ami: i.ImageId ?? null,
            instance_type: i.InstanceType ?? null,
            availability_zone: i.Placement?.AvailabilityZone ?? null,
            subnet_id: i.SubnetId ?? null,
            key_name: i.KeyName ?? null,
            private_ip: i.PrivateIpAddress ?? null,
            public_ip: i.PublicIpAddress ?? null,
            vpc_security_group_ids: (i.SecurityGroups ?? []).map((g) => g.GroupId ?? '').sort(),
            ebs_optimized: i.EbsOptimized ?? false,
            monitoring: i.Monitoring?.State === 'enabled' || i.Monitoring?.State === 'pending',
            instance_state: i.State?.Name ?? null,
            iam_instance_profile: i.IamInstanceProfile?.Arn?.split('/').pop() ?? null,
            tags: tagsOf(i.Tags),
          },
        });
      }
    }
    token = answer.NextToken;
    if (!token) break;
  }
  return out;
}

async function readVolumes(c: Clients): Promise<TActualResource[]> {
  const out: TActualResource[] = [];
  let token: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await c.ec2.send(
      new DescribeVolumesCommand({ MaxResults: 500, NextToken: token }),
    );
    for (const v of answer.Volumes ?? []) {
      if (!v.VolumeId) continue;
      out.push({
        type: 'aws_ebs_volume',
        id: v.VolumeId,
        attributes: {
          id: v.VolumeId,
          availability_zone: v.AvailabilityZone ?? null,
          size: v.Size ?? null,
          type: v.VolumeType ?? null,
          iops: v.Iops ?? null,
          throughput: v.Throughput ?? null,
          encrypted: v.Encrypted ?? false,
          kms_key_id: v.KmsKeyId ?? '',
          snapshot_id: v.SnapshotId ?? '',
          multi_attach_enabled: v.MultiAttachEnabled ?? false,
          tags: tagsOf(v.Tags),
        },
      });
    }
    token = answer.NextToken;
    if (!token) break;
  }
  return out;
}

/** One rule per permission, as the provider flattens `ingress` and `egress`. */
function rulesOf(permissions: readonly IpPermission[] | undefined, groupId: string) {
  return (permissions ?? []).map((p) => {
    const groups = (p.UserIdGroupPairs ?? []).map((g) => g.GroupId ?? '');
    const descriptions = [
      ...(p.IpRanges ?? []).map((r) => r.Description),
      ...(p.Ipv6Ranges ?? []).map((r) => r.Description),
      ...(p.UserIdGroupPairs ?? []).map((r) => r.Description),
    ].filter((d): d is string => Boolean(d));
    return {
      from_port: p.FromPort ?? 0,
      to_port: p.ToPort ?? 0,
      protocol: p.IpProtocol ?? '-1',
      cidr_blocks: (p.IpRanges ?? []).map((r) => r.CidrIp ?? '').sort(),
      ipv6_cidr_blocks: (p.Ipv6Ranges ?? []).map((r) => r.CidrIpv6 ?? '').sort(),
      prefix_list_ids: (p.PrefixListIds ?? []).map((r) => r.PrefixListId ?? '').sort(),
      security_groups: groups.filter((g) => g !== groupId).sort(),
      self: groups.includes(groupId),
      description: descriptions[0] ?? '',
    };
  });
}

async function readSecurityGroups(c: Clients): Promise<TActualResource[]> {
  const out: TActualResource[] = [];
  let token: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await c.ec2.send(
      new DescribeSecurityGroupsCommand({ MaxResults: 1000, NextToken: token }),
    );
    for (const g of answer.SecurityGroups ?? []) {
      if (!g.GroupId) continue;
      out.push({
        type: 'aws_security_group',
        id: g.GroupId,
        attributes: {
          id: g.GroupId,
          name: g.GroupName ?? null,
          description: g.Description ?? null,
          vpc_id: g.VpcId ?? null,
          owner_id: g.OwnerId ?? null,
          ingress: rulesOf(g.IpPermissions, g.GroupId),
          egress: rulesOf(g.IpPermissionsEgress, g.GroupId),
          tags: tagsOf(g.Tags),
        },
      });
    }
    token = answer.NextToken;
    if (!token) break;
  }
  return out;
}

const errorName = (error: unknown) => (error as { name?: string }).name ?? '';

async function readBuckets(c: Clients): Promise<TActualResource[]> {
  const out: TActualResource[] = [];
  let token: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await c.s3.send(new ListBucketsCommand({ ContinuationToken: token }));
    for (const b of answer.Buckets ?? []) {
      if (!b.Name) continue;
      const attributes: Record<string, unknown> = { id: b.Name, bucket: b.Name };
      if (out.length < MAX_BUCKET_DETAILS) {
        try {
          const tagging = await c.s3.send(new GetBucketTaggingCommand({ Bucket: b.Name }));
          attributes.tags = tagsOf(tagging.TagSet);
        } catch (error) {
          // A bucket without tags answers NoSuchTagSet.
          if (errorName(error) === 'NoSuchTagSet') attributes.tags = {};
          else if (errorName(error) !== 'AccessDenied') throw error;
        }
        const location = await c.s3
          .send(new GetBucketLocationCommand({ Bucket: b.Name }))
          .catch(() => undefined);
        if (location) attributes.region = location.LocationConstraint || 'us-east-1';
      }
      out.push({ type: 'aws_s3_bucket', id: b.Name, attributes });
    }
    token = answer.ContinuationToken;
    if (!token) break;
  }
  return out;
}

async function readDbInstances(c: Clients): Promise<TActualResource[]> {
  const out: TActualResource[] = [];
  let marker: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await c.rds.send(
      new DescribeDBInstancesCommand({ MaxRecords: 100, Marker: marker }),
    );
    for (const d of answer.DBInstances ?? []) {
      if (!d.DBInstanceIdentifier) continue;
      const id = d.DbiResourceId ?? d.DBInstanceIdentifier;
      out.push({
        type: 'aws_db_instance',
        id,
        attributes: {
          id,
          identifier: d.DBInstanceIdentifier,
          resource_id: d.DbiResourceId ?? null,
          instance_class: d.DBInstanceClass ?? null,
          engine: d.Engine ?? null,
          engine_version: d.EngineVersion ?? null,
          allocated_storage: d.AllocatedStorage ?? null,
          storage_type: d.StorageType ?? null,
          storage_encrypted: d.StorageEncrypted ?? false,
          multi_az: d.MultiAZ ?? false,
          publicly_accessible: d.PubliclyAccessible ?? false,
          db_name: d.DBName ?? null,
          username: d.MasterUsername ?? null,
          port: d.Endpoint?.Port ?? null,
          availability_zone: d.AvailabilityZone ?? null,
          backup_retention_period: d.BackupRetentionPeriod ?? null,
          deletion_protection: d.DeletionProtection ?? false,
          tags: tagsOf(d.TagList),
        },
      });
    }
    marker = answer.Marker;
    if (!marker) break;
  }
  return out;
}
