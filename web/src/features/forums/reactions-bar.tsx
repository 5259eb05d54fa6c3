import clsx from 'clsx';
import { SmilePlus } from 'lucide-react';
import type { TForumPost } from '@stratum/core/contract/forums/forum';
import { FORUM_REACTIONS, REACTION_EMOJI, type TForumReaction } from '@stratum/core/forums/rules';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../components/menu';

export interface ReactionsBarProps {
  reactions: TForumPost['reactions'];
  onToggle: (reaction: TForumReaction) => void;
}

/** The given reactions as toggles, and a menu to add one of the fixed set. */
export function ReactionsBar({ reactions, onToggle }: ReactionsBarProps) {
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      {reactions.map((r) => (
        <button
          key={r.reaction}
          type="button"
          aria-pressed={r.isMine}
          aria-label={`${r.reaction}: ${r.count}${r.isMine ? ', yours' : ''}`}
          onClick={() => onToggle(r.reaction)}
          className={clsx(
            'inline-flex h-7 items-center gap-1 rounded-full border px-2 text-xs',
            r.isMine
              ? 'border-brand-300 bg-brand-50 text-brand-800'
              : 'border-slate-200 bg-white text-slate-700 hover:bg-slate-50',
          )}
        >
          <span aria-hidden="true">{REACTION_EMOJI[r.reaction]}</span>
          {r.count}
        </button>
      ))}
      <Menu>
        <MenuTrigger
          aria-label="Add a reaction"
          className="inline-flex h-7 items-center rounded-full px-2 text-slate-600 hover:bg-slate-100"
        >
          <SmilePlus className="size-4" aria-hidden="true" />
        </MenuTrigger>
        <MenuContent className="flex min-w-0 gap-1">
          {FORUM_REACTIONS.map((reaction) => (
            <MenuItem
              key={reaction}
              aria-label={`React ${reaction}`}
              className="text-lg"
              onSelect={() => onToggle(reaction)}
            >
              {REACTION_EMOJI[reaction]}
            </MenuItem>
          ))}
        </MenuContent>
      </Menu>
    </div>
  );
}
