import type { pasteKubeconfig } from '@stratum/core/contract/k8s/clusters';
import type { applyManifests } from '@stratum/core/contract/k8s/resources';
import type { ResponseOf } from '../../lib/api-client';

/** What a pasted kubeconfig gave: the clusters stored and the server's warnings. */
export type TPasteAnswer = ResponseOf<typeof pasteKubeconfig>;

/** What an apply (or its dry run) did to each object. */
export type TApplyAnswer = ResponseOf<typeof applyManifests>['data'];
