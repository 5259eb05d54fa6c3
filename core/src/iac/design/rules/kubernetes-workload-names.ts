import { K8S_LABEL, K8S_SUBDOMAIN } from '../../catalog/kubernetes-names';
import { str, type TPropertyFinding, type TPropertyRule } from './rule';

/** The properties naming the Kubernetes identity a cluster's workloads use the stores as. */
const NAMES: readonly { key: string; pattern: RegExp; what: string }[] = [
  { key: 'workloadNamespace', pattern: K8S_LABEL, what: 'namespace (a DNS-1123 label)' },
  { key: 'namespace', pattern: K8S_LABEL, what: 'namespace (a DNS-1123 label)' },
  {
    key: 'workloadServiceAccount',
    pattern: K8S_SUBDOMAIN,
    what: 'service account (a DNS-1123 subdomain)',
  },
];

/**
 * The namespace and service account a cluster's workload identity is bound to (EKS Pod Identity,
 * AKS workload identity federation, GKE Workload Identity, OKE workload identity) are written
 * into IAM conditions and federated subjects: a name Kubernetes refuses for a namespace or
 * service account matches no pod, so the workloads get no access, and the EKS API refuses the
 * association outright.
 */
export const kubernetesWorkloadNames: TPropertyRule = {
  id: 'kubernetes-workload-names',
  services: ['aws.eks', 'azure.aks', 'gcp.gke', 'oci.oke'],
  source:
    'Kubernetes, "Object Names and IDs" (DNS-1123 labels for namespaces, subdomains for service accounts)',
  check: (props) =>
    NAMES.flatMap(({ key, pattern, what }): TPropertyFinding[] => {
      if (props[key] === undefined) return [];
      const value = str(props, key);
      return pattern.test(value)
        ? []
        : [
            {
              key,
              message: `${key} “${value}” is not a Kubernetes ${what}: use lower-case letters, digits and '-', starting and ending with a letter or digit`,
            },
          ];
    }),
};
