import { useQuery } from '@tanstack/react-query';
import { FileUp, Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  ZCollectionDoc,
  type TCollectionItem,
  type TRequestItem,
} from '@stratum/core/api-client/model';
import {
  addItem,
  duplicateItem,
  moveItem,
  newItemId,
  removeItem,
  renameItem,
  walkItems,
} from '@stratum/core/api-client/collection-ops';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListState } from '../../../components/list-state';
import { isApiError } from '../../../lib/api-client';
import {
  collectionsQuery,
  fetchPostmanExport,
  useCreateCollection,
  useDeleteCollection,
  useDuplicateCollection,
  type TCollection,
  type TCollectionSummary,
} from '../api/collections';
import { NameDialog } from '../name-dialog';
import { blankRequest, workspace, type TRequestOrigin } from '../workspace/workspace-store';
import { CollectionBody } from './collection-body';
import { CollectionHeader } from './collection-header';
import { useCollectionEdit } from './use-collection-edit';

export interface CollectionsPanelProps {
  activeOrigin: TRequestOrigin | null;
  onImport: () => void;
  /** After an item is opened (closes the drawer on a phone). */
  onOpened?: () => void;
}

type TDialog =
  | { kind: 'new-collection' }
  | { kind: 'rename-collection'; collection: TCollection }
  | { kind: 'delete-collection'; summary: TCollectionSummary }
  | { kind: 'new-folder'; collection: TCollection; folderId: string | null }
  | { kind: 'rename-item'; collection: TCollection; item: TCollectionItem }
  | { kind: 'delete-item'; collection: TCollection; item: TCollectionItem };

/** Saves a file the browser downloads (exports). */
function downloadText(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The user's collections: open one to see its tree; create, import, export, edit. */
export function CollectionsPanel({ activeOrigin, onImport, onOpened }: CollectionsPanelProps) {
  const collections = useQuery(collectionsQuery());
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [dialog, setDialog] = useState<TDialog | null>(null);
  const create = useCreateCollection();
  const duplicate = useDuplicateCollection();
  const remove = useDeleteCollection();
  const edit = useCollectionEdit();
  const close = () => setDialog(null);

  const openItem = (collection: TCollection, item: TRequestItem) => {
    workspace.openItem({ collectionId: collection.id, itemId: item.id }, item.name, item.request);
    onOpened?.();
  };
  const addRequest = (collection: TCollection, folderId: string | null) => {
    const item: TRequestItem = {
      id: newItemId(),
      kind: 'request',
      name: 'New request',
      request: blankRequest(),
    };
    edit.apply(
      collection,
      (doc) => addItem(doc, item, folderId),
      () => openItem(collection, item),
    );
  };
  const exportCollection = async (summary: TCollectionSummary) => {
    try {
      const file = await fetchPostmanExport(summary.id);
      downloadText(file.fileName, file.text);
      if (file.warnings.length > 0)
        toast.warning(`Exported. Postman cannot hold: ${file.warnings.join('; ')}`);
    } catch (error) {
      toast.error(isApiError(error) ? error.message : `${summary.name} could not be exported.`);
    }
  };
  const failed = (what: string) => (error: unknown) =>
    toast.error(isApiError(error) ? error.message : what);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => setDialog({ kind: 'new-collection' })}>
          <Plus className="size-4" aria-hidden="true" /> New collection
        </Button>
        <Button size="sm" variant="ghost" onClick={onImport}>
          <FileUp className="size-4" aria-hidden="true" /> Import
        </Button>
      </div>
      <ListState result={collections} what="collections">
        {(list) =>
          list.length === 0 ? (
            <p className="text-sm text-slate-600">
              No collections yet. Create one, or import a Postman collection or an OpenAPI file.
            </p>
          ) : (
            <ul aria-label="Collections" className="space-y-1">
              {list.map((summary) => {
                const isExpanded = expanded.has(summary.id);
                return (
                  <li key={summary.id}>
                    <CollectionHeader
                      summary={summary}
                      isExpanded={isExpanded}
                      onToggle={() =>
                        setExpanded((before) => {
                          const next = new Set(before);
                          if (next.has(summary.id)) next.delete(summary.id);
                          else next.add(summary.id);
                          return next;
                        })
                      }
                      onDuplicate={() =>
                        duplicate.mutate(summary.id, {
                          onSuccess: (copy) => toast.success(`${copy.name} created`),
                          onError: failed(`${summary.name} could not be duplicated.`),
                        })
                      }
                      onExport={() => void exportCollection(summary)}
                      onDelete={() => setDialog({ kind: 'delete-collection', summary })}
                      onAction={(action, collection) => {
                        if (action === 'request') addRequest(collection, null);
                        if (action === 'folder')
                          setDialog({ kind: 'new-folder', collection, folderId: null });
                        if (action === 'rename')
                          setDialog({ kind: 'rename-collection', collection });
                      }}
                    />
                    {isExpanded && (
                      <CollectionBody
                        id={summary.id}
                        activeItemId={
                          activeOrigin?.collectionId === summary.id ? activeOrigin.itemId : null
                        }
                        onOpen={openItem}
                        onMove={(collection, itemId, folderId, index) =>
                          edit.apply(collection, (doc) => moveItem(doc, itemId, folderId, index))
                        }
                        onAddRequest={addRequest}
                        onAddFolder={(collection, folderId) =>
                          setDialog({ kind: 'new-folder', collection, folderId })
                        }
                        onRename={(collection, item) =>
                          setDialog({ kind: 'rename-item', collection, item })
                        }
                        onDuplicate={(collection, item) =>
                          edit.apply(collection, (doc) => duplicateItem(doc, item.id))
                        }
                        onDelete={(collection, item) =>
                          setDialog({ kind: 'delete-item', collection, item })
                        }
                      />
                    )}
                  </li>
                );
              })}
            </ul>
          )
        }
      </ListState>

      {dialog?.kind === 'new-collection' && (
        <NameDialog
          title="New collection"
          label="Collection name"
          confirmLabel="Create collection"
          isBusy={create.isPending}
          onClose={close}
          onSubmit={(name) =>
            create.mutate(ZCollectionDoc.parse({ v: 1, name }), {
              onSuccess: (created) => {
                setExpanded((s) => new Set(s).add(created.id));
                close();
              },
              onError: failed('The collection could not be created.'),
            })
          }
        />
      )}
      {dialog?.kind === 'rename-collection' && (
        <NameDialog
          title="Rename collection"
          label="Collection name"
          initial={dialog.collection.doc.name}
          confirmLabel="Rename"
          onClose={close}
          onSubmit={(name) => {
            edit.apply(dialog.collection, (doc) => ({ ...doc, name }));
            close();
          }}
        />
      )}
      {dialog?.kind === 'new-folder' && (
        <NameDialog
          title="New folder"
          label="Folder name"
          confirmLabel="Create folder"
          onClose={close}
          onSubmit={(name) => {
            edit.apply(dialog.collection, (doc) =>
              addItem(
                doc,
                { id: newItemId(), kind: 'folder', name, auth: { type: 'inherit' }, items: [] },
                dialog.folderId,
              ),
            );
            close();
          }}
        />
      )}
      {dialog?.kind === 'rename-item' && (
        <NameDialog
          title={`Rename ${dialog.item.kind}`}
          label="Name"
          initial={dialog.item.name}
          confirmLabel="Rename"
          onClose={close}
          onSubmit={(name) => {
            const { collection, item } = dialog;
            edit.apply(
              collection,
              (doc) => renameItem(doc, item.id, name),
              () => workspace.renameOrigin({ collectionId: collection.id, itemId: item.id }, name),
            );
            close();
          }}
        />
      )}
      <ConfirmDialog
        isOpen={dialog?.kind === 'delete-item'}
        onOpenChange={(isOpen) => !isOpen && close()}
        title={`Delete ${dialog?.kind === 'delete-item' ? dialog.item.name : ''}?`}
        description={
          dialog?.kind === 'delete-item' && dialog.item.kind === 'folder'
            ? 'The folder and every request in it are removed from the collection.'
            : 'The request is removed from the collection. An open tab keeps it as an unsaved request.'
        }
        confirmLabel="Delete"
        isDanger
        onConfirm={() => {
          if (dialog?.kind !== 'delete-item') return;
          const { collection, item } = dialog;
          const ids = [...walkItems([item])].map((i) => i.id);
          edit.apply(
            collection,
            (doc) => removeItem(doc, item.id),
            () => workspace.detachOrigin(collection.id, ids),
          );
          close();
        }}
      />
      <ConfirmDialog
        isOpen={dialog?.kind === 'delete-collection'}
        onOpenChange={(isOpen) => !isOpen && close()}
        title={`Delete ${dialog?.kind === 'delete-collection' ? dialog.summary.name : ''}?`}
        description="The collection and all its folders and requests are deleted. This cannot be undone."
        confirmLabel="Delete collection"
        isDanger
        isBusy={remove.isPending}
        onConfirm={() => {
          if (dialog?.kind !== 'delete-collection') return;
          const { summary } = dialog;
          remove.mutate(summary.id, {
            onSuccess: () => {
              workspace.detachOrigin(summary.id, null);
              toast.success(`${summary.name} deleted`);
              close();
            },
            onError: failed(`${summary.name} could not be deleted.`),
          });
        }}
      />
    </div>
  );
}
