/**
 * Issue 14 §1–3, pure logic: `parseSource(kind, text)` reads a state, plan, what-if, driftctl
 * report or CSV into instances with counts and warnings; `buildGraph` makes the CMDB graph
 * (dependencies, configuration references, external targets); the graph queries answer blast
 * radius, upstream/downstream, rollups and module groups; `diffVersions` compares two imports;
 * `assetRows` / `maskSensitive` shape what the inventory shows.
 */
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
export { whatIfChanges } from './parse-whatif';
export { readCsv } from './csv';
export { parseTags } from './parse-csv';
