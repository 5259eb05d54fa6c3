import type { TArchitectureConfig } from '@stratum/core/planner/state';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import type { TBoardValidation } from './board-validation';
import { EnvironmentsField } from './environments-field';
import { IssueList } from './issue-list';
import type { TTagKey } from '@stratum/core/contract/tags/model';
import { TagsField } from './tags-field';

export interface DesignPropertiesProps {
  architecture: TArchitectureConfig;
  regions: readonly string[];
  validation: TBoardValidation;
  onChange: (next: TArchitectureConfig) => void;
  onFocus: () => void;
  /** The user's tag keys: suggestions for the design's default tags. */
  tagKeys: readonly TTagKey[];
}

/** With nothing selected: the design's name, region and environments, and its own problems. */
export function DesignProperties({
  architecture,
  regions,
  validation,
  onChange,
  onFocus,
  tagKeys,
}: DesignPropertiesProps) {
  const region = regions.includes(architecture.region) ? architecture.region : (regions[0] ?? '');
  const total = architecture.groups.length + architecture.components.length;
  return (
    <div className="space-y-4">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Design</h3>
        <p className="text-xs text-slate-600">
          {total} item{total === 1 ? '' : 's'} · {architecture.connections.length} connection
          {architecture.connections.length === 1 ? '' : 's'} ·{' '}
          {validation.errorCount === 0
            ? 'no errors'
            : `${validation.errorCount} error${validation.errorCount === 1 ? '' : 's'}`}
          {validation.warningCount > 0 && `, ${validation.warningCount} warning(s)`}
        </p>
      </div>
      <IssueList issues={validation.design} />
      <TextField
        label="Design name"
        value={architecture.name}
        maxLength={100}
        onFocus={onFocus}
        onChange={(e) =>
          e.target.value.trim() !== '' && onChange({ ...architecture, name: e.target.value })
        }
      />
      <SelectField
        label="Region"
        value={region}
        onFocus={onFocus}
        onChange={(e) => onChange({ ...architecture, region: e.target.value })}
        options={regions.map((r) => ({ value: r, label: r }))}
      />
      <EnvironmentsField
        environments={architecture.environments}
        onFocus={onFocus}
        onChange={(environments) => onChange({ ...architecture, environments })}
      />
      <TagsField
        label="Default tags"
        tags={architecture.tags}
        suggestions={tagKeys}
        onFocus={onFocus}
        onChange={(tags) => onChange({ ...architecture, tags })}
      />
      <p className="text-xs text-slate-600">
        Select a component to edit it; select a connection to change its type or port.
      </p>
    </div>
  );
}
