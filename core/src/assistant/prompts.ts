import { z } from 'zod';
import type { TEstimate } from '../costing/model';
import { servicesOf } from '../iac/catalog/registry';
import type { TDesign } from '../iac/design/schema-v2';
import { ZDesignPatch } from './patch';

export const PATCH_TOOL_NAME = 'propose_design_patch';

/** The one tool the chat model may call, in the OpenAI `tools` form. */
export function patchTool() {
  return {
    type: 'function' as const,
    function: {
      name: PATCH_TOOL_NAME,
      description:
        "Propose a change to the design on the user's board. The user previews it and applies or rejects it; it is never applied without them. Use ids that exist for updates, removals and connections; new ids are lowercase letters, digits and hyphens.",
      parameters: z.toJSONSchema(ZDesignPatch, { io: 'input' }) as Record<string, unknown>,
    },
  };
}

/** The services the model may add: id, name and property keys, one line each. */
function catalogLines(provider: TDesign['provider']): string {
  return servicesOf(provider)
    .map((s) => `- ${s.id} (${s.name}; ${s.kind}): ${s.properties.map((p) => p.key).join(', ')}`)
    .join('\n');
}

/** Stratum's own list-price estimate of the design, so cost answers quote it, not guesses. */
function costLines(estimate: TEstimate | undefined): string[] {
  if (!estimate) return ['No cost estimate is available: say so if asked about costs.'];
  const usd = (n: number) => `$${n.toFixed(2)}`;
  return [
    `Stratum's monthly list-price estimate (${estimate.cloud} ${estimate.region}, price book ${estimate.book.version}): ${usd(estimate.monthlyTotal)} USD. Quote these figures; do not invent others.`,
    ...estimate.lines
      .slice(0, 60)
      .map(
        (l) =>
          `- ${l.componentId ?? l.address ?? l.service}: ${l.label} ${usd(l.monthly)}${l.usageBased ? ' (from a usage assumption)' : ''}`,
      ),
    ...estimate.unpriced
      .slice(0, 20)
      .map((u) => `- not priced: ${u.componentId ?? u.service}: ${u.reason}`),
  ];
}

/** The chat's system message: what Stratum is, the rules, and the user's design as JSON. */
export function chatSystemPrompt(
  design: TDesign,
  source: 'project' | 'board' | 'none',
  estimate?: TEstimate,
  code?: readonly string[],
): string {
  const context =
    source === 'none'
      ? 'The user has no design open; the design below is empty.'
      : `The user's current design (${source === 'project' ? 'their saved project' : 'the board in their browser'}):`;
  return [
    'You are the assistant inside Stratum, a tool that designs cloud architectures on a board and generates Terraform, Bicep and ARM from them with a deterministic engine.',
    'Explain designs, generated code and costs plainly. When the user asks for a change to the design, call the propose_design_patch tool with the smallest patch that does it, and say in one or two sentences what it changes. Do not claim a change was applied: the user decides.',
    'If you do not know something, say so. Never invent prices, resource types or services.',
    context,
    '```json',
    JSON.stringify(
      {
        provider: design.provider,
        region: design.region,
        groups: design.groups,
        components: design.components,
        connections: design.connections,
      },
      null,
      1,
    ),
    '```',
    ...costLines(estimate),
    ...(code ?? []),
    `Services of ${design.provider} you may use (id, name, kind: property keys):`,
    catalogLines(design.provider),
    'Groups are networks and subnets; a component\'s "group" is the id of the subnet it sits in. Connections: placement, data (reads/writes) or traffic (network flow).',
  ].join('\n');
}

/** POST /api/llm/generate: free-form files. */
export const GENERATE_FILES_PROMPT =
  'You generate infrastructure-as-code files. Answer only with a JSON object {"files":[{"path":"…","content":"…"}]} holding every file, with relative paths. No prose outside it.';

/** POST /api/llm/generate with task "design": a Stratum design document. */
export function generateDesignPrompt(provider: TDesign['provider']): string {
  return [
    'You turn a description of a cloud architecture into a Stratum design document (JSON).',
    'Answer only with the JSON object, no prose. Its shape:',
    '{"v":2,"name":"kebab-name","provider":"' +
      provider +
      '","region":"<region>","groups":[{"id":"net","service":"<network service>","name":"net","properties":{}},{"id":"subnet-a","service":"<subnet service>","name":"subnet-a","parent":"net","properties":{}}],"components":[{"id":"web","service":"<service id>","name":"web","group":"subnet-a","properties":{}}],"connections":[{"from":"web","to":"db","type":"data"}]}',
    'ids and names: lowercase letters, digits and hyphens. Only these services exist:',
    catalogLines(provider),
  ].join('\n');
}
