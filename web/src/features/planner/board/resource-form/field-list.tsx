import { ChevronDown, ChevronRight, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { ArgumentField } from './argument-field';
import type { TRefTarget } from './reference-targets';
import {
  isListBlock,
  specsOf,
  type TArgs,
  type TArgSpec,
  type TBlock,
  type TBlockSpec,
  type TBlockType,
  type TJson,
} from './resource-schema';
import { blockItems, setArg } from './resource-values';
import { DraftInput } from './text-inputs';

// A block holds fields and fields hold blocks: the two components recurse, so they share a file.

export interface FieldListProps {
  block: TBlock | TBlockType;
  args: TArgs;
  targets: readonly TRefTarget[];
  onChange: (args: TArgs) => void;
  onFocus: () => void;
  /** Top-level arguments the generator fills when empty, with what it uses. */
  filled?: Readonly<Record<string, string>>;
  /** Only these (the form's filtered view); every argument and block when absent. */
  only?: { args: readonly TArgSpec[]; blocks: readonly TBlockSpec[] };
}

/** The arguments then the nested blocks of one block, required first. */
export function FieldList({
  block,
  args,
  targets,
  filled,
  onChange,
  onFocus,
  only,
}: FieldListProps) {
  const all = only ?? specsOf(block);
  const byRequired = <T extends { isRequired: boolean }>(list: readonly T[]) => [
    ...list.filter((x) => x.isRequired),
    ...list.filter((x) => !x.isRequired),
  ];
  return (
    <>
      {byRequired(all.args).map((spec) =>
        spec.nested ? (
          <BlockSection
            key={spec.name}
            name={spec.name}
            block={spec.nested}
            isRequired={spec.isRequired}
            value={args[spec.name]}
            targets={targets}
            onChange={(v) => onChange(setArg(args, spec.name, v, true))}
            onFocus={onFocus}
          />
        ) : (
          <ArgumentField
            key={spec.name}
            spec={spec}
            value={args[spec.name]}
            targets={targets}
            {...(filled?.[spec.name] !== undefined ? { filledBy: filled[spec.name] } : {})}
            onChange={(v) => onChange(setArg(args, spec.name, v))}
            onFocus={onFocus}
          />
        ),
      )}
      {byRequired(all.blocks).map((b) => (
        <BlockSection
          key={b.name}
          name={b.name}
          block={b.block}
          isRequired={b.isRequired}
          value={args[b.name]}
          targets={targets}
          onChange={(v) => onChange(setArg(args, b.name, v, true))}
          onFocus={onFocus}
        />
      ))}
    </>
  );
}

export interface BlockSectionProps {
  name: string;
  block: TBlockType;
  isRequired: boolean;
  value: TJson | undefined;
  targets: readonly TRefTarget[];
  onChange: (value: TJson | undefined) => void;
  onFocus: () => void;
}

function countLabel(block: TBlockType): string {
  if (!isListBlock(block)) return 'block';
  const { min = 0, max } = block;
  const range = max !== undefined ? `${min}–${max}` : min > 0 ? `at least ${min}` : 'any number';
  return `${block.n} block, ${range}`;
}

const ADD =
  'inline-flex items-center gap-1 text-xs font-medium text-brand-700 hover:underline disabled:text-slate-400 disabled:no-underline';

/** A nested block: collapsible, with its items added and removed within the schema's min/max. */
export function BlockSection({
  name,
  block,
  isRequired,
  value,
  targets,
  onChange,
  onFocus,
}: BlockSectionProps) {
  const id = useId();
  const items = blockItems(value);
  const [isOpen, setIsOpen] = useState(isRequired || items.length > 0);
  const [error, setError] = useState<string>();
  const min = block.min ?? 0;
  const canAdd = block.max === undefined || items.length < block.max;
  const isList = isListBlock(block);
  const setItems = (next: { [key: string]: TJson }[]) => {
    onFocus();
    if (isList) onChange(next.length > 0 ? next : undefined);
    else onChange(next[0]);
  };

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-md border border-slate-200">
      <h4 id={`${id}-title`} className="flex items-center">
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={`${id}-body`}
          onClick={() => setIsOpen((o) => !o)}
          className="flex min-w-0 flex-1 items-center gap-1 px-2 py-1.5 text-left"
        >
          {isOpen ? (
            <ChevronDown className="size-3.5 shrink-0" aria-hidden="true" />
          ) : (
            <ChevronRight className="size-3.5 shrink-0" aria-hidden="true" />
          )}
          <span className="min-w-0 truncate font-mono text-xs font-semibold text-slate-800">
            {name}
          </span>
          {isRequired && (
            <span className="rounded bg-red-50 px-1 text-[10px] font-semibold text-red-800">
              required
            </span>
          )}
          <span className="ml-auto shrink-0 pl-1 text-[10px] text-slate-500">
            {isList ? `${items.length} · ` : ''}
            {countLabel(block)}
          </span>
        </button>
      </h4>
      {isOpen && (
        <div id={`${id}-body`} className="space-y-2 border-t border-slate-200 p-2">
          {block.n === 'map' ? (
            <>
              <DraftInput
                id={`${id}-json`}
                kind="json"
                value={value}
                onChange={onChange}
                onFocus={onFocus}
                onError={setError}
              />
              {error && <p className="text-[11px] text-red-700">{error}</p>}
            </>
          ) : (
            <>
              {items.map((item, i) => (
                <fieldset key={i} className="min-w-0 space-y-2 rounded border border-slate-100 p-2">
                  <legend className="px-1 font-mono text-[11px] text-slate-600">
                    {isList ? `${name} ${i + 1}` : name}
                  </legend>
                  <FieldList
                    block={block}
                    args={item}
                    targets={targets}
                    onChange={(next) => setItems(items.map((x, j) => (j === i ? next : x)))}
                    onFocus={onFocus}
                  />
                  <button
                    type="button"
                    disabled={items.length <= min}
                    onClick={() => setItems(items.filter((_, j) => j !== i))}
                    className="inline-flex items-center gap-1 text-xs font-medium text-red-700 hover:underline disabled:text-slate-400 disabled:no-underline"
                    aria-label={isList ? `Remove ${name} ${i + 1}` : `Remove ${name}`}
                  >
                    <Trash2 className="size-3.5" aria-hidden="true" /> Remove
                  </button>
                </fieldset>
              ))}
              {(isList || items.length === 0) && (
                <button
                  type="button"
                  disabled={!canAdd}
                  onClick={() => setItems([...items, {}])}
                  className={ADD}
                >
                  <Plus className="size-3.5" aria-hidden="true" /> Add {name}
                </button>
              )}
            </>
          )}
        </div>
      )}
    </section>
  );
}
