import { Trash2 } from 'lucide-react';
import { CONNECTION_TYPES, type TConnection } from '@stratum/core/iac/design/schema-v2';
import type { TArchitectureConfig } from '@stratum/core/planner/state';
import { Button } from '../../../components/button';
import { SelectField } from '../../../components/select-field';
import { inputClasses } from '../../../components/text-field';
import { updateConnection } from './board-edit';
import { edgeId, type TBoardIssue } from './board-model';
import { IssueList } from './issue-list';

export interface ConnectionPropertiesProps {
  architecture: TArchitectureConfig;
  edgeId: string;
  issues: readonly TBoardIssue[];
  onChange: (next: TArchitectureConfig) => void;
  onFocus: () => void;
  onDelete: () => void;
}

export const CONNECTION_LABELS: Record<TConnection['type'], string> = {
  traffic: 'Traffic (network flow)',
  data: 'Data (reads and writes)',
  placement: 'Placement (extra subnet)',
};

const PROTOCOLS = ['', 'tcp', 'udp', 'http', 'https'] as const;

/** A connection's type, port and protocol. */
export function ConnectionProperties({
  architecture,
  edgeId: id,
  issues,
  onChange,
  onFocus,
  onDelete,
}: ConnectionPropertiesProps) {
  const connection = architecture.connections.find((c) => edgeId(c) === id);
  if (!connection) return null;
  const set = (next: TConnection) => onChange(updateConnection(architecture, id, next));
  const isPlacement = connection.type === 'placement';
  return (
    <div className="space-y-4">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Connection</h3>
        <p className="text-xs text-slate-600">
          {connection.from} → {connection.to}
        </p>
      </div>
      <IssueList issues={issues} />
      <SelectField
        label="Type"
        value={connection.type}
        onFocus={onFocus}
        disabled={isPlacement}
        onChange={(e) => set({ ...connection, type: e.target.value as TConnection['type'] })}
        options={CONNECTION_TYPES.filter((t) => isPlacement || t !== 'placement').map((t) => ({
          value: t,
          label: CONNECTION_LABELS[t],
        }))}
        hint={isPlacement ? 'A placement connection always ends at a subnet.' : undefined}
      />
      {!isPlacement && (
        <>
          <div>
            <label htmlFor="connection-port" className="block text-sm font-medium text-slate-800">
              Port
            </label>
            <input
              id="connection-port"
              type="number"
              min={1}
              max={65535}
              placeholder="the target's default"
              value={connection.port ?? ''}
              onFocus={onFocus}
              onChange={(e) => {
                const port = Number(e.target.value);
                const { port: _old, ...rest } = connection;
                set(
                  e.target.value === ''
                    ? rest
                    : Number.isInteger(port) && port >= 1 && port <= 65535
                      ? { ...rest, port }
                      : connection,
                );
              }}
              className={`${inputClasses} mt-1`}
            />
          </div>
          <SelectField
            label="Protocol"
            value={connection.protocol ?? ''}
            onFocus={onFocus}
            onChange={(e) => {
              const { protocol: _old, ...rest } = connection;
              const value = e.target.value as TConnection['protocol'] | '';
              set(value ? { ...rest, protocol: value } : rest);
            }}
            options={PROTOCOLS.map((p) => ({
              value: p,
              label: p === '' ? 'Default' : p.toUpperCase(),
            }))}
          />
        </>
      )}
      <Button variant="secondary" size="sm" onClick={onDelete} className="text-red-700">
        <Trash2 className="size-4" aria-hidden="true" /> Delete connection
      </Button>
    </div>
  );
}
