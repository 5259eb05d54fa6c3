import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { ZApiRequest, ZCollectionDoc } from '@stratum/core/api-client/model';
import { addItem, newItemId, replaceRequest } from '@stratum/core/api-client/collection-ops';
import { isApiError } from '../../../lib/api-client';
import {
  collectionQuery,
  useCreateCollection,
  useSaveCollection,
  type TCollection,
} from '../api/collections';
import { ENVIRONMENTS_KEY } from '../api/keys';
import { useImportCurl } from '../api/import';
import { useStartOAuth, waitForOAuth } from '../api/oauth';
import { useRunRequest } from '../api/run';
import { API_TEXT } from '../texts';
import type { TSaveTarget } from './save-dialog';
import { workspace, type TOpenTab } from './workspace-store';

const messageOf = (error: unknown, fallback: string) =>
  isApiError(error)
    ? [error.message, ...error.issues.slice(0, 3).map((i) => `${i.path}: ${i.message}`)].join(' ')
    : fallback;

/** Send, cancel, save, cURL import and the OAuth popup for the open tabs. */
export function useRequestActions(environmentId: string | null) {
  const queryClient = useQueryClient();
  const run = useRunRequest();
  const saveCollection = useSaveCollection();
  const createCollection = useCreateCollection();
  const importCurl = useImportCurl();
  const startOAuth = useStartOAuth();
  const controllers = useRef(new Map<string, AbortController>());
  const [authorizeState, setAuthorizeState] = useState<string | undefined>();

  const contextOf = (tab: TOpenTab) => ({
    ...(environmentId ? { environmentId } : {}),
    ...(tab.origin ? { collectionId: tab.origin.collectionId, itemId: tab.origin.itemId } : {}),
  });

  const send = async (tab: TOpenTab) => {
    if (tab.draft.url.trim() === '') return void toast.error('Enter a URL to send the request to.');
    controllers.current.get(tab.id)?.abort();
    const controller = new AbortController();
    controllers.current.set(tab.id, controller);
    workspace.setRun(tab.id, { status: 'running', startedAt: Date.now() });
    try {
      const result = await run.mutateAsync({
        input: { ...contextOf(tab), request: tab.draft },
        signal: controller.signal,
      });
      workspace.setRun(tab.id, { status: 'done', result });
      const changed = Object.keys(result.variables.set).length + result.variables.unset.length;
      if (environmentId && changed > 0)
        void queryClient.invalidateQueries({ queryKey: ENVIRONMENTS_KEY });
    } catch (error) {
      if (controller.signal.aborted) workspace.setRun(tab.id, { status: 'cancelled' });
      else
        workspace.setRun(tab.id, {
          status: 'failed',
          message: messageOf(error, API_TEXT.sendFailed),
          code: isApiError(error) ? error.code : undefined,
        });
    } finally {
      if (controllers.current.get(tab.id) === controller) controllers.current.delete(tab.id);
    }
  };

  const cancel = (tab: TOpenTab) => controllers.current.get(tab.id)?.abort();

  /** Saves over the collection item the tab came from; false when it has none (ask where). */
  const saveInPlace = async (tab: TOpenTab): Promise<boolean> => {
    if (!tab.origin) return false;
    const origin = tab.origin;
    try {
      const collection = await queryClient.fetchQuery(collectionQuery(origin.collectionId));
      const request = ZApiRequest.parse(tab.draft);
      const doc = replaceRequest(collection.doc, origin.itemId, request);
      await saveCollection.mutateAsync({ id: collection.id, doc, revision: collection.revision });
      workspace.markSaved(tab.id, { origin, name: tab.name, request: tab.draft });
      toast.success(API_TEXT.saved(tab.name));
    } catch (error) {
      toast.error(
        isApiError(error, 'api/revision_conflict')
          ? API_TEXT.conflict
          : messageOf(error, `${tab.name} could not be saved.`),
      );
    }
    return true;
  };

  /** Saves a new request into a collection (or a new one) and ties the tab to it. */
  const saveAs = async (tab: TOpenTab, target: TSaveTarget): Promise<boolean> => {
    try {
      const collection: TCollection =
        target.collectionId === null
          ? await createCollection.mutateAsync(
              ZCollectionDoc.parse({ v: 1, name: target.newCollection }),
            )
          : await queryClient.fetchQuery(collectionQuery(target.collectionId));
      const item = {
        id: newItemId(),
        kind: 'request' as const,
        name: target.name,
        request: ZApiRequest.parse(tab.draft),
      };
      const doc = addItem(collection.doc, item, target.folderId);
      await saveCollection.mutateAsync({ id: collection.id, doc, revision: collection.revision });
      workspace.markSaved(tab.id, {
        origin: { collectionId: collection.id, itemId: item.id },
        name: item.name,
        request: tab.draft,
      });
      toast.success(API_TEXT.saved(item.name));
      return true;
    } catch (error) {
      toast.error(
        isApiError(error, 'api/revision_conflict')
          ? API_TEXT.conflict
          : messageOf(error, 'The request could not be saved.'),
      );
      return false;
    }
  };

  const curl = (tab: TOpenTab, command: string) =>
    importCurl.mutate(command, {
      onSuccess: ({ request, warnings }) => {
        workspace.editRequest(tab.id, () => request);
        toast.success(API_TEXT.curlImported, {
          description: warnings.length > 0 ? warnings.join(' ') : undefined,
        });
      },
      onError: (error) => toast.error(messageOf(error, API_TEXT.curlFailed)),
    });

  /** Authorization code with PKCE: the provider's page in a popup, the token kept server-side. */
  const authorize = async (tab: TOpenTab) => {
    // Opened before any await, so the browser counts it as the user's click.
    const popup = window.open('about:blank', 'stratum-oauth', 'popup,width=520,height=720');
    const controller = new AbortController();
    try {
      const started = await startOAuth.mutateAsync({
        auth: tab.draft.auth,
        ...(environmentId ? { environmentId } : {}),
        ...(tab.origin ? { collectionId: tab.origin.collectionId } : {}),
      });
      if (!popup) {
        setAuthorizeState(
          'The browser blocked the sign-in window; allow pop-ups for this site and try again.',
        );
        return;
      }
      popup.location.href = started.authorizationUrl;
      setAuthorizeState(`Waiting for the provider… (redirect URI: ${started.redirectUri})`);
      const timer = setTimeout(() => controller.abort(), 10 * 60_000);
      const answer = await waitForOAuth(started.state, controller.signal);
      clearTimeout(timer);
      setAuthorizeState(
        answer.ok
          ? 'Access token received. It stays on the server and is used when you send.'
          : `Authorization failed: ${answer.message}`,
      );
    } catch (error) {
      popup?.close();
      setAuthorizeState(
        controller.signal.aborted
          ? 'The sign-in window timed out.'
          : messageOf(error, 'The authorization could not start.'),
      );
    }
  };

  return {
    send,
    cancel,
    saveInPlace,
    saveAs,
    curl,
    authorize,
    authorizeState,
    contextOf,
    isSaving: saveCollection.isPending || createCollection.isPending,
  };
}
