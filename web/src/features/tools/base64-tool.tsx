import type { TBase64Alphabet } from '@stratum/core/tools/base64/base64';
import * as Tabs from '@radix-ui/react-tabs';
import { useMemo, useState } from 'react';
import { Checkbox } from './checkbox';
import { SegmentedControl } from './segmented-control';
import { FileDecodePanel } from './base64-file-decode-panel';
import { FileEncodePanel } from './base64-file-encode-panel';
import { TextPanel } from './base64-text-panel';

const ALPHABETS = [
  { value: 'standard', label: 'Standard (+ /)' },
  { value: 'url', label: 'URL-safe (- _)' },
] as const;

const TAB =
  '-mb-px inline-flex items-center border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:text-slate-900 focus-visible:-outline-offset-2 data-[state=active]:border-brand-600 data-[state=active]:text-brand-800';

export function Base64Tool() {
  const [alphabet, setAlphabet] = useState<TBase64Alphabet>('standard');
  const [hasPadding, setHasPadding] = useState(true);
  const options = useMemo(() => ({ alphabet, hasPadding }), [alphabet, hasPadding]);

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-xs">
        <SegmentedControl
          legend="Alphabet"
          options={ALPHABETS}
          value={alphabet}
          onChange={setAlphabet}
        />
        <Checkbox label="Padding (=)" checked={hasPadding} onChange={setHasPadding} />
      </div>
      <Tabs.Root defaultValue="text">
        <Tabs.List aria-label="What to convert" className="flex gap-1 border-b border-slate-200">
          <Tabs.Trigger value="text" className={TAB}>
            Text
          </Tabs.Trigger>
          <Tabs.Trigger value="file" className={TAB}>
            Files
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="text" className="pt-5 focus-visible:outline-none">
          <TextPanel options={options} />
        </Tabs.Content>
        <Tabs.Content
          value="file"
          className="grid gap-5 pt-5 focus-visible:outline-none lg:grid-cols-2"
        >
          <FileEncodePanel options={options} />
          <FileDecodePanel />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
