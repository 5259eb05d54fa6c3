import { toast } from 'sonner';
import type { TCollectionDoc } from '@stratum/core/api-client/model';
import { CollectionOpError } from '@stratum/core/api-client/collection-ops';
import { isApiError } from '../../../lib/api-client';
import { useSaveCollection, type TCollection } from '../api/collections';
import { API_TEXT } from '../texts';

/** Applies a pure edit to a collection and stores it; says why when it cannot. */
export function useCollectionEdit() {
  const save = useSaveCollection();
  return {
    isSaving: save.isPending,
    apply(
      collection: TCollection,
      edit: (doc: TCollectionDoc) => TCollectionDoc,
      onSaved?: (saved: TCollection) => void,
    ) {
      let doc: TCollectionDoc;
      try {
        doc = edit(collection.doc);
      } catch (error) {
        if (error instanceof CollectionOpError) return void toast.error(error.message);
        throw error;
      }
      save.mutate(
        { id: collection.id, doc, revision: collection.revision },
        {
          onSuccess: (saved) => onSaved?.(saved),
          onError: (error) =>
            toast.error(
              isApiError(error, 'api/revision_conflict')
                ? API_TEXT.conflict
                : isApiError(error)
                  ? error.message
                  : `${collection.name} could not be saved.`,
            ),
        },
      );
    },
  };
}
