import { lineAt, parseJsonWithLines, pointer } from '../arm/json-lines';
import { ConvertError } from '../types';
import type { THclAttribute, THclBlock, THclBody, THclExpr, THclFile } from './ast';
import { parseHclExpression, parseHclTemplate } from './parser';
import { HclSyntaxError } from './token-stream';

/**
 * HCL's JSON syntax (hashicorp/hcl `json/spec.md`) read into the native syntax tree. JSON alone
 * does not say whether `"ingress": [{…}]` is an attribute or two blocks: like HCL, the reader
 * is given the schema of each body, which says so (and how many labels a block type nests).
 */
export interface TJsonBlockSchema {
  readonly labels: number;
  /** The schema of a block's body, once its labels are known (a resource's, by its type). */
  body(labels: readonly string[]): TJsonBodySchema;
}

export interface TJsonBodySchema {
  /** The block type a property is, or undefined for an attribute. */
  block(name: string, value: unknown): TJsonBlockSchema | undefined;
  /** Attributes whose strings are bare expressions, not templates (`depends_on`, `type`). */
  readonly expressions?: ReadonlySet<string>;
  /** Strings are literal values, never templates (`.tfvars.json`). */
  readonly literal?: boolean;
}

/** A body where every property is an attribute. */
export const ATTRIBUTES_ONLY: TJsonBodySchema = { block: () => undefined };

type TMode = 'template' | 'expression' | 'literal';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

class JsonReader {
  constructor(
    private readonly file: string,
    private readonly lines: ReadonlyMap<string, number>,
  ) {}

  private line(ptr: string): number {
    return lineAt(this.lines, ptr);
  }

  private fail(message: string, ptr: string): never {
    const line = this.line(ptr);
    throw new ConvertError(`${this.file}:${line}: ${message}`, this.file, line);
  }

  /** The last line of a value: where its deepest, last member starts. */
  private lastLine(value: unknown, ptr: string): number {
    let last = this.line(ptr);
    if (Array.isArray(value))
      value.forEach((v, i) => (last = Math.max(last, this.lastLine(v, pointer(ptr, i)))));
    else if (isObject(value))
      for (const [k, v] of Object.entries(value))
        last = Math.max(last, this.lastLine(v, pointer(ptr, k)));
    return last;
  }

  body(value: unknown, ptr: string, schema: TJsonBodySchema): THclBody {
    if (!isObject(value)) this.fail('a block body must be a JSON object', ptr);
    const attributes: THclAttribute[] = [];
    const blocks: THclBlock[] = [];
    for (const [name, v] of Object.entries(value)) {
      if (name === '//') continue; // a comment (json/spec.md)
      const at = pointer(ptr, name);
      const block = schema.block(name, v);
      if (block) {
        this.blocks(name, block, v, at, [], blocks);
        continue;
      }
      const mode: TMode = schema.literal
        ? 'literal'
        : schema.expressions?.has(name)
          ? 'expression'
          : 'template';
      const expr = this.expression(v, at, mode);
      attributes.push({ name, expr, line: this.line(at), text: `${name} = ${JSON.stringify(v)}` });
    }
    return { attributes, blocks };
  }

  /** Label levels: an object per label, then the body; an array repeats the level it is at. */
  private blocks(
    type: string,
    schema: TJsonBlockSchema,
    value: unknown,
    ptr: string,
    labels: readonly string[],
    into: THclBlock[],
  ): void {
    if (Array.isArray(value)) {
      value.forEach((v, i) => this.blocks(type, schema, v, pointer(ptr, i), labels, into));
      return;
    }
    if (labels.length < schema.labels) {
      if (!isObject(value)) this.fail(`the labels of a ${type} block are JSON object keys`, ptr);
      for (const [label, v] of Object.entries(value)) {
        if (label === '//') continue;
        this.blocks(type, schema, v, pointer(ptr, label), [...labels, label], into);
      }
      return;
    }
    const body = this.body(value, ptr, schema.body(labels));
    let wrapped: unknown = value;
    for (const label of [...labels].reverse()) wrapped = { [label]: wrapped };
    into.push({
      type,
      labels,
      body,
      line: this.line(ptr),
      endLine: this.lastLine(value, ptr),
      text: JSON.stringify({ [type]: wrapped }, null, 2),
    });
  }

  expression(value: unknown, ptr: string, mode: TMode): THclExpr {
    const line = this.line(ptr);
    if (typeof value === 'string') return this.string(value, line, mode);
    if (Array.isArray(value))
      return {
        k: 'tuple',
        items: value.map((v, i) => this.expression(v, pointer(ptr, i), mode)),
        line,
      };
    if (isObject(value))
      return {
        k: 'object',
        items: Object.entries(value).map(([key, v]) => {
          const at = pointer(ptr, key);
          // Property names are templates too (`"${var.prefix}-name": …`).
          const k: THclExpr =
            mode === 'template' && key.includes('${')
              ? this.string(key, this.line(at), 'template')
              : { k: 'literal', value: key, line: this.line(at) };
          return { key: k, value: this.expression(v, at, mode) };
        }),
        line,
      };
    return { k: 'literal', value: value as number | boolean | null, line };
  }

  private string(text: string, line: number, mode: TMode): THclExpr {
    if (mode === 'literal') return { k: 'template', parts: text === '' ? [] : [text], line };
    try {
      if (mode === 'expression') return parseHclExpression(text, line);
      const t = parseHclTemplate(text, line);
      // A template that is one interpolation yields its value itself, not a string of it.
      const [only] = t.k === 'template' ? t.parts : [];
      if (
        t.k === 'template' &&
        t.parts.length === 1 &&
        typeof only === 'object' &&
        only.k === 'interp'
      )
        return only.expr;
      return t;
    } catch (e) {
      if (e instanceof HclSyntaxError)
        throw new ConvertError(`${this.file}:${e.line}: ${e.message}`, this.file, e.line);
      throw e;
    }
  }
}

/** Parses a file of HCL's JSON syntax with the schema of its root body. */
export function parseHclJson(path: string, text: string, schema: TJsonBodySchema): THclFile {
  const { value, lines } = parseJsonWithLines(text, path);
  return { path, body: new JsonReader(path, lines).body(value, '', schema) };
}
