import clsx from 'clsx';

export interface UserAvatarProps {
  name: string;
  avatar: string | null;
  className?: string;
}

export function UserAvatar({ name, avatar, className }: UserAvatarProps) {
  const initials = name
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
  return avatar ? (
    <img src={avatar} alt="" className={clsx('rounded-full object-cover', className ?? 'size-8')} />
  ) : (
    <span
      aria-hidden="true"
      className={clsx(
        'inline-flex items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800',
        className ?? 'size-8',
      )}
    >
      {initials || '?'}
    </span>
  );
}
