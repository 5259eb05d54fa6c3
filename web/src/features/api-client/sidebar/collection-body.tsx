import { useQuery } from '@tanstack/react-query';
import type { TCollectionItem, TRequestItem } from '@stratum/core/api-client/model';
import { walkItems } from '@stratum/core/api-client/collection-ops';
import { Spinner } from '../../../components/spinner';
import { collectionQuery, type TCollection } from '../api/collections';
import { CollectionTree } from './collection-tree';

export interface CollectionBodyProps {
  id: string;
  activeItemId: string | null;
  onOpen: (collection: TCollection, item: TRequestItem) => void;
  onMove: (collection: TCollection, itemId: string, folderId: string | null, index: number) => void;
  onAddRequest: (collection: TCollection, folderId: string | null) => void;
  onAddFolder: (collection: TCollection, folderId: string | null) => void;
  onRename: (collection: TCollection, item: TCollectionItem) => void;
  onDuplicate: (collection: TCollection, item: TCollectionItem) => void;
  onDelete: (collection: TCollection, item: TCollectionItem) => void;
}

/** An open collection: its document loaded, then its tree of folders and requests. */
export function CollectionBody({
  id,
  activeItemId,
  onOpen,
  onMove,
  ...actions
}: CollectionBodyProps) {
  const collection = useQuery(collectionQuery(id));
  if (!collection.data) {
    return collection.isError ? (
      <p className="px-2 text-xs text-red-700">This collection could not be loaded.</p>
    ) : (
      <p className="flex items-center gap-2 px-2 text-xs text-slate-600">
        <Spinner className="size-3" /> Loading…
      </p>
    );
  }
  const data = collection.data;
  return (
    <div className="ml-2 border-l border-slate-200 pl-1">
      <CollectionTree
        doc={data.doc}
        activeItemId={activeItemId}
        onOpen={(itemId) => {
          const item = [...walkItems(data.doc.items)].find((i) => i.id === itemId);
          if (item?.kind === 'request') onOpen(data, item);
        }}
        onMove={(itemId, folderId, index) => onMove(data, itemId, folderId, index)}
        onAddRequest={(folderId) => actions.onAddRequest(data, folderId)}
        onAddFolder={(folderId) => actions.onAddFolder(data, folderId)}
        onRename={(item) => actions.onRename(data, item)}
        onDuplicate={(item) => actions.onDuplicate(data, item)}
        onDelete={(item) => actions.onDelete(data, item)}
      />
    </div>
  );
}
