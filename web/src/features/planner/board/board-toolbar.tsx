import clsx from 'clsx';
import { Keyboard, LayoutGrid, Maximize, PanelLeft, PanelRight, Redo2, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { CONNECTION_TYPES, type TConnection } from '@stratum/core/iac/design/schema-v2';
import { Spinner } from '../../../components/spinner';
import { Tooltip } from '../../../components/tooltip';

export interface BoardToolbarProps {
  canUndo: boolean;
  canRedo: boolean;
  isLayingOut: boolean;
  connectionType: TConnection['type'];
  /** The validation count (a button opening the list of problems). */
  status: ReactNode;
  /** The running total of the design's list prices. */
  cost?: ReactNode;
  extra?: ReactNode;
  onUndo: () => void;
  onRedo: () => void;
  onLayout: () => void;
  onFit: () => void;
  onHelp: () => void;
  onConnectionType: (type: TConnection['type']) => void;
  onTogglePalette: () => void;
  onToggleProperties: () => void;
}

const iconButton =
  'inline-flex size-8 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent';

function IconButton(props: {
  label: string;
  shortcut?: string;
  onClick: () => void;
  isDisabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Tooltip content={props.shortcut ? `${props.label} (${props.shortcut})` : props.label}>
      <button
        type="button"
        aria-label={props.label}
        aria-keyshortcuts={props.shortcut}
        disabled={props.isDisabled}
        onClick={props.onClick}
        className={clsx(iconButton, props.className)}
      >
        {props.children}
      </button>
    </Tooltip>
  );
}

/** Undo, redo, layout, fit, the type of new connections, and the planner's own actions. */
export function BoardToolbar(props: BoardToolbarProps) {
  return (
    <div className="flex flex-wrap items-center gap-1 border-b border-slate-200 bg-white px-2 py-1.5">
      <IconButton label="Components" onClick={props.onTogglePalette} className="lg:hidden">
        <PanelLeft className="size-4" aria-hidden="true" />
      </IconButton>
      <IconButton
        label="Undo"
        shortcut="Control+Z"
        isDisabled={!props.canUndo}
        onClick={props.onUndo}
      >
        <Undo2 className="size-4" aria-hidden="true" />
      </IconButton>
      <IconButton
        label="Redo"
        shortcut="Control+Shift+Z"
        isDisabled={!props.canRedo}
        onClick={props.onRedo}
      >
        <Redo2 className="size-4" aria-hidden="true" />
      </IconButton>
      <span className="mx-1 h-5 w-px bg-slate-200" aria-hidden="true" />
      <IconButton
        label="Automatic layout"
        shortcut="L"
        isDisabled={props.isLayingOut}
        onClick={props.onLayout}
      >
        {props.isLayingOut ? (
          <Spinner className="size-4" />
        ) : (
          <LayoutGrid className="size-4" aria-hidden="true" />
        )}
      </IconButton>
      <IconButton label="Zoom to fit" shortcut="F" onClick={props.onFit}>
        <Maximize className="size-4" aria-hidden="true" />
      </IconButton>
      <IconButton label="Keyboard shortcuts" shortcut="?" onClick={props.onHelp}>
        <Keyboard className="size-4" aria-hidden="true" />
      </IconButton>
      <span className="mx-1 h-5 w-px bg-slate-200" aria-hidden="true" />
      <label className="flex items-center gap-1.5 text-xs text-slate-700">
        <span className="hidden sm:inline">New connections</span>
        <span className="sr-only sm:hidden">New connections</span>
        <select
          value={props.connectionType}
          onChange={(e) => props.onConnectionType(e.target.value as TConnection['type'])}
          className="h-8 rounded-md border border-slate-300 bg-white px-1.5 text-xs text-slate-800"
        >
          {CONNECTION_TYPES.filter((t) => t !== 'placement').map((t) => (
            <option key={t} value={t}>
              {t === 'traffic' ? 'Traffic' : 'Data'}
            </option>
          ))}
        </select>
      </label>
      {props.status}
      {props.cost}
      <div className="ml-auto flex flex-wrap items-center gap-1">
        {props.extra}
        <IconButton label="Properties" onClick={props.onToggleProperties} className="lg:hidden">
          <PanelRight className="size-4" aria-hidden="true" />
        </IconButton>
      </div>
    </div>
  );
}
