import { findService } from '../iac/catalog/registry';
import { KIND_NOUNS } from '../iac/design/nouns';
import type { TDesignIssue } from '../iac/design/parse';
import type { TDesign } from '../iac/design/schema-v2';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** How a person knows a node: its kind and the name they gave it ('Load balancer “web”'). */
function nodeLabel(node: { service: string; name: string }): { noun: string; label: string } {
  const service = findService(node.service);
  const noun = service ? KIND_NOUNS[service.kind] : 'component';
  return { noun, label: `${capitalised(noun)} “${node.name}”` };
}

/** What to change, for the placement and wiring rules whose text alone does not say it. */
const HINTS: readonly (readonly [RegExp, string])[] = [
  [/must be placed in a (public )?(subnet|network)$/, 'drag it into one on the architecture board'],
  [/can only be placed in a subnet or network$/, 'drag it into a subnet on the board'],
  [/is not placed in a network$/, 'drag it out of the network on the board'],
  [/has no targets$/, 'add a traffic connection from it to what it serves'],
  [/has no origin$/, 'add a traffic or data connection from it to its origin'],
];

function withHint(message: string): string {
  const hint = HINTS.find(([rule]) => rule.test(message));
  return hint ? `${message}: ${hint[1]}` : message;
}

/** The text a person reads: the component, group, connection or environment by name. */
function describe(design: TDesign, issue: TDesignIssue): string {
  const match = /^(groups|components|connections|environments)\[(\d+)\]/.exec(issue.path);
  if (!match) return withHint(issue.message);
  const index = Number(match[2]);
  if (match[1] === 'connections') {
    const c = design.connections[index];
    if (!c) return issue.message;
    const end = (id: string) =>
      [...design.groups, ...design.components].find((n) => n.id === id)?.name ?? id;
    return `Connection “${end(c.from)}” → “${end(c.to)}”: ${issue.message}`;
  }
  if (match[1] === 'environments') {
    const env = design.environments[index];
    if (!env) return issue.message;
    // An override of one component: name it too ('Environment “prod”, scale set “web”: …').
    const id = /^environments\[\d+\]\.overrides\.([a-z][a-z0-9-]*)/.exec(issue.path)?.[1];
    const node = [...design.groups, ...design.components].find((n) => n.id === id);
    const about = node ? `, ${nodeLabel(node).noun} “${node.name}”` : '';
    return `Environment “${env.name}”${about}: ${issue.message}`;
  }
  const node = (match[1] === 'groups' ? design.groups : design.components)[index];
  if (!node) return issue.message;
  const { noun, label } = nodeLabel(node);
  const message = withHint(issue.message);
  // Rule messages that already name the node with its service ('“api” (ECS on Fargate) …') or
  // its kind ('queue “jobs” lists …').
  if (message.includes(`“${node.name}” (`)) return capitalised(message);
  if (message.toLowerCase().startsWith(`${noun.toLowerCase()} “${node.name.toLowerCase()}”`))
    return capitalised(message);
  return message.toLowerCase().startsWith(`${noun.toLowerCase()} `)
    ? `${label}${message.slice(noun.length)}`
    : `${label}: ${message}`;
}

/** Where a design path lives in the planner state (machine data: what the UI focuses). */
function statePath(path: string): string {
  if (path === '') return 'architectureConfig';
  const [head = ''] = path.split(/[.[]/, 1);
  if (head === 'provider') return 'selectedProvider';
  if (head === 'naming') return `namingConvention${path.slice(head.length)}`;
  if (head === 'layout') return `fileStructureConfig${path.slice(head.length)}`;
  return `architectureConfig.${path}`;
}

/**
 * The engine's issues about a planner's design, as a person reads them: each names the node by
 * its kind and name and says what to change; `path` points into the planner state.
 */
export function explainIssues(
  design: TDesign,
  issues: readonly TDesignIssue[],
): readonly TDesignIssue[] {
  return issues.map((issue) => ({
    ...issue,
    path: statePath(issue.path),
    message: describe(design, issue),
  }));
}
