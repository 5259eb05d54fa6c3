import { str, type TPropertyRule } from './rule';

/** VM sizes below the 2 vCPU / 4 GB a system node pool needs (B1s: 1 vCPU 1 GB, B1ms: 1 vCPU 2 GB). */
const TOO_SMALL = ['Standard_B1s', 'Standard_B1ms'];

export const aksNodeSize: TPropertyRule = {
  id: 'aks-node-size',
  services: ['azure.aks'],
  source:
    'Microsoft Learn, "Manage system node pools in AKS" (system node pools need at least 2 vCPUs and 4 GB of memory)',
  check: (props) =>
    TOO_SMALL.includes(str(props, 'nodeSize'))
      ? [
          {
            key: 'nodeSize',
            message: `nodeSize ${str(props, 'nodeSize')} is smaller than the 2 vCPUs and 4 GB an AKS system node pool needs: choose Standard_B2s or larger`,
          },
        ]
      : [],
};
