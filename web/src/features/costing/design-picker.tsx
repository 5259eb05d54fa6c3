import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import type { TProjectSummary } from '@stratum/core/contract/planner/project';
import { SelectField, type SelectOption } from '../../components/select-field';
import { plannerPathFor } from '../../lib/api/projects';
import type { TOpenDesign, TSourceId } from './design-source';
import { cloudLabel } from './names';

export interface DesignPickerProps {
  open: TOpenDesign | null;
  projects: readonly TProjectSummary[] | undefined;
  isLoadingProjects: boolean;
  source: TSourceId | null;
  onSource: (source: TSourceId) => void;
  /**
   * The chosen design's environments; its base values are priced when none is chosen. Null: the
   * view prices no environment (no picker).
   */
  environments: readonly string[] | null;
  environment: string | undefined;
  onEnvironment: (environment: string | undefined) => void;
}

/** Which design to price (the planner's open one or a saved project) and in which environment. */
export function DesignPicker(props: DesignPickerProps) {
  const { open, projects, source } = props;
  const options: SelectOption[] = [
    ...(open
      ? [
          {
            value: 'planner',
            label: `Open in the planner: ${open.name}${open.projectId ? '' : ' (not saved)'}`,
          },
        ]
      : []),
    ...(projects ?? []).map((p) => ({
      value: `project:${p.id}`,
      label: `${p.name}${p.provider ? ` · ${cloudLabel(p.provider)}` : ''} · ${p.componentCount} component${p.componentCount === 1 ? '' : 's'}`,
    })),
  ];
  if (options.length === 0) {
    return props.isLoadingProjects ? null : (
      <p className="text-sm text-slate-600">No design to price yet.</p>
    );
  }
  const projectId = source?.startsWith('project:') ? source.slice(8) : null;
  return (
    <div className="flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-xs">
      <SelectField
        label="Design"
        options={options}
        value={source ?? ''}
        onChange={(e) => props.onSource(e.target.value as TSourceId)}
        className="min-w-0 flex-1 basis-64"
      />
      {props.environments && (
        <SelectField
          label="Environment"
          options={[
            { value: '', label: 'Base values' },
            ...props.environments.map((e) => ({ value: e, label: e })),
          ]}
          value={props.environment ?? ''}
          onChange={(e) => props.onEnvironment(e.target.value === '' ? undefined : e.target.value)}
          disabled={props.environments.length === 0}
          className="w-44"
        />
      )}
      <Link
        to={projectId ? plannerPathFor(projectId) : '/planner'}
        className="mb-2 inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline underline-offset-2"
      >
        Edit in the Planner
        <ExternalLink className="size-3.5" aria-hidden="true" />
      </Link>
    </div>
  );
}
