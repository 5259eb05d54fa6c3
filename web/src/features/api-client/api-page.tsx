import * as RadixDialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { Code2, PanelLeftClose, PanelLeftOpen, Plus, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { replaceRequest, effectiveAuthSource } from '@stratum/core/api-client/collection-ops';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useCurrentUser } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { collectionQuery } from './api/collections';
import { environmentQuery, environmentsQuery } from './api/environments';
import { RequestEditor } from './editor/request-editor';
import { ImportDialog } from './import-dialog';
import { LockMark, usePlanAccess } from './plan-access';
import { ResponsePane } from './response/response-pane';
import { Sidebar } from './sidebar/sidebar';
import { API_TEXT } from './texts';
import { RequestTabs } from './workspace/request-tabs';
import { SaveDialog } from './workspace/save-dialog';
import { SnippetDialog } from './workspace/snippet-dialog';
import { useEnvironmentChoice } from './workspace/use-environment-choice';
import { useOAuthTokenStatus } from './workspace/use-oauth-status';
import { useRequestActions } from './workspace/use-request-actions';
import { variableLookup } from './workspace/variable-lookup';
import { isDirty, useWorkspace, workspace, type TOpenTab } from './workspace/workspace-store';

/**
 * The API Calls page (issue 12): collections, environments and history on the left; open
 * requests on top; the request editor and its response below. Requests leave from the server.
 */
export function ApiPage() {
  useDocumentTitle(API_TEXT.pageTitle);
  workspace.claim(useCurrentUser().id);
  const tabs = useWorkspace((s) => s.tabs);
  const activeId = useWorkspace((s) => s.activeId);
  const tab = tabs.find((t) => t.id === activeId) ?? null;
  const { can } = usePlanAccess();
  const { environmentId, chooseEnvironment } = useEnvironmentChoice();
  const environments = useQuery(environmentsQuery());
  const environment = environments.data?.find((e) => e.id === environmentId) ?? null;
  // Its variables, for the URL bar's marks (secret values are never sent to the browser).
  const variables = useQuery({
    ...environmentQuery(environment?.id ?? ''),
    enabled: environment !== null,
  });
  const collection = useQuery({
    ...collectionQuery(tab?.origin?.collectionId ?? ''),
    enabled: tab?.origin != null,
  });
  const actions = useRequestActions(environment?.id ?? null);
  const [isSidebarShown, setIsSidebarShown] = useState(true);
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const [isImporting, setIsImporting] = useState(false);
  const [savingTab, setSavingTab] = useState<TOpenTab | null>(null);
  const [closingTab, setClosingTab] = useState<TOpenTab | null>(null);
  const [isSnippetOpen, setIsSnippetOpen] = useState(false);

  const save = async (target: TOpenTab) => {
    if (!(await actions.saveInPlace(target))) setSavingTab(target);
  };
  const latest = useRef({ tab, save, send: actions.send });
  latest.current = { tab, save, send: actions.send };
  useEffect(() => {
    // Capture phase: before CodeMirror turns Ctrl+Enter into a new line.
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const current = latest.current.tab;
      if (event.key === 's' || event.key === 'S') {
        event.preventDefault();
        if (current) void latest.current.save(current);
      } else if (event.key === 'Enter' && current) {
        event.preventDefault();
        event.stopPropagation();
        if (current.run.status !== 'running') void latest.current.send(current);
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);

  const doc = collection.data?.doc ?? null;
  const inherited = (() => {
    if (!tab?.origin || !doc) return null;
    try {
      const source = effectiveAuthSource(
        replaceRequest(doc, tab.origin.itemId, tab.draft),
        tab.origin.itemId,
      );
      return source ? { from: `${source.from.kind} ${source.from.name}`, auth: source.auth } : null;
    } catch {
      return null;
    }
  })();
  const close = (target: TOpenTab) =>
    isDirty(target) ? setClosingTab(target) : workspace.close(target.id);
  const sidebar = (
    <Sidebar
      environmentId={environment?.id ?? null}
      onChooseEnvironment={chooseEnvironment}
      activeOrigin={tab?.origin ?? null}
      onImport={() => setIsImporting(true)}
      onOpened={() => setIsDrawerOpen(false)}
    />
  );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{API_TEXT.pageTitle}</h1>
        <div className="ml-auto flex min-w-0 flex-wrap items-center gap-2">
          <label htmlFor="api-environment" className="text-sm font-medium text-slate-800">
            Environment
          </label>
          <select
            id="api-environment"
            value={environment?.id ?? ''}
            onChange={(e) => chooseEnvironment(e.target.value || null)}
            className="h-9 max-w-48 min-w-0 rounded-md border border-slate-300 bg-white px-2 text-sm shadow-xs"
          >
            <option value="">{API_TEXT.noEnvironment}</option>
            {environments.data?.map((env) => (
              <option key={env.id} value={env.id}>
                {env.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className={isSidebarShown ? 'lg:grid lg:grid-cols-[20rem_minmax(0,1fr)] lg:gap-5' : ''}>
        {isSidebarShown && (
          <aside
            aria-label="Collections, environments and history"
            className="hidden lg:sticky lg:top-4 lg:block lg:max-h-[calc(100dvh-6rem)] lg:self-start lg:overflow-y-auto"
          >
            {sidebar}
          </aside>
        )}
        <div className="min-w-0 space-y-4">
          <div className="flex min-w-0 items-end gap-1 border-b border-slate-300">
            <button
              type="button"
              onClick={() => setIsSidebarShown((v) => !v)}
              aria-label={isSidebarShown ? 'Hide sidebar' : 'Show sidebar'}
              className="mb-0.5 hidden shrink-0 rounded-md p-1.5 text-slate-700 hover:bg-slate-200 lg:block"
            >
              {isSidebarShown ? (
                <PanelLeftClose className="size-4" aria-hidden="true" />
              ) : (
                <PanelLeftOpen className="size-4" aria-hidden="true" />
              )}
            </button>
            <RadixDialog.Root open={isDrawerOpen} onOpenChange={setIsDrawerOpen}>
              <RadixDialog.Trigger
                className="mb-0.5 shrink-0 rounded-md p-1.5 text-slate-700 hover:bg-slate-200 lg:hidden"
                aria-label="Open collections"
              >
                <PanelLeftOpen className="size-4" aria-hidden="true" />
              </RadixDialog.Trigger>
              <RadixDialog.Portal>
                <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
                <RadixDialog.Content
                  className="fixed inset-y-0 left-0 z-50 w-[min(22rem,calc(100vw-2.5rem))] overflow-y-auto bg-white p-4 shadow-2xl"
                  aria-describedby={undefined}
                >
                  <div className="mb-3 flex items-center justify-between">
                    <RadixDialog.Title className="text-base font-semibold text-slate-900">
                      Collections
                    </RadixDialog.Title>
                    <RadixDialog.Close
                      aria-label="Close collections"
                      className="rounded-md p-1 text-slate-600 hover:bg-slate-100"
                    >
                      <X className="size-4" aria-hidden="true" />
                    </RadixDialog.Close>
                  </div>
                  {sidebar}
                </RadixDialog.Content>
              </RadixDialog.Portal>
            </RadixDialog.Root>
            <RequestTabs
              tabs={tabs}
              activeId={activeId}
              onActivate={(id) => workspace.activate(id)}
              onClose={close}
              onNew={() => workspace.open({})}
            />
          </div>
          {tab ? (
            <ActiveRequest
              key={tab.id}
              tab={tab}
              lookup={variableLookup(environment ? (variables.data ?? null) : null, doc)}
              can={can}
              inherited={inherited}
              actions={actions}
              onSave={() => void save(tab)}
              onSnippet={() => setIsSnippetOpen(true)}
            />
          ) : (
            <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
              <p className="text-sm text-slate-700">
                Open a request from a collection or the history, or start a new one. Paste a cURL
                command into the URL to turn it into a request.
              </p>
              <Button className="mt-4" onClick={() => workspace.open({})}>
                <Plus className="size-4" aria-hidden="true" /> New request
              </Button>
            </div>
          )}
        </div>
      </div>
      {isImporting && <ImportDialog onClose={() => setIsImporting(false)} />}
      {savingTab && (
        <SaveDialog
          initialName={savingTab.name === API_TEXT.untitled ? '' : savingTab.name}
          isBusy={actions.isSaving}
          onClose={() => setSavingTab(null)}
          onSave={(target) =>
            void actions
              .saveAs(
                workspace.getState().tabs.find((t) => t.id === savingTab.id) ?? savingTab,
                target,
              )
              .then((ok) => ok && setSavingTab(null))
          }
        />
      )}
      {isSnippetOpen && tab && (
        <SnippetDialog
          request={tab.draft}
          context={actions.contextOf(tab)}
          isAllowed={can('api-code-snippets')}
          onClose={() => setIsSnippetOpen(false)}
        />
      )}
      <ConfirmDialog
        isOpen={closingTab !== null}
        onOpenChange={(isOpen) => !isOpen && setClosingTab(null)}
        title={`Close ${closingTab?.name ?? ''}?`}
        description="It has changes that are not saved. Closing the tab loses them."
        confirmLabel="Close without saving"
        isDanger
        onConfirm={() => {
          if (closingTab) workspace.close(closingTab.id);
          setClosingTab(null);
        }}
      />
    </div>
  );
}

interface ActiveRequestProps {
  tab: TOpenTab;
  lookup: ReturnType<typeof variableLookup>;
  can: ReturnType<typeof usePlanAccess>['can'];
  inherited: { from: string; auth: TOpenTab['draft']['auth'] } | null;
  actions: ReturnType<typeof useRequestActions>;
  onSave: () => void;
  onSnippet: () => void;
}

function ActiveRequest({
  tab,
  lookup,
  can,
  inherited,
  actions,
  onSave,
  onSnippet,
}: ActiveRequestProps) {
  const dirty = isDirty(tab);
  const { itemId: _itemId, ...context } = actions.contextOf(tab);
  const tokenStatus = useOAuthTokenStatus(tab.draft.auth, context, can('api-advanced-auth'));
  return (
    <>
      <section aria-label="Request" className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="min-w-0 flex-1 truncate text-base font-semibold text-slate-900">
            {tab.name}
            {dirty && <span className="ml-2 text-xs font-normal text-amber-800">Unsaved</span>}
          </h2>
          <Button size="sm" variant="ghost" onClick={onSnippet}>
            <Code2 className="size-4" aria-hidden="true" /> Code
            {!can('api-code-snippets') && <LockMark feature="api-code-snippets" />}
          </Button>
          <Button size="sm" variant="secondary" onClick={onSave} aria-keyshortcuts="Control+S">
            Save
          </Button>
        </div>
        <RequestEditor
          request={tab.draft}
          isRunning={tab.run.status === 'running'}
          lookup={lookup}
          can={can}
          inherited={inherited}
          onEdit={(edit) => workspace.editRequest(tab.id, edit)}
          onBodyModeChange={(mode) => workspace.setBodyMode(tab.id, mode)}
          onSend={() => void actions.send(tab)}
          onCancel={() => actions.cancel(tab)}
          onCurl={(command) => actions.curl(tab, command)}
          onAuthorize={() => void actions.authorize(tab)}
          authorizeState={actions.authorizeState}
          tokenStatus={tokenStatus}
        />
      </section>
      <ResponsePane run={tab.run} onCancel={() => actions.cancel(tab)} />
    </>
  );
}
