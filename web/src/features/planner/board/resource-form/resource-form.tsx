import { useId, useState } from 'react';
import { inputClasses } from '../../../../components/text-field';
import { FieldList } from './field-list';
import type { TRefTarget } from './reference-targets';
import { specsOf, type TArgs, type TBlock } from './resource-schema';
import { isBlank } from './resource-values';

export interface ResourceFormProps {
  block: TBlock;
  args: TArgs;
  targets: readonly TRefTarget[];
  /** Top-level arguments the generator fills when they are left empty. */
  filled: Readonly<Record<string, string>>;
  onChange: (args: TArgs) => void;
  onFocus: () => void;
}

/**
 * A generic component's arguments from its schema: the required ones first, the optional ones
 * (aws types have a hundred) behind a toggle with a filter; deprecated ones only on request.
 */
export function ResourceForm({
  block,
  args,
  targets,
  filled,
  onChange,
  onFocus,
}: ResourceFormProps) {
  const id = useId();
  const [isOptionalShown, setIsOptionalShown] = useState(false);
  const [filter, setFilter] = useState('');
  const [isDeprecatedShown, setIsDeprecatedShown] = useState(false);
  const specs = specsOf(block);
  const isSet = (name: string) => !isBlank(args[name]);
  const required = {
    args: specs.args.filter((s) => s.isRequired),
    blocks: specs.blocks.filter((b) => b.isRequired),
  };
  const needle = filter.trim().toLowerCase();
  // An optional argument with a value always shows, so nothing set is out of sight.
  const isOptionalVisible = (name: string, isDeprecated: boolean) =>
    isSet(name) ||
    (isOptionalShown &&
      (isDeprecatedShown || !isDeprecated) &&
      (needle === '' || name.toLowerCase().includes(needle)));
  const optional = {
    args: specs.args.filter((s) => !s.isRequired && isOptionalVisible(s.name, s.isDeprecated)),
    blocks: specs.blocks.filter((b) => !b.isRequired && isOptionalVisible(b.name, false)),
  };
  const optionalCount =
    specs.args.filter((s) => !s.isRequired).length +
    specs.blocks.filter((b) => !b.isRequired).length;
  const deprecatedCount = specs.args.filter((s) => !s.isRequired && s.isDeprecated).length;

  return (
    <div className="space-y-3">
      <fieldset className="min-w-0 space-y-3">
        <legend className="mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          Required arguments
        </legend>
        {required.args.length + required.blocks.length === 0 ? (
          <p className="text-xs text-slate-600">This type has no required arguments.</p>
        ) : (
          <FieldList
            block={block}
            args={args}
            targets={targets}
            filled={filled}
            onChange={onChange}
            onFocus={onFocus}
            only={required}
          />
        )}
      </fieldset>
      {optionalCount > 0 && (
        <fieldset className="min-w-0 space-y-3">
          <legend className="mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            Optional arguments
          </legend>
          <button
            type="button"
            aria-expanded={isOptionalShown}
            aria-controls={`${id}-optional`}
            onClick={() => setIsOptionalShown((s) => !s)}
            className="text-xs font-medium text-brand-700 hover:underline"
          >
            {isOptionalShown
              ? 'Hide optional arguments'
              : `Show optional arguments (${optionalCount})`}
          </button>
          {isOptionalShown && (
            <div className="space-y-1.5">
              <label htmlFor={`${id}-filter`} className="sr-only">
                Filter optional arguments
              </label>
              <input
                id={`${id}-filter`}
                type="search"
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
                placeholder="Filter optional arguments"
                className={`${inputClasses} py-1 text-xs`}
              />
              {deprecatedCount > 0 && (
                <label className="flex items-center gap-1.5 text-[11px] text-slate-700">
                  <input
                    type="checkbox"
                    checked={isDeprecatedShown}
                    onChange={(e) => setIsDeprecatedShown(e.target.checked)}
                    className="size-3.5 accent-brand-600"
                  />
                  Show {deprecatedCount} deprecated
                </label>
              )}
            </div>
          )}
          <div id={`${id}-optional`} className="space-y-3">
            <FieldList
              block={block}
              args={args}
              targets={targets}
              filled={filled}
              onChange={onChange}
              onFocus={onFocus}
              only={optional}
            />
            {isOptionalShown && optional.args.length + optional.blocks.length === 0 && (
              <p className="text-xs text-slate-600">No optional argument matches “{filter}”.</p>
            )}
          </div>
        </fieldset>
      )}
    </div>
  );
}
