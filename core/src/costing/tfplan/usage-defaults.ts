/**
 * The usage a plan does not say, assumed until the user says otherwise (Infracost's usage file).
 * Every line priced from one of these is marked `usageBased`, and the answer's `assumptions`
 * list each number with its default so the page can show and edit it (`usage[address][key]`).
 * The defaults describe a small production workload; they are a starting point, not a forecast.
 */
export const USAGE = {
  /** GB kept in a bucket or storage account. */
  objectStorageGb: 100,
  /** Write requests (S3 PUT/COPY/POST/LIST; Azure write operations) a month. */
  objectWrites: 100_000,
  /** Function invocations a month. */
  functionRequests: 1_000_000,
  /** Average function duration, ms. */
  functionDurationMs: 100,
  /** Queue requests (SQS) or operations (Service Bus) a month. */
  queueRequests: 1_000_000,
  /** GB a NAT gateway processes a month. */
  natDataGb: 100,
  /** GB a load balancer (Azure, GCP) processes a month. */
  lbDataGb: 100,
  /** Average load-balancer capacity units (AWS LCU / NLCU). */
  lcu: 1,
  /** Key API requests or operations a month. */
  kmsRequests: 10_000,
  /** GB published to a Pub/Sub topic or delivered to a subscription a month. */
  pubsubGb: 10,
  /** Root / OS disk size when the image decides it and the plan cannot know it, GB. */
  rootVolumeGb: 8,
  /** Azure marketplace images' OS disk, GB (the common Linux image size). */
  azureOsDiskGb: 30,
  /** GCP boot disk when the image decides it, GB (the public images' size). */
  gcpBootDiskGb: 10,
} as const;
