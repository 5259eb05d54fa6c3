import { Suspense, lazy } from 'react';
import { useAssistantOpen } from '../../lib/assistant-bridge';

const AssistantPanel = lazy(() =>
  import('./assistant-panel').then((m) => ({ default: m.AssistantPanel })),
);

/**
 * The chat panel (spec §1's chatbot) on every signed-in page, loaded when first opened: the
 * header's Assistant button and the palette's "Ask the assistant" open it.
 */
export function AssistantDock() {
  const isOpen = useAssistantOpen();
  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <AssistantPanel />
    </Suspense>
  );
}
