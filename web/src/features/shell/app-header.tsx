import { Bot, Search } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../components/logo';
import { assistantBridge } from '../../lib/assistant-bridge';
import { useCurrentUser } from '../../lib/session';
import { CommandPalette } from './command-palette';
import { MainNav } from './main-nav';
import { MessagesBell } from './messages-bell';
import { isStaff, type TPageKey } from '../../lib/pages';
import { QuotaChip } from './quota-chip';
import { ToolsMenu } from './tools-menu';
import { usePaletteShortcut } from './use-palette-shortcut';
import { UserMenu } from './user-menu';

export interface AppHeaderProps {
  currentPage: TPageKey;
}

/** §2 "App header": a top bar with the actions, and the navigation row beneath it. */
export function AppHeader({ currentPage }: AppHeaderProps) {
  const user = useCurrentUser();
  const [isPaletteOpen, setIsPaletteOpen] = useState(false);
  usePaletteShortcut(useCallback(() => setIsPaletteOpen((open) => !open), []));

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-14 max-w-screen-2xl items-center gap-2 px-3 sm:gap-3 sm:px-6">
        <Link to="/dashboard" aria-label="Stratum dashboard" className="mr-auto rounded-md">
          <Logo className="[&>span]:hidden sm:[&>span]:inline" />
        </Link>
        <button
          type="button"
          onClick={() => setIsPaletteOpen(true)}
          aria-keyshortcuts="Control+K"
          className="inline-flex h-9 items-center gap-2 rounded-md border border-slate-200 px-2 text-sm text-slate-600 hover:bg-slate-50 sm:w-56 sm:px-3"
        >
          <Search className="size-4" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Search…</span>
          <kbd className="ml-auto hidden rounded border border-slate-200 bg-slate-50 px-1.5 font-sans text-xs text-slate-600 sm:inline">
            Ctrl K
          </kbd>
        </button>
        <ToolsMenu />
        <button
          type="button"
          onClick={() => assistantBridge.toggle()}
          aria-label="Assistant"
          title="Ask the assistant"
          className="inline-flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
        >
          <Bot className="size-5" aria-hidden="true" />
        </button>
        <MessagesBell />
        <QuotaChip
          subscription={user.subscription}
          credits={user.credits}
          isStaff={isStaff(user.role)}
        />
        <UserMenu user={user} />
      </div>
      <div className="mx-auto max-w-screen-2xl px-3 sm:px-6">
        <MainNav currentPage={currentPage} isStaffUser={isStaff(user.role)} />
      </div>
      <CommandPalette isOpen={isPaletteOpen} onOpenChange={setIsPaletteOpen} role={user.role} />
    </header>
  );
}
