import {
  ChevronDown,
  FolderKanban,
  LogOut,
  Shield,
  User,
  Volume2,
  VolumeX,
  Wallet,
} from 'lucide-react';
import { useNavigate } from 'react-router';
import {
  Menu,
  MenuContent,
  MenuItem,
  MenuLabel,
  MenuSeparator,
  MenuTrigger,
} from '../../components/menu';
import type { ClientUser } from '../../lib/client-user';
import { setMessageSoundsEnabled, useMessageSoundsEnabled } from './message-sounds';
import { isStaff } from '../../lib/pages';
import { UserAvatar } from './user-avatar';
import { useSignOut } from './use-sign-out';

export interface UserMenuProps {
  user: ClientUser;
}

/** §2 user menu: Profile Settings, Subscription, My Projects, sounds, Admin Panel, Sign Out. */
export function UserMenu({ user }: UserMenuProps) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const isSoundOn = useMessageSoundsEnabled();
  const go = (path: string) => () => void navigate(path);
  return (
    <Menu>
      <MenuTrigger
        aria-label={`Account menu for ${user.name}`}
        className="inline-flex items-center gap-2 rounded-full p-0.5 pr-1.5 hover:bg-slate-100"
      >
        <UserAvatar name={user.name} avatar={user.avatar} />
        <ChevronDown className="size-4 text-slate-600" aria-hidden="true" />
      </MenuTrigger>
      <MenuContent align="end" className="w-60">
        <MenuLabel>
          <span className="block truncate text-sm font-semibold text-slate-900">{user.name}</span>
          <span className="block truncate">{user.email}</span>
        </MenuLabel>
        <MenuSeparator />
        <MenuItem onSelect={go('/profile')}>
          <User className="size-4" aria-hidden="true" /> Profile Settings
        </MenuItem>
        <MenuItem onSelect={go('/subscription')}>
          <Wallet className="size-4" aria-hidden="true" /> Subscription
        </MenuItem>
        <MenuItem onSelect={go('/dashboard#projects')}>
          <FolderKanban className="size-4" aria-hidden="true" /> My Projects
        </MenuItem>
        <MenuItem onSelect={() => setMessageSoundsEnabled(!isSoundOn)}>
          {isSoundOn ? (
            <VolumeX className="size-4" aria-hidden="true" />
          ) : (
            <Volume2 className="size-4" aria-hidden="true" />
          )}
          {isSoundOn ? 'Mute message sounds' : 'Unmute message sounds'}
        </MenuItem>
        {isStaff(user.role) && (
          <MenuItem onSelect={go('/admin')}>
            <Shield className="size-4" aria-hidden="true" /> Admin Panel
          </MenuItem>
        )}
        <MenuSeparator />
        <MenuItem onSelect={() => void signOut()} className="text-red-700">
          <LogOut className="size-4" aria-hidden="true" /> Sign Out
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}
