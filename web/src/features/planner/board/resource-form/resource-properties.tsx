import { useQuery } from '@tanstack/react-query';
import type { TComponent } from '@stratum/core/iac/design/schema-v2';
import type { TArchitectureConfig } from '@stratum/core/planner/state';
import { Button } from '../../../../components/button';
import { Spinner } from '../../../../components/spinner';
import { resourceTypeSchemaQuery } from '../../api/get-resource-type';
import type { TGenericService } from './generic-service';
import { JsonBodyEditor } from './json-body-editor';
import { referenceTargets } from './reference-targets';
import { updateResourceArgs } from './resource-edit';
import { ResourceForm } from './resource-form';
import type { TArgs } from './resource-schema';

export interface ResourcePropertiesProps {
  architecture: TArchitectureConfig;
  component: TComponent & { resource: NonNullable<TComponent['resource']> };
  service: TGenericService;
  onChange: (next: TArchitectureConfig) => void;
  onFocus: () => void;
}

/** A generic component's arguments: its type's schema is loaded when the panel shows it. */
export function ResourceProperties({
  architecture,
  component,
  service,
  onChange,
  onFocus,
}: ResourcePropertiesProps) {
  const { type, apiVersion } = component.resource;
  const schema = useQuery(resourceTypeSchemaQuery(service.provider, type));
  const args = component.resource.arguments;
  const handleArgs = (next: TArgs) =>
    onChange(updateResourceArgs(architecture, component.id, next));

  return (
    <section aria-label="Resource arguments" className="space-y-3">
      <p className="text-xs break-all text-slate-700">
        <span className="font-mono">{type}</span>
        {apiVersion !== undefined && <> · API {apiVersion}</>}
        {schema.data && (
          <>
            {' '}
            · {service.provider} {schema.data.providerVersion}
          </>
        )}
      </p>
      {schema.isPending ? (
        <p role="status" className="flex items-center gap-2 text-xs text-slate-600">
          <Spinner className="size-4" /> Loading the arguments of {type}…
        </p>
      ) : schema.isError ? (
        <div role="alert" className="space-y-2 rounded-md bg-red-50 p-2 text-xs text-red-800">
          <p>
            The arguments of {type} could not be loaded: {schema.error.message}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void schema.refetch()}>
            Try again
          </Button>
        </div>
      ) : schema.data.block === null ? (
        <JsonBodyEditor
          key={component.id}
          type={type}
          args={args}
          onChange={handleArgs}
          onFocus={onFocus}
        />
      ) : (
        <ResourceForm
          key={component.id}
          block={schema.data.block}
          args={args}
          targets={referenceTargets(architecture, component.id)}
          filled={service.filled}
          onChange={handleArgs}
          onFocus={onFocus}
        />
      )}
    </section>
  );
}
