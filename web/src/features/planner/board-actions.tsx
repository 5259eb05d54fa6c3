import * as RadixSwitch from '@radix-ui/react-switch';
import { ChevronDown, Repeat, Shapes, Sparkles } from 'lucide-react';
import { CLOUD_PROFILES } from '@stratum/core/iac/catalog/registry';
import { CLOUDS, type TCloud } from '@stratum/core/iac/types';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuTrigger } from '../../components/menu';
import type { TStarterTemplate } from './templates';

export interface BoardActionsProps {
  cloud: TCloud;
  templates: readonly TStarterTemplate[];
  isOverride: boolean;
  onTemplate: (template: TStarterTemplate) => void;
  onOverride: (isOn: boolean) => void;
  onRetarget: (cloud: TCloud) => void;
  /** Opens "Generate a design from a description" (the assistant). */
  onDescribe: () => void;
}

const trigger =
  'inline-flex h-8 items-center gap-1 rounded-md px-2 text-xs font-medium text-slate-700 hover:bg-slate-100';

/** The planner's actions on the board's toolbar. */
export function BoardActions({
  cloud,
  templates,
  isOverride,
  onTemplate,
  onOverride,
  onRetarget,
  onDescribe,
}: BoardActionsProps) {
  return (
    <>
      <button
        type="button"
        className={trigger}
        onClick={onDescribe}
        title="Generate a design from a description with the assistant"
      >
        <Sparkles className="size-4" aria-hidden="true" /> Describe
      </button>
      <Menu>
        <MenuTrigger className={trigger}>
          <Shapes className="size-4" aria-hidden="true" /> Templates
          <ChevronDown className="size-3" aria-hidden="true" />
        </MenuTrigger>
        <MenuContent align="end">
          <MenuLabel>Starter templates ({CLOUD_PROFILES[cloud].label})</MenuLabel>
          {templates.map((t) => (
            <MenuItem key={t.id} onSelect={() => onTemplate(t)}>
              {t.title}
            </MenuItem>
          ))}
        </MenuContent>
      </Menu>
      <Menu>
        <MenuTrigger className={trigger}>
          <Repeat className="size-4" aria-hidden="true" /> Re-target
          <ChevronDown className="size-3" aria-hidden="true" />
        </MenuTrigger>
        <MenuContent align="end">
          <MenuLabel>Move this design to</MenuLabel>
          {CLOUDS.filter((c) => c !== cloud).map((c) => (
            <MenuItem key={c} onSelect={() => onRetarget(c)}>
              {CLOUD_PROFILES[c].label}
            </MenuItem>
          ))}
        </MenuContent>
      </Menu>
      <label className="inline-flex h-8 items-center gap-1.5 rounded-md px-2 text-xs font-medium text-slate-700">
        <RadixSwitch.Root
          checked={isOverride}
          onCheckedChange={onOverride}
          aria-describedby="override-hint"
          className="relative inline-flex h-4 w-7 shrink-0 items-center rounded-full bg-slate-300 transition-colors data-[state=checked]:bg-brand-600"
        >
          <RadixSwitch.Thumb className="block size-3 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-3.5" />
        </RadixSwitch.Root>
        Architecture optional
        <span id="override-hint" className="sr-only">
          Lets you continue to naming and generation without components on the board.
        </span>
      </label>
    </>
  );
}
