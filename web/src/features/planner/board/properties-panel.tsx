import { Blocks, Trash2 } from 'lucide-react';
import { lazy, Suspense, useRef } from 'react';
import { findService } from '@stratum/core/iac/catalog/registry';
import type { TArchitectureConfig } from '@stratum/core/planner/state';
import { Button } from '../../../components/button';
import { updateNode } from './board-edit';
import type { TBoardValidation } from './board-validation';
import { ConnectionProperties } from './connection-properties';
import { DesignProperties } from './design-properties';
import { IssueList } from './issue-list';
import { NameField } from './name-field';
import { PolicyExemptionsField } from './policy-exemptions-field';
import { PropertyInput } from './property-input';
import { findGenericService } from './resource-form/generic-service';
import { CATEGORY_TONES, ServiceIcon } from './service-icon';
import { componentTagViolations, effectiveTags } from '@stratum/core/tags/design-tags';
import { useTagRules } from '../api/tag-rules';
import { TagsField } from './tags-field';

// The generic component's form is its own chunk: boards without one never load it.
const ResourceProperties = lazy(() =>
  import('./resource-form/resource-properties').then((m) => ({ default: m.ResourceProperties })),
);

export interface PropertiesPanelProps {
  architecture: TArchitectureConfig;
  regions: readonly string[];
  selection: { nodes: string[]; edges: string[] };
  validation: TBoardValidation;
  onChange: (next: TArchitectureConfig, record?: boolean) => void;
  onDeleteSelection: () => void;
}

/** What is selected, with typed inputs from the catalog; the design's settings when nothing is. */
export function PropertiesPanel({
  architecture,
  regions,
  selection,
  validation,
  onChange,
  onDeleteSelection,
}: PropertiesPanelProps) {
  // The first change after focusing a field is one undo step; the typing that follows is not.
  const isRecorded = useRef(false);
  const tagRules = useTagRules();
  const edit = (next: TArchitectureConfig) => {
    onChange(next, !isRecorded.current);
    isRecorded.current = true;
  };
  const startEdit = () => {
    isRecorded.current = false;
  };
  const count = selection.nodes.length + selection.edges.length;

  if (count === 0) {
    return (
      <DesignProperties
        architecture={architecture}
        regions={regions}
        validation={validation}
        onChange={edit}
        onFocus={startEdit}
        tagKeys={tagRules.keys}
      />
    );
  }
  if (count > 1) {
    return (
      <div className="space-y-3">
        <h3 className="text-sm font-semibold text-slate-900">{count} items selected</h3>
        <p className="text-xs text-slate-600">
          Drag them together, copy with Ctrl+C, or remove them all.
        </p>
        <Button variant="danger" size="sm" onClick={onDeleteSelection}>
          <Trash2 className="size-4" aria-hidden="true" /> Delete {count} items
        </Button>
      </div>
    );
  }
  const [edgeId] = selection.edges;
  if (edgeId !== undefined) {
    return (
      <ConnectionProperties
        architecture={architecture}
        edgeId={edgeId}
        issues={validation.edges.get(edgeId) ?? []}
        onChange={edit}
        onFocus={startEdit}
        onDelete={onDeleteSelection}
      />
    );
  }
  const nodeId = selection.nodes[0] ?? '';
  const node =
    architecture.groups.find((g) => g.id === nodeId) ??
    architecture.components.find((c) => c.id === nodeId);
  const component = architecture.components.find((c) => c.id === nodeId);
  const service = node ? findService(node.service) : undefined;
  const generic = node ? findGenericService(node.service) : undefined;
  const resource = node && 'resource' in node ? node.resource : undefined;
  if (!node || (!service && !(generic && resource))) return null;
  const parent = 'parent' in node ? node.parent : 'group' in node ? node.group : undefined;
  const cloud = service?.cloud ?? generic?.cloud;
  return (
    <div className="space-y-4">
      <div className="flex items-start gap-2">
        <span
          aria-hidden="true"
          className={`flex size-8 shrink-0 items-center justify-center rounded-md ${service ? (CATEGORY_TONES[service.category]?.chip ?? '') : 'bg-slate-100 text-slate-700'}`}
        >
          {service ? <ServiceIcon kind={service.kind} /> : <Blocks className="size-4" />}
        </span>
        <div className="min-w-0">
          <h3 className="text-sm font-semibold text-slate-900">{service?.name ?? generic?.name}</h3>
          <p className="text-xs text-slate-600">
            id {node.id}
            {parent !== undefined ? ` · in ${parent}` : ''}
          </p>
        </div>
      </div>
      <IssueList issues={validation.nodes.get(node.id) ?? []} />
      <NameField
        key={node.id}
        name={node.name}
        onFocus={startEdit}
        onChange={(name) => edit(updateNode(architecture, node.id, { name }))}
      />
      {generic && resource && 'resource' in node && (
        <Suspense
          fallback={
            <p role="status" className="text-xs text-slate-600">
              Loading the form…
            </p>
          }
        >
          <ResourceProperties
            architecture={architecture}
            component={{ ...node, resource }}
            service={generic}
            onChange={edit}
            onFocus={startEdit}
          />
        </Suspense>
      )}
      {service && service.properties.length > 0 && (
        <fieldset className="min-w-0 space-y-3">
          <legend className="mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            Properties
          </legend>
          {service.properties.map((def) => (
            <PropertyInput
              key={`${node.id}:${def.key}`}
              definition={def}
              value={node.properties[def.key] ?? def.default}
              onFocus={startEdit}
              onChange={(value) =>
                edit(updateNode(architecture, node.id, { property: { key: def.key, value } }))
              }
            />
          ))}
        </fieldset>
      )}
      {cloud && component && (
        <TagsField
          key={`${node.id}:tags`}
          label="Tags"
          tags={component.tags ?? {}}
          inherited={architecture.tags}
          suggestions={tagRules.keys}
          violations={componentTagViolations(
            cloud,
            effectiveTags(architecture, component),
            component,
            tagRules.policies,
          )}
          onFocus={startEdit}
          onChange={(tags) => edit(updateNode(architecture, node.id, { tags }))}
        />
      )}
      {cloud && (
        <PolicyExemptionsField
          key={`${node.id}:policy`}
          cloud={cloud}
          exempt={node.policy?.exempt ?? []}
          onFocus={startEdit}
          onChange={(exempt) => edit(updateNode(architecture, node.id, { exempt }))}
        />
      )}
      <Button variant="secondary" size="sm" onClick={onDeleteSelection} className="text-red-700">
        <Trash2 className="size-4" aria-hidden="true" /> Delete
      </Button>
    </div>
  );
}
