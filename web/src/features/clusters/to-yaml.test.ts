import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { objectYaml, toYaml } from './to-yaml';
import { DEPLOYMENT, pod, SERVICE } from './test-fixtures';

describe('toYaml', () => {
  it('prints a pod the way kubectl does: block maps, lists at the key, plain scalars', () => {
    const text = toYaml({
      metadata: { name: 'web', labels: { app: 'web' } },
      spec: { containers: [{ name: 'web', ports: [{ containerPort: 80 }] }] },
    });
    expect(text).toBe(
      [
        'metadata:',
        '  name: web',
        '  labels:',
        '    app: web',
        'spec:',
        '  containers:',
        '  - name: web',
        '    ports:',
        '    - containerPort: 80',
        '',
      ].join('\n'),
    );
  });

  it('reads back as the same object, strings that look like other types included', () => {
    const tricky = {
      data: {
        yes: 'yes',
        number: '0123',
        float: '1e3',
        empty: '',
        colon: 'a: b',
        hash: 'x #y',
        lead: '- item',
        script: '#!/bin/sh\necho hi\n',
        noFinal: 'line 1\nline 2',
        indented: '  starts with spaces\nnext',
        quote: 'it\'s "quoted"',
        unicode: 'café ✓',
        control: 'bell\u0007',
      },
      list: [],
      map: {},
      nested: [[1, 2], { a: null, b: true }],
    };
    for (const value of [tricky, pod('web'), DEPLOYMENT, SERVICE]) {
      expect(parse(toYaml(value))).toEqual(value);
    }
    // The machine running the tests may be busy: parsing four objects is no performance claim.
  }, 30_000);

  it('shows an object as kubectl does: type and metadata first, managedFields hidden', () => {
    const text = objectYaml({
      spec: { replicas: 2 },
      metadata: {
        name: 'web',
        managedFields: [{ manager: 'kubectl', operation: 'Apply' }],
        labels: { app: 'web' },
      },
      kind: 'Deployment',
      apiVersion: 'apps/v1',
    });
    expect(text.split('\n').slice(0, 4)).toEqual([
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata:',
      '  name: web',
    ]);
    expect(text).not.toContain('managedFields');
    expect(parse(text)).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', labels: { app: 'web' } },
      spec: { replicas: 2 },
    });
  });
});
