export type { TBuildGraph, TInventoryInstance, TParsedSource, TParseSourceResult } from './model';
export { parseSource } from './parse';
export { buildGraph, dependencyWarnings, parseTarget } from './graph';
export {
  blastRadius,
  downstream,
  graphQueries,
  moduleGroups,
  NO_CLOUD,
  reduceTransitiveEdges,
  rollupGraph,
  ROOT_MODULE,
  upstream,
  type TGraphQueries,
  type TModuleGroup,
  type TRollup,
  type TRollupKey,
} from './graph-queries';
export { deepEqual, diffVersions } from './diff-versions';
export { assetInstances, assetRowOf, assetRows, maskSensitive, type TAssetRow } from './assets';
export { armParentId, armTypeOf } from './arm';
export { readCsv } from './csv';
export { parseTags } from './parse-csv';
