import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/tabs';
import type { TRequestOrigin } from '../workspace/workspace-store';
import { CollectionsPanel } from './collections-panel';
import { EnvironmentsPanel } from './environments-panel';
import { HistoryPanel } from './history-panel';

export interface SidebarProps {
  environmentId: string | null;
  onChooseEnvironment: (id: string | null) => void;
  activeOrigin: TRequestOrigin | null;
  onImport: () => void;
  onOpened: () => void;
}

/** Collections, environments and history: a column on large screens, a drawer below. */
export function Sidebar({
  environmentId,
  onChooseEnvironment,
  activeOrigin,
  onImport,
  onOpened,
}: SidebarProps) {
  return (
    <Tabs defaultValue="collections">
      <TabsList aria-label="Sidebar">
        <TabsTrigger value="collections">Collections</TabsTrigger>
        <TabsTrigger value="environments">Environments</TabsTrigger>
        <TabsTrigger value="history">History</TabsTrigger>
      </TabsList>
      <TabsContent value="collections" className="pt-3">
        <CollectionsPanel activeOrigin={activeOrigin} onImport={onImport} onOpened={onOpened} />
      </TabsContent>
      <TabsContent value="environments" className="pt-3">
        <EnvironmentsPanel selectedId={environmentId} onSelect={onChooseEnvironment} />
      </TabsContent>
      <TabsContent value="history" className="pt-3">
        <HistoryPanel onOpened={onOpened} />
      </TabsContent>
    </Tabs>
  );
}
