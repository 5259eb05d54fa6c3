import clsx from 'clsx';
import { CircleAlert } from 'lucide-react';
import { useMemo } from 'react';
import type { TFormat } from '@stratum/core/iac/emit/emitter';
import { formatsFor, type TPlannerState } from '@stratum/core/planner/state';
import { Switch } from '../../components/switch';
import { formatLabel } from './clouds';
import { buildFileTree } from './code/file-tree';
import { FileTreeView } from './code/file-tree-view';
import { effectiveFormat, generateLocally, layoutFor } from './local-generate';

export interface FilesStepProps {
  plan: TPlannerState;
  onChange: (plan: TPlannerState) => void;
}

const LAYOUTS: Record<TFormat, readonly { id: string; title: string; text: string }[]> = {
  terraform: [
    {
      id: 'single',
      title: 'Single file',
      text: 'Everything in main.tf: the smallest thing to read.',
    },
    {
      id: 'standard',
      title: 'Standard',
      text: 'main, variables, outputs, providers and versions, with .tfvars per environment.',
    },
    {
      id: 'modules',
      title: 'Modules',
      text: 'One module per kind of service, called from the root configuration.',
    },
    {
      id: 'env-folders',
      title: 'Environment folders',
      text: 'A root per environment (envs/dev, envs/prod…) sharing one stack module.',
    },
  ],
  bicep: [
    {
      id: 'single',
      title: 'Single file',
      text: 'One main.bicep with a .bicepparam file per environment.',
    },
    { id: 'modules', title: 'Modules', text: 'main.bicep calling one module per kind of service.' },
  ],
  arm: [
    {
      id: 'single',
      title: 'Template',
      text: 'azuredeploy.json with a parameters file per environment.',
    },
  ],
};

/** Step 4: the output format, its layout and options, and a tree of exactly the files to come. */
export function FilesStep({ plan, onChange }: FilesStepProps) {
  const files = plan.fileStructureConfig;
  const format = effectiveFormat(plan);
  const layout = layoutFor(plan, format);
  const result = useMemo(() => generateLocally(plan), [plan]);
  const set = (patch: Partial<TPlannerState['fileStructureConfig']>) =>
    onChange({ ...plan, fileStructureConfig: { ...files, ...patch } });
  const tree = useMemo(
    () => (result.ok ? buildFileTree(result.files.map((f) => f.path)) : []),
    [result],
  );
  const sizes = useMemo(
    () =>
      new Map(
        result.ok
          ? result.files.map((f) => [f.path, new TextEncoder().encode(f.content).length])
          : [],
      ),
    [result],
  );

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <div className="space-y-5">
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Format</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {formatsFor(plan.selectedProvider ?? 'aws').map((f) => (
              <Option
                key={f}
                name="format"
                isChecked={format === f}
                onSelect={() => set({ format: f })}
                title={formatLabel(f)}
              />
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Layout</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {LAYOUTS[format].map((l) => (
              <Option
                key={l.id}
                name="layout"
                isChecked={layout === l.id}
                title={l.title}
                text={l.text}
                onSelect={() =>
                  format === 'terraform'
                    ? set({ terraform: l.id as typeof files.terraform })
                    : format === 'bicep'
                      ? set({ bicep: l.id as typeof files.bicep })
                      : undefined
                }
              />
            ))}
          </div>
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="mb-2 text-sm font-semibold text-slate-900">Options</legend>
          <Switch
            label="CI workflow"
            hint={
              format === 'terraform'
                ? 'A GitHub Actions workflow that checks formatting and validates on every push.'
                : 'Terraform only: Bicep and ARM deploy with the Azure CLI steps in the README.'
            }
            isChecked={files.ci}
            isDisabled={format !== 'terraform'}
            onCheckedChange={(ci) => set({ ci })}
          />
          <Switch
            label="README"
            hint="What was generated, and the commands to plan and apply it."
            isChecked={files.readme}
            onCheckedChange={(readme) => set({ readme })}
          />
        </fieldset>
      </div>
      <section
        aria-labelledby="tree-title"
        className="rounded-lg border border-slate-200 bg-white p-3"
      >
        <h3 id="tree-title" className="mb-2 px-1 text-sm font-semibold text-slate-900">
          {result.ok ? `${result.files.length} files will be generated` : 'Files'}
        </h3>
        {result.ok ? (
          <FileTreeView nodes={tree} label="Files that will be generated" sizes={sizes} />
        ) : (
          <div className="space-y-2 text-sm text-slate-700">
            <p>The design has problems to fix on the board before the files can be listed:</p>
            <ul className="space-y-1">
              {result.issues.slice(0, 8).map((i, n) => (
                <li
                  key={n}
                  className="flex gap-1.5 rounded bg-red-50 px-2 py-1 text-xs text-red-800"
                >
                  <CircleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                  <span>
                    {i.path ? <code className="font-mono">{i.path}</code> : null} {i.message}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
    </div>
  );
}

function Option(props: {
  name: string;
  title: string;
  text?: string;
  isChecked: boolean;
  onSelect: () => void;
}) {
  return (
    <label
      className={clsx(
        'block cursor-pointer rounded-lg border bg-white px-3 py-2 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600 hover:border-brand-600',
        props.isChecked ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200',
      )}
    >
      <input
        type="radio"
        name={props.name}
        checked={props.isChecked}
        onChange={props.onSelect}
        className="sr-only"
      />
      <span className="block text-sm font-medium text-slate-900">{props.title}</span>
      {props.text && <span className="mt-0.5 block text-xs text-slate-600">{props.text}</span>}
    </label>
  );
}
