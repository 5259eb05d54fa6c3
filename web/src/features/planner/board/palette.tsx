import clsx from 'clsx';
import { Blocks, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TServiceDefinition } from '@stratum/core/iac/catalog/service';
import { CATEGORIES } from '@stratum/core/iac/types';
import { SERVICE_DRAG_TYPE } from './board-model';
import {
  findGenericService,
  RESOURCE_DRAG_TYPE,
  type TGenericService,
} from './resource-form/generic-service';
import { CATEGORY_LABELS, CATEGORY_TONES, ServiceIcon } from './service-icon';

export interface PaletteProps {
  services: readonly TServiceDefinition[];
  /** "Any resource type" entries of the design's cloud: the type is picked after adding. */
  generic: readonly TGenericService[];
  onAdd: (service: TServiceDefinition) => void;
  onAddResource: (service: TGenericService) => void;
}

const ITEM =
  'group flex w-full cursor-grab items-center gap-2 rounded-md border border-slate-200 bg-white px-2 py-1.5 text-left text-sm hover:border-brand-600 active:cursor-grabbing';

interface PaletteItemProps {
  /** What a drop carries: a catalog service, or a generic service whose type is picked after. */
  dragType: string;
  id: string;
  name: string;
  title?: string;
  iconClassName: string;
  icon: ReactNode;
  onAdd: () => void;
}

/** One palette entry: dragged onto the board, or pressed to add. */
function PaletteItem({ dragType, id, name, title, iconClassName, icon, onAdd }: PaletteItemProps) {
  return (
    <li>
      <button
        type="button"
        draggable
        onDragStart={(event) => {
          event.dataTransfer.setData(dragType, id);
          event.dataTransfer.effectAllowed = 'copy';
        }}
        onClick={onAdd}
        aria-label={`Add ${name}`}
        title={title}
        className={ITEM}
      >
        <span
          aria-hidden="true"
          className={clsx(
            'flex size-6 shrink-0 items-center justify-center rounded',
            iconClassName,
          )}
        >
          {icon}
        </span>
        <span className="min-w-0 flex-1 truncate text-slate-800">{name}</span>
        <Plus
          className="size-3.5 shrink-0 text-slate-400 group-hover:text-brand-600"
          aria-hidden="true"
        />
      </button>
    </li>
  );
}

const HEADING = 'mb-1.5 text-[11px] font-semibold tracking-wide text-slate-600 uppercase';

/** The selected services, by category: drag one onto the board, or press it to add it. */
export function Palette({ services, generic, onAdd, onAddResource }: PaletteProps) {
  return (
    <div className="space-y-4">
      <p className="text-xs text-slate-600">
        Drag onto the board (into a network or subnet), or press to add.
      </p>
      {CATEGORIES.map((category) => {
        // A generic service in the catalog is added through its own entry below (type first).
        const items = services.filter(
          (s) => s.category === category && findGenericService(s.id) === undefined,
        );
        if (items.length === 0) return null;
        return (
          <div key={category}>
            <h4 className={HEADING}>{CATEGORY_LABELS[category]}</h4>
            <ul className="space-y-1">
              {items.map((service) => (
                <PaletteItem
                  key={service.id}
                  dragType={SERVICE_DRAG_TYPE}
                  id={service.id}
                  name={service.name}
                  iconClassName={CATEGORY_TONES[category]?.chip ?? ''}
                  icon={<ServiceIcon kind={service.kind} className="size-3.5" />}
                  onAdd={() => onAdd(service)}
                />
              ))}
            </ul>
          </div>
        );
      })}
      {generic.length > 0 && (
        <div>
          <h4 className={HEADING}>Any resource</h4>
          <ul className="space-y-1">
            {generic.map((service) => (
              <PaletteItem
                key={service.id}
                dragType={RESOURCE_DRAG_TYPE}
                id={service.id}
                name={service.name}
                title={service.name}
                iconClassName="bg-slate-100 text-slate-700"
                icon={<Blocks className="size-3.5" />}
                onAdd={() => onAddResource(service)}
              />
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
