import { completeDesign } from '@stratum/core/iac/design/complete';
import { parseDesign, type TDesignIssue } from '@stratum/core/iac/design/parse';
import { validateDesign } from '@stratum/core/iac/design/validate';
import type { TDesign } from '@stratum/core/iac/design/schema-v2';
import { edgeId, type TBoardIssue } from './board-model';

export interface TBoardValidation {
  readonly nodes: ReadonlyMap<string, readonly TBoardIssue[]>;
  readonly edges: ReadonlyMap<string, readonly TBoardIssue[]>;
  /** Issues of the design as a whole (region, environments...). */
  readonly design: readonly TDesignIssue[];
  readonly errorCount: number;
  readonly warningCount: number;
}

const ITEM = /^(groups|components|connections)\[(\d+)\]/;
/** An environment's override of one component: the finding belongs on that component. */
const OVERRIDE = /^environments\[(\d+)\]\.overrides\.([a-z][a-z0-9-]*)/;

/**
 * The engine's validation (after its completion step, as generation does it), mapped onto the
 * board: each issue goes to the node or connection its path names.
 */
export function validateBoard(input: unknown): TBoardValidation {
  const parsed = parseDesign(input);
  const design: TDesign | undefined = parsed.ok ? completeDesign(parsed.design).design : undefined;
  const issues = design ? validateDesign(design) : parsed.ok ? [] : parsed.issues;
  const raw = (input ?? {}) as Partial<TDesign>;
  const onBoard = new Set([...(raw.groups ?? []), ...(raw.components ?? [])].map((n) => n.id));
  const nodes = new Map<string, TBoardIssue[]>();
  const edges = new Map<string, TBoardIssue[]>();
  const rest: TDesignIssue[] = [];
  const push = (map: Map<string, TBoardIssue[]>, id: string, issue: TDesignIssue) => {
    const list = map.get(id) ?? [];
    list.push({ message: issue.message, severity: issue.severity });
    map.set(id, list);
  };
  for (const issue of issues) {
    const m = ITEM.exec(issue.path);
    const source = design ?? raw;
    const index = Number(m?.[2]);
    const node =
      m?.[1] === 'groups'
        ? source.groups?.[index]
        : m?.[1] === 'components'
          ? source.components?.[index]
          : undefined;
    const override = OVERRIDE.exec(issue.path);
    const env = override ? source.environments?.[Number(override[1])] : undefined;
    if (override && env && onBoard.has(override[2]!))
      push(nodes, override[2]!, { ...issue, message: `in ${env.name}: ${issue.message}` });
    else if (node && onBoard.has(node.id)) push(nodes, node.id, issue);
    else if (m?.[1] === 'connections' && source.connections?.[index])
      push(edges, edgeId(source.connections[index]), issue);
    else rest.push(issue);
  }
  return {
    nodes,
    edges,
    design: rest,
    errorCount: issues.filter((i) => i.severity === 'error').length,
    warningCount: issues.filter((i) => i.severity === 'warning').length,
  };
}
