import type { TStatement } from './ast';
import { Unconvertible, type TExprContext, type TFileSymbols, type TReport } from './context';
import { loopEnv } from './expr-to-arm';
import { loopCount, toJson } from './json-to-arm';
import { decorator, metadataOf } from './decorators';
import { armType } from './symbols';
import { typeJson } from './to-arm-types';

/** Parameters and outputs → ARM, with their decorators as ARM's constraints and metadata. */
export function paramJson(
  s: TStatement & { kind: 'param' },
  symbols: TFileSymbols,
  ctx: TExprContext,
  report: TReport,
): Record<string, unknown> {
  if (symbols.symbolic && s.type) {
    const out = typeJson(s.type, s.decorators, ctx);
    if (s.value) out['defaultValue'] = toJson(s.value, ctx);
    const allowed = decorator(s.decorators, 'allowed');
    if (allowed?.args[0]) out['allowedValues'] = toJson(allowed.args[0], ctx);
    return out;
  }
  const t = armType(s.type, symbols);
  const secure = decorator(s.decorators, 'secure');
  const out: Record<string, unknown> = {
    type: secure ? (t.type === 'object' ? 'secureObject' : 'securestring') : t.type,
  };
  if (s.value) out['defaultValue'] = toJson(s.value, ctx);
  if (t.nullable && !s.value)
    report.warnings.push({
      file: symbols.file,
      line: s.line,
      message: `param ${s.name}: a nullable parameter is required in an ARM template without languageVersion 2.0`,
    });
  if (t.aliased)
    report.warnings.push({
      file: symbols.file,
      line: s.line,
      message: `param ${s.name}: type ${t.aliased} is written as ${t.type}`,
    });
  const allowed = decorator(s.decorators, 'allowed');
  if (allowed?.args[0]) out['allowedValues'] = toJson(allowed.args[0], ctx);
  else if (t.allowed) out['allowedValues'] = t.allowed;
  for (const k of ['minValue', 'maxValue', 'minLength', 'maxLength']) {
    const d = decorator(s.decorators, k);
    if (d?.args[0]) out[k] = toJson(d.args[0], ctx);
  }
  const metadata = metadataOf(s.decorators, ctx);
  if (metadata) out['metadata'] = metadata;
  return out;
}

export function outputJson(
  s: TStatement & { kind: 'output' },
  symbols: TFileSymbols,
  ctx: TExprContext,
): Record<string, unknown> {
  if (s.type.k === 'resource') throw new Unconvertible('a resource-typed output', s);
  let out: Record<string, unknown>;
  if (symbols.symbolic) out = typeJson(s.type, s.decorators, ctx);
  else {
    const t = armType(s.type, symbols);
    const secure = decorator(s.decorators, 'secure');
    out = { type: secure ? (t.type === 'object' ? 'secureObject' : 'securestring') : t.type };
    const metadata = metadataOf(s.decorators, ctx);
    if (metadata) out['metadata'] = metadata;
  }
  if (s.value.k === 'for') {
    const loop = s.value;
    if (loop.body.k === 'if') throw new Unconvertible('a filtered output loop', loop);
    const env = loopEnv(loop, 'copyIndex()', ctx);
    out['copy'] = { count: loopCount(loop.source, ctx), input: toJson(loop.body, { ...ctx, env }) };
  } else out['value'] = toJson(s.value, ctx);
  return out;
}
