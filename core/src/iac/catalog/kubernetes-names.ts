/**
 * Kubernetes object names ("Object Names and IDs"): a namespace is a DNS-1123 label (lower-case
 * letters, digits and '-', 63 at most), a service account a DNS-1123 subdomain (such labels
 * joined by '.', 253 at most).
 */
export const K8S_LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;
export const K8S_SUBDOMAIN =
  /^(?=.{1,253}$)[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** A Kubernetes object name (DNS-1123 label) from a component id. */
export const k8sObjectName = (id: string): string => id.toLowerCase().replace(/[^a-z0-9-]+/g, '-');
