import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small stand-in for the AWS APIs the live reader calls, on loopback: EC2 and RDS (Query
 * protocol: a form-encoded POST answered with XML) and S3 (REST, path-style, XML). It checks
 * that each request is signed with the one access key it knows, answers AuthFailure otherwise,
 * and pages DescribeInstances one reservation at a time so the reader's paging is exercised.
 */
export interface FakeInstance {
  id: string;
  type: string;
  ami: string;
  az: string;
  state?: string;
  groups?: string[];
  tags?: Record<string, string>;
}
export interface FakeVolume {
  id: string;
  size: number;
  type: string;
  az: string;
  encrypted?: boolean;
  tags?: Record<string, string>;
}
export interface FakeSecurityGroup {
  id: string;
  name: string;
  description: string;
  vpcId: string;
  ingress?: { protocol: string; from: number; to: number; cidrs: string[] }[];
  tags?: Record<string, string>;
}
export interface FakeBucket {
  name: string;
  region: string;
  tags?: Record<string, string>;
}
export interface FakeDb {
  identifier: string;
  resourceId: string;
  instanceClass: string;
  engine: string;
  tags?: Record<string, string>;
}
export interface FakeAccount {
  accessKeyId: string;
  instances?: FakeInstance[];
  volumes?: FakeVolume[];
  securityGroups?: FakeSecurityGroup[];
  buckets?: FakeBucket[];
  databases?: FakeDb[];
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const ec2Tags = (tags: Record<string, string> = {}) =>
  `<tagSet>${Object.entries(tags)
    .map(([k, v]) => `<item><key>${esc(k)}</key><value>${esc(v)}</value></item>`)
    .join('')}</tagSet>`;
const EC2_NS = 'http://ec2.amazonaws.com/doc/2016-11-15/';

function ec2Error(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'content-type': 'text/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Response><Errors><Error><Code>${code}</Code><Message>${esc(message)}</Message></Error></Errors><RequestID>fake</RequestID></Response>`,
  );
}

function s3Error(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${esc(message)}</Message><RequestId>fake</RequestId></Error>`,
  );
}

function xml(res: ServerResponse, body: string) {
  res.writeHead(200, { 'content-type': 'text/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
}

function ec2(account: FakeAccount, params: URLSearchParams, res: ServerResponse): boolean {
  const action = params.get('Action');
  if (action === 'DescribeInstances') {
    const all = account.instances ?? [];
    const index = Number(params.get('NextToken') ?? '0');
    const page = all.slice(index, index + 1);
    const next = index + 1 < all.length ? `<nextToken>${index + 1}</nextToken>` : '';
    xml(
      res,
      `<DescribeInstancesResponse xmlns="${EC2_NS}"><requestId>fake</requestId><reservationSet>${page
        .map(
          (i) =>
            `<item><reservationId>r-${i.id}</reservationId><instancesSet><item><instanceId>${i.id}</instanceId><imageId>${i.ami}</imageId><instanceState><code>16</code><name>${i.state ?? 'running'}</name></instanceState><instanceType>${i.type}</instanceType><placement><availabilityZone>${i.az}</availabilityZone></placement><monitoring><state>disabled</state></monitoring><groupSet>${(
              i.groups ?? []
            )
              .map((g) => `<item><groupId>${g}</groupId><groupName>${g}</groupName></item>`)
              .join(
                '',
              )}</groupSet><ebsOptimized>false</ebsOptimized>${ec2Tags(i.tags)}</item></instancesSet></item>`,
        )
        .join('')}</reservationSet>${next}</DescribeInstancesResponse>`,
    );
    return true;
  }
  if (action === 'DescribeVolumes') {
    xml(
      res,
      `<DescribeVolumesResponse xmlns="${EC2_NS}"><requestId>fake</requestId><volumeSet>${(
        account.volumes ?? []
      )
        .map(
          (v) =>
            `<item><volumeId>${v.id}</volumeId><size>${v.size}</size><availabilityZone>${v.az}</availabilityZone><status>in-use</status><volumeType>${v.type}</volumeType><encrypted>${v.encrypted ?? false}</encrypted><multiAttachEnabled>false</multiAttachEnabled>${ec2Tags(v.tags)}</item>`,
        )
        .join('')}</volumeSet></DescribeVolumesResponse>`,
    );
    return true;
  }
  if (action === 'DescribeSecurityGroups') {
    xml(
      res,
      `<DescribeSecurityGroupsResponse xmlns="${EC2_NS}"><requestId>fake</requestId><securityGroupInfo>${(
        account.securityGroups ?? []
      )
        .map(
          (g) =>
            `<item><ownerId>111122223333</ownerId><groupId>${g.id}</groupId><groupName>${esc(g.name)}</groupName><groupDescription>${esc(g.description)}</groupDescription><vpcId>${g.vpcId}</vpcId><ipPermissions>${(
              g.ingress ?? []
            )
              .map(
                (r) =>
                  `<item><ipProtocol>${r.protocol}</ipProtocol><fromPort>${r.from}</fromPort><toPort>${r.to}</toPort><groups/><ipRanges>${r.cidrs
                    .map((c) => `<item><cidrIp>${c}</cidrIp></item>`)
                    .join('')}</ipRanges><ipv6Ranges/><prefixListIds/></item>`,
              )
              .join('')}</ipPermissions><ipPermissionsEgress/>${ec2Tags(g.tags)}</item>`,
        )
        .join('')}</securityGroupInfo></DescribeSecurityGroupsResponse>`,
    );
    return true;
  }
  if (action === 'DescribeDBInstances') {
    xml(
      res,
      `<DescribeDBInstancesResponse xmlns="http://rds.amazonaws.com/doc/2014-10-31/"><DescribeDBInstancesResult><DBInstances>${(
        account.databases ?? []
      )
        .map(
          (d) =>
            `<DBInstance><DBInstanceIdentifier>${d.identifier}</DBInstanceIdentifier><DbiResourceId>${d.resourceId}</DbiResourceId><DBInstanceClass>${d.instanceClass}</DBInstanceClass><Engine>${d.engine}</Engine><MultiAZ>false</MultiAZ><TagList>${Object.entries(
              d.tags ?? {},
            )
              .map(([k, v]) => `<Tag><Key>${esc(k)}</Key><Value>${esc(v)}</Value></Tag>`)
              .join('')}</TagList></DBInstance>`,
        )
        .join(
          '',
        )}</DBInstances></DescribeDBInstancesResult><ResponseMetadata><RequestId>fake</RequestId></ResponseMetadata></DescribeDBInstancesResponse>`,
    );
    return true;
  }
  return false;
}

function s3(account: FakeAccount, url: URL, res: ServerResponse): boolean {
  const buckets = account.buckets ?? [];
  const name = decodeURIComponent(url.pathname.split('/')[1] ?? '');
  if (name === '') {
    xml(
      res,
      `<ListAllMyBucketsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Owner><ID>fake</ID></Owner><Buckets>${buckets
        .map(
          (b) =>
            `<Bucket><Name>${esc(b.name)}</Name><CreationDate>2026-01-01T00:00:00.000Z</CreationDate></Bucket>`,
        )
        .join('')}</Buckets></ListAllMyBucketsResult>`,
    );
    return true;
  }
  const bucket = buckets.find((b) => b.name === name);
  if (!bucket) {
    s3Error(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    return true;
  }
  if (url.searchParams.has('tagging')) {
    if (!bucket.tags || Object.keys(bucket.tags).length === 0) {
      s3Error(res, 404, 'NoSuchTagSet', 'The TagSet does not exist');
      return true;
    }
    xml(
      res,
      `<Tagging xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><TagSet>${Object.entries(
        bucket.tags,
      )
        .map(([k, v]) => `<Tag><Key>${esc(k)}</Key><Value>${esc(v)}</Value></Tag>`)
        .join('')}</TagSet></Tagging>`,
    );
    return true;
  }
  if (url.searchParams.has('location')) {
    const region = bucket.region === 'us-east-1' ? '' : bucket.region;
    xml(
      res,
      `<LocationConstraint xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${region}</LocationConstraint>`,
    );
    return true;
  }
  return false;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

export interface AwsFake {
  url: string;
  /** `Action` or `S3 <path>?<query>` of every request, in order. */
  calls: string[];
  close(): Promise<void>;
}

export async function startAwsFake(account: FakeAccount): Promise<AwsFake> {
  const calls: string[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = await bodyOf(req);
      const auth = String(req.headers.authorization ?? '');
      const isSigned = auth.includes(`Credential=${account.accessKeyId}/`);
      if (req.method === 'POST') {
        const params = new URLSearchParams(body);
        calls.push(params.get('Action') ?? 'unknown');
        if (!isSigned) {
          ec2Error(
            res,
            401,
            'AuthFailure',
            'AWS was not able to validate the provided access credentials',
          );
          return;
        }
        if (!ec2(account, params, res))
          ec2Error(res, 400, 'InvalidAction', `Unknown ${params.get('Action')}`);
        return;
      }
      calls.push(`S3 ${url.pathname}${url.search}`);
      if (!isSigned) {
        s3Error(
          res,
          403,
          'InvalidAccessKeyId',
          'The AWS Access Key Id you provided does not exist in our records.',
        );
        return;
      }
      if (!s3(account, url, res))
        s3Error(res, 400, 'NotImplemented', `${req.method} ${url.pathname}${url.search}`);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
