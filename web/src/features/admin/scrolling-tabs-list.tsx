import { ChevronLeft, ChevronRight } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type ComponentProps,
} from 'react';
import { TabsList } from '../../components/tabs';

type ScrollingTabsListProps = ComponentProps<typeof TabsList>;

/**
 * A tab row that says when more tabs are off screen (a phone at 390 px): a fade and an arrow
 * button on the side that hides tabs; the button scrolls the row by most of its width.
 */
export function ScrollingTabsList({ ref, className, ...rest }: ScrollingTabsListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  useImperativeHandle(ref, () => listRef.current!, []);
  const [edges, setEdges] = useState({ hasBefore: false, hasAfter: false });

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const hasBefore = list.scrollLeft > 1;
    const hasAfter = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
    setEdges((e) =>
      e.hasBefore === hasBefore && e.hasAfter === hasAfter ? e : { hasBefore, hasAfter },
    );
  }, []);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    list.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      list.removeEventListener('scroll', measure);
    };
  }, [measure]);

  const scrollBy = (direction: 1 | -1) => {
    const list = listRef.current;
    list?.scrollBy({ left: direction * list.clientWidth * 0.7, behavior: 'smooth' });
  };

  return (
    <div className="relative">
      <TabsList ref={listRef} className={className} {...rest} />
      {edges.hasBefore && (
        <EdgeButton side="left" label="Show earlier tabs" onClick={() => scrollBy(-1)} />
      )}
      {edges.hasAfter && (
        <EdgeButton side="right" label="Show more tabs" onClick={() => scrollBy(1)} />
      )}
    </div>
  );
}

function EdgeButton(props: { side: 'left' | 'right'; label: string; onClick: () => void }) {
  const isLeft = props.side === 'left';
  const Icon = isLeft ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      // Pointer users get the arrow; keyboard users move through the tabs with arrow keys.
      tabIndex={-1}
      aria-label={props.label}
      onClick={props.onClick}
      className={`absolute top-0 bottom-px flex w-10 items-center ${isLeft ? 'left-0 justify-start bg-gradient-to-r' : 'right-0 justify-end bg-gradient-to-l'} from-white via-white/90 to-transparent text-slate-700 hover:text-slate-900`}
    >
      <Icon className="size-5" aria-hidden="true" />
    </button>
  );
}
