import * as Dialog from '@radix-ui/react-dialog';
import { Command } from 'cmdk';
import { Bot, FolderPlus, LogOut, Search, User, Volume2, VolumeX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { setMessageSoundsEnabled, useMessageSoundsEnabled } from './message-sounds';
import { areaOfPage, isBuilt } from '@stratum/core/areas';
import { assistantBridge } from '../../lib/assistant-bridge';
import { canOpen, PAGE_KEYS, PAGE_TITLES, TOOLS } from '../../lib/pages';
import { useSignOut } from './use-sign-out';

export interface CommandPaletteProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  role: string;
}

const itemClasses =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-800 data-[selected=true]:bg-brand-50 data-[selected=true]:text-brand-800';
const groupClasses =
  '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-3 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-slate-600';

/** Ctrl+K: every page the user may open (coming areas apart, saying so), the tools, the actions. */
export function CommandPalette({ isOpen, onOpenChange, role }: CommandPaletteProps) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const isSoundOn = useMessageSoundsEnabled();
  const run = (action: () => void) => () => {
    onOpenChange(false);
    action();
  };
  const go = (path: string) => run(() => void navigate(path));
  const pages = PAGE_KEYS.filter((page) => canOpen(page, role));

  return (
    <Dialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/30" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-[12vh] left-1/2 z-50 w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-2xl"
        >
          <Dialog.Title className="sr-only">Command palette</Dialog.Title>
          <Command label="Command palette" loop>
            <div className="flex items-center gap-2 border-b border-slate-200 px-3">
              <Search className="size-4 text-slate-600" aria-hidden="true" />
              <Command.Input
                placeholder="Go to a page or run an action…"
                className="h-12 flex-1 bg-transparent text-sm outline-none placeholder:text-slate-500"
              />
            </div>
            <Command.List className="max-h-[min(60vh,26rem)] overflow-y-auto p-2">
              <Command.Empty className="px-3 py-6 text-center text-sm text-slate-600">
                Nothing matches.
              </Command.Empty>
              <Command.Group heading="Actions" className={groupClasses}>
                <Item onSelect={go('/planner')} icon={<FolderPlus className="size-4" />}>
                  New project
                </Item>
                <Item
                  onSelect={run(() => assistantBridge.open())}
                  icon={<Bot className="size-4" />}
                  keywords={['chat', 'ai', 'llm']}
                >
                  Ask the assistant
                </Item>
                <Item onSelect={go('/profile')} icon={<User className="size-4" />}>
                  Profile settings
                </Item>
                <Item
                  onSelect={run(() => setMessageSoundsEnabled(!isSoundOn))}
                  icon={isSoundOn ? <VolumeX className="size-4" /> : <Volume2 className="size-4" />}
                >
                  {isSoundOn ? 'Mute message sounds' : 'Unmute message sounds'}
                </Item>
                <Item onSelect={run(() => void signOut())} icon={<LogOut className="size-4" />}>
                  Sign out
                </Item>
              </Command.Group>
              <Command.Group heading="Pages" className={groupClasses}>
                {pages
                  .filter((page) => isBuilt(areaOfPage(page)))
                  .map((page) => (
                    <Item key={page} onSelect={go(`/${page}`)} keywords={[page]}>
                      {PAGE_TITLES[page]}
                    </Item>
                  ))}
              </Command.Group>
              <Command.Group heading="Coming soon" className={groupClasses}>
                {pages
                  .filter((page) => !isBuilt(areaOfPage(page)))
                  .map((page) => (
                    <Item key={page} onSelect={go(`/${page}`)} keywords={[page]}>
                      {`${PAGE_TITLES[page]} (not available yet)`}
                    </Item>
                  ))}
              </Command.Group>
              <Command.Group heading="Tools" className={groupClasses}>
                {TOOLS.map((tool) => (
                  <Item key={tool.slug} onSelect={go(`/tools/${tool.slug}`)} keywords={[tool.slug]}>
                    {tool.label}
                  </Item>
                ))}
              </Command.Group>
            </Command.List>
          </Command>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface ItemProps {
  onSelect: () => void;
  icon?: ReactNode;
  keywords?: string[];
  children: string;
}

function Item({ onSelect, icon, keywords, children }: ItemProps) {
  return (
    <Command.Item value={children} keywords={keywords} onSelect={onSelect} className={itemClasses}>
      <span aria-hidden="true" className="text-slate-500">
        {icon}
      </span>
      {children}
    </Command.Item>
  );
}
