import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, Columns3 } from 'lucide-react';
import { buttonClasses } from '../../components/button';
import { MenuContent, MenuLabel } from '../../components/menu';
import { ASSET_COLUMNS, type TColumnId } from './columns';

export interface ColumnChooserProps {
  columns: readonly TColumnId[];
  onChange: (columns: TColumnId[]) => void;
}

/** Which columns the table shows (the address always); remembered in this browser. */
export function ColumnChooser({ columns, onChange }: ColumnChooserProps) {
  const toggle = (id: TColumnId) =>
    onChange(
      ASSET_COLUMNS.map((c) => c.id).filter((c) =>
        c === id ? !columns.includes(id) : columns.includes(c),
      ),
    );
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={buttonClasses('secondary', 'sm')}>
        <Columns3 className="size-4" aria-hidden="true" /> Columns
      </DropdownMenu.Trigger>
      <MenuContent align="end">
        <MenuLabel>Columns shown</MenuLabel>
        {ASSET_COLUMNS.map((c) => (
          <DropdownMenu.CheckboxItem
            key={c.id}
            checked={columns.includes(c.id)}
            disabled={c.id === 'address'}
            onSelect={(e) => e.preventDefault()}
            onCheckedChange={() => toggle(c.id)}
            className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 outline-none select-none data-[disabled]:cursor-default data-[disabled]:text-slate-500 data-[highlighted]:bg-brand-50"
          >
            <span className="flex size-4 items-center justify-center">
              <DropdownMenu.ItemIndicator>
                <Check className="size-4" aria-hidden="true" />
              </DropdownMenu.ItemIndicator>
            </span>
            {c.label}
          </DropdownMenu.CheckboxItem>
        ))}
      </MenuContent>
    </DropdownMenu.Root>
  );
}
