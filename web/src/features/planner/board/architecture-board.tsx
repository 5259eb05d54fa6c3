import '@xyflow/react/dist/style.css';
import { ReactFlowProvider } from '@xyflow/react';
import type { ReactNode } from 'react';
import type { TServiceDefinition } from '@stratum/core/iac/catalog/service';
import type { TCloud } from '@stratum/core/iac/types';
import type { TArchitectureConfig } from '@stratum/core/planner/state';
import { BoardLayout } from './board-layout';

export interface ArchitectureBoardProps {
  architecture: TArchitectureConfig;
  /** The whole design document, which the engine validates. */
  design: unknown;
  regions: readonly string[];
  /** The palette: the services picked in step 2. */
  services: readonly TServiceDefinition[];
  /** The design's cloud, for the palette's "any resource type" entries. */
  cloud?: TCloud;
  canUndo: boolean;
  canRedo: boolean;
  onChange: (next: TArchitectureConfig, record?: boolean) => void;
  onUndo: () => void;
  onRedo: () => void;
  /** The planner's own actions in the toolbar: templates, override, re-target. */
  toolbarExtra?: ReactNode;
  /** Shown over an empty board. */
  emptyState?: ReactNode;
}

/** Step 3's board: palette, canvas and properties, with undo, copy/paste and automatic layout. */
export function ArchitectureBoard(props: ArchitectureBoardProps) {
  return (
    <ReactFlowProvider>
      <BoardLayout {...props} />
    </ReactFlowProvider>
  );
}
