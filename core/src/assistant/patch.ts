import { z } from 'zod';
import { findService } from '../iac/catalog/registry';
import { CONNECTION_TYPES, ZConnection, ZPropertyValue } from '../iac/design/schema-v2';

/**
 * A change the assistant proposes to a design: what the model sends as the arguments of its
 * `propose_design_patch` tool. The server applies it to a copy and validates the result before
 * offering it; the browser applies it to the board only when the user says so.
 */
const ZId = z.string().min(1).max(48);
const ZProps = z.record(z.string(), ZPropertyValue);

export const ZPatchOperation = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('add_component'),
    id: ZId,
    service: z.string().min(1).max(100),
    name: z.string().min(1).max(40),
    group: ZId.optional(),
    properties: ZProps.optional(),
  }),
  z.object({
    op: z.literal('update_component'),
    id: ZId,
    name: z.string().min(1).max(40).optional(),
    group: ZId.optional(),
    /** Merged over the component's properties; a null value removes the property. */
    properties: z.record(z.string(), ZPropertyValue.nullable()).optional(),
  }),
  z.object({ op: z.literal('remove_component'), id: ZId }),
  z.object({ op: z.literal('add_connection'), connection: ZConnection }),
  z.object({
    op: z.literal('remove_connection'),
    from: ZId,
    to: ZId,
    type: z.enum(CONNECTION_TYPES).optional(),
  }),
]);
export type TPatchOperation = z.infer<typeof ZPatchOperation>;

export const ZDesignPatch = z.object({
  /** One sentence: what the change does and why. */
  summary: z.string().max(1000).default(''),
  operations: z.array(ZPatchOperation).min(1).max(100),
});
export type TDesignPatch = z.infer<typeof ZDesignPatch>;

/** The parts of a design (or the planner's board) a patch touches. */
export interface TPatchable {
  components: TComponentLike[];
  connections: z.infer<typeof ZConnection>[];
}
interface TComponentLike {
  id: string;
  service: string;
  name: string;
  group?: string;
  properties: Record<string, z.infer<typeof ZPropertyValue>>;
}

export type TPatchResult<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * Applies the operations in order to a copy. Fails on the first operation that names something
 * missing or adds an id that exists: a patch is taken whole or not at all. Removing a component
 * removes its connections too.
 */
export function applyDesignPatch<T extends TPatchable>(
  target: T,
  patch: TDesignPatch,
): TPatchResult<T> {
  let components = target.components.map((c) => ({ ...c, properties: { ...c.properties } }));
  let connections = [...target.connections];
  for (const [index, op] of patch.operations.entries()) {
    const fail = (message: string): TPatchResult<T> => ({
      ok: false,
      message: `change ${index + 1} (${op.op}): ${message}`,
    });
    const find = (id: string) => components.find((c) => c.id === id);
    switch (op.op) {
      case 'add_component': {
        if (find(op.id)) return fail(`a component with id "${op.id}" already exists`);
        components.push({
          id: op.id,
          service: op.service,
          name: op.name,
          ...(op.group !== undefined && { group: op.group }),
          properties: { ...op.properties },
        });
        break;
      }
      case 'update_component': {
        const found = find(op.id);
        if (!found) return fail(`no component with id "${op.id}"`);
        if (op.name !== undefined) found.name = op.name;
        if (op.group !== undefined) found.group = op.group;
        for (const [key, value] of Object.entries(op.properties ?? {})) {
          if (value === null) delete found.properties[key];
          else found.properties[key] = value;
        }
        break;
      }
      case 'remove_component': {
        if (!find(op.id)) return fail(`no component with id "${op.id}"`);
        components = components.filter((c) => c.id !== op.id);
        connections = connections.filter((c) => c.from !== op.id && c.to !== op.id);
        break;
      }
      case 'add_connection': {
        const { from, to, type } = op.connection;
        const exists = connections.some((c) => c.from === from && c.to === to && c.type === type);
        if (exists) return fail(`${from} → ${to} (${type}) already exists`);
        connections.push(op.connection);
        break;
      }
      case 'remove_connection': {
        const matches = (c: { from: string; to: string; type: string }) =>
          c.from === op.from && c.to === op.to && (op.type === undefined || c.type === op.type);
        if (!connections.some(matches)) return fail(`no connection ${op.from} → ${op.to}`);
        connections = connections.filter((c) => !matches(c));
        break;
      }
    }
  }
  return { ok: true, value: { ...target, components, connections } };
}

/** One line per operation, as the chat panel lists them (services by their catalog names). */
export function describePatch(patch: TDesignPatch): string[] {
  return patch.operations.map((op) => {
    switch (op.op) {
      case 'add_component':
        return `Add ${findService(op.service)?.name ?? op.service} "${op.name}" (${op.id})${op.group ? ` in ${op.group}` : ''}${propsText(op.properties)}`;
      case 'update_component':
        return `Update ${op.id}${op.name ? `: name "${op.name}"` : ''}${op.group ? `, group ${op.group}` : ''}${propsText(op.properties)}`;
      case 'remove_component':
        return `Remove ${op.id} and its connections`;
      case 'add_connection':
        return `Connect ${op.connection.from} → ${op.connection.to} (${op.connection.type}${op.connection.port ? `, port ${op.connection.port}` : ''})`;
      case 'remove_connection':
        return `Disconnect ${op.from} → ${op.to}${op.type ? ` (${op.type})` : ''}`;
    }
  });
}

function propsText(props: Record<string, unknown> | undefined): string {
  const entries = Object.entries(props ?? {});
  if (entries.length === 0) return '';
  return ` — ${entries.map(([k, v]) => `${k} = ${v === null ? '(removed)' : JSON.stringify(v)}`).join(', ')}`;
}
