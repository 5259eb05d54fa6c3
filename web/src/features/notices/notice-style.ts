import { CircleAlert, CircleCheck, Info, TriangleAlert, type LucideIcon } from 'lucide-react';
import type { TNoticeType } from '@stratum/core/notices';

export interface NoticeStyle {
  icon: LucideIcon;
  /** The banner's background, border and text. */
  box: string;
  iconColour: string;
  dot: string;
}

/** §2: the type decides the banner's colours and icon. */
export const NOTICE_STYLES: Record<TNoticeType, NoticeStyle> = {
  info: {
    icon: Info,
    box: 'border-sky-200 bg-sky-50 text-sky-950',
    iconColour: 'text-sky-700',
    dot: 'bg-sky-700',
  },
  success: {
    icon: CircleCheck,
    box: 'border-green-200 bg-green-50 text-green-950',
    iconColour: 'text-green-700',
    dot: 'bg-green-700',
  },
  warning: {
    icon: TriangleAlert,
    box: 'border-amber-200 bg-amber-50 text-amber-950',
    iconColour: 'text-amber-700',
    dot: 'bg-amber-700',
  },
  error: {
    icon: CircleAlert,
    box: 'border-red-200 bg-red-50 text-red-950',
    iconColour: 'text-red-700',
    dot: 'bg-red-700',
  },
};
