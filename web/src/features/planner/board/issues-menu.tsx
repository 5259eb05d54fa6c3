import clsx from 'clsx';
import { AlertTriangle, ChevronDown, CircleAlert } from 'lucide-react';
import { findService } from '@stratum/core/iac/catalog/registry';
import type { TArchitectureConfig } from '@stratum/core/planner/state';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuTrigger } from '../../../components/menu';
import { edgeId } from './board-model';
import type { TBoardValidation } from './board-validation';

export interface TIssueTarget {
  node?: string;
  edge?: string;
}

interface TIssueRow extends TIssueTarget {
  label: string;
  message: string;
  severity: 'error' | 'warning';
}

const MAX_ROWS = 200;

/** Every problem with what it belongs to: a component by its name and service, a connection by its ends. */
export function issueRows(
  architecture: TArchitectureConfig,
  validation: TBoardValidation,
): TIssueRow[] {
  const nodes = new Map(
    [...architecture.groups, ...architecture.components].map((n) => [n.id, n] as const),
  );
  const nameOf = (id: string) => nodes.get(id)?.name ?? id;
  const rows: TIssueRow[] = [];
  for (const [id, issues] of validation.nodes) {
    const node = nodes.get(id);
    const label = `${nameOf(id)} (${findService(node?.service ?? '')?.name ?? node?.service ?? id})`;
    for (const issue of issues) rows.push({ node: id, label, ...issue });
  }
  for (const [id, issues] of validation.edges) {
    const c = architecture.connections.find((x) => edgeId(x) === id);
    const label = c ? `Connection ${nameOf(c.from)} → ${nameOf(c.to)}` : 'Connection';
    for (const issue of issues) rows.push({ edge: id, label, ...issue });
  }
  for (const issue of validation.design)
    rows.push({ label: 'Design', message: issue.message, severity: issue.severity });
  return rows.sort((a, b) => Number(a.severity === 'warning') - Number(b.severity === 'warning'));
}

export interface IssuesMenuProps {
  architecture: TArchitectureConfig;
  validation: TBoardValidation;
  /** A component or connection chosen from the list (neither: the design's own problem). */
  onSelect: (target: TIssueTarget) => void;
}

/** The validation count; when there are problems, a button opening the list of them. */
export function IssuesMenu({ architecture, validation, onSelect }: IssuesMenuProps) {
  const { errorCount, warningCount } = validation;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const summary = [
    errorCount > 0 ? plural(errorCount, 'error') : 'Valid',
    ...(warningCount > 0 ? [plural(warningCount, 'warning')] : []),
  ].join(' · ');
  const tone =
    errorCount > 0 ? 'bg-red-50 text-red-800 hover:bg-red-100' : 'bg-emerald-50 text-emerald-800';
  if (errorCount + warningCount === 0)
    return (
      <span
        role="status"
        className={clsx('ml-1 rounded-full px-2 py-0.5 text-xs font-medium', tone)}
      >
        {summary}
      </span>
    );
  const rows = issueRows(architecture, validation);
  return (
    <span role="status" className="ml-1">
      <Menu>
        <MenuTrigger
          aria-label={`${summary}: show the list`}
          className={clsx(
            'inline-flex items-center gap-0.5 rounded-full px-2 py-0.5 text-xs font-medium',
            tone,
            warningCount > 0 && errorCount === 0 && 'bg-amber-50 text-amber-900 hover:bg-amber-100',
          )}
        >
          {summary}
          <ChevronDown className="size-3" aria-hidden="true" />
        </MenuTrigger>
        <MenuContent
          align="start"
          className="max-h-80 w-[min(26rem,calc(100vw-1rem))] overflow-y-auto"
        >
          <MenuLabel>Problems on the board</MenuLabel>
          {rows.slice(0, MAX_ROWS).map((row, i) => (
            <MenuItem
              key={i}
              onSelect={() => onSelect({ node: row.node, edge: row.edge })}
              className="items-start"
            >
              {row.severity === 'error' ? (
                <CircleAlert className="mt-0.5 size-3.5 shrink-0 text-red-700" aria-hidden="true" />
              ) : (
                <AlertTriangle
                  className="mt-0.5 size-3.5 shrink-0 text-amber-700"
                  aria-hidden="true"
                />
              )}
              <span className="min-w-0">
                <span className="sr-only">{row.severity}: </span>
                <span className="font-medium text-slate-900">{row.label}</span>
                <span className="text-slate-700">: {row.message}</span>
              </span>
            </MenuItem>
          ))}
          {rows.length > MAX_ROWS && <MenuLabel>…and {rows.length - MAX_ROWS} more</MenuLabel>}
        </MenuContent>
      </Menu>
    </span>
  );
}
