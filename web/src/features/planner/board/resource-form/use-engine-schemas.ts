import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  provideResourceSchemas,
  type TSchemaBlock,
} from '@stratum/core/iac/catalog/generic/schema-source';
import { resourceTypeSchemaQuery } from '../../api/get-resource-type';

/**
 * The engine runs in the browser without the schema data; while the planner is open it reads
 * the schemas the board has loaded (the generic components' types), so previews write nested
 * blocks, names, tags and sensitive variables as the server does.
 */
export function useEngineSchemas(): void {
  const client = useQueryClient();
  useEffect(() => {
    provideResourceSchemas(
      (provider, type) =>
        // The endpoint sends the data's BLOCK as it is; its contract only types it loosely.
        (client.getQueryData(resourceTypeSchemaQuery(provider, type).queryKey)?.data.block ??
          undefined) as TSchemaBlock | undefined,
    );
    return () => provideResourceSchemas(undefined);
  }, [client]);
}
