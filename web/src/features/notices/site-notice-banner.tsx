import clsx from 'clsx';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { NOTICE_ROTATION_MS, noticePriorityLabel } from '@stratum/core/notices';
import { formatDateTime } from '../../lib/format-date';
import { useCurrentUser } from '../../lib/session';
import { clampIndex, nextIndex } from './notice-rotation';
import { NOTICE_STYLES } from './notice-style';
import { useSiteNotices } from './use-site-notices';

/**
 * §2 site-notice banner: title, priority badge, message, 'Expires' time, dots when there are
 * several (rotating every 5 s, paused while pointed at or focused), Dismiss when dismissible.
 */
export function SiteNoticeBanner() {
  const user = useCurrentUser();
  const { notices, dismiss } = useSiteNotices(user.id);
  const [index, setIndex] = useState(0);
  const [isPaused, setIsPaused] = useState(false);
  const count = notices.length;
  const current = clampIndex(index, count);

  useEffect(() => {
    if (count < 2 || isPaused) return;
    const timer = window.setInterval(
      () => setIndex((i) => nextIndex(i, count)),
      NOTICE_ROTATION_MS,
    );
    return () => window.clearInterval(timer);
  }, [count, isPaused]);

  const notice = notices[current];
  if (!notice) return null;
  const style = NOTICE_STYLES[notice.type];
  const Icon = style.icon;
  const priority = noticePriorityLabel(notice.priority);

  return (
    <section
      aria-label="Site notices"
      aria-roledescription="carousel"
      onMouseEnter={() => setIsPaused(true)}
      onMouseLeave={() => setIsPaused(false)}
      onFocus={() => setIsPaused(true)}
      onBlur={() => setIsPaused(false)}
      className={clsx('rounded-lg border p-4', style.box)}
    >
      <div
        role="group"
        aria-roledescription="notice"
        aria-label={count > 1 ? `${current + 1} of ${count}` : undefined}
        data-notice-type={notice.type}
        className="flex items-start gap-3"
      >
        <Icon className={clsx('mt-0.5 size-5 shrink-0', style.iconColour)} aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-semibold break-words">{notice.title}</h2>
            <span className="rounded-full bg-white/70 px-2 py-0.5 text-xs font-medium ring-1 ring-current/20">
              {priority}
              <span className="sr-only"> priority</span>
            </span>
          </div>
          <p className="mt-1 text-sm break-words whitespace-pre-line">{notice.message}</p>
          {notice.expiresAt && (
            <p className="mt-1 text-xs opacity-80">Expires {formatDateTime(notice.expiresAt)}</p>
          )}
        </div>
        {notice.dismissible && (
          <button
            type="button"
            onClick={() => dismiss(notice)}
            className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-sm font-medium hover:bg-white/60"
          >
            <X className="size-4" aria-hidden="true" />
            Dismiss
          </button>
        )}
      </div>
      {count > 1 && (
        <div className="mt-3 flex justify-center gap-1">
          {notices.map((n, i) => (
            <button
              key={n.id}
              type="button"
              aria-label={`Show notice ${i + 1} of ${count}: ${n.title}`}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => setIndex(i)}
              className="flex size-6 items-center justify-center rounded-full"
            >
              <span
                className={clsx(
                  'size-2 rounded-full',
                  i === current ? style.dot : 'bg-current opacity-30',
                )}
              />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
