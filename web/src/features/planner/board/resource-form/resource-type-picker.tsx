import * as Dialog from '@radix-ui/react-dialog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { Spinner } from '../../../../components/spinner';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { resourceTypeSchemaQuery } from '../../api/get-resource-type';
import { resourceTypesQuery } from '../../api/list-resource-types';
import type { TGenericService } from './generic-service';
import type { TResourceChoice } from './resource-edit';

export interface ResourceTypePickerProps {
  service: TGenericService;
  onPick: (choice: TResourceChoice) => void;
  onCancel: () => void;
}

const ITEM =
  'flex cursor-pointer items-center justify-between gap-2 rounded-md px-3 py-1.5 font-mono text-xs text-slate-800 data-[selected=true]:bg-brand-50 data-[selected=true]:text-brand-800';

/**
 * Picks the resource type of a new generic component: the server searches the provider's types
 * as the user types (debounced); arrows and Enter choose. An ARM type gets its newest API version.
 */
export function ResourceTypePicker({ service, onPick, onCancel }: ResourceTypePickerProps) {
  const client = useQueryClient();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 250);
  const types = useQuery(resourceTypesQuery(service.provider, search));
  const [isChoosing, setIsChoosing] = useState(false);
  const [highlighted, setHighlighted] = useState('');
  // Results arrive after the text changed, so cmdk would highlight nothing: the first result is.
  const found = types.data ?? [];
  const active = found.some((t) => t.type === highlighted) ? highlighted : (found[0]?.type ?? '');
  const [error, setError] = useState<string>();

  const choose = async (type: string) => {
    if (!service.isArm) return onPick({ type });
    setIsChoosing(true);
    setError(undefined);
    try {
      const schema = await client.fetchQuery(resourceTypeSchemaQuery(service.provider, type));
      const apiVersion = schema.data.apiVersions?.[0];
      onPick(apiVersion !== undefined ? { type, apiVersion } : { type });
    } catch (cause) {
      setError(
        `The API versions of ${type} could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`,
      );
    } finally {
      setIsChoosing(false);
    }
  };

  return (
    <Dialog.Root open onOpenChange={(isOpen) => !isOpen && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/30" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-[12vh] left-1/2 z-50 w-[min(34rem,calc(100vw-2rem))] -translate-x-1/2 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-2xl"
        >
          <Dialog.Title className="px-4 pt-3 text-sm font-semibold text-slate-900">
            {service.name}: choose the type
          </Dialog.Title>
          {/* cmdk labels its input and list with this label. */}
          <Command
            label="Search resource types"
            shouldFilter={false}
            loop
            value={active}
            onValueChange={setHighlighted}
          >
            <div className="flex items-center gap-2 border-b border-slate-200 px-3">
              <Search className="size-4 text-slate-600" aria-hidden="true" />
              <Command.Input
                value={text}
                onValueChange={setText}
                placeholder={
                  service.isArm ? 'e.g. Microsoft.Web/sites' : `e.g. ${service.provider}_`
                }
                className="h-11 flex-1 bg-transparent text-sm outline-none placeholder:text-slate-500"
              />
              {(types.isFetching || isChoosing) && <Spinner className="size-4 text-slate-500" />}
            </div>
            <Command.List className="max-h-[min(55vh,24rem)] overflow-y-auto p-2">
              {types.isError ? (
                <p role="alert" className="px-3 py-4 text-sm text-red-800">
                  The types could not be loaded: {types.error.message}
                </p>
              ) : types.data && types.data.length === 0 ? (
                <p className="px-3 py-6 text-center text-sm text-slate-600">
                  No type matches “{text}”.
                </p>
              ) : null}
              {found.map((t) => (
                <Command.Item
                  key={t.type}
                  value={t.type}
                  disabled={isChoosing}
                  onSelect={() => void choose(t.type)}
                  className={ITEM}
                >
                  <span className="min-w-0 truncate">{t.type}</span>
                  <span className="shrink-0 font-sans text-[10px] text-slate-500">
                    {t.providerVersion}
                  </span>
                </Command.Item>
              ))}
            </Command.List>
          </Command>
          {error && (
            <p role="alert" className="border-t border-slate-200 px-4 py-2 text-xs text-red-800">
              {error}
            </p>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
