import clsx from 'clsx';
import { ChevronDown, Clock3 } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../components/menu';
import { countVisibleItems, navItemsFor, type NavItem } from './nav-items';
import type { TPageKey } from '../../lib/pages';

export interface MainNavProps {
  currentPage: TPageKey;
  isStaffUser: boolean;
}

const GAP_PX = 4;
const itemClasses =
  'inline-flex h-9 items-center gap-1 rounded-md px-3 text-sm font-medium whitespace-nowrap focus-visible:-outline-offset-2';

/**
 * The §2 navigation: items that do not fit fold into More; Dashboard and Planner never do. Pages
 * that are not §2 header items (Clusters) are always in More, after the folded ones.
 */
export function MainNav({ currentPage, isStaffUser }: MainNavProps) {
  const all = navItemsFor(isStaffUser);
  const items = all.filter((item) => item.isInMoreMenu !== true);
  const moreOnly = all.filter((item) => item.isInMoreMenu === true);
  const pinnedCount = items.filter((i) => i.isPinned).length;
  const rowRef = useRef<HTMLDivElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [visibleCount, setVisibleCount] = useState(items.length);
  const navigate = useNavigate();

  useLayoutEffect(() => {
    const row = rowRef.current;
    const measure = measureRef.current;
    if (!row || !measure) return;
    const update = () => {
      const widths = Array.from(measure.children, (el) => el.getBoundingClientRect().width);
      const moreWidth = widths.pop() ?? 0;
      setVisibleCount(
        countVisibleItems(
          widths,
          pinnedCount,
          row.clientWidth,
          moreWidth + GAP_PX,
          GAP_PX,
          moreOnly.length > 0,
        ),
      );
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(row);
    return () => observer.disconnect();
  }, [items.length, pinnedCount, moreOnly.length]);

  const visible = items.slice(0, visibleCount);
  const folded = [...items.slice(visibleCount), ...moreOnly];
  const isCurrentFolded = folded.some((item) => item.page === currentPage);

  return (
    <nav aria-label="Main" className="relative min-w-0 flex-1 overflow-hidden">
      <div ref={measureRef} aria-hidden="true" className="invisible absolute top-0 left-0 flex">
        {items.map((item) => (
          <span key={item.page} className={itemClasses}>
            <NavLabel item={item} />
          </span>
        ))}
        <span className={itemClasses}>
          More <ChevronDown className="size-4" />
        </span>
      </div>
      <div ref={rowRef} className="flex items-center gap-1 py-1">
        {visible.map((item) => (
          <NavLink
            key={item.page}
            to={`/${item.page}`}
            className={({ isActive }) =>
              clsx(
                itemClasses,
                isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100',
              )
            }
          >
            <NavLabel item={item} />
          </NavLink>
        ))}
        {folded.length > 0 && (
          <Menu>
            <MenuTrigger
              className={clsx(
                itemClasses,
                isCurrentFolded
                  ? 'bg-brand-50 text-brand-800'
                  : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              More <ChevronDown className="size-4" aria-hidden="true" />
            </MenuTrigger>
            <MenuContent align="start">
              {folded.map((item) => (
                <MenuItem
                  key={item.page}
                  onSelect={() => void navigate(`/${item.page}`)}
                  aria-current={item.page === currentPage ? 'page' : undefined}
                >
                  <NavLabel item={item} />
                </MenuItem>
              ))}
            </MenuContent>
          </Menu>
        )}
      </div>
    </nav>
  );
}

/** A coming area keeps its §2 place, muted with a clock; its page says what is coming. */
function NavLabel({ item }: { item: NavItem }) {
  if (!item.isComing) return item.label;
  return (
    <span className="inline-flex items-center gap-1 text-slate-500" title="Coming soon">
      {item.label}
      <Clock3 className="size-3" aria-hidden="true" />
      <span className="sr-only">(coming soon)</span>
    </span>
  );
}
