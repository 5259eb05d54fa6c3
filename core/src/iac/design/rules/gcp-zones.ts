/**
 * Zone letters of each region the GCP catalog offers, from Google Cloud's Compute Engine
 * documentation, "Regions and zones" (cloud.google.com/compute/docs/regions-zones), as listed
 * in 2025. Not every region has an `a` zone: europe-west1 and us-east1 start at `b`.
 */
export const GCP_ZONES: Readonly<Record<string, readonly string[]>> = {
  'us-central1': ['a', 'b', 'c', 'f'],
  'us-east1': ['b', 'c', 'd'],
  'us-east4': ['a', 'b', 'c'],
  'us-west1': ['a', 'b', 'c'],
  'us-west2': ['a', 'b', 'c'],
  'northamerica-northeast1': ['a', 'b', 'c'],
  'southamerica-east1': ['a', 'b', 'c'],
  'europe-west1': ['b', 'c', 'd'],
  'europe-west2': ['a', 'b', 'c'],
  'europe-west3': ['a', 'b', 'c'],
  'europe-west4': ['a', 'b', 'c'],
  'europe-west9': ['a', 'b', 'c'],
  'europe-north1': ['a', 'b', 'c'],
  'asia-south1': ['a', 'b', 'c'],
  'asia-northeast1': ['a', 'b', 'c'],
  'asia-northeast3': ['a', 'b', 'c'],
  'asia-southeast1': ['a', 'b', 'c'],
  'australia-southeast1': ['a', 'b', 'c'],
};
