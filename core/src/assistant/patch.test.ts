import { describe, expect, it } from 'vitest';
import { filesOfAnswer, errorResult } from './answer-files';
import { applyDesignPatch, describePatch, type TDesignPatch } from './patch';
import { patchTool } from './prompts';
import { checkDesignPatch, emptyDesign } from './validate-patch';

const queue = { op: 'add_component', id: 'jobs', service: 'aws.sqs', name: 'jobs' } as const;

describe('design patches', () => {
  it('adds, updates, connects and removes, and removing a component drops its connections', () => {
    const patch: TDesignPatch = {
      summary: '',
      operations: [
        queue,
        { op: 'add_component', id: 'alerts', service: 'aws.sns', name: 'alerts' },
        { op: 'add_connection', connection: { from: 'alerts', to: 'jobs', type: 'data' } },
        { op: 'update_component', id: 'jobs', properties: { fifo: true } },
      ],
    };
    const applied = applyDesignPatch(emptyDesign(), patch);
    expect(applied.ok).toBe(true);
    if (!applied.ok) return;
    expect(applied.value.components.map((c) => c.id)).toEqual(['jobs', 'alerts']);
    expect(applied.value.components[0]?.properties).toEqual({ fifo: true });
    const removed = applyDesignPatch(applied.value, {
      summary: '',
      operations: [{ op: 'remove_component', id: 'alerts' }],
    });
    expect(removed.ok && removed.value.connections).toEqual([]);
  });

  it('is taken whole or not at all: a missing id fails with the change it was in', () => {
    const result = applyDesignPatch(emptyDesign(), {
      summary: '',
      operations: [queue, { op: 'remove_component', id: 'nope' }],
    });
    expect(result).toEqual({
      ok: false,
      message: 'change 2 (remove_component): no component with id "nope"',
    });
  });

  it('offers a patch only when the patched design validates', () => {
    const good = checkDesignPatch(emptyDesign(), { summary: 'a queue', operations: [queue] });
    expect(good.ok && good.changes).toEqual(['Add SQS queue "jobs" (jobs)']);
    const unknown = checkDesignPatch(emptyDesign(), {
      operations: [{ ...queue, service: 'aws.teleporter' }],
    });
    expect(unknown.ok).toBe(false);
    const badId = checkDesignPatch(emptyDesign(), { operations: [{ ...queue, id: 'Jobs!' }] });
    expect(badId.ok).toBe(false);
    expect(checkDesignPatch(emptyDesign(), { operations: 'drop everything' }).ok).toBe(false);
  });

  it('describes each change in words', () => {
    expect(
      describePatch({
        summary: '',
        operations: [
          { op: 'update_component', id: 'db', properties: { size: 'large', old: null } },
          { op: 'remove_connection', from: 'web', to: 'db' },
        ],
      }),
    ).toEqual(['Update db — size = "large", old = (removed)', 'Disconnect web → db']);
  });

  it('gives the model a JSON schema for its tool', () => {
    const tool = patchTool();
    expect(tool.function.name).toBe('propose_design_patch');
    expect(JSON.stringify(tool.function.parameters)).toContain('add_component');
  });
});

describe('answer files', () => {
  it('reads the JSON form, fenced files, or keeps the text as ANSWER.md', () => {
    expect(filesOfAnswer('{"files":[{"path":"main.tf","content":"x"}]}')).toEqual([
      { path: 'main.tf', content: 'x' },
    ]);
    expect(filesOfAnswer('Here:\n```hcl main.tf\nresource "a" "b" {}\n```')).toEqual([
      { path: 'main.tf', content: 'resource "a" "b" {}\n' },
    ]);
    expect(filesOfAnswer('no files')).toEqual([{ path: 'ANSWER.md', content: 'no files' }]);
    // A path that climbs out of the result is not a file of it.
    expect(filesOfAnswer('{"files":[{"path":"../etc/passwd","content":"x"}]}')[0]?.path).toBe(
      'ANSWER.md',
    );
  });

  it('puts a failure in ERROR.md with its code', () => {
    const result = errorResult('llm/not_configured', 'No model.');
    expect(result.files).toHaveLength(1);
    expect(result.files[0]?.path).toBe('ERROR.md');
    expect(result.files[0]?.content).toContain('llm/not_configured');
  });
});
