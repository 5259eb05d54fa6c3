import { GB_PER_OCPU } from './oci-flex-shapes';
import { num, type TPropertyRule } from './rule';

/**
 * OpenSearch data nodes run on flexible shapes (data_node_host_type FLEX): memory is 1 to 64 GB
 * per OCPU ("Compute Shapes", Flexible Shapes), and a data node has at least 20 GB ("Search with
 * OpenSearch" › Concepts, data nodes).
 */
export const ociOpenSearchNodes: TPropertyRule = {
  id: 'oci-opensearch-nodes',
  services: ['oci.opensearch'],
  source:
    'Oracle Cloud Infrastructure documentation, "Search with OpenSearch" concepts (data node minimum memory) and "Compute Shapes" — Flexible Shapes (memory per OCPU)',
  check: (props) => {
    const ocpus = num(props, 'dataOcpus');
    const memory = num(props, 'dataMemoryGb');
    const low = Math.max(20, ocpus * GB_PER_OCPU.min);
    const high = ocpus * GB_PER_OCPU.max;
    if (memory >= low && memory <= high) return [];
    return [
      {
        key: 'dataMemoryGb',
        message: `dataMemoryGb ${memory} is outside what a data node with ${ocpus} OCPU${ocpus === 1 ? '' : 's'} takes (${low}–${high} GB: at least 20 GB, 1–64 GB per OCPU): set dataMemoryGb between ${low} and ${high}`,
      },
    ];
  },
};
