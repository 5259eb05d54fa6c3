import clsx from 'clsx';
import type { TServiceDefinition } from '@stratum/core/iac/catalog/service';
import { CATEGORY_TONES, ServiceIcon } from './board/service-icon';

export interface ServiceOptionProps {
  service: TServiceDefinition;
  isSelected: boolean;
  isOnBoard: boolean;
  onToggle: () => void;
}

/** One catalog service to select, with its icon, description and whether it is on the board. */
export function ServiceOption({ service, isSelected, isOnBoard, onToggle }: ServiceOptionProps) {
  const id = `service-${service.id.replace(/\./g, '-')}`;
  return (
    <li>
      <label
        className={clsx(
          'flex h-full cursor-pointer items-start gap-3 rounded-lg border bg-white p-3 transition-colors focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600 hover:border-brand-600',
          isSelected ? 'border-brand-600 bg-brand-50/40' : 'border-slate-200',
        )}
      >
        <input
          type="checkbox"
          checked={isSelected}
          onChange={onToggle}
          aria-labelledby={`${id}-name`}
          aria-describedby={`${id}-description`}
          className="mt-1 size-4 shrink-0 accent-brand-600"
        />
        <span
          aria-hidden="true"
          className={clsx(
            'flex size-8 shrink-0 items-center justify-center rounded-md',
            CATEGORY_TONES[service.category]?.chip,
          )}
        >
          <ServiceIcon kind={service.kind} />
        </span>
        <span className="min-w-0">
          <span id={`${id}-name`} className="block text-sm font-medium text-slate-900">
            {service.name}
          </span>
          <span
            id={`${id}-description`}
            className="mt-0.5 line-clamp-2 block text-xs text-slate-600"
          >
            {service.description}
          </span>
          {isOnBoard && (
            <span className="mt-1 inline-block rounded bg-slate-100 px-1.5 py-0.5 text-[11px] font-medium text-slate-700">
              On the board
            </span>
          )}
        </span>
      </label>
    </li>
  );
}
