import { Bot, FileCode, Send, Trash2, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ASSISTANT_LIMITS } from '@stratum/core/assistant/limits';
import type { TChatEvent } from '@stratum/core/contract/llm/chat';
import { Button, buttonClasses } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { assistantBridge, usePendingAsk, type TAssistantAsk } from '../../lib/assistant-bridge';
import { ChatRefusedError, streamChat } from './chat-stream';
import { conversation, useConversation, type TTurn } from './conversation';
import { OwnKeyForm } from './own-key-form';
import { PatchCard } from './patch-card';
import { PreviewBar } from './preview-bar';
import { useLlmStatus } from './use-llm-status';

/** The chat (spec §1 "chatbot"): a side sheet over any signed-in page, opened by the shell. */
export function AssistantPanel() {
  const status = useLlmStatus();
  const turns = useConversation();
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState<AbortController | null>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const pendingAsk = usePendingAsk();
  // The generated file the chat is about; it goes with every message until removed.
  const [code, setCode] = useState<TAssistantAsk['code'] | null>(null);
  // The turn whose change is previewed: below the lg breakpoint the panel folds to a bar then.
  const [previewId, setPreviewId] = useState<number | null>(null);
  const previewTurn = turns.find((t) => t.id === previewId && t.patch);

  // A question from another page: its prompt waits in the input for the user to send or edit.
  // Without a model the panel says so instead, and the question is dropped.
  useEffect(() => {
    if (!pendingAsk || status.isPending) return;
    assistantBridge.takeAsk();
    if (status.data?.configured !== true) return;
    setDraft(pendingAsk.prompt);
    setCode(pendingAsk.code ?? null);
    inputRef.current?.focus();
  }, [pendingAsk, status.isPending, status.data?.configured]);

  // Block bodies: Chromium's scrollIntoView answers a promise, which React would call on cleanup.
  useEffect(() => {
    inputRef.current?.focus();
  }, [status.data?.configured]);
  useEffect(() => {
    void endRef.current?.scrollIntoView({ block: 'end' });
  }, [turns]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') assistantBridge.close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => () => busy?.abort(), [busy]);

  const send = async () => {
    const text = draft.trim();
    if (!text || busy) return;
    setDraft('');
    conversation.add({ role: 'user', text });
    const history = conversation
      .get()
      .filter((t) => !t.error && t.text !== '')
      .map((t) => ({ role: t.role, content: t.text.slice(0, ASSISTANT_LIMITS.maxPromptChars) }));
    const id = conversation.add({ role: 'assistant', text: '', isStreaming: true });
    const controller = new AbortController();
    setBusy(controller);
    const onEvent = (event: TChatEvent) =>
      conversation.update(id, (turn) => applyEvent(turn, event));
    try {
      const context = assistantBridge.designHost()?.context() ?? {};
      await streamChat(
        { messages: history.slice(-40), ...context, ...codeFor(code, context.projectId) },
        onEvent,
        controller.signal,
      );
    } catch (error) {
      if (!controller.signal.aborted) {
        const code = error instanceof ChatRefusedError ? error.code : 'internal/error';
        const message = error instanceof Error ? error.message : String(error);
        conversation.update(id, (turn) => ({ ...turn, error: { code, message } }));
        if (code === 'llm/not_configured') void status.refetch();
      }
    } finally {
      conversation.update(id, (turn) => ({ ...turn, isStreaming: false }));
      setBusy(null);
    }
  };

  return (
    <>
      {previewTurn?.patch && (
        <PreviewBar
          turn={{ ...previewTurn, patch: previewTurn.patch }}
          onBackToChat={() => setPreviewId(null)}
        />
      )}
      <aside
        aria-label="Assistant"
        className={`fixed inset-y-0 right-0 z-50 w-full flex-col border-l border-slate-200 bg-white shadow-2xl sm:w-[28rem] ${previewTurn ? 'hidden lg:flex' : 'flex'}`}
      >
        <header className="flex h-14 items-center gap-2 border-b border-slate-200 px-4">
          <Bot className="size-5 text-brand-700" aria-hidden="true" />
          <h2 className="text-base font-semibold text-slate-900">Assistant</h2>
          {status.data?.model && (
            <span className="truncate text-xs text-slate-600">{status.data.model}</span>
          )}
          <div className="ml-auto flex items-center gap-1">
            {turns.length > 0 && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  conversation.clear();
                  setCode(null);
                }}
                aria-label="Clear the conversation"
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            )}
            <Button
              variant="ghost"
              size="sm"
              onClick={() => assistantBridge.close()}
              aria-label="Close the assistant"
            >
              <X className="size-4" aria-hidden="true" />
            </Button>
          </div>
        </header>
        {status.isPending ? (
          <div className="flex flex-1 items-center justify-center">
            <Spinner />
          </div>
        ) : status.data?.configured === false ? (
          <NotConfigured />
        ) : (
          <>
            <div className="flex-1 space-y-3 overflow-y-auto px-4 py-3" aria-live="polite">
              {turns.length === 0 && (
                <p className="text-sm text-slate-700">
                  Ask about your design, the generated code or its costs, or ask for a change: a
                  change comes as a list you preview on the board, then apply or reject.
                </p>
              )}
              {turns.map((turn) => (
                <TurnView key={turn.id} turn={turn} onPreviewed={() => setPreviewId(turn.id)} />
              ))}
              <div ref={endRef} />
            </div>
            <form
              className="border-t border-slate-200 p-3"
              onSubmit={(event) => {
                event.preventDefault();
                void send();
              }}
            >
              {code && (
                <p className="mb-2 flex items-center gap-2 rounded-md bg-slate-100 px-2 py-1 text-xs text-slate-800">
                  <FileCode className="size-4 shrink-0 text-slate-600" aria-hidden="true" />
                  <span className="min-w-0 flex-1 truncate">
                    About the generated file <span className="font-mono">{code.path}</span>
                  </span>
                  <button
                    type="button"
                    className="rounded p-0.5 text-slate-600 hover:bg-slate-200 hover:text-slate-900"
                    aria-label={`Remove ${code.path} from the chat`}
                    onClick={() => setCode(null)}
                  >
                    <X className="size-3.5" aria-hidden="true" />
                  </button>
                </p>
              )}
              <label htmlFor="assistant-input" className="sr-only">
                Message to the assistant
              </label>
              <textarea
                id="assistant-input"
                ref={inputRef}
                value={draft}
                maxLength={ASSISTANT_LIMITS.maxPromptChars}
                onChange={(event) => setDraft(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && !event.shiftKey) {
                    event.preventDefault();
                    void send();
                  }
                }}
                rows={3}
                placeholder="Ask the assistant… (Enter sends, Shift+Enter for a new line)"
                className="w-full resize-none rounded-md border border-slate-300 px-3 py-2 text-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-200"
              />
              <div className="mt-2 flex items-center gap-2">
                {status.data && <OwnKeyForm hint={status.data.ownKey.hint} />}
                <div className="ml-auto flex gap-2">
                  {busy && (
                    <Button
                      type="button"
                      variant="secondary"
                      size="sm"
                      onClick={() => busy.abort()}
                    >
                      Stop
                    </Button>
                  )}
                  <Button type="submit" size="sm" disabled={!draft.trim() || busy !== null}>
                    <Send className="size-4" aria-hidden="true" /> Send
                  </Button>
                </div>
              </div>
            </form>
          </>
        )}
      </aside>
    </>
  );
}

/**
 * The file for the request: a stored generation's only while its project is the chat's context
 * (another project's generation would not be found).
 */
function codeFor(code: TAssistantAsk['code'] | null, projectId: string | undefined) {
  if (!code) return {};
  const { projectId: owner, ...rest } = code;
  if (rest.generationId && owner !== projectId) return {};
  return { code: rest };
}

function applyEvent(turn: TTurn, event: TChatEvent): TTurn {
  switch (event.type) {
    case 'delta':
      return { ...turn, text: turn.text + event.text };
    case 'patch':
      return { ...turn, patch: { patch: event.patch, changes: event.changes, state: 'offered' } };
    case 'patch_invalid':
      return { ...turn, invalidPatch: event.issues.map((i) => i.message) };
    case 'error':
      return { ...turn, error: { code: event.code, message: event.message } };
    case 'done':
      return turn;
  }
}

function TurnView({ turn, onPreviewed }: { turn: TTurn; onPreviewed: () => void }) {
  if (turn.role === 'user') {
    return (
      <div className="ml-8 rounded-lg bg-slate-100 px-3 py-2 text-sm whitespace-pre-wrap text-slate-900">
        {turn.text}
      </div>
    );
  }
  return (
    <div className="mr-4 text-sm text-slate-900">
      {turn.text && <p className="whitespace-pre-wrap">{turn.text}</p>}
      {turn.isStreaming && !turn.text && (
        <p className="flex items-center gap-2 text-slate-600">
          <Spinner /> Thinking…
        </p>
      )}
      {turn.patch && <PatchCard turn={{ ...turn, patch: turn.patch }} onPreviewed={onPreviewed} />}
      {turn.invalidPatch && (
        <p className="mt-2 rounded-md border border-amber-200 bg-amber-50 p-2 text-xs text-amber-900">
          The assistant proposed a change that does not validate, so it is not offered:{' '}
          {turn.invalidPatch.join('; ')}
        </p>
      )}
      {turn.error && (
        <p
          role="alert"
          className="mt-2 rounded-md border border-red-200 bg-red-50 p-2 text-xs text-red-800"
        >
          {turn.error.message}
        </p>
      )}
    </div>
  );
}

/** No model: say so plainly and point at what works without one. */
function NotConfigured() {
  return (
    <div className="flex-1 space-y-3 px-4 py-4 text-sm text-slate-800">
      <p className="font-medium text-slate-900">No language model is configured.</p>
      <p>
        This instance has no model connected, so the assistant cannot answer, and it will not make
        answers up. An owner or admin can connect any OpenAI-compatible endpoint in the admin panel,
        or with LLM_BASE_URL, LLM_API_KEY and LLM_MODEL.
      </p>
      <p>Everything else works without one:</p>
      <div className="flex flex-wrap gap-2">
        <Link
          to="/planner"
          className={buttonClasses('secondary', 'sm')}
          onClick={() => assistantBridge.close()}
        >
          Design in the planner
        </Link>
        <Link
          to="/converter"
          className={buttonClasses('secondary', 'sm')}
          onClick={() => assistantBridge.close()}
        >
          Convert IaC files
        </Link>
      </div>
    </div>
  );
}
