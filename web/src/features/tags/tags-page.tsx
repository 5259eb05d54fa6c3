import { useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/tabs';
import { useDocumentTitle } from '../../lib/use-document-title';
import { KeysPanel } from './keys-panel';
import { PoliciesPanel } from './policies-panel';
import { ViolationsPanel } from './violations-panel';

type TTab = 'keys' | 'policies' | 'violations';

/** Tag keys and values, where each is used, the policies and the inventory's violations. */
export function TagsPage() {
  useDocumentTitle('Tags');
  const [tab, setTab] = useState<TTab>('keys');
  return (
    <div className="space-y-5">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Tags</h1>
        <p className="max-w-3xl text-sm text-slate-700">
          The keys and values your resources carry, and policies in the manner of AWS Tag Policies
          and Azure Policy: required keys, allowed values, a pattern and a case, per cloud. The
          planner suggests your keys and hints as you tag, generation enforces blocking policies,
          and the inventory lists the assets that break them with the fix.
        </p>
      </div>
      <Tabs value={tab} onValueChange={(v) => setTab(v as TTab)}>
        <TabsList aria-label="Tags views">
          <TabsTrigger value="keys">Keys and values</TabsTrigger>
          <TabsTrigger value="policies">Policies</TabsTrigger>
          <TabsTrigger value="violations">Violations</TabsTrigger>
        </TabsList>
        <TabsContent value="keys">
          <KeysPanel />
        </TabsContent>
        <TabsContent value="policies">
          <PoliciesPanel />
        </TabsContent>
        <TabsContent value="violations">
          <ViolationsPanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}
