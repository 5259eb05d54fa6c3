/**
 * The §8 texts of the cluster adapter that the page itself says. The server's errors already
 * carry their §8 text ('List failed (403): …'); these are the ones with no server call behind.
 */
export const K8S_TEXT = {
  noActiveCluster: 'No active cluster',
  applyFailed: (status: number) => `Apply failed (${status})`,
  uploadFailed: (status: number) => `Upload failed (${status})`,
} as const;
